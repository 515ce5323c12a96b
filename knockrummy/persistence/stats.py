"""Statistics and exports computed from the stored hands and ledger (never kept by hand).

Per profile and per player name: sessions played and won, hands played and won, knocks,
undercuts suffered, gins and rums, average deadwood.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass

from ..engine.ledger import format_amount
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
    """One row per (profile, player name), sorted by profile then name."""
    table: dict[tuple[str, str], PlayerStats] = {}
    for row in store.db.execute("SELECT * FROM sessions"):
        seats = json.loads(row["seats"])
        names = [s["name"] for s in seats]
        winners = json.loads(row["winners"])

        def stats(seat: int, profile=row["profile"], names=names) -> PlayerStats:
            key = (profile, names[seat])
            if key not in table:
                table[key] = PlayerStats(profile, names[seat])
            return table[key]

        for seat in range(row["players"]):
            s = stats(seat)
            s.sessions += 1
            if row["finished"] and seat in winners:
                s.sessions_won += 1
        for hand in store.hands(row["id"]):
            for position, seat in enumerate(hand["seats"]):
                s = stats(seat)
                s.hands += 1
                s.deadwood_total += hand["deadwood"][position]
                if seat in hand["winners"]:
                    s.hands_won += 1
                if hand["knocker"] == seat:
                    s.knocks += 1
                    if hand["result"] == "undercut":
                        s.undercuts_suffered += 1
                    elif hand["result"] == "gin":
                        s.gins += 1
                    elif hand["result"] == "rum":
                        s.rums += 1
    return [table[k] for k in sorted(table)]


def sessions_json(store: Store) -> dict:
    """``{"sessions": [{"id", "profile", "players", "names", "hands_played", "scores",
    "finished", "winners"}]}``; ``players`` is the number of seats, as in ``sim``."""
    return {
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
            }
            for s in store.summaries()
        ]
    }


CSV_COLUMNS = ("session", "profile", "hand", "player", "account", "amount", "kind", "reason")


def ledger_csv(store: Store, session_ids: list[int] | None = None) -> str:
    """Every ledger change as CSV rows (amounts exact, e.g. 7/2)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    summaries = {s.id: s for s in store.summaries()}
    ids = session_ids if session_ids is not None else sorted(summaries)
    for session_id in ids:
        summary = summaries[session_id]
        for e in store.ledger(session_id):
            writer.writerow(
                (
                    session_id,
                    summary.profile,
                    e.hand,
                    summary.names[e.seat],
                    e.account,
                    format_amount(e.amount),
                    e.kind,
                    e.reason,
                )
            )
    return out.getvalue()
