"""``knockrummy ledger`` prints the saved sessions as text, JSON or CSV."""

from __future__ import annotations

import csv
import io
import json
import random

from knockrummy.app import main
from knockrummy.engine.session import apply, legal_actions, new_session
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.store import open_store


def fill(data_dir, profile="poker-rum", players=3, seed=2):
    store = open_store(user_paths(data_dir).ensure().database).store
    names = ["Ann", "Bo", "Cy"][:players]
    state = new_session(profile, players, seed, names)
    sid = store.create_session(state, [{"name": n, "kind": "computer"} for n in names])
    rng = random.Random(seed)
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        after, _ = apply(state, action)
        store.append(sid, state, after, action, state.to_move)
        state = after
    store.close()
    return state


def test_ledger_json_lists_each_session(tmp_path, capsys):
    state = fill(tmp_path)
    assert main(["ledger", "--data-dir", str(tmp_path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (row,) = doc["sessions"]
    assert set(row) >= {"id", "profile", "players", "hands_played", "scores", "finished"}
    assert row["profile"] == "poker-rum" and row["players"] == 3
    assert row["hands_played"] == 3 and row["finished"] is True
    assert row["scores"] == [str(s) for s in state.scores]


def test_ledger_csv_has_every_change_with_its_reason_and_exact_fractions(tmp_path, capsys):
    state = fill(tmp_path, seed=11)
    assert main(["ledger", "--data-dir", str(tmp_path), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == len(state.ledger)
    assert all(r["reason"] for r in rows)
    from fractions import Fraction

    total = sum(Fraction(r["amount"]) for r in rows if r["account"] == "points")
    assert total == 0  # poker-rum is zero-sum


def test_ledger_with_no_saved_games(tmp_path, capsys):
    assert main(["ledger", "--data-dir", str(tmp_path / "none"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"sessions": []}


def test_ledger_reports_a_damaged_database_and_leaves_it_alone(tmp_path, capsys):
    path = user_paths(tmp_path).ensure().database
    path.write_bytes(b"\x00garbage" * 40)
    assert main(["ledger", "--data-dir", str(tmp_path)]) == 1
    assert "left as it is" in capsys.readouterr().err
    assert path.read_bytes() == b"\x00garbage" * 40


def test_the_ledgers_lines_speak_the_terminals_language_and_its_csv_stays_the_same(
    tmp_path, capsys, monkeypatch
):
    assert main(["ledger", "--data-dir", str(tmp_path / "none")]) == 0
    assert capsys.readouterr().out.startswith("No saved games yet (")
    monkeypatch.setenv("LANGUAGE", "fr")
    assert main(["ledger", "--data-dir", str(tmp_path / "none")]) == 0
    assert capsys.readouterr().out.startswith("Aucune partie enregistrée pour l'instant (")
    fill(tmp_path, "knock-rummy", 2, seed=4)
    assert main(["ledger", "--data-dir", str(tmp_path)]) == 0
    line = capsys.readouterr().out
    assert line.startswith("nº 1 Rami à frapper (ajouts, en 100 points)\u00a0: ")
    assert " manches, terminée\u00a0; Ann " in line
    monkeypatch.setenv("LANGUAGE", "es")
    assert main(["ledger", "--data-dir", str(tmp_path), "--csv"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head == "session,profile,hand,player,account,amount,kind,reason"
    assert main(["replay", "--data-dir", str(tmp_path), "--session", "9", "--hand", "1"]) == 1
    assert "no hay ninguna partida guardada n.º 9" in capsys.readouterr().err
