"""The hand-end panel tells one story: its big numbers and their lines agree at every frame
of the count-up, shares are written one way with the rule that makes them fractions, the
lowest score that stays in says why, and a joker sits where it stands in a run."""

from __future__ import annotations

import re

from knockrummy.ui.table.panel_words import row_words

from .conftest import make_table, run_until, step


def number(text: str) -> int:
    """The first whole number in ``text`` with its sign (``+20``, ``±0``, ``total 341``)."""
    found = re.search(r"[-+]?\d+", text.replace("±", ""))
    return int(found.group())


def test_the_count_up_moves_the_change_and_the_total_together_and_the_reasons_wait():
    app, scene = make_table(players=3, humans=0, seed=4, speed="normal")
    assert run_until(app, lambda: scene.panel is not None)
    panel = scene.panel
    seen = []
    while panel.busy:
        face = panel.face()
        count = face.progress[2]
        for row in face.rows:
            before = scene.view.scores[row.seat] - panel.hand_result(row.seat)
            total = row.total if row.total is not None else row.reasons[0][0]
            assert number(total) == before + number(row.value), (count, row)
            if count < 1:
                assert [r for r, _x, _y in row.reasons if r != total] == [], (count, row)
        seen.append(count)
        step(app)
    assert any(0 < c < 1 for c in seen), "the count-up was never seen midway"
    final = panel.face()
    assert any(len(row.reasons) for row in final.rows), "the reasons show once counted"
    for row in final.rows:
        assert number(row.value) == panel.hand_result(row.seat)


def test_a_row_halfway_through_its_count_shows_half_its_change_and_the_total_so_far():
    app, scene = make_table(players=2, humans=0, seed=4, speed="normal")
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    panel = scene.panel
    view = scene.view
    seat = max(view.seats_in_hand, key=lambda s: abs(panel.hand_result(s)))
    result = panel.hand_result(seat)
    assert result
    position = view.seats_in_hand.index(seat)
    row = row_words(view, position, panel.changes[seat], result, panel.geometry, 0.5, False)
    assert number(row.value) == round(result * 0.5)
    assert number(row.total) == view.scores[seat] - result + round(result * 0.5)
    assert row.reasons == ()
