"""Profiles as data rows: their kinds are enums of the words saves and RULES.md use, a row
that contradicts itself or the registry is refused, and every table a profile needs an
entry in has one for each."""

from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

from knockrummy.engine.profiles import (
    PROFILES,
    ExhaustionKind,
    MissingProfileEntryError,
    ProfileDataError,
    ProfileTable,
    SessionKind,
    SettlementKind,
    get_profile,
    registered,
)

KNOCK_RUMMY = get_profile("knock-rummy")


def test_the_kinds_are_the_words_of_the_rules():
    assert [k.value for k in ExhaustionKind] == ["decline", "two-left"]
    assert [k.value for k in SettlementKind] == ["ledger", "points", "gin", "cumulative"]
    assert [k.value for k in SessionKind] == [
        "rotation",
        "to-target",
        "gin-box",
        "gin-line",
        "elimination",
    ]
    assert SessionKind.GIN_BOX == "gin-box" and f"{SessionKind.GIN_BOX}" == "gin-box"
    assert str(SettlementKind.LEDGER) == "ledger"


@pytest.mark.parametrize(
    ("profile_id", "zero_knock", "pot", "zero_sum", "deal_code"),
    [
        ("poker-rum", "rum", False, True, 0),
        ("knock-rummy", "gin", False, False, 1),
        ("gin-rummy", "gin", False, False, 2),
        ("gin-classic", "gin", False, False, 3),
        ("knock-rami", None, True, False, 4),
    ],
)
def test_each_profile_answers_the_questions_asked_of_its_kinds(
    profile_id, zero_knock, pot, zero_sum, deal_code
):
    profile = get_profile(profile_id)
    assert profile.zero_knock_result == zero_knock
    assert profile.is_gin is (zero_knock == "gin")
    assert profile.has_pot is pot and profile.counts_against is pot
    assert profile.settlement.zero_sum is zero_sum
    assert profile.deal_code == deal_code


def test_a_row_may_give_its_kinds_as_words_and_a_wrong_word_is_named():
    row = replace(get_profile("gin-rummy"), id="x", deal_code=7, session="gin-line")
    assert row.session is SessionKind.GIN_LINE
    with pytest.raises(ProfileDataError, match="session 'to-100' is not one of rotation"):
        replace(KNOCK_RUMMY, session="to-100")


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"hand_sizes": {2: 10, 3: 7}}, "a hand size for each number of players"),
        ({"deal_code": 8}, "deal_code must be 0 to 7"),
        ({"session": SessionKind.GIN_BOX}, "played by two players"),
        ({"session": SessionKind.ELIMINATION}, "default stake"),
        ({"default_stake": 10}, "default stake"),
        ({"settlement": SettlementKind.CUMULATIVE}, "counts against"),
    ],
)
def test_a_row_that_contradicts_itself_is_refused(changes, problem):
    with pytest.raises(ProfileDataError, match=problem):
        replace(KNOCK_RUMMY, **changes)


def test_a_profile_is_registered_for_a_block_only_and_never_over_another():
    extra = replace(KNOCK_RUMMY, id="knock-rummy-50", deal_code=5, target=50)
    with registered(extra):
        assert get_profile("knock-rummy-50") is extra
        assert list(PROFILES)[-1] == "knock-rummy-50"
    assert "knock-rummy-50" not in PROFILES
    with pytest.raises(ProfileDataError, match="registered already"):
        registered(replace(KNOCK_RUMMY, deal_code=5)).__enter__()
    with pytest.raises(ProfileDataError, match="share deal code 1"):
        registered(replace(KNOCK_RUMMY, id="other")).__enter__()
    assert list(PROFILES) == ["poker-rum", "knock-rummy", "gin-rummy", "gin-classic", "knock-rami"]


def test_a_missing_entry_names_its_table_and_is_never_a_default():
    table = ProfileTable("the test's words", {"knock-rummy": "hello"})
    try:
        assert table["knock-rummy"] == "hello"
        assert "gin-rummy" not in table
        with pytest.raises(MissingProfileEntryError, match="the test's words has no entry for"):
            table["gin-rummy"]
        with pytest.raises(MissingProfileEntryError):
            table.get("gin-rummy", "a default")
        assert table.missing() == ["poker-rum", "gin-rummy", "gin-classic", "knock-rami"]
        with table.added("gin-rummy", "hi"):
            assert table["gin-rummy"] == "hi"
        assert "gin-rummy" not in table
    finally:
        ProfileTable.tables.remove(table)


PROFILE_TABLE_MODULES = (
    "knockrummy.ai.tuning",
    "knockrummy.teaching.lessons",
    "knockrummy.teaching.rules_examples",
)
"""The modules that hold a :class:`ProfileTable`: the levels' tuning, the lessons, the
rules' worked examples."""


def test_every_profile_has_an_entry_in_every_profile_table():
    for name in PROFILE_TABLE_MODULES:
        importlib.import_module(name)
    assert len(ProfileTable.tables) >= len(PROFILE_TABLE_MODULES)
    for table in ProfileTable.tables:
        assert table.missing() == [], table.what


def test_every_table_of_words_by_kind_has_a_word_for_every_kind():
    from knockrummy.teaching import rules_text, tips
    from knockrummy.ui import hints

    for table in (hints.BEATS, tips.EXHAUSTED_SCORED, rules_text.SCORING_RULES):
        assert set(table) == set(SettlementKind)
    assert set(rules_text.EXHAUSTED_RULES) == set(SettlementKind)
