"""The meld solver's bench: the calls timed in turn, and the table that reports them."""

from __future__ import annotations

import re

from knockrummy.bench.melds import CHUNK, _interleaved, _table


def test_calls_taken_in_turn_each_see_every_item_once_a_round():
    seen: dict[str, list[int]] = {"a": [], "b": []}
    pools = {"a": list(range(5)), "b": list(range(100, 107))}
    rates = _interleaved(
        {name: (seen[name].append, pool) for name, pool in pools.items()}, rounds=3, chunk=2
    )
    # the shorter pool sets the slices, so both calls get the same number of items
    assert seen["a"] == [0, 1, 2, 3, 4] * 3
    assert seen["b"] == [100, 101, 102, 103, 104] * 3
    assert set(rates) == {"a", "b"} and all(rate > 0 for rate in rates.values())


def test_the_table_gives_each_call_its_share_of_open_spiels_rate():
    result = {
        "python": "CPython 3.11",
        "seed": 1,
        "seconds_per_size": 2.0,
        "deadwood_points_per_s": {"7": 3.0, "10": 2.0, "11": 1.0},
        "discard_points_per_s": 1.0,
        "from_cards_10_per_s": 1.0,
        "best_arrangement_10_per_s": 1.0,
        "open_spiel": {
            "min_deadwood_10_per_s": 4.0,
            "interleaved_rounds": 10,
            "interleaved_10_per_s": {
                "min_deadwood": 800_000.0,
                "from_cards": 760_000.0,
                "best_arrangement": 420_000.0,
            },
            "compared": 20_000,
            "mismatches": 0,
            "first_mismatch_mask": None,
        },
    }
    text = _table(result)
    assert f"Taken in turns (10 rounds, best {CHUNK:,}-hand slice):" in text
    assert re.search(
        r"^best_arrangement \(melds spelled out\)\s+10\s+420,000\s+0\.53x$", text, re.M
    )
    assert re.search(r"^deadwood_points from a card list\s+10\s+760,000\s+0\.95x$", text, re.M)
    assert "agree on 20000 hands" in text
