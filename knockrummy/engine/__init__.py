"""The rules engine: pure Python, no pygame, no files.

Public API::

    from knockrummy.engine import parse_cards, best_arrangement, settle
    cards = parse_cards("AS 2S 3S 7H 7D JK QD")   # bad text -> ValueError naming the token
    arr = best_arrangement(cards)                # .melds, .deadwood, .points
    res = settle("poker-rum", hands, knocker)    # .result, .deadwood, .deltas, .layoffs

    state = new_session("knock-rami", 3, seed=7)
    state, events = apply(state, legal_actions(state)[0])  # refused -> IllegalActionError
    # a refusal is a code and values: refusal(state, action) or IllegalActionError.refusal,
    # e.g. Refusal("card-not-held", {"card": "7H"}); str() is its English, to_json() and
    # Refusal.from_json() its JSON form. Each ledger entry's ``why`` is a Reason likewise.
    # a session started with ``undo_seat`` lets that seat take back its last discard
    # until the next player moves: can_undo(state, seat), apply(state, Undo(), seat)
    # events: the hand's (CardDrawn, CardDiscarded, Passed, Knocked, HandEnded; they name
    # positions, ``state.seat_at(position)``) then the session's (HandDealt, HandSettled,
    # PlayerOut, BuyBackOffered, BuyBackAnswered, SessionOver; they name seats)
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
    Undo,
    parse_action,
)
from .cards import JOKER, Card, CardParseError, format_cards, parse_cards
from .coded import CodedValueError
from .errors import IllegalActionError
from .hand import (
    CardDiscarded,
    CardDrawn,
    DrawSource,
    HandEnd,
    HandEnded,
    HandPhase,
    HandState,
    Knocked,
    Passed,
    deal,
)
from .layoffs import Layoff, best_with_layoffs, defenders_deadwood, knocker_arrangement
from .ledger import Account, EntryKind, LedgerEntry
from .melds import Arrangement, best_arrangement, deadwood_points, discard_points
from .phases import HandResult
from .profiles import PROFILES, Profile, get_profile
from .reasons import REASONS, Reason
from .refusals import REFUSALS, Refusal
from .scoring import Settlement, settle
from .session import (
    BuyBackAnswered,
    BuyBackOffered,
    DiscardTakenBack,
    Event,
    HandDealt,
    HandRecord,
    HandSettled,
    PlayerOut,
    SessionEvent,
    SessionOver,
    SessionPhase,
    SessionState,
    apply,
    apply_unchecked,
    buy_back_price,
    buy_back_score,
    can_undo,
    hand_dealt,
    legal_actions,
    new_session,
    refusal,
    replay_session,
    undo_refusal,
)
from .shared_list import SharedList
from .views import FaceDownKnock, PlayerView, PublicEvent, player_view, seen_events

__all__ = [
    "Account",
    "Action",
    "Arrangement",
    "BuyBack",
    "BuyBackAnswered",
    "BuyBackOffered",
    "Card",
    "CardDiscarded",
    "CardDrawn",
    "CardParseError",
    "CodedValueError",
    "Discard",
    "DiscardTakenBack",
    "DrawSource",
    "DrawStock",
    "EntryKind",
    "Event",
    "FaceDownKnock",
    "HandDealt",
    "HandEnd",
    "HandEnded",
    "HandPhase",
    "HandRecord",
    "HandResult",
    "HandSettled",
    "HandState",
    "IllegalActionError",
    "JOKER",
    "Knock",
    "Knocked",
    "Layoff",
    "LedgerEntry",
    "NextHand",
    "PROFILES",
    "Pass",
    "Passed",
    "PlayerOut",
    "PlayerView",
    "Profile",
    "PublicEvent",
    "REASONS",
    "REFUSALS",
    "Reason",
    "Refusal",
    "SessionEvent",
    "SessionOver",
    "SessionPhase",
    "SessionState",
    "Settlement",
    "SharedList",
    "StayOut",
    "TakeDiscard",
    "Undo",
    "apply",
    "apply_unchecked",
    "best_arrangement",
    "best_with_layoffs",
    "buy_back_price",
    "buy_back_score",
    "can_undo",
    "deadwood_points",
    "deal",
    "defenders_deadwood",
    "discard_points",
    "format_cards",
    "get_profile",
    "hand_dealt",
    "knocker_arrangement",
    "legal_actions",
    "new_session",
    "parse_action",
    "parse_cards",
    "player_view",
    "refusal",
    "replay_session",
    "seen_events",
    "settle",
    "undo_refusal",
]
