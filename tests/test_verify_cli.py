"""``knockrummy verify`` recomputes a dealt hand from a deal code."""

from __future__ import annotations

import json

from knockrummy.ai.simple import SimpleBot
from knockrummy.app import main
from knockrummy.commands.sim import play_session
from knockrummy.records.deal_codes import Deal, fingerprint
from knockrummy.records.replay import replay_hand


def test_verify_prints_the_hand_a_replay_starts_from(capsys):
    deal = Deal("knock-rummy", ("human", "medium"), 424242)
    state = play_session("knock-rummy", 2, deal.seed, [SimpleBot(1), SimpleBot(2)])
    actions = [a for _, a in state.log]
    for number in (1, 2):
        assert main(["verify", "--deal", deal.code, "--hand", str(number), "--json"]) == 0
        shown = json.loads(capsys.readouterr().out)
        started = replay_hand("knock-rummy", 2, deal.seed, actions, number).to_json()["start"]
        assert shown["fingerprint"] == fingerprint(shown["seed"])
        for key in ("hands", "upcard", "stock", "seed", "fingerprint", "seats", "dealer"):
            assert shown[key] == started[key], key


def test_verify_in_words_names_the_fingerprint_and_the_seed(capsys):
    deal = Deal("gin-rummy", ("human", "hard"), 77)
    assert main(["verify", "--deal", deal.code.lower()]) == 0
    out = capsys.readouterr().out
    assert deal.code in out and "fingerprint" in out and "seed" in out


def test_a_mistyped_deal_code_is_refused_plainly(capsys):
    code = Deal("gin-rummy", ("human", "hard"), 77).code
    wrong = ("1" if code[0] != "1" else "2") + code[1:]
    assert main(["verify", "--deal", wrong]) == 2
    err = capsys.readouterr().err
    assert "mistyped" in err and "Traceback" not in err
