"""One stream of what happens at a table, told to every listener as its seat saw it.

A source (:mod:`.local`, :mod:`.loopback`) publishes each thing that happened once, to
any number of listeners: a seat's listener (the window of the person in that seat, a
guest's connection, a screen reader's announcer) receives an :class:`Update` holding the
seat's new view and the news as that seat saw it; a whole-table listener (the recorder
that saves each action, a test) receives :class:`Played` with the states before and after.
Things that happen together (a discard that ends the hand, the hand's settlement, the
game's end) come in one update, so a listener can tell them at once.

Glossary:
    news      what happened, as one seat saw it: :class:`Moved` (an action applied, with
              its events; another seat's stock draw and face-down knock without their
              card), :class:`Refused` (an action the rules or the screen's own rule did
              not allow, with the rule), :class:`SeatAway` and :class:`SeatBack` (a seat
              played from elsewhere left or came back), :class:`Trouble` (a save that
              failed here).
    number    each update's place in the table's story: an action submitted for a view
              carries the view's number, so one sent for an older view is known as stale.
    spectator a listener that sits in no seat (``seat`` None): it sees what every seat
              has shown, no hidden card.
    advice    the seed of the coach's estimates for the decision the view waits on (drawn
              one way from the session's seed, see :func:`~..ai.review.decision_seed`),
              so a window's hint is the review's best move without knowing the deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.refusals import Refusal
from ..engine.session import Event, SessionState
from ..engine.views import FaceDownKnock, PlayerView


@dataclass(frozen=True)
class Moved:
    """An action applied, as one seat saw it."""

    seat: int | None
    """Who took it (None: the table dealt the next hand)."""
    action: Action | FaceDownKnock
    """The action; another seat's knock is a :class:`FaceDownKnock`."""
    events: tuple[Event, ...]
    """What it caused, as the seat saw it (:func:`~..engine.views.seen_events`)."""


@dataclass(frozen=True)
class Refused:
    """An action that was not allowed, and why; nothing changed."""

    seat: int | None
    action: Action
    refusal: Refusal
    """The rule that forbids it, as a code and its values (each screen words it)."""


@dataclass(frozen=True)
class SeatAway:
    """A seat played from elsewhere has lost its connection (the table waits for it)."""

    seat: int


@dataclass(frozen=True)
class SeatBack:
    """A seat played from elsewhere is back."""

    seat: int


@dataclass(frozen=True)
class Trouble:
    """Something at this machine went wrong and the table plays on (a save that failed),
    in the words of this screen: for this machine's listeners only (a connection to
    another machine does not pass it on)."""

    text: str


News = Moved | Refused | SeatAway | SeatBack | Trouble


@dataclass(frozen=True)
class Update:
    """What one listener is told at once: the seat's view now and what led to it."""

    seat: int | None
    """Whose eyes (None: a spectator's)."""
    view: PlayerView
    news: tuple[News, ...]
    number: int
    """The view's place in the table's story (see the glossary)."""
    advice: int
    """The seed of the coach's estimates for the decision the view waits on."""
    fingerprint: str = ""
    """The fingerprint of this hand's seed, fixed before its first card (hex SHA-256)."""
    hand_seed: int | None = None
    """This hand's seed, once the hand is over (it proves the fingerprint)."""
    deal_code: str | None = None
    """The code that deals the whole session again, once the session is over."""


@dataclass(frozen=True)
class Played:
    """What a whole-table listener is told of one action: everything, hidden cards too
    (the recorder, a test; never a seat's window)."""

    before: SessionState
    after: SessionState
    action: Action
    seat: int | None
    events: tuple[Event, ...]


SeatListener = Callable[[Update], None]
WholeListener = Callable[[Played], object]


class Listeners:
    """The listeners of one source, each with the seat it listens for."""

    def __init__(self) -> None:
        self._seats: list[tuple[int | None, SeatListener]] = []
        self._whole: list[WholeListener] = []

    def add(self, seat: int | None, listener: SeatListener) -> Callable[[], None]:
        """Listen as ``seat`` (None: a spectator); returns what stops listening."""
        entry = (seat, listener)
        self._seats.append(entry)
        return lambda: self._seats.remove(entry) if entry in self._seats else None

    def add_whole(self, listener: WholeListener) -> Callable[[], None]:
        self._whole.append(listener)
        return lambda: self._whole.remove(listener) if listener in self._whole else None

    @property
    def seats(self) -> list[int | None]:
        """The seats listened for, each once, in the order first listened."""
        return list(dict.fromkeys(seat for seat, _ in self._seats))

    def tell(self, updates: dict[int | None, Update]) -> None:
        for seat, listener in list(self._seats):
            update = updates.get(seat)
            if update is not None:
                listener(update)

    def tell_whole(self, played: Played) -> list[object]:
        """Tell each whole-table listener; what they answered (a failed save's words)."""
        return [listener(played) for listener in list(self._whole)]
