"""Exports are safe to open: CSV cells that a spreadsheet would run as formulas are
neutralised (OWASP's CSV-injection advice) while amounts stay numbers, and the text
ledger prints no control characters."""

from __future__ import annotations

import csv
import io
import random
from fractions import Fraction

import pytest

from knockrummy.app import main
from knockrummy.engine.session import new_session
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.stats import csv_amount, csv_cell, ledger_csv, plain_text
from knockrummy.persistence.store import open_store

from .hostile import record_play

HOSTILE = ['=HYPERLINK("http://x.example","hi")', "+1+1", "-2+3", "@SUM(A1:A9)", " =1+1"]


def played_with_names(store, names, profile="poker-rum", seed=2):
    state = new_session(profile, len(names), seed, names)
    sid = store.create_session(state, [{"name": n, "kind": "computer"} for n in names])
    return record_play(store, sid, state, random.Random(seed), lambda s: False)


def test_csv_cells_that_start_a_formula_get_a_leading_quote(tmp_path):
    store = open_store(tmp_path / "k.sqlite3").store
    state = played_with_names(store, HOSTILE[:3])
    rows = list(csv.DictReader(io.StringIO(ledger_csv(store))))
    assert len(rows) == len(state.ledger)
    for row in rows:
        for column in ("profile", "player", "account", "kind", "reason"):
            assert not row[column].lstrip(" ").startswith(("=", "+", "-", "@", "\t", "\r"))
        assert row["player"].lstrip("'") in HOSTILE
    # amounts stay plain numbers (negative and fractional ones too) that add up exactly
    assert all(Fraction(r["amount"]) is not None for r in rows)
    assert any(r["amount"].startswith("-") for r in rows)
    assert sum(Fraction(r["amount"]) for r in rows if r["account"] == "points") == 0


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@A1", "'@A1"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("  =1", "'  =1"),
        ("Ann", "Ann"),
        ("to Bo: difference 8 - 3", "to Bo: difference 8 - 3"),
        ("", ""),
    ],
)
def test_a_text_cell_is_neutralised_only_when_it_could_start_a_formula(cell, safe):
    assert csv_cell(cell) == safe


@pytest.mark.parametrize(
    ("amount", "text"), [(5, "5"), (-5, "-5"), (Fraction(7, 2), "7/2"), (Fraction(-7, 2), "-7/2")]
)
def test_amounts_stay_numbers_a_spreadsheet_can_add(amount, text):
    assert csv_amount(amount) == text


def test_plain_text_drops_escape_sequences_and_direction_overrides():
    assert plain_text("\x1b[2J\x1b]0;pwned\x07Ann\u202e\x9b31m") == "[2J]0;pwnedAnn31m"
    assert plain_text("Zoë 🂡") == "Zoë 🂡"


def test_the_text_ledger_prints_no_terminal_escape_sequences(tmp_path, capsys):
    store = open_store(user_paths(str(tmp_path)).ensure().database).store
    played_with_names(store, ["Ann", "Bo"])
    with store.db:  # a name with an escape sequence, as an old version could store it
        store.db.execute(
            "UPDATE sessions SET seats = ?",
            ('[{"name": "\\u001b[31mAnn\\u001b]0;x\\u0007"}, {"name": "Bo"}]',),
        )
    store.close()
    assert main(["ledger", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "#1" in out
    assert not any(ch in out for ch in "\x1b\x07\x9b")
