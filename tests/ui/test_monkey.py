"""The monkey: the real window, headless, driven by random keys, clicks, drags, the wheel,
typed text and resizes on every screen and at tables of every profile and size. Nothing
may escape the loop (``knockrummy bench monkey`` runs it for longer)."""

from __future__ import annotations

import pytest

from knockrummy.bench.monkey import MonkeyError, run_monkey, starts
from knockrummy.engine.profiles import PROFILES

pytestmark = pytest.mark.slow  # the monkey: thousands of random inputs on every screen


@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_on_every_screen_never_escapes_the_loop(tmp_path, seed):
    report = run_monkey(seed, 300, starts(), data_dir=str(tmp_path / f"data{seed}"))
    assert report.steps == 300 * (1 + 3 * len(PROFILES))
    assert report.events > report.steps // 2
    # the monkey went where a player goes: the title's screens and the table
    assert {"TitleScreen", "TableScene", "SettingsScreen", "LedgerScreen"} <= set(report.screens)


def test_a_failure_names_the_seed_the_start_and_the_step(tmp_path, monkeypatch):
    from knockrummy.ui.table.controller import TableScene

    def broken(self, dt):
        raise RuntimeError("boom")

    monkeypatch.setattr(TableScene, "update", broken)
    with pytest.raises(MonkeyError, match=r"seed 7, episode 0 \('gin-rummy', 2, 1\), step 0"):
        run_monkey(7, 5, [("gin-rummy", 2, 1)], data_dir=str(tmp_path / "data"))
