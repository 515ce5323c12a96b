"""The engine's refusals and ledger reasons are worded from their codes and values, in
English, French and Spanish: every code, every value filled, every sentence from the
catalogue; and the wording reads no engine text back (no regular expression in it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from knockrummy import language
from knockrummy.engine.ledger import LedgerEntry
from knockrummy.engine.reasons import PARTIES, REASONS, Reason
from knockrummy.engine.refusals import REFUSALS, Refusal
from knockrummy.ui import wording

from .test_languages import Recording

ROOT = Path(__file__).resolve().parent.parent.parent
PLAYERS = ("You", "Ben")

REFUSAL_VALUES: dict[str, list[dict]] = {
    "card-not-held": [{"card": "7H"}, {"card": "JK"}],
    "knock-deadwood-over-limit": [{"limit": 10, "count": 14}],
    "not-a-hand-action": [{"action": a} for a in ("next", "buy-back", "stay-out", "undo")],
    "out-of-turn-in-hand": [{"number": 2}],
    "not-an-action": [{"kind": "Foo"}],
    "discard-without-card": [{"kind": "Foo"}],
    "knock-without-card": [{"kind": "Foo"}],
    **{
        code: [{"seat": seat, "player": name} for seat, name in enumerate(PLAYERS)]
        for code in ("out-of-turn", "answer-buy-back", "take-back-not-yours")
    },
    "take-back-by-discarder": [{"seat": s, "player": n} for s, n in enumerate(PLAYERS)],
    "script-step": [
        {"action": a}
        for a in ("draw", "take", "pass", "discard 7H", "knock QS", "buy-back", "stay-out", "next")
    ],
}
"""Values for every refusal code that carries some (the others carry none)."""

REASON_VALUES: dict[str, dict] = {
    "difference": [{"a": 38, "b": 9, "shared": 1}, {"a": 8, "b": 3, "shared": 2}],
    "beaten-knock": [{"shared": 1}, {"shared": 3}],
    "deadwood": [{"n": 7}],
    "clean-hand": [{"n": 10}],
    "stake": [{"n": 25}],
    "hands-won": [{"won": 1, "n": 20}, {"won": 3, "n": 25}],
    "buy-back": [{"price": "75/2"}, {"price": "30"}],
    "buy-back-score": [{"score": "96"}],
    "pot": [{"pot": "225/4"}],
}
"""Values for every reason code that carries some."""


def refusals() -> list[Refusal]:
    out = []
    for code, spec in REFUSALS.items():
        if spec.values:
            out += [Refusal(code, values) for values in REFUSAL_VALUES[code]]
        else:
            out.append(Refusal(code))
    return out


def entries() -> list[tuple[LedgerEntry, list[str]]]:
    """Every reason code with each way of naming a counterparty, of you and of a name."""
    out = []
    for code, spec in REASONS.items():
        for values in REASON_VALUES[code] if spec.values else [{}]:
            for party in (None, *PARTIES):
                for other in (0, 1):
                    names = [PLAYERS[other], "Cleo"]
                    why = Reason(code, values, party)
                    entry = LedgerEntry(
                        1, 5, code, why.english(names[0]), 1, counterparty=0, why=why
                    )
                    out.append((entry, names))
    return out


def test_the_examples_cover_every_code():
    assert {c for c, s in REFUSALS.items() if s.values} == set(REFUSAL_VALUES)
    assert {c for c, s in REASONS.items() if s.values} == set(REASON_VALUES)
    assert {r.code for r in refusals()} == set(REFUSALS)


def said(code: str) -> list[str]:
    with language.speaking(code):
        texts = [wording.refusal_words(r) for r in refusals()]
        texts += [wording.reason_words(e, names) for e, names in entries()]
    return texts


PLACEHOLDER = re.compile(r"\{\w*\}")


@pytest.mark.parametrize("code", ["en", "fr", "es"])
def test_every_refusal_and_reason_is_worded_from_its_values_with_nothing_left_unfilled(code):
    for text in said(code):
        assert text.strip() and not PLACEHOLDER.search(text), text
        assert "\0" not in text


def test_the_english_words_say_the_values():
    assert wording.refusal_words(Refusal("card-not-held", {"card": "TD"})) == (
        "10♦ is not in your hand."
    )
    over = Refusal("knock-deadwood-over-limit", {"limit": 10, "count": 14})
    assert wording.refusal_words(over) == (
        "A knock must keep deadwood of 10 or less, and this one keeps 14."
    )
    turn = Refusal("out-of-turn", {"seat": 1, "player": "Ben"})
    assert wording.refusal_words(turn) == "It is Ben's turn."
    mine = Refusal("take-back-by-discarder", {"seat": 0, "player": "You"})
    assert wording.refusal_words(mine, 0) == "Only you, who discarded, may take the discard back."
    theirs = Refusal("take-back-by-discarder", {"seat": 1, "player": "Ben"})
    assert wording.refusal_words(theirs, 0) == "Only Ben, who discarded, may take the discard back."
    step = Refusal("script-step", {"action": "discard 7H"})
    assert wording.refusal_words(step) == "Try this: discard 7♥ (select it, then Enter)."
    pot = LedgerEntry(0, 5, "pot", "", 1, "chips", why=Reason("pot", {"pot": "225/4"}))
    assert wording.reason_words(pot) == "took the pot as the last player standing (56¼)"
    won = LedgerEntry(0, 20, "line-bonus", "", 1, why=Reason("hands-won", {"won": 1, "n": 20}))
    assert wording.reason_words(won) == "1 hand won x 20"


@pytest.mark.parametrize("code", ["fr", "es"])
def test_every_refusal_and_reason_is_said_from_the_catalogue_with_no_english_left(code):
    recording = Recording(code)
    language.install(recording, code)
    try:
        translated = said(code)
    finally:
        language.use("en")
    assert recording.missed == set()
    english = said("en")
    left = [t for t, e in zip(translated, english, strict=True) if t == e]
    assert left == []


def test_a_refusal_kept_in_a_message_is_said_in_the_language():
    from knockrummy.language.message import Message, shown

    refusal = Refusal("card-not-held", {"card": "7H"})
    problem = Message("{where} cannot be played: {reason}", where="action 3", reason=refusal)
    assert str(problem) == "action 3 cannot be played: 7H is not in your hand"  # as logged
    with language.speaking("fr"):
        assert shown(problem).endswith("\xa0: Vous n'avez pas le 7♥ en main.")


def test_the_wording_reads_no_engine_text_back():
    source = (ROOT / "knockrummy" / "ui" / "wording.py").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(import re\b|from re import)", source, re.MULTILINE)
    assert not re.search(r"(?<![\w.])re\.\w", source)
    for gone in ("RULES", "REASONS", "_read_back", "_plain_reason"):
        assert not re.search(rf"\b{gone}\b", source), gone


def test_the_grep_would_find_a_regular_expression():
    assert re.search(r"(?<![\w.])re\.\w", "x = re.fullmatch(p, t)")
    assert not re.search(r"(?<![\w.])re\.\w", "they are. Here.")
