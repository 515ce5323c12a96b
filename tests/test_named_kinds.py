"""Outside the engine, a hand's result, a ledger entry's kind and account, a profile's
kinds and how a hand ended are compared with the engine's named values (``HandResult.GIN``,
``Account.POINTS``, ``EntryKind.POT``, ``profile.has_pot``...), never with their words
typed again: a renamed or new kind then shows everywhere it matters."""

from __future__ import annotations

import re
from pathlib import Path

from knockrummy.engine import Account, EntryKind, HandEnd, HandResult
from knockrummy.engine.profiles import ExhaustionKind, SessionKind, SettlementKind

ROOT = Path(__file__).resolve().parent.parent

COMPARED = re.compile(
    r"""(?P<left>\w+|\[["']\w+["']\])\s*(?:==|!=|\bnot\s+in\b|\bin\b)\s*"""
    r"""(?P<right>\(?\s*["'][\w-]+["'](?:\s*,\s*["'][\w-]+["'])*\s*,?\s*\)?)"""
)
"""A comparison of a name (or a ``["key"]``) with a quoted word or a tuple of them."""

KIND_NAMES = {
    "result",
    "account",
    "session",
    "settlement",
    "exhaustion",
    "ended_by",
    "reason",
    "zero_knock_result",
}
"""Names that hold one of the engine's kinds wherever the code compares them to a word."""

RESULT_AND_ENTRY_WORDS = {*(k.value for k in EntryKind), *(r.value for r in HandResult)} - {"knock"}
"""What a ``kind`` holding a result or an entry's kind is compared with (``knock`` is also
the table's own kind of move, a word of the window's)."""

ENGINE_WORDS = {
    w.value
    for kinds in (
        HandResult,
        Account,
        EntryKind,
        HandEnd,
        SessionKind,
        SettlementKind,
        ExhaustionKind,
    )
    for w in kinds
}


def typed_kinds(text: str) -> list[str]:
    """The comparisons in ``text`` of an engine kind with its words typed again."""
    found = []
    for match in COMPARED.finditer(text):
        left = match["left"].strip("[]\"'")
        words = set(re.findall(r"""["']([\w-]+)["']""", match["right"]))
        engine = words & ENGINE_WORDS
        if not engine:
            continue
        if left in KIND_NAMES or (left == "kind" and words & RESULT_AND_ENTRY_WORDS):
            found.append(match.group(0))
    return found


def test_no_kind_of_the_engine_is_compared_with_its_word_outside_the_engine():
    engine = ROOT / "knockrummy" / "engine"
    found = []
    for folder in ("knockrummy", "research"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if engine in path.parents:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                found += [f"{path.relative_to(ROOT)}:{number}: {hit}" for hit in typed_kinds(line)]
    assert found == []


def test_the_search_finds_each_way_a_kind_was_compared():
    for line in (
        'if result == "gin":',
        'if e.account == "points":',
        'if kind not in ("gin", "rum", "undercut"):',
        'pot if self.profile.session == "elimination" else None',
        'if hand["result"] == "undercut":',
        'knocker = state.knocker if state.ended_by == "knock" else None',
        'won = [e for e in state.ledger if e.kind == "pot"]',
        'elif isinstance(event, HandEnded) and event.reason == "exhausted":',
    ):
        assert typed_kinds(line), line
    for line in ('if move.kind == "knock":', 'if m.kind == "box":', 'if s.kind == "human":'):
        assert not typed_kinds(line), line
