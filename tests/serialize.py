"""Test support: hand and session states to JSON-ready dicts and back, to compare states
and to write states no game would reach.

Cards are written in their text form (``"7H"``), actions in theirs (``"knock 7H"``),
amounts exactly (``"7/2"``). ``from_json(to_json(s))`` gives a state equal to ``s``;
derived values (the last settlement, the hand a take-back restores) are recomputed, not
stored. ``undo_seat`` is written only where a session has take-backs, and read as None
where it is absent.
"""

from __future__ import annotations

from typing import Any

from knockrummy.engine.actions import Discard, HandAction, parse_action
from knockrummy.engine.cards import Card, format_cards, parse_cards
from knockrummy.engine.hand import HandState, apply, deal
from knockrummy.engine.ledger import LedgerEntry
from knockrummy.engine.scoring import settle
from knockrummy.engine.session import HandRecord, SessionState


def replay(
    profile_id: str, players: int, dealer: int, seed: int, actions: list[HandAction]
) -> HandState:
    """Deal from ``seed`` and apply ``actions`` (checked) in order."""
    state = deal(profile_id, players, dealer, seed)
    for action in actions:
        state, _ = apply(state, action)
    return state


SCHEMA = 1
"""Version of the dict layout written here."""


class StateFormatError(ValueError):
    """A saved state is malformed; the message says which part."""


def _card(c: Card | None) -> str | None:
    return None if c is None else c.text


def _uncard(t: str | None) -> Card | None:
    return None if t is None else Card.parse(t)


def hand_to_json(s: HandState) -> dict[str, Any]:
    return {
        "profile": s.profile_id,
        "players": s.players,
        "dealer": s.dealer,
        "seed": s.seed,
        "hands": [format_cards(h) for h in s.hands],
        "stock": format_cards(s.stock),
        "discard": format_cards(s.discard),
        "to_move": s.to_move,
        "phase": s.phase,
        "cut": s.cut,
        "turn": s.turn,
        "taken": _card(s.taken),
        "offer_passes": s.offer_passes,
        "turns_since_empty": s.turns_since_empty,
        "knocker": s.knocker,
        "knock_card": _card(s.knock_card),
        "ended_by": s.ended_by,
        "log": [[pos, str(action), _card(card)] for pos, action, card in s.log],
    }


def hand_from_json(d: dict[str, Any]) -> HandState:
    try:
        return HandState(
            profile_id=str(d["profile"]),
            players=int(d["players"]),
            dealer=int(d["dealer"]),
            seed=int(d["seed"]),
            hands=[parse_cards(h) for h in d["hands"]],
            stock=parse_cards(d["stock"]),
            discard=parse_cards(d["discard"]),
            to_move=int(d["to_move"]),
            phase=str(d["phase"]),
            cut=int(d["cut"]),
            turn=int(d["turn"]),
            taken=_uncard(d["taken"]),
            offer_passes=int(d["offer_passes"]),
            turns_since_empty=d["turns_since_empty"],
            knocker=d["knocker"],
            knock_card=_uncard(d["knock_card"]),
            ended_by=d["ended_by"],
            log=[(int(p), parse_action(a), _uncard(c)) for p, a, c in d["log"]],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise StateFormatError(f"hand state is malformed: {exc!r}") from exc


def _record_to_json(r: HandRecord) -> dict[str, Any]:
    return {
        "number": r.number,
        "dealer": r.dealer,
        "seats": list(r.seats),
        "result": r.result,
        "knocker": r.knocker,
        "winners": list(r.winners),
        "deadwood": list(r.deadwood),
    }


def _record_from_json(d: dict[str, Any]) -> HandRecord:
    return HandRecord(
        number=int(d["number"]),
        dealer=int(d["dealer"]),
        seats=tuple(d["seats"]),
        result=str(d["result"]),
        knocker=d["knocker"],
        winners=tuple(d["winners"]),
        deadwood=tuple(d["deadwood"]),
    )


def session_to_json(s: SessionState) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "profile": s.profile_id,
        "names": list(s.names),
        "seed": s.seed,
        "stake": s.stake,
        "dealer": s.dealer,
        "hand_number": s.hand_number,
        "hand": None if s.hand is None else hand_to_json(s.hand),
        "seats_in_hand": list(s.seats_in_hand),
        "phase": s.phase,
        "ledger": [e.to_json() for e in s.ledger],
        "records": [_record_to_json(r) for r in s.records],
        "active": list(s.active),
        "bought_back": list(s.bought_back),
        "offers": list(s.offers),
        "winners": list(s.winners),
        "log": [[seat, str(action)] for seat, action in s.log],
    } | ({} if s.undo_seat is None else {"undo_seat": s.undo_seat})


def session_from_json(d: dict[str, Any]) -> SessionState:
    try:
        if d.get("schema") != SCHEMA:
            raise StateFormatError(f"session schema {d.get('schema')!r} is not {SCHEMA}")
        state = SessionState(
            profile_id=str(d["profile"]),
            names=[str(n) for n in d["names"]],
            seed=int(d["seed"]),
            stake=int(d["stake"]),
            dealer=int(d["dealer"]),
            hand_number=int(d["hand_number"]),
            hand=None if d["hand"] is None else hand_from_json(d["hand"]),
            seats_in_hand=tuple(int(s) for s in d["seats_in_hand"]),
            phase=str(d["phase"]),
            ledger=[LedgerEntry.from_json(e) for e in d["ledger"]],
            records=[_record_from_json(r) for r in d["records"]],
            active=[bool(a) for a in d["active"]],
            bought_back=[bool(b) for b in d["bought_back"]],
            offers=[int(o) for o in d["offers"]],
            winners=tuple(int(w) for w in d["winners"]),
            log=[(seat, parse_action(a)) for seat, a in d["log"]],
            undo_seat=None if d.get("undo_seat") is None else int(d["undo_seat"]),
        )
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise StateFormatError(f"session state is malformed: {exc!r}") from exc
    hand = state.hand
    if hand is not None and hand.is_over:
        knocker = hand.knocker if hand.ended_by == "knock" else None
        names = [state.names[s] for s in state.seats_in_hand]
        state.settlement = settle(state.profile_id, hand.hands, knocker, names)
    last = state.log[-1][1] if state.log else None
    if hand is not None and not hand.is_over and isinstance(last, Discard) and hand.log:
        # the hand before the discard the log ends with, dealt and played again
        actions = [action for _, action, _ in hand.log[:-1]]
        state.undo_to = replay(hand.profile_id, hand.players, hand.dealer, hand.seed, actions)
    return state
