"""Hosting a table with its saves: the seats as the saves keep them, the lobby, and the
session started (or resumed) and recorded as every session is.

Glossary:
    seats     the saved seats (:class:`~..persistence.schema.SeatData`): a person here
              (``human``), a computer level, or a friend (``friend``, whose level is the
              computer's that may stand in while the friend is away).
    hosting   :class:`Hosting`: the :class:`~.host.HostTable` and, once started, the
              session's source, its saved id and its deal code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import IO

from ..persistence import online
from ..persistence.schema import COMPUTER, FRIEND, HUMAN, SeatData
from ..persistence.store import SaveError
from ..play.bots import SeatBots
from ..play.local import LocalSource
from ..play.seats import SeatKind, SeatPlace, policy_for
from ..records.deal_codes import code_of
from .codes import new_host_token, new_join_code
from .host import HostTable
from .limits import ACTIONS_PER_WINDOW, FRAMES_PER_WINDOW, TAKE_BACK_GRACE
from .network import HostNetwork

YOU = "You"
"""The name a seat at this screen has until its player gives one (``settings.player_name``)."""

HOST_NAME = "Host"
"""The host's seat's name when the host kept the default "You"."""


def place_of(seat: SeatData) -> SeatPlace:
    """The source's seat for a saved seat."""
    if seat.kind == HUMAN:
        return SeatPlace(seat.name, SeatKind.PERSON)
    if seat.kind == FRIEND:
        return SeatPlace(seat.name, SeatKind.REMOTE)
    return SeatPlace(seat.name, SeatKind.COMPUTER, seat.level)


def named_seats(seats: Sequence[SeatData], places: Sequence[SeatPlace]) -> list[SeatData]:
    """The seats as the session is dealt: each friend's under the name they joined with,
    and the host's own under :data:`HOST_NAME` if it kept the default "You" (the name every
    screen gives its own player means nobody at another screen)."""
    named = []
    for seat, place in zip(seats, places, strict=True):
        if place.kind is SeatKind.REMOTE:
            seat = replace(seat, name=place.name)
        elif seat.kind == HUMAN and seat.name == YOU:
            seat = replace(seat, name=HOST_NAME)
        named.append(seat)
    return named


class Hosting:
    """A hosted table and its session (see the module)."""

    def __init__(
        self,
        game,
        profile_id: str,
        seats: Sequence[SeatData],
        network: HostNetwork,
        stake: int | None = None,
        seed: int | None = None,
        trace: IO[str] | None = None,
        stand_in: bool = False,
        resumed: tuple[int, object, online.Hosted] | None = None,
        actions: tuple[int, float] = ACTIONS_PER_WINDOW,
        grace: float = TAKE_BACK_GRACE,
    ) -> None:
        self.game = game
        self.profile_id = profile_id
        self.seats = list(seats)
        self.stake = stake
        self.seed = seed
        self.session_id: int | None = None
        self.source: LocalSource | None = None
        tokens = None
        if resumed is not None:
            tokens = list(resumed[2].tokens)
        self.table = HostTable(
            profile_id,
            [place_of(s) for s in self.seats],
            network,
            tokens,
            trace=trace,
            stand_in=stand_in,
            actions=actions,
            grace=grace,
        )
        self._resumed = resumed

    @property
    def resumed(self) -> bool:
        """A saved session hosted again (it starts at once, its friends come back)."""
        return self._resumed is not None

    @property
    def network(self) -> HostNetwork:
        return self.table.network

    def start(self, wake: Callable[[], None] | None = None) -> LocalSource:
        """Deal (or resume) the session with the friends' names, save its secrets, and
        play it: every guest is sent the table."""
        if self._resumed is not None:
            session_id, state, _hosted = self._resumed
        else:
            self.seats = named_seats(self.seats, self.table.places)
            # one friend against computers may take back a discard, as one player may at
            # a table here (the host's grace gives them the time: see ``HostTable``)
            session_id, state = self.game.start(
                self.profile_id, self.seats, self.stake, self.seed, take_backs=True
            )
            self._save_secrets(session_id)
        return self._play(session_id, state, number=len(state.log), wake=wake)

    def rematch(self, wake: Callable[[], None] | None = None) -> LocalSource:
        """Deal a new session with the same seats, rules and stake from a new secret seed
        (as a rematch here deals), save its secrets under the same code and tokens, and
        play it at the same table: every friend there is sent its new table."""
        previous = self.source
        if previous is None or not previous.state.is_over:
            raise RuntimeError("a rematch follows a session that is over")
        state = previous.state
        session_id, new = self.game.start(
            state.profile_id, self.seats, state.stake or None, None, take_backs=True
        )
        self._save_secrets(session_id)
        # its views are numbered on from the last session's, so a guest never takes a
        # view of the new session for one it has answered already
        return self._play(session_id, new, number=previous.number + 1, wake=wake)

    def _save_secrets(self, session_id: int) -> None:
        secrets = online.Hosted(
            self.network.code, self.network.host_token, tuple(self.table.seats.tokens)
        )
        if session_id:
            try:
                online.save_hosted(self.game.store, session_id, secrets)
            except SaveError as exc:
                self.game._save_failed(exc)

    def _play(self, session_id: int, state, number: int, wake) -> LocalSource:
        self.session_id = session_id
        places = [place_of(s) for s in self.seats]
        bots = SeatBots([s.level if s.kind != HUMAN else "medium" for s in self.seats])
        policies = [policy_for(place, bots.decide) for place in places]
        saved = bool(session_id)
        deal_code = code_of(state.profile_id, self.seats, state.seed)
        source = LocalSource(
            state, places, policies, wake=wake, deal_code=deal_code if saved else None
        )
        # the views' numbers go on from the session's actions, so a table hosted again
        # never numbers a view as one its guests were sent before
        source.number = number
        record = self.game.recorder(session_id)
        source.record(
            lambda played: record(played.before, played.after, played.action, played.seat)
        )
        self.table.deal_code = deal_code
        self.source = source
        self.table.begin(source)
        return source


def new_network(
    code: str | None,
    bind: str | None,
    port: int,
    relay: str | None,
    ping: float,
    host_token: str | None = None,
    actions: tuple[int, float] = ACTIONS_PER_WINDOW,
) -> HostNetwork:
    """The network of a new (or resumed) table: its join code and host token; a
    connection floods past four times a seat's moves (and chat) in the same time."""
    frames = (max(FRAMES_PER_WINDOW[0], 4 * actions[0]), actions[1])
    return HostNetwork(
        code or new_join_code(),
        bind=bind,
        port=port,
        relay=relay,
        host_token=host_token or new_host_token(),
        ping=ping,
        frames=frames,
    )


def seats_of(kinds: Sequence[str], you: str = YOU) -> list[SeatData]:
    """Saved seats for the kinds ``--seats`` names: ``friend``, ``you`` or a level; the
    computers take the window's names, the friends' names come as they join."""
    from ..ui.seats import COMPUTER_NAMES

    seats = []
    for seat, kind in enumerate(kinds):
        if kind == FRIEND:
            seats.append(SeatData("", FRIEND, "medium"))
        elif kind == "you":
            seats.append(SeatData(you, HUMAN))
        else:
            seats.append(SeatData(COMPUTER_NAMES[seat % len(COMPUTER_NAMES)], COMPUTER, kind))
    return seats
