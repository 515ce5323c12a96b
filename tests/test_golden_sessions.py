"""Every computer level plays the same fixed-seed sessions in every profile as when the
golden file was written (``tests/golden/sessions.json``; see ``tests/golden_sessions.py``)."""

from __future__ import annotations

import json

import pytest

from tests.golden_sessions import GOLDEN, case_key, cases, record

GOLDEN_RECORDS = json.loads(GOLDEN.read_text())


def test_the_golden_file_holds_every_case():
    assert sorted(GOLDEN_RECORDS) == sorted(case_key(*case) for case in cases())


LONG_SESSIONS = {("gin-rummy", 2, "hard"), ("gin-classic", 2, "hard"), ("knock-rami", 2, "hard")}
"""The cases whose session takes more than a second to play (the hard level's gin thinks
longest): the full suite plays them, the quick suite leaves them out (docs/testing.md)."""


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(case, marks=pytest.mark.slow) if case in LONG_SESSIONS else case
        for case in cases()
    ],
    ids=lambda case: "-".join(map(str, case)),
)
def test_a_fixed_seed_session_plays_as_recorded(case):
    expected = GOLDEN_RECORDS[case_key(*case)]
    got = record(*case)
    pairs = zip(got["hands"], expected["hands"], strict=False)
    first_change = next((n for n, (a, b) in enumerate(pairs, 1) if a != b), None)
    assert first_change is None, f"hand {first_change} is played differently"
    assert got == expected
