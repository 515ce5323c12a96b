"""The command line's lines for players follow the terminal's language (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``): ``verify``, ``review``, ``replay``'s errors, ``sim``
and ``demo``; argparse's own help and usage stay English."""

from __future__ import annotations

import pytest

from knockrummy import language
from knockrummy.ai import make_bot
from knockrummy.app import main
from knockrummy.commands.sim import play_session
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.store import open_store
from knockrummy.records.deal_codes import Deal


@pytest.fixture
def terminal(monkeypatch):
    """Run a command in a terminal speaking ``code``; the language of before after it."""

    def run(code: str, argv: list[str]) -> int:
        monkeypatch.setenv("LANGUAGE", code)
        with language.speaking("en"):
            return main(argv)

    return run


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A saved knock-rummy session of two finished hands, hard against easy."""
    data = tmp_path_factory.mktemp("commands") / "data"
    bots = [make_bot("hard", 1), make_bot("easy", 2)]
    state = play_session(
        "knock-rummy", 2, 11, bots, until=lambda s: s.to_move is None and s.hand_number == 2
    )
    store = open_store(user_paths(str(data)).database).store
    seats = [{"name": "Ann", "kind": "human", "level": "medium"}, {"name": "Ben"}]
    store.add_session(state, seats)
    store.close()
    return str(data)


def test_verify_speaks_french_and_spanish(terminal, capsys):
    deal = Deal("gin-rummy", ("human", "hard"), 77)
    assert terminal("fr", ["verify", "--deal", deal.code]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Donne {deal.code}, Gin rami") and ", manche 1\n" in out
    assert "empreinte montrée avant la manche\u00a0: " in out and "(donneur)\u00a0: " in out
    assert "fingerprint" not in out and "stock" not in out
    assert terminal("es", ["verify", "--deal", deal.code]) == 0
    out = capsys.readouterr().out
    assert "huella mostrada antes de la mano: " in out and "carta descubierta: " in out


def test_review_frames_its_lines_in_the_language(terminal, capsys, saved):
    argv = ["review", "--session", "1", "--seat", "1", "--hand", "1", "--data-dir", saved]
    assert terminal("fr", argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Manche 1\u00a0: ")
    turns = [line for line in lines if line.startswith("  tour ")]
    assert turns and all("\u00a0; options " in line for line in turns)
    assert lines[-1].startswith("Ann\u00a0: ")


def test_replay_and_review_refuse_in_the_language(terminal, capsys, saved):
    assert terminal("fr", ["replay", "--session", "1", "--hand", "99", "--data-dir", saved]) == 1
    assert "la partie n'a pas de manche 99" in capsys.readouterr().err
    assert terminal("es", ["replay", "--session", "7", "--hand", "1", "--data-dir", saved]) == 1
    assert "no hay ninguna partida guardada n.º 7" in capsys.readouterr().err
    # argparse's usage errors stay English, as its help does
    assert terminal("fr", ["replay", "--session", "0", "--hand", "1"]) == 2
    assert "whole number" in capsys.readouterr().err


def test_sim_says_its_sessions_in_the_language(terminal, capsys):
    argv = ["sim", "--profile", "gin-rummy", "--players", "2", "--sessions", "1", "--seed", "3"]
    assert terminal("es", argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("semilla de partida 3: ") and "ganada por" in out


def test_a_move_the_rules_refuse_is_said_in_the_language(terminal, capsys, tmp_path):
    data = tmp_path / "data"
    store = open_store(user_paths(str(data)).database).store
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    state = play_session("gin-rummy", 2, 4, bots, until=lambda s: len(s.log) >= 4)
    store.add_session(state, [{"name": "Ann", "kind": "human", "level": "medium"}, {"name": "Ben"}])
    store.db.execute("UPDATE actions SET action = 'discard 7H' WHERE seq = 0")
    store.db.commit()
    store.close()
    argv = ["replay", "--session", "1", "--hand", "1", "--data-dir", str(data)]
    assert terminal("fr", argv) == 1
    err = capsys.readouterr().err
    assert "avant de vous défausser." in err and "before discarding" not in err
    assert terminal("es", ["ledger", "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    assert "antes de descartarte." in out and "before discarding" not in out
    assert terminal("en", argv) == 1
    assert "Draw a card (from the stock or the discard pile) before discarding." in (
        capsys.readouterr().err
    )


def test_the_commands_that_show_a_sessions_problem_word_refusals_as_the_window_does():
    from tests.test_cli import import_graph

    graph = import_graph()
    for command in ("knockrummy.commands.replay", "knockrummy.commands.ledger"):
        assert "knockrummy.ui.wording" in graph[command], command
