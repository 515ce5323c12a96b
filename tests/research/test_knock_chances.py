"""The hard level's knocks at its chances to knock, counted by row and round."""

from __future__ import annotations

import json

from research.__main__ import main
from research.knock_chances import LAST, ROWS, chances, table


def test_each_chance_is_counted_in_its_row_and_round():
    found = chances("gin-rummy", 3, 1)
    assert found and all(c["row"] in ROWS and 0 <= c["round"] <= LAST for c in found)
    counted = table(found)
    assert sum(cell[1] for row in ROWS for cell in counted[row]) == len(found)
    assert sum(cell[0] for row in ROWS for cell in counted[row]) == sum(c["knocked"] for c in found)
    assert all(0 <= k <= n for row in ROWS for k, n in counted[row])


def test_the_command_prints_the_table_and_refuses_a_profile_without_a_limit(capsys):
    assert (
        main(["knock-chances", "--profiles", "gin-classic", "--sessions", "1", "--hands", "1"]) == 0
    )
    printed = json.loads(capsys.readouterr().out)
    assert set(ROWS) <= set(printed) and printed["chances"] >= 1
    assert main(["knock-chances", "--profiles", "knock-rami"]) == 2
