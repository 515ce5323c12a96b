"""``python -m research judge-check``: runs on a tiny budget and its figures add up."""

from __future__ import annotations

import json

import pytest

from research.__main__ import main

pytestmark = pytest.mark.slow  # research benches: games and rollouts


def test_judge_check_groups_add_up_to_the_positions(capsys):
    assert (
        main(
            [
                "judge-check",
                "--positions",
                "6",
                "--budget",
                "60",
                "--continuations",
                "1",
                "--resamples",
                "1",
            ]
        )
        == 0
    )
    found = json.loads(capsys.readouterr().out)
    overall = found["overall"]
    assert overall["positions"] == 6 and found["finished"]
    groups = [overall[g]["true"]["n"] for g in ("mistake", "close", "best")]
    assert sum(groups) == 6
    assert overall["best"]["true"].get("mean", 0.0) == 0.0  # the same action: no loss
    banded = sum(band["true"]["n"] for band in overall["bands"])
    assert banded == overall["mistake"]["true"]["n"] + overall["close"]["true"]["n"]
    assert sum(p["positions"] for p in found["profiles"].values()) == 6
    departures = overall["departures"]
    assert departures["best is not hard's choice"] <= departures["lead above clear"]
    assert departures["lead above clear"] <= departures["hard's choice not the highest mean"] <= 6
    kinds = overall["kinds"]
    for group in ("mistake", "close"):
        assert sum(kinds[k][group]["n"] for k in kinds) == overall[group]["true"]["n"]


def test_judge_check_plays_out_with_the_hard_level(capsys):
    args = ["judge-check", "--positions", "3", "--budget", "60", "--continuations", "1"]
    assert main([*args, "--resamples", "0", "--continuation", "hard"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["continuation"] == "hard" and found["overall"]["positions"] == 3


def test_kind_names_what_two_actions_differ_on():
    from knockrummy.engine.actions import Discard, DrawStock, Knock, TakeDiscard
    from knockrummy.engine.cards import parse_cards
    from research.judge_check import kind_of

    a, b = parse_cards("9S KH")
    assert kind_of(TakeDiscard(), DrawStock()) == "draw"
    assert kind_of(Discard(a), Knock(a)) == "knock"
    assert kind_of(Knock(b), Discard(a)) == "knock"
    assert kind_of(Discard(a), Discard(b)) == "throw"
    assert kind_of(Knock(a), Knock(b)) == "throw"


def test_judge_check_refuses_no_positions(capsys):
    assert main(["judge-check", "--positions", "0"]) == 2
    assert "--positions" in capsys.readouterr().err


def test_lead_is_the_top_options_margin_over_hards_choice_in_standard_errors():
    from knockrummy.ai.review import Option
    from knockrummy.engine.actions import Discard
    from knockrummy.engine.cards import parse_cards
    from research.judge_check import lead

    a, b, c = (Discard(card) for card in parse_cards("9S KH 2D"))
    kept = (Option(a, 5.0), Option(b, 8.0, 1.5), Option(c, 1.0, 2.0))  # hard's a stands
    assert lead(kept, a) == 2.0
    departed = (Option(b, 8.0), Option(a, 5.0, 1.0), Option(c, 1.0, 2.0))
    assert lead(departed, a) == 3.0
    assert lead((Option(a, 5.0), Option(b, 4.0, 1.0)), a) is None


def test_common_random_numbers_make_a_play_out_independent_of_the_bots_past(monkeypatch):
    import research.judge_check as judge_check
    from knockrummy.ai.hard import HardBot
    from knockrummy.engine.views import player_view
    from research.judge_check import play_out, positions

    position = next(p for p in positions(3, "gin-rummy", 2) if p.state.hand.turn >= 2)
    view = player_view(position.state, position.seat)

    def played(offset, common):
        # bots whose generators start elsewhere: their past draws differ
        monkeypatch.setattr(judge_check, "make_bot", lambda level, s: HardBot(s + offset))
        return [
            play_out(position.state, position.action, view, seed, "hard", common=common)
            for seed in range(4)
        ]

    assert played(0, True) == played(1_000, True)  # each decision's numbers from its moment
    assert played(0, False) != played(1_000, False)  # the bots' own streams: they differ
