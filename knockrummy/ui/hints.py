"""The hint a player asks for at the table: the hard level's choice of pile before the
draw, the knock advisor's advice after it, in words."""

from __future__ import annotations

from ..ai import make_bot
from ..ai.advisor import advise
from ..engine.actions import Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.session import SessionState
from ..engine.views import PlayerView, player_view


def hint_text(session: SessionState, seat: int) -> tuple[str, Card | None]:
    """The hint for ``seat``, the seat to move (see :func:`hint_for_view`)."""
    return hint_for_view(player_view(session, seat))


def hint_for_view(view: PlayerView) -> tuple[str, Card | None]:
    """The hint for the seat whose view this is, and the card it suggests throwing (None
    before drawing): the knock advisor's advice after drawing, the hard level's choice of
    pile before."""
    if view.hand_phase != "discard":
        choice = make_bot("hard", seed=view.hand_number).choose(view)
        if isinstance(choice, TakeDiscard):
            return f"Hint: take the {view.discard_pile[-1].symbol}.", None
        if isinstance(choice, Pass):
            return "Hint: pass.", None
        return "Hint: draw from the stock.", None
    advice = advise(view, seed=view.hand_number)
    if advice.knock and advice.knock_card is not None:
        risk = round(100 * (advice.risk or 0))
        return (
            f"Hint: knock now with {advice.knock_card.symbol} face down "
            f"(deadwood {advice.knock_deadwood}, {risk}% risk of being beaten; expected "
            f"{advice.expected_knock:+.1f} against {advice.expected_play_on:+.1f} playing on).",
            advice.knock_card,
        )
    text = f"Hint: discard {advice.discard.symbol} (deadwood {advice.deadwood_after})"
    if advice.knock_card is not None:
        risk = round(100 * (advice.risk or 0))
        text += f" and wait: a knock now would risk {risk}%"
        cap = advice.knock_cap
        if cap is not None and (advice.knock_deadwood or 0) > cap:
            text += f", and knocks above {cap} seldom pay here"
        else:
            text += (
                f" (expected {advice.expected_knock:+.1f} against {advice.expected_play_on:+.1f})"
            )
    return text + ".", advice.discard
