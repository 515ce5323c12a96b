"""The coach reviews fixed-seed sessions in every profile as when the golden file was
written (``tests/golden/reviews.json``, written again when the review came to be priced by
the judge's rollouts, with each cost's standard error; see ``tests/golden_reviews.py``)."""

from __future__ import annotations

import json

import pytest

from knockrummy.engine.profiles import PROFILES
from tests.golden_reviews import GOLDEN, record

GOLDEN_RECORDS = json.loads(GOLDEN.read_text())


def test_the_golden_file_holds_every_profile():
    assert sorted(GOLDEN_RECORDS) == sorted(PROFILES)


@pytest.mark.slow
@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_a_fixed_seed_review_prices_every_decision_as_recorded(profile_id):
    assert record(profile_id) == GOLDEN_RECORDS[profile_id]
