"""Every refusal the rules make, in one table: a stable code, its values and its English.

A refused action raises :class:`~.errors.IllegalActionError` carrying a :class:`Refusal`
(``Refusal("knock-deadwood-over-limit", {"limit": 10, "count": 14})``); ``str()`` of it
is the engine's English (``a knock must keep deadwood of 10 or less, and this one keeps
14``), kept for files, logs and the command line. A screen words it from the code and
values in the player's language; the network carries its JSON form (:mod:`.coded`).

Glossary:
    seat, player  a refusal that names a player carries the seat and its name, so the
                  English reads alone and a screen can speak to the seat it is drawn for.
    scripted      a table that plays a script (a lesson) refuses any move but the
                  script's: the codes ``script-*``, made by that table, not by the rules.
"""

from __future__ import annotations

from .coded import Coded, CodeSpec, spec
from .coded import ValueKind as V

REFUSALS: dict[str, CodeSpec] = {
    # the hand's rules, phase by phase (hand.py)
    "upcard-offered": spec("the upcard is offered first: take it or pass"),
    "draw-first": spec("draw a card (from the stock or the discard pile) before discarding"),
    "stock-empty": spec("the stock is empty: take the discard or pass"),
    "discard-pile-empty": spec("the discard pile is empty"),
    "upcard-passed": spec("both players passed the upcard, so the first draw is from the stock"),
    "pass-not-allowed": spec(
        "passing is allowed only on the upcard offer or when the stock is empty"
    ),
    "drawn-already": spec("you have drawn already: discard a card or knock"),
    "card-not-held": spec("{card} is not in your hand", card=V.CARD),
    "taken-card-kept": spec(
        "a card taken from the discard pile cannot be discarded in the same turn"
    ),
    "first-round-no-knock": spec("nobody may knock until every player has had one turn"),
    "knock-deadwood-over-limit": spec(
        "a knock must keep deadwood of {limit} or less, and this one keeps {count}",
        limit=V.NUMBER,
        count=V.NUMBER,
    ),
    "hand-over": spec("the hand is over"),
    "not-a-hand-action": spec("{action} is not a hand action", action=V.ACTION),
    "out-of-turn-in-hand": spec("it is player {number}'s turn", number=V.NUMBER),
    # what is not an action at all (actions.py)
    "not-an-action": spec("a {kind} is not an action", kind=V.TEXT),
    "discard-without-card": spec("a discard must name a card, not a {kind}", kind=V.TEXT),
    "knock-without-card": spec("a knock must name a card, not a {kind}", kind=V.TEXT),
    # the session's rules (session.py)
    "out-of-turn": spec("it is {player}'s turn", seat=V.NUMBER, player=V.TEXT),
    "hand-in-play": spec("a hand is being played"),
    "deal-next": spec("the hand is over: deal the next one"),
    "answer-buy-back": spec(
        "{player} must answer the buy-back offer", seat=V.NUMBER, player=V.TEXT
    ),
    "session-over": spec("the session is over"),
    # take-backs (session.undo_refusal)
    "no-take-backs": spec(
        "this game has no take-backs (they are for one player against computers)"
    ),
    "knock-kept": spec("a knock cannot be taken back"),
    "taken-back-already": spec("the discard has been taken back already"),
    "discard-ended-hand": spec("the discard ended the hand"),
    "take-back-too-late": spec("a discard can be taken back only until the next player has moved"),
    "nothing-to-take-back": spec("there is no discard to take back: none yet in this hand"),
    "take-back-not-yours": spec(
        "only {player} may take back a discard in this game", seat=V.NUMBER, player=V.TEXT
    ),
    "take-back-by-discarder": spec(
        "only {player}, who discarded, may take the discard back", seat=V.NUMBER, player=V.TEXT
    ),
    # an online table: made by the host's table, never by the rules
    "online-stale": spec("the table has moved on since this move was chosen"),
    "online-waiting": spec("your last move has not been played yet"),
    "online-too-fast": spec("too many moves at once: wait a moment"),
    # a scripted table (a lesson): made by the table, never by the rules
    "script-step": spec("this step of the lesson is: {action}", action=V.ACTION),
    "script-waits": spec("this step of the lesson waits for Next"),
    "script-over": spec("the lesson is over"),
}
"""Every refusal code, its English and its values. Codes are never renamed (saves, logs
and messages carry them); a new rule adds a row, and its words in each language."""

SCRIPTED = frozenset(code for code in REFUSALS if code.startswith("script-"))
"""The codes a scripted table makes."""

ONLINE = frozenset(code for code in REFUSALS if code.startswith("online-"))
"""The codes a host's table makes for a friend's move (online play); every code neither
scripted nor online is the rules'."""


class Refusal(Coded):
    """Why an action is not allowed now: a code of :data:`REFUSALS` and its values.
    ``str()`` is the engine's English; ``to_json``/``from_json`` its JSON form."""

    TABLE = REFUSALS
    WHAT = "refusal"


def refused(code: str, **values: int | str) -> Refusal:
    """``refused("card-not-held", card="7H")``."""
    return Refusal(code, values)
