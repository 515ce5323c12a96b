"""``python -m research coach-gaps``: its figures add up, row by row and by role."""

from __future__ import annotations

import pytest

from research.coach_gaps import summary


def _row(predicted, fresh, patient, greedy, played, knocks=((2, 1), (4, 3)), knocker="me"):
    matched = (patient + greedy) / 2
    return {
        "predicted": predicted,
        "fresh": fresh,
        "true patient": patient,
        "true greedy": greedy,
        "true matched": matched,
        "played out": played,
        "knocks": {"me": list(knocks[0]), "others": list(knocks[1])},
        "ends": [{"knocker": knocker, "turns": 4}, {"knocker": None, "turns": 6}],
    }


def test_the_gaps_are_the_row_by_row_differences_of_the_figures():
    rows = [_row(16.0, 12.0, 10.0, 5.0, 2.0), _row(14.0, 12.0, 6.0, 3.0, 0.0, knocker="others")]
    found = summary(rows)
    assert found["n"] == 2
    assert found["predicted"]["mean"] == pytest.approx(15.0)
    assert found["predicted - fresh"]["mean"] == pytest.approx(3.0)
    assert found["fresh - true patient"]["mean"] == pytest.approx(4.0)
    assert found["true patient - played out"]["mean"] == pytest.approx(7.0)
    assert found["true matched, less played out"]["mean"] == pytest.approx(5.0)
    # the gaps add up to the whole: predicted less played out
    whole = found["predicted"]["mean"] - found["played out"]["mean"]
    parts = sum(found[k]["mean"] for k in found if " - " in k)
    assert parts == pytest.approx(whole)
    # knocks of chances to knock
    assert found["knocks (me)"] == [2, 4] and found["knocks (others)"] == [6, 8]
    assert found["ends"] == {"me": 1, "others": 1, None: 2} and found["turns"] == 5.0
