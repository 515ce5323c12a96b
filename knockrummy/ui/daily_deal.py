"""The daily deal's words and its start, shared by the title, the Daily deal screen and
New game: one deal per calendar day for each profile, you against hard, the same on every
machine.

Glossary:
    daily deal  see :func:`~..deal_codes.daily_deal`; playing it notes the session as that
                day's (``store.mark_daily``), so each day's result is kept.
"""

from __future__ import annotations

import datetime

from ..engine.profiles import PROFILES
from ..language import _
from ..language.games import short_name
from ..language.numbers import long_date, score
from ..persistence.stats import DailyResult, best_daily, daily_results
from ..persistence.store import SaveError
from ..records.deal_codes import daily_deal
from .game import UNSAVED
from .seats import SeatConfig, seats_for_deal


def result_words(results: list[DailyResult], today: datetime.date) -> str:
    """Your result on today's deal and your best, in words ("" when there is neither)."""
    words = []
    played = [r for r in results if r.day == today.isoformat()]
    if played:
        r = played[0]
        if not r.finished:
            # Translators: your score on today's daily deal, in a game not yet finished.
            words.append(_("today {score} (under way)").format(score=score(r.score)))
        elif r.won:
            # Translators: your score on today's daily deal, in a game you won.
            words.append(_("today {score} (won)").format(score=score(r.score)))
        else:
            # Translators: your score on today's daily deal, in a game you lost.
            words.append(_("today {score} (lost)").format(score=score(r.score)))
    best = best_daily(results)
    if best is not None:
        day = long_date(datetime.date.fromisoformat(best.day))
        # Translators: {score} is your best score on a daily deal, {date} the day of it.
        words.append(_("your best {score} on {date}").format(score=score(best.score), date=day))
    return " · ".join(words)


def daily_line(store, profile_id: str, today: datetime.date) -> str:
    """Today's daily deal for ``profile_id``, your result today and your best."""
    # Translators: {date} is today's date written out; "hard" is the computer's level.
    line = _("Daily deal, {date}: you against hard, the same everywhere").format(
        date=long_date(today)
    )
    words = result_words(daily_results(store, profile_id), today)
    return f"{line} · {words}" if words else line


def start_daily(game, profile_id: str, today: datetime.date):
    """Deal today's deal for ``profile_id`` and note it as that day's: ``(session id,
    state, seats)`` for the table (a note that cannot be written is told, not fatal)."""
    deal = daily_deal(profile_id, today)
    seats: list[SeatConfig] = seats_for_deal(deal.seats)
    session_id, state = game.start(deal.profile_id, seats, seed=deal.seed)
    if session_id != UNSAVED:
        try:
            game.store.mark_daily(session_id, profile_id, today.isoformat())
        except SaveError as exc:
            game.messages.append(exc.message)
    return session_id, state, seats


def title_note(store, today: datetime.date) -> str:
    """The line under the title's Daily deal entry: the game played most recently as a
    daily deal, with your result today and your best; else what the daily deal is."""
    latest: tuple[str, str] | None = None
    for profile_id in PROFILES:
        results = daily_results(store, profile_id)
        if results and (latest is None or results[0].day > latest[0]):
            latest = (results[0].day, profile_id)
    if latest is None:
        return _("One deal a day for each game, you against hard, the same everywhere")
    profile_id = latest[1]
    words = result_words(daily_results(store, profile_id), today) or _("not played today")
    played_today = any(r.day == today.isoformat() for r in daily_results(store, profile_id))
    if not played_today:
        words = _("not played today") + " · " + words
    # Translators: {game} is the name of a game's rules, {words} your results in it.
    return _("{game}: {words}").format(game=short_name(profile_id), words=words)
