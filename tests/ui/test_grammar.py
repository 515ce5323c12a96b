"""Every sentence of the window's wording that names a player or counts something, said of
"You" and of a name, of one and of several: "your deadwood", never "You's deadwood";
"1 card", never "1 cards". A wording function that takes a name or a count and is not
tried here fails the last test, so a new one is tried as it is written."""

from __future__ import annotations

import inspect
import re
import time

import pytest

from knockrummy.ai.simple import SimpleBot
from knockrummy.engine.actions import BuyBack, NextHand
from knockrummy.engine.ledger import LedgerEntry
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.reasons import Reason
from knockrummy.engine.refusals import Refusal
from knockrummy.engine.session import BUY_BACK, apply, new_session
from knockrummy.engine.views import player_view
from knockrummy.ui import wording

WHEN = time.localtime(0)
YOU = wording.Addressed("You")
"""The seat the screen speaks to, as the table names it."""


def played_ledger(profile: str, names: list[str], seed: int = 3) -> list[LedgerEntry]:
    """The whole ledger of a session played to its end by simple bots (buying back in
    wherever that is offered, so Knock Rami's buy-back entries are there too)."""
    state = new_session(profile, len(names), seed, names)
    bots = [SimpleBot(seed + s) for s in range(len(names))]
    while not state.is_over:
        seat = state.to_move
        if seat is None:
            state, _ = apply(state, NextHand())
        elif state.phase == BUY_BACK:
            state, _ = apply(state, BuyBack(), seat)
        else:
            state, _ = apply(state, bots[seat].choose(player_view(state, seat)), seat)
    return list(state.ledger)


def sentences(name: str, count: int) -> dict[str, list[str]]:
    """Every wording function that takes a name or a count, with ``name`` as the player
    (beside "Cleo") and ``count`` as every count; "You" is the seat the screen speaks to."""
    name = YOU if name == "You" else name
    names = [name, "Cleo"]
    profile = get_profile("gin-rummy")
    gin = LedgerEntry(
        1, 24, "difference", f"{name}'s deadwood", 1, counterparty=0, why=Reason("their-deadwood")
    )
    paid = LedgerEntry(
        1,
        -count,
        "difference",
        f"to {name}: deadwood {count}",
        1,
        "points",
        0,
        Reason("deadwood", {"n": count}, party="to"),
    )
    won = LedgerEntry(
        1, 20 * count, "box-bonus", "", 9, why=Reason("hands-won", {"won": count, "n": 20})
    )
    named = [
        Refusal(code, {"seat": 0, "player": str(name)})
        for code in (
            "out-of-turn",
            "answer-buy-back",
            "take-back-not-yours",
            "take-back-by-discarder",
        )
    ]
    out = {
        "shown_name": [wording.shown_name(name)],
        "stored_name": [wording.stored_name(name)],
        "names_list": [wording.names_list([name]), wording.names_list(names)],
        "winners_line": [
            wording.winners_line(names, [0]),
            wording.winners_line(names, [0, 1]),
            wording.winners_line([*names, "Dan"], [0, 1, 2], pot=True),
        ],
        "game_over_line": [
            wording.game_over_line(names, [0], "knock-rami", count),
            wording.game_over_line(names, [0, 1], "gin-rummy", count),
        ],
        "final_score_line": [wording.final_score_line(name, str(count), True, False)],
        "panel_name": [wording.panel_name(name, True), wording.panel_name(name, False)],
        "typed_name": [wording.typed_name(name)],
        "out_line": [wording.out_line(name, 100 + count, 100)],
        "stays_in_line": [wording.stays_in_line(name, 100 + count, 100)],
        "buy_back_offer": [wording.buy_back_offer(name, 100 + count, count, 2 * count, 90)],
        "buy_back_words": [wording.buy_back_words(True, name), wording.buy_back_words(False, name)],
        "continue_row": [
            wording.continue_row(
                "gin-rummy", names, WHEN, hand=count, turns=count, hands_finished=count - 1
            ),
            wording.continue_row("gin-rummy", names, WHEN, hand=count, hands_finished=count),
        ],
        "progress_words": [wording.progress_words(count, count, 0)],
        "game_and_hand": [wording.game_and_hand("Gin Rummy", count)],
        "handoff_lines": wording.handoff_lines(name, ["Cleo"]),
        "plate_lines": wording.plate_lines(name, "Easy", count, False),
        "leaves_label": [wording.leaves_label(count)],
        "deadwood_label": [wording.deadwood_label(count, name)],
        "change_amount": [wording.change_amount(count, True, name)],
        "change_line": [
            wording.change_line(gin, False, "Cleo", names),
            wording.change_line(paid, False, "Cleo", names),
        ],
        "reason_words": [
            wording.reason_words(gin, names),
            wording.reason_words(paid, names),
            wording.reason_words(won, names),
        ],
        "refusal_words": [
            wording.refusal_words(refusal, 0 if wording.is_you(name) else None) for refusal in named
        ],
        "more_changes": [wording.more_changes(count)],
        "layoff_legend": [wording.layoff_legend([(name, "7♥", "4♥ 5♥ 6♥")])],
        "layoffs_said": [wording.layoffs_said([(name, "7♥", "4♥ 5♥ 6♥")])],
        "layoff_clauses": wording.layoff_clauses([(name, "7♥", "4♥ 5♥ 6♥")]),
        "turn_line": [wording.turn_line(name, ["drew from the stock", "threw 7♥"])],
        "deadwood_now": wording.deadwood_now(count, count),
        "score_sheet_row": [wording.score_sheet_row(name, count, hands_won=count)],
        "score_sheet_title": wording.score_sheet_title(profile, count, count + 1),
        "hands_left_label": [wording.hands_left_label(count)],
        "page_line": [wording.page_line(count - 1, count)],
        "knock_bubble": [wording.knock_bubble(profile, count)],
        "pile_words": [wording.pile_words(count, "7♥")],
        "stock_words": [wording.stock_words(count)],
        "chip_count": [wording.chip_count(count)],
        "plural": [wording.plural(count, "card"), wording.plural(count, "hand")],
    }
    return out


ONE = re.compile(
    r"\b1 (more )?(cards|hands|turns|moves|changes|players|points|chips|ways|seats|games)\b"
)
SEVERAL = re.compile(
    r"\b(\d*[02-9]|\d{2,}) (more )?(card|hand|turn|move|change|player|point|game|seat)\b(?!s)"
)
YOU_WRONG = re.compile(
    r"You's|\bYou (is|has|was|\w*[^s' ]s)\b|\b(with|to|from|against|by|of|than|and) You\b"
)


def wrong_you(text: str) -> list[str]:
    return [m.group(0) for m in YOU_WRONG.finditer(text)]


@pytest.mark.parametrize("count", [1, 2, 7])
@pytest.mark.parametrize("name", [YOU, "Ben"])
def test_every_sentence_agrees_with_you_and_a_name_and_with_one_and_several(name, count):
    for function, texts in sentences(name, count).items():
        for text in texts:
            assert not wrong_you(text), (function, text)
            assert not ONE.search(text), (function, text)
            assert not SEVERAL.search(text), (function, text)
            if name == "Ben" and function not in ("handoff_lines",):
                assert not re.search(r"\b[Yy]our?\b", text), (function, text)


def test_the_gin_reason_says_your_deadwood_and_bens_deadwood():
    theirs = Reason("their-deadwood")
    you = LedgerEntry(1, 24, "difference", "You's deadwood", 1, counterparty=0, why=theirs)
    ben = LedgerEntry(0, 24, "difference", "Ben's deadwood", 1, counterparty=1, why=theirs)
    assert wording.change_line(you, False, "Ben", [YOU, "Ben"]) == "+24 · your deadwood"
    assert wording.change_line(ben, False, "You", [YOU, "Ben"]) == "+24 · Ben's deadwood"
    why = Reason("deadwood", {"n": 7}, party="to")
    paid = LedgerEntry(1, -7, "difference", "to You: deadwood 7", 1, counterparty=0, why=why)
    assert wording.reason_words(paid, [YOU, "Ben"]) == "to you: deadwood 7"
    why = Reason("difference", {"a": 38, "b": 9, "shared": 1}, party="with")
    knock = LedgerEntry(
        0, 29, "difference", "difference 38 - 9 with You", 1, counterparty=1, why=why
    )
    assert wording.reason_words(knock, ["Ben", YOU]) == "difference 38 - 9 with you"


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("name", [YOU, "Ben"])
def test_every_reason_the_engine_writes_reads_right_of_you_and_of_a_name(profile, name):
    names = [name, "Cleo", "Dan"][: max(2, min(3, PROFILES[profile].max_players))]
    entries = played_ledger(profile, names)
    names = [YOU if n == "You" else n for n in names]
    assert entries
    for entry in entries:
        text = wording.reason_words(entry, names)
        assert text and not wrong_you(text), (entry, text)
        assert names[entry.seat] == name or "You" not in text, (entry, text)
        if entry.counterparty is not None and entry.kind != "undercut-bonus":
            other = names[entry.counterparty]
            said = "you" if other == "You" else other
            assert said in text or "with" not in entry.reason, (entry, text)


NAMED = {"name", "names", "others", "notes", "winners", "count", "hand", "turns", "left"}
COUNTED = {"hands_won", "pages", "players", "hand_number", "deadwood", "moves", "low", "high"}
NOT_A_SENTENCE = {
    "is_you",
    "addressed",
    "addressed_by_name",
    "counts_against",
    "going_out_word",
    "going_out_kind",
    "_either",
}
"""Functions that take such a parameter but say nothing about a player or a count
(``_either`` is the helper every sentence about a seat goes through, tried through
them)."""


def test_every_wording_function_with_a_name_or_a_count_is_tried_here():
    tried = set(sentences("Ben", 2))
    missing = []
    for function_name, function in inspect.getmembers(wording, inspect.isfunction):
        if function.__module__ != wording.__name__ or function_name in NOT_A_SENTENCE:
            continue
        params = set(inspect.signature(function).parameters)
        if params & (NAMED | COUNTED) and function_name not in tried:
            missing.append(function_name)
    assert not missing, f"try these with You and a name, 1 and several: {missing}"


def test_a_card_counted_in_the_replay_agrees():
    assert wording.pile_words(1, "7♥") == "Discard pile: 1 card, 7♥ on top"
    assert wording.stock_words(2) == "Stock, 2 cards, top first:"
