"""``python -m research coach-check``: the coach's verdicts against play-outs, its exit
status the bounds'."""

from __future__ import annotations

import json

import pytest

from research.__main__ import main
from research.coach_check import AA_BOUND, band_of, summarise, t975


def _row(verdict, cost, loss=None, aa=None, band=None):
    return {"verdict": verdict, "cost": cost, "error": 1.0, "band": band, "loss": loss, "aa": aa}


def test_the_bounds_hold_only_when_every_figure_is_within_them():
    rows = [_row("mistake", 12.0, loss, band="5 and more") for loss in (9.0, 11.0, 13.0)]
    rows += [_row("close", 1.0, loss, band="0.5 to 2") for loss in (0.0, 1.0, 2.0)]
    rows += [_row("close", 3.0, loss, band="2 to 5") for loss in (2.0, 3.0, 4.0)]
    rows += [_row("best", 0.0, aa="best") for _ in range(100)]
    good = summarise([{"profile": "gin-rummy", "rows": rows}])
    assert good["holds"] and all(good["bounds"].values())
    assert good["bands"][-1]["ratio"] == pytest.approx(11.0 / 12.0, abs=0.001)
    # one of the judge's own choices in a hundred called a mistake: the bound still holds
    rows[-1] = _row("best", 0.0, aa="mistake")
    assert summarise([{"profile": "gin-rummy", "rows": rows}])["bounds"]["A/A"]
    rows[-2] = _row("best", 0.0, aa="mistake")  # two: it fails
    assert AA_BOUND < 2 / 100
    assert not summarise([{"profile": "gin-rummy", "rows": rows}])["holds"]
    # mistakes that lose nothing fail the precision, and the calibration with them
    flat = [dict(r, loss=0.0) if r["verdict"] == "mistake" else r for r in rows[:-2]]
    failed = summarise([{"profile": "gin-rummy", "rows": flat}])["bounds"]
    assert not failed["precision"] and not failed["calibration"] and not failed["rising"]


def test_a_profile_without_mistakes_fails_the_precision():
    found = summarise([{"profile": "poker-rum", "rows": [_row("best", 0.0)]}])
    assert not found["bounds"]["precision"] and not found["holds"]


def test_a_handful_of_mistakes_is_judged_on_students_t_not_the_normal_interval():
    assert t975(1) == pytest.approx(12.706) and t975(30) == pytest.approx(2.042)
    assert t975(60) == pytest.approx(2.0003, abs=0.001)
    assert t975(120) == pytest.approx(1.9799, abs=0.001)

    def precision(losses):
        rows = [_row("mistake", 12.0, loss, band="5 and more") for loss in losses]
        return summarise([{"profile": "gin-rummy", "rows": rows}])["precision"]["gin-rummy"]

    # mean 6, sd 4 over 3: the normal interval starts at +1.47, Student's t at -3.94
    wide = precision([2.0, 6.0, 10.0])
    assert wide["ci95"][0] == pytest.approx(-3.94, abs=0.01) and not wide["holds"]
    assert precision([5.0, 6.0, 7.0])["holds"]
    alone = precision([30.0])  # one mistake has no interval, and proves nothing
    assert "ci95" not in alone and not alone["holds"]


def test_costs_fall_in_their_bands():
    assert band_of(0.4) is None and band_of(0.5) == (0.5, 2.0)
    assert band_of(4.99) == (2.0, 5.0) and band_of(50.0)[0] == 5.0


@pytest.mark.slow  # reviews positions of two profiles and plays some out with the hard level
def test_a_small_check_reports_every_bound_and_exits_by_them(capsys):
    args = ["coach-check", "--profiles", "knock-rummy,gin-rummy", "--positions", "12"]
    status = main([*args, "--aa", "6", "--per-band", "1", "--continuations", "1", "--json"])
    found = json.loads(capsys.readouterr().out)
    assert status == (0 if found["holds"] else 1)
    assert set(found["bounds"]) == {"A/A", "precision", "calibration", "rising"}
    assert found["A/A"]["decisions"] == 12
    assert sum(found["verdicts"].values()) == 24
    assert set(found["precision"]) == {"knock-rummy", "gin-rummy"}
    assert all(p["seconds"] > 0 for p in found["precision"].values())


@pytest.mark.slow  # reviews positions of one profile and plays some out with the hard level
def test_the_check_prints_each_continuations_loss_and_takes_the_judges_policy(capsys):
    args = ["coach-check", "--profiles", "gin-rummy", "--positions", "12", "--aa", "2"]
    main([*args, "--seed", "1001", "--continuations", "2", "--policy", "greedy", "--json"])
    found = json.loads(capsys.readouterr().out)
    played = found["played"]["gin-rummy"]
    assert played and all(len(r["losses"]) == 2 for r in played)
    assert all(r["loss"] == pytest.approx(sum(r["losses"]) / 2) for r in played)
    assert main([*args, "--policy", "cautious"]) == 2  # a policy the rollouts do not have
