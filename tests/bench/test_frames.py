"""``bench frames`` reports, besides the percentiles, the worst frame and the count over a
frame's budget on each clock, the resize apart, and lists the slow frames with what the
table was doing; the run covers a whole hand and the next deal."""

from __future__ import annotations

from knockrummy.bench.frames import BUDGET_MS, Frame, summary


def test_the_summary_counts_frames_over_the_budget_and_names_the_slow_ones():
    frames = [Frame(i, 1.0, 0.9, "hand 1 dealing") for i in range(1, 99)]
    frames.append(Frame(99, 20.0, 3.0, "hand 1 waiting -> hand 1 panel animating"))
    frames.append(Frame(100, 5.0, 17.5, "hand 1 panel"))
    result = summary(frames, (250.0, 90.0), 6, (1920, 1080), 1)
    assert result["frames"] == 100
    assert result["max_ms"] == 20.0 and result["cpu_max_ms"] == 17.5
    assert result["over_budget"] == 1 and result["cpu_over_budget"] == 1
    assert result["p50_ms"] == 1.0
    assert result["resize_ms"] == 250.0  # apart: not among the frames' figures
    assert [f["frame"] for f in result["slow"]] == [99, 100]
    assert result["slow"][0]["moment"] == "hand 1 waiting -> hand 1 panel animating"
    assert BUDGET_MS < 17


def test_a_short_run_plays_a_whole_hand_and_the_next_deal(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from knockrummy.bench.frames import bench_frames

    result = bench_frames(players=2, size=(1024, 640), seed=3)
    assert result["hands"] == 1  # stopped once the next hand was dealt
    assert result["frames"] > 100
    assert result["cpu_max_ms"] >= result["cpu_p99_ms"] >= result["cpu_p50_ms"]
    assert all(f["moment"].startswith("hand ") for f in result["slow"])
