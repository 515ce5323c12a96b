"""A short soak of the saved games (a few seconds, a fixed seed): every healthy session
reads back as committed, every spoiled one is reported, a swapped file is left as it is."""

from __future__ import annotations

import pytest

from knockrummy.app import main
from knockrummy.bench.soak import KINDS, soak

pytestmark = pytest.mark.slow  # the soak: saves under kills, swaps and full disks


def test_a_short_soak_loses_nothing_and_reports_every_damaged_session(tmp_path):
    result = soak(2.0, 7, tmp_path)
    assert result.failures == []
    assert all(result.counts[kind] >= 1 for kind in KINDS)
    assert result.counts["damaged reported"] == result.counts["bad"]
    assert result.counts["healthy checked"] >= result.counts["save"]


def test_the_soak_command_prints_its_counts(capsys):
    assert main(["bench", "soak", "--seconds", "0", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("soak: seed 2") and "kill 1" in out and "swap 1" in out
    assert "every healthy session read back" in out
