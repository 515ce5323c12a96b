"""The local source: a whole session held and played on this machine, served to the table
one seat's view at a time.

It holds everything a window may not: the :class:`~..engine.session.SessionState` (every
hidden hand, the stock, the seed), ``apply``, each seat's policy and the worker they
decide on, the screen's own rule (a lesson's step), and the listeners that save each
action. A window (:mod:`..ui.table`) asks it for a seat's latest :class:`~.stream.Update`,
submits actions for the seats played at its screen, tells it when the next seat not
played here may move (``proceed``), and lets it deliver what the worker found (``pump``).

Glossary:
    source     anything the table is fed by (:class:`TableSource`): this one, or the
               loopback source (:mod:`.loopback`), which passes every message as JSON.
    house rule a screen's own rule over the engine's (a lesson's step): ``house(action,
               seat)`` names why an action may not be made now, or None; the engine still
               checks every action.
    wake       called when a decision is ready, from the worker's thread (the window posts
               itself an event, so its loop wakes to deliver it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, wait

from .. import workers
from ..ai.review import decision_seed
from ..engine.actions import Action, Knock
from ..engine.errors import IllegalActionError
from ..engine.refusals import Refusal
from ..engine.session import PLAYING, SessionState, apply, hand_seed
from ..engine.views import FaceDownKnock, player_view, seen_events, spectator_view
from ..records.deal_codes import fingerprint
from .bots import SeatBots
from .seats import SeatKind, SeatPlace, SeatPolicy, policy_for
from .stream import (
    Listeners,
    Moved,
    News,
    Played,
    Refused,
    SeatAway,
    SeatBack,
    SeatListener,
    Trouble,
    Update,
    WholeListener,
)

SETTLE = 0.002
"""Seconds a pump gives a computer's running decision before the frame draws on."""


def seen_action(action: Action, mover: int | None, seat: int | None) -> Action | FaceDownKnock:
    """``action`` (taken by ``mover``) as ``seat`` saw it: another seat's knock face down."""
    if isinstance(action, Knock) and mover != seat:
        return FaceDownKnock()
    return action


def view_of(state: SessionState, seat: int | None):
    """What ``seat`` may know of ``state`` (None: a spectator)."""
    return spectator_view(state) if seat is None else player_view(state, seat)


class LocalSource:
    """A session played on this machine (see the module's glossary)."""

    def __init__(
        self,
        state: SessionState,
        places: Sequence[SeatPlace],
        policies: Sequence[SeatPolicy] | None = None,
        house: Callable[[Action, int | None], Refusal | None] | None = None,
        executor=None,
        wake: Callable[[], None] | None = None,
        deal_code: str | None = None,
    ) -> None:
        if len(places) != state.players:
            raise ValueError("one seat is needed for each player")
        self.state = state
        """The session as it stands (the source's alone: never handed to a window)."""
        self.places = tuple(places)
        if policies is None:
            decide = SeatBots([p.level for p in self.places]).decide
            policies = [policy_for(place, decide) for place in self.places]
        self.policies = list(policies)
        """Who decides for each seat (:mod:`.seats`)."""
        self.here = tuple(s for s, p in enumerate(self.policies) if p.kind is SeatKind.PERSON)
        self.house = house
        self.executor = executor if executor is not None else workers.new_worker("table")
        self.wake = wake
        self.deal_code = deal_code
        """The session's deal code (told only once the session is over; None: none)."""
        self.listeners = Listeners()
        self.number = 0
        """How many actions this source has applied (see :class:`~.stream.Update`)."""
        self.away: frozenset[int] = frozenset()
        """The seats played from elsewhere whose connection is lost (see :meth:`announce`)."""
        self._future: Future | None = None
        self._future_seat: int | None = None
        self._future_number = 0

    # ----------------------------------------------------------------- listening

    def subscribe(self, seat: int | None, listener: SeatListener) -> Callable[[], None]:
        return self.listeners.add(seat, listener)

    def record(self, listener: WholeListener) -> Callable[[], None]:
        """Tell ``listener`` every action whole (the recorder); a text it returns is a
        save that failed, told to the seats here as :class:`~.stream.Trouble`."""
        return self.listeners.add_whole(listener)

    def latest(self, seat: int | None) -> Update:
        return self._update(seat, ())

    def _update(self, seat: int | None, news: tuple) -> Update:
        """``seat``'s update now, with ``news``: its view, and of the deal what may be
        shown now (the hand's fingerprint; its seed once it is over; the session's code
        once the session is over)."""
        state = self.state
        seed = hand_seed(state.seed, state.hand_number)
        over = state.hand is not None and state.hand.is_over
        return Update(
            seat,
            view_of(state, seat),
            news,
            self.number,
            decision_seed(state.seed, len(state.log)),
            fingerprint(seed),
            seed if over or state.phase != PLAYING else None,
            self.deal_code if state.is_over else None,
        )

    # ----------------------------------------------------------------- acting

    def submit(self, action: Action, seat: int | None) -> None:
        self.play(action, seat)

    def play(self, action: Action, seat: int | None) -> bool:
        """Apply ``action`` for ``seat`` and tell every listener; a refused one is told to
        the seat's listeners as :class:`~.stream.Refused`. Whether it was applied."""
        before = self.state
        try:
            if self.house is not None:
                why = self.house(action, seat)
                if why is not None:
                    raise IllegalActionError(action, why)
            after, events = apply(before, action, seat)
        except IllegalActionError as exc:
            self._tell_refusal(seat, Refused(seat, action, exc.refusal))
            return False
        self.state = after
        self.number += 1
        answers = self.listeners.tell_whole(Played(before, after, action, seat, tuple(events)))
        troubles = tuple(Trouble(str(a)) for a in answers if a)
        updates = {}
        for listener_seat in self.listeners.seats:
            news = (
                Moved(
                    seat,
                    seen_action(action, seat, listener_seat),
                    tuple(seen_events(after, listener_seat, events)),
                ),
            )
            news += troubles  # (a connection to another machine passes these over)
            updates[listener_seat] = self._update(listener_seat, news)
        self.listeners.tell(updates)
        return True

    def refuse(self, seat: int | None, action: Action, refusal: Refusal) -> None:
        """Tell ``seat`` that ``action`` is refused by a rule of the table's own (a move
        that came too late over the network); nothing changes."""
        self._tell_refusal(seat, Refused(seat, action, refusal))

    def announce(self, news: News) -> None:
        """Tell every listener ``news`` that is no action (a seat away or back)."""
        if isinstance(news, SeatAway):
            self.away = self.away | {news.seat}
        elif isinstance(news, SeatBack):
            self.away = self.away - {news.seat}
        self.listeners.tell({s: self._update(s, (news,)) for s in self.listeners.seats})

    def _tell_refusal(self, seat: int | None, refused: Refused) -> None:
        """A refusal is told to the seat that tried (or, for the table's own dealing on,
        to every seat here); nothing changed, so the view is the same."""
        told = [seat] if seat is not None else list(self.here) or [None]
        updates = {s: self._update(s, (refused,)) for s in told}
        self.listeners.tell(updates)

    # ----------------------------------------------------------------- the other seats

    @property
    def thinking(self) -> bool:
        return self._future is not None

    @property
    def ready(self) -> bool:
        seat = self.state.to_move
        if seat is None or self.policies[seat].kind is SeatKind.PERSON:
            return False
        return self.policies[seat].ready(self.state, seat)

    def proceed(self) -> None:
        if self._future is not None or not self.ready:
            return
        state, seat = self.state, self.state.to_move
        policy = self.policies[seat]

        def work() -> Action:
            try:
                return policy.decide(state, seat)
            finally:
                if self.wake is not None:
                    self.wake()

        self._future = self.executor.submit(work)
        self._future_seat, self._future_number = seat, self.number

    def pump(self) -> None:
        future = self._future
        if future is not None and not future.done() and isinstance(self.executor, workers.Worker):
            # a frame that only waits is cheap, and a loop that spins at once (instant
            # speed) would take the interpreter back before even a quick decision ends
            wait([future], timeout=SETTLE)
        if future is None or not future.done():
            return
        self._future = None
        if future.cancelled() or self._future_number != self.number:
            return  # asked about a state that has changed since (a discard taken back)
        self.play(future.result(), self._future_seat)  # a bot's exception is a bug

    def close(self) -> None:
        self._future = None
        self.executor.shutdown(wait=False, cancel_futures=True)
