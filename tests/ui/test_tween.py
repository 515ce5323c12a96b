"""Tweens and sequences advance only by the dt they are given."""

from __future__ import annotations

import math

from knockrummy.ui.tween import Sequence, Tween, ease_in_out_cubic, ease_out_cubic, linear


def test_tween_reaches_its_end_exactly_and_reports_leftover_time():
    seen = []
    tween = Tween(0.5, linear, on_update=seen.append)
    assert tween.update(0.25) == 0.0
    assert seen[-1] == 0.5
    assert tween.update(0.5) == 0.25
    assert tween.done and seen[-1] == 1.0


def test_easings_start_at_zero_and_end_at_one():
    for ease in (linear, ease_out_cubic, ease_in_out_cubic):
        assert ease(0.0) == 0.0 and math.isclose(ease(1.0), 1.0)


def test_sequence_runs_steps_in_order_and_carries_time_over():
    log = []
    seq = Sequence()
    seq.add(lambda: Tween(0.3, on_done=lambda: log.append("a")))
    seq.call(lambda: log.append("b"))
    seq.add(lambda: Tween(0.3, on_done=lambda: log.append("c")))
    seq.update(0.5)
    assert log == ["a", "b"] and seq.busy
    seq.update(0.1)
    assert log == ["a", "b", "c"] and not seq.busy


def test_finish_runs_everything_at_once():
    log = []
    seq = Sequence()
    for name in "xyz":
        seq.add(lambda name=name: Tween(1.0, on_done=lambda: log.append(name)))
    seq.finish()
    assert log == ["x", "y", "z"] and not seq.busy


def test_a_tween_of_no_duration_still_ends_once():
    log = []
    tween = Tween(0.0, on_done=lambda: log.append("done"))
    tween.update(math.inf)
    tween.update(1.0)
    assert log == ["done"]
    seq = Sequence()
    seq.add(lambda: Tween(0.0, on_done=lambda: log.append("step")))
    seq.finish()
    assert log == ["done", "step"]
