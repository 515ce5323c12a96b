"""The rules engine: pure Python, no pygame, no files.

Public API::

    from knockrummy.engine import parse_cards, best_arrangement, settle
    cards = parse_cards("AS 2S 3S 7H 7D JK QD")   # bad text -> ValueError naming the token
    arr = best_arrangement(cards)                # .melds, .deadwood, .points
    res = settle("poker-rum", hands, knocker)    # .result, .deadwood, .deltas, .layoffs
"""

from .actions import (
    Action,
    BuyBack,
    Discard,
    DrawStock,
    Knock,
    NextHand,
    Pass,
    StayOut,
    TakeDiscard,
    parse_action,
)
from .cards import JOKER, Card, CardParseError, format_cards, parse_cards
from .errors import IllegalActionError
from .hand import HandState, deal
from .layoffs import Layoff, best_with_layoffs, knocker_arrangement
from .ledger import LedgerEntry
from .melds import Arrangement, best_arrangement, deadwood_points, discard_points
from .profiles import PROFILES, Profile, get_profile
from .scoring import Settlement, settle
from .session import SessionState, apply, legal_actions, new_session, replay_session
from .views import PlayerView, player_view

__all__ = [
    "Action",
    "Arrangement",
    "BuyBack",
    "Card",
    "CardParseError",
    "Discard",
    "DrawStock",
    "HandState",
    "IllegalActionError",
    "JOKER",
    "Knock",
    "Layoff",
    "LedgerEntry",
    "NextHand",
    "PROFILES",
    "Pass",
    "PlayerView",
    "Profile",
    "SessionState",
    "Settlement",
    "StayOut",
    "TakeDiscard",
    "apply",
    "best_arrangement",
    "best_with_layoffs",
    "deadwood_points",
    "deal",
    "discard_points",
    "format_cards",
    "get_profile",
    "knocker_arrangement",
    "legal_actions",
    "new_session",
    "parse_action",
    "parse_cards",
    "player_view",
    "replay_session",
    "settle",
]
