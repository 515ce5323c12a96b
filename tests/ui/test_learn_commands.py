"""``replay``, ``review``, ``verify`` and ``ledger --json`` on a session ``demo --seats``
played and saved: what each prints, and that they only read."""

from __future__ import annotations

import hashlib
import json
import statistics

import pytest

from knockrummy.app import main
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.store import open_store
from knockrummy.records.deal_codes import Deal

HANDS = 4


@pytest.fixture(scope="module")
def demo_data(tmp_path_factory):
    """A fixed-seed knock-rummy demo of four hands, hard (seat 1) against easy (seat 2)."""
    data = tmp_path_factory.mktemp("learn") / "data"
    argv = [
        "demo", "--profile", "knock-rummy", "--players", "2", "--seats", "hard,easy",
        "--seed", "1", "--hands", str(HANDS), "--speed", "instant", "--headless",
        "--data-dir", str(data),
    ]  # fmt: skip
    assert main(argv) == 0
    return data


def _out(capsys, argv) -> str:
    assert main(argv) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def _files(folder) -> dict:
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.rglob("*") if p.is_file()
    }


def test_demo_seats_sits_a_level_in_each_seat(demo_data):
    store = open_store(user_paths(str(demo_data)).database).store
    seats = json.loads(store.session_row(1)["seats"])
    store.close()
    assert [(s["kind"], s["level"]) for s in seats] == [("computer", "hard"), ("computer", "easy")]


def test_replay_json_is_the_stored_hand_and_verify_shows_the_same_start(demo_data, capsys):
    (session,) = json.loads(_out(capsys, ["ledger", "--json", "--data-dir", str(demo_data)]))[
        "sessions"
    ]
    assert not session["finished"] and session["deal_code"] is None, "it deals the hands to come"
    code = Deal("knock-rummy", ("hard", "easy"), 1).code  # what --seed 1 deals
    for hand in range(1, HANDS + 1):
        argv = ["replay", "--session", "1", "--hand", str(hand), "--data-dir", str(demo_data)]
        replay = json.loads(_out(capsys, [*argv, "--json"]))
        assert set(replay) == {"hand", "start", "actions", "result"}
        assert replay["hand"] == hand and replay["result"] is not None
        step = replay["actions"][0]
        assert set(step) == {"seat", "action", "held_before", "deadwood_after"}
        verify = json.loads(_out(capsys, ["verify", "--deal", code, "--hand", str(hand), "--json"]))
        for key in ("hands", "upcard", "stock", "seed", "fingerprint"):
            assert verify[key] == replay["start"][key], key
        words = _out(capsys, argv)
        assert f"Hand {hand}" in words and str(verify["seed"]) in words


@pytest.mark.slow  # a reviewed session of the hard level
def test_the_review_prices_a_hard_seat_near_nothing_and_an_easy_seat_more(demo_data, capsys):
    before = _files(demo_data)
    costs = {}
    for seat in (1, 2):
        argv = ["review", "--session", "1", "--seat", str(seat), "--data-dir", str(demo_data)]
        doc = json.loads(_out(capsys, [*argv, "--json"]))
        assert set(doc) == {"decisions", "total_cost"} and doc["decisions"]
        for d in doc["decisions"]:
            assert d["seat"] == seat - 1
            assert {o["action"] for o in d["options"]} >= {d["action"], d["best"]}
        costs[seat] = statistics.mean(d["cost"] for d in doc["decisions"])
        assert doc["total_cost"] == pytest.approx(sum(d["cost"] for d in doc["decisions"]), abs=0.1)
    assert costs[1] < 0.75, costs
    assert costs[2] > costs[1], costs
    assert _files(demo_data) == before, "review only reads"


def test_the_review_of_one_hand_in_words_has_a_line_per_decision(demo_data, capsys):
    argv = ["review", "--session", "1", "--seat", "2", "--hand", "1", "--data-dir", str(demo_data)]
    doc = json.loads(_out(capsys, [*argv, "--json"]))
    lines = _out(capsys, argv).splitlines()
    assert {d["hand"] for d in doc["decisions"]} == {1}
    assert lines[0].startswith("Hand 1: ")
    assert len([line for line in lines if line.startswith("  turn ")]) == len(doc["decisions"])
    assert lines[-1].startswith("Ben: ")


def test_replay_of_a_hand_never_played_or_a_missing_session_is_refused_plainly(demo_data, capsys):
    for argv, words in (
        (["replay", "--session", "1", "--hand", "99"], "no hand 99"),
        (["replay", "--session", "5", "--hand", "1"], "no saved session #5"),
        (["review", "--session", "1", "--seat", "3"], "has 2 seats"),
        (["review", "--session", "1", "--seat", "1", "--hand", "50"], "no hand 50"),
    ):
        assert main([*argv, "--data-dir", str(demo_data)]) == 1
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
