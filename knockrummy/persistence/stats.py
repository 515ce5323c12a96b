"""Statistics and exports computed from the stored hands and ledger (never kept by hand).

Per profile and per player name: sessions played and won, hands played and won, knocks,
undercuts suffered, gins and rums, average deadwood. Damaged sessions are left out of the
statistics and the CSV and listed apart in the JSON (``Store.summaries`` says why).

Glossary:
    neutralised cell  a CSV cell a spreadsheet could run as a formula (it starts with
                      ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, after any
                      spaces) gets a leading ``'``, as OWASP's CSV-injection advice says, so
                      it shows as text. Amounts are the exception: the engine writes them
                      (``5``, ``-5``, ``7/2``, ``-7/2``) and they are checked to be only
                      that, so they stay numbers a spreadsheet can add up; ``-7/2`` can
                      at worst be computed as -3.5, never call a function.
    plain text        text for the terminal with control characters (escape sequences,
                      bidirectional overrides) removed.
    daily result      the player's score in a session dealt as a day's daily deal (the
                      ``daily`` table says which sessions those are).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from .. import console
from ..engine.ledger import Amount, format_amount
from ..engine.phases import HandResult
from .online import roles
from .store import Store


@dataclass
class PlayerStats:
    profile: str
    name: str
    sessions: int = 0
    sessions_won: int = 0
    hands: int = 0
    hands_won: int = 0
    knocks: int = 0
    undercuts_suffered: int = 0
    gins: int = 0
    rums: int = 0
    deadwood_total: int = 0

    @property
    def average_deadwood(self) -> float:
        return self.deadwood_total / self.hands if self.hands else 0.0


def player_statistics(store: Store) -> list[PlayerStats]:
    """One row per (profile, player name), sorted by profile then name; damaged sessions
    are left out."""
    table: dict[tuple[str, str], PlayerStats] = {}
    hands_by_session = store.all_hands()

    for summary in store.summaries():
        if summary.problem is not None or summary.id not in hands_by_session:
            continue

        def stats(seat: int, profile=summary.profile, names=summary.names) -> PlayerStats:
            key = (profile, names[seat])
            if key not in table:
                table[key] = PlayerStats(profile, names[seat])
            return table[key]

        for seat in range(summary.players):
            s = stats(seat)
            s.sessions += 1
            if summary.finished and seat in summary.winners:
                s.sessions_won += 1
        for hand in hands_by_session[summary.id]:
            for position, seat in enumerate(hand["seats"]):
                s = stats(seat)
                s.hands += 1
                s.deadwood_total += hand["deadwood"][position]
                if seat in hand["winners"]:
                    s.hands_won += 1
                if hand["knocker"] == seat:
                    s.knocks += 1
                    if hand["result"] == HandResult.UNDERCUT:
                        s.undercuts_suffered += 1
                    elif hand["result"] == HandResult.GIN:
                        s.gins += 1
                    elif hand["result"] == HandResult.RUM:
                        s.rums += 1
    return [table[k] for k in sorted(table)]


def sessions_json(store: Store) -> dict:
    """``{"sessions": [{"id", "profile", "players", "names", "hands_played", "scores",
    "finished", "winners", "deal_code", "take_backs", "online"}]}``; ``players`` is the
    number of seats, as in ``sim``; ``deal_code`` is null until the session is over (it
    deals the hands still to come); ``take_backs`` the discards taken back (each stored as
    an ``undo`` action; the discard it took back counts nowhere else); ``online`` is
    ``"host"`` or ``"guest"`` for a session played online, null for one played here. If
    any session is damaged, ``"damaged": [{"id", "problem"}]`` lists them apart."""
    summaries = store.summaries()
    online = roles(store)
    doc: dict = {
        "sessions": [
            {
                "id": s.id,
                "profile": s.profile,
                "players": s.players,
                "names": list(s.names),
                "hands_played": s.hands_played,
                "scores": [format_amount(v) for v in s.scores],
                "finished": s.finished,
                "winners": list(s.winners),
                "deal_code": s.deal_code,
                "take_backs": s.take_backs,
                "online": online.get(s.id),
            }
            for s in summaries
            if s.problem is None
        ]
    }
    # the problem in English, as stored and logged: an export reads the same in every language
    damaged = [{"id": s.id, "problem": str(s.problem)} for s in summaries if s.problem is not None]
    if damaged:
        doc["damaged"] = damaged
    return doc


@dataclass(frozen=True)
class DailyResult:
    """The player's result on one day's daily deal (seat 1 is the player's)."""

    day: str
    """ISO date."""
    session_id: int
    score: Amount
    """The player's points (or chips) in that session so far."""
    finished: bool
    won: bool


def daily_results(store: Store, profile: str) -> list[DailyResult]:
    """The player's daily deals with ``profile``, newest day first (damaged sessions left
    out)."""
    by_id = {s.id: s for s in store.summaries() if s.problem is None}
    out = []
    for day, session_id in store.daily_sessions(profile):
        s = by_id.get(session_id)
        if s is None or not s.scores:
            continue
        out.append(DailyResult(day, session_id, s.scores[0], s.finished, 0 in s.winners))
    return out


def best_daily(results: list[DailyResult]) -> DailyResult | None:
    """The best finished daily deal: won before lost, then the higher score."""
    finished = [r for r in results if r.finished]
    return max(finished, key=lambda r: (r.won, r.score), default=None)


CSV_COLUMNS = ("session", "profile", "hand", "player", "account", "amount", "kind", "reason")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula (OWASP, CSV injection)."""
_AMOUNT = re.compile(r"-?[0-9]+(/[0-9]+)?")


def csv_cell(value: object) -> str:
    """A text cell made safe to open in a spreadsheet (see "neutralised cell")."""
    text = str(value)
    if text.lstrip(" ").startswith(FORMULA_STARTS):
        return "'" + text
    return text


def csv_amount(value) -> str:
    """An amount as a plain number a spreadsheet can use (see "neutralised cell")."""
    text = format_amount(value)
    return text if _AMOUNT.fullmatch(text) else csv_cell(text)


def ledger_csv(store: Store, session_ids: list[int] | None = None) -> str:
    """Every ledger change as CSV rows (amounts exact, e.g. 7/2), every text cell
    neutralised; damaged sessions are left out."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    summaries = {s.id: s for s in store.summaries() if s.problem is None}
    ids = session_ids if session_ids is not None else sorted(summaries)
    for session_id in ids:
        summary = summaries.get(session_id)
        if summary is None:
            continue
        for e in store.ledger(session_id, recover=False):  # the English is what it writes
            writer.writerow(
                (
                    session_id,
                    csv_cell(summary.profile),
                    e.hand,
                    csv_cell(summary.names[e.seat]),
                    csv_cell(e.account),
                    csv_amount(e.amount),
                    csv_cell(e.kind),
                    csv_cell(e.reason),
                )
            )
    return out.getvalue()


def plain_text(text: str) -> str:
    """``text`` without control or format characters (terminal escape sequences, bidi
    overrides, lone surrogates, line breaks), for one line of a terminal."""
    return console.plain_text(text)
