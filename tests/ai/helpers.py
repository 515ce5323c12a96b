"""Test helpers: a tiny external bot and rigged sessions."""

from __future__ import annotations

from knockrummy.engine.actions import Action
from knockrummy.engine.session import SessionState, new_session
from knockrummy.engine.views import PlayerView


class FirstLegalBot:
    """An external bot for ``make_bot("tests.ai.helpers:FirstLegalBot", seed)``."""

    name = "first-legal"
    description = "Always takes the first legal action."

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        return view.legal_actions[0]


def rigged_session(
    profile: str,
    hands: list[str],
    discard_pile: str,
    stock_top: str,
    pickups: dict[int, str] | None = None,
    turn: int = 0,
) -> SessionState:
    """A session whose current hand holds exactly these cards, position 0 to draw.

    ``pickups`` marks cards each position took from the discard pile earlier (they must be
    in that hand), as the log would show them; ``turn`` sets how many turns have begun.
    The rest of the deck goes under ``stock_top`` in the stock.
    """
    from knockrummy.engine.actions import TakeDiscard
    from knockrummy.engine.cards import new_deck, parse_cards
    from knockrummy.engine.hand import DRAW, HandState
    from knockrummy.engine.profiles import get_profile

    players = len(hands)
    state = new_session(profile, players, seed=1)
    held = [parse_cards(h) for h in hands]
    pile = parse_cards(discard_pile)
    top = parse_cards(stock_top)
    rest = new_deck(get_profile(profile).jokers)
    for card in [c for h in held for c in h] + pile + top:
        rest.remove(card)
    stock = list(reversed(top + rest))
    log = []
    for position, text in (pickups or {}).items():
        for card in parse_cards(text):
            assert card in held[position]
            log.append((position, TakeDiscard(), card))
    state.hand = HandState(
        profile_id=profile,
        players=players,
        dealer=players - 1,
        seed=0,
        hands=held,
        stock=stock,
        discard=pile,
        to_move=0,
        phase=DRAW,
        turn=turn,
        log=log,
    )
    state.seats_in_hand = tuple(range(players))
    return state


def sampler_settings(profile: str, **setting: object) -> set[tuple[object, object, object]]:
    """The ``(likely, bound, quiet)`` a hard level made with ``setting`` asks its sampler
    for over its first decisions of a two-player ``profile`` session."""
    from knockrummy.ai.hard import HardBot
    from knockrummy.commands.sim import play_session

    asked: list[tuple[object, object, object]] = []

    class Watching(HardBot):
        def sample(self, knowledge, count, likely, bound=False, quiet=None):
            asked.append((likely, bound, quiet))
            return super().sample(knowledge, count, likely, bound, quiet)

    bots = [Watching(seed=1, **setting), Watching(seed=2, **setting)]
    play_session(profile, 2, 7, bots, until=lambda s: len(asked) >= 4)
    return set(asked)
