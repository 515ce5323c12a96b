"""A guest's copy of a session it played online: the host's record (the deal code, the
stake and every action) replayed here from the deal code's seed and checked against what
the guest was shown, then saved whole, marked as played online.

Glossary:
    checked   the replay ends where the guest's last view stood: the same game over,
              the same scores. A record that does not is not saved (the host sent
              something that is not the session played), and the guest is told.
"""

from __future__ import annotations

from ..engine.errors import IllegalActionError
from ..engine.session import apply, new_session
from ..engine.views import PlayerView
from ..language.message import Message
from ..persistence import online
from ..persistence.schema import COMPUTER, FRIEND, HUMAN
from ..persistence.store import SaveError, Store
from ..play.seats import SeatKind, SeatPlace
from ..records.deal_codes import DealCodeError, decode


def keep_played(
    store: Store,
    record: tuple[str, int, list],
    seat: int,
    view: PlayerView,
    places: tuple[SeatPlace, ...],
    code: str,
) -> int | str:
    """Save the session of ``record`` (played at ``seat``); its id, or why it was not."""
    deal_code, stake, log = record
    try:
        deal = decode(deal_code)
    except DealCodeError as exc:
        return f"the session's record is not readable ({exc})"
    names = list(view.names)
    if deal.players != len(names) or deal.profile_id != view.profile_id:
        return "the session's record is not the session played"
    try:
        # a session with take-backs gave them to this seat alone (one friend against
        # computers): its view says so, and the record's take-backs replay with it
        undo_seat = seat if view.take_backs else None
        state = new_session(
            deal.profile_id, deal.players, deal.seed, names, stake or None, undo_seat
        )
        for mover, action in log:
            state, _ = apply(state, action, mover)
    except (IllegalActionError, ValueError) as exc:
        return f"the session's record does not replay ({exc})"
    if not state.is_over or tuple(state.scores) != tuple(view.scores):
        return "the session's record does not end as the game did"
    seats = []
    for index, place in enumerate(places):
        if index == seat:
            seats.append({"name": names[index], "kind": HUMAN, "level": "medium"})
        elif place.kind is SeatKind.COMPUTER:
            seats.append({"name": names[index], "kind": COMPUTER, "level": place.level})
        else:
            seats.append({"name": names[index], "kind": FRIEND, "level": "medium"})
    try:
        return online.add_played(store, state, seats, code, seat)
    except SaveError as exc:
        return str(exc.message) if isinstance(exc.message, Message) else str(exc)
