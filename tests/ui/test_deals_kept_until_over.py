"""Nothing shown before a session is over deals a hand not yet played: not its deal code,
not its seed, not the seed of a hand to come, on any screen, in any command's output or in
an export. Once it is over, the code and the seed are shown."""

from __future__ import annotations

import json

import pygame
import pytest

from knockrummy.ai.simple import SimpleBot
from knockrummy.app import main
from knockrummy.commands.sim import play_session
from knockrummy.engine.session import PLAYING, hand_seed
from knockrummy.persistence.exchange import NotOverError, export_session_file
from knockrummy.persistence.files import FileFormatError
from knockrummy.persistence.store import deal_code
from knockrummy.settings import Settings
from knockrummy.ui import fonts
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.ledger_screen import LedgerScreen
from knockrummy.ui.scenes.replay_viewer import ReplayViewer

from .conftest import key, step

SEED = 0x5DEE_CE66_D123_4567
"""A 63-bit seed, as a new game draws: its digits cannot turn up by chance."""
SEATS = [
    {"name": "You", "kind": "human", "level": "medium"},
    {"name": "Ben", "kind": "computer", "level": "easy"},
]


def _in_hand_two(state) -> bool:
    return state.hand_number == 2 and state.phase == PLAYING and state.hand.turn >= 3


@pytest.fixture
def unfinished(tmp_path):
    """A saved session in the middle of its second hand, its first hand over."""
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    state = play_session("knock-rummy", 2, SEED, [SimpleBot(1), SimpleBot(2)], until=_in_hand_two)
    assert _in_hand_two(state)
    sid = game.store.add_session(state, SEATS)
    return game, sid, tmp_path / "data"


def _secrets(game, sid) -> list[str]:
    """The session's seed and deal code, and the seed of hand 2 (being played) and after."""
    code = deal_code(game.store.session(sid))
    return [
        str(SEED),
        code,
        code.replace("-", ""),
        *(str(hand_seed(SEED, n)) for n in range(2, 80)),
    ]


def _none_in(secrets: list[str], shown: str) -> None:
    for secret in secrets:
        assert secret not in shown, secret


@pytest.fixture
def drawn(monkeypatch):
    """Every text a screen draws (the list is cleared by the test as it goes)."""
    texts: list[str] = []
    real = fonts.render

    def spy(text, *args, **kwargs):
        texts.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", spy)
    return texts


def _out(capsys, argv: list[str], status: int = 0) -> str:
    assert main(argv) == status
    captured = capsys.readouterr()
    return captured.out + captured.err


def test_the_ledger_command_keeps_an_unfinished_sessions_code_and_seed(unfinished, capsys):
    game, sid, data = unfinished
    secrets = _secrets(game, sid)
    for form in ([], ["--json"], ["--csv"]):
        _none_in(secrets, _out(capsys, ["ledger", "--data-dir", str(data), *form]))
    (session,) = json.loads(_out(capsys, ["ledger", "--data-dir", str(data), "--json"]))["sessions"]
    assert session["deal_code"] is None and not session["finished"]


def test_the_replay_command_shows_finished_hands_only(unfinished, capsys):
    game, sid, data = unfinished
    secrets = _secrets(game, sid)
    argv = ["replay", "--session", str(sid), "--data-dir", str(data)]
    first = _out(capsys, [*argv, "--hand", "1", "--json"])
    assert json.loads(first)["start"]["seed"] == hand_seed(SEED, 1)  # over: its seed proves it
    _none_in(secrets, first + _out(capsys, [*argv, "--hand", "1"]))
    for form in ([], ["--json"]):
        refused = _out(capsys, [*argv, "--hand", "2", *form], status=1)
        assert "hand 2 is still being played" in refused
        _none_in(secrets, refused)


def test_an_unfinished_session_is_not_exported_and_a_finished_one_is(unfinished, tmp_path):
    game, sid, _ = unfinished
    path = tmp_path / "session.json"
    with pytest.raises(NotOverError, match="not over"):
        export_session_file(game.store, sid, path)
    assert not path.exists()
    state = play_session("knock-rummy", 2, SEED, [SimpleBot(1), SimpleBot(2)])
    done = game.store.add_session(state, SEATS)
    export_session_file(game.store, done, path)
    assert json.loads(path.read_text())["data"]["seed"] == SEED


def test_the_ledger_screen_shows_no_code_and_no_seed_until_the_session_is_over(unfinished, drawn):
    game, sid, _ = unfinished
    secrets = _secrets(game, sid)
    app = App((1280, 800))
    Navigator(app, game)
    app.push(LedgerScreen(game))
    screen = app.scene
    app.dirty = True
    step(app)
    app.step(1 / 60, [key(pygame.K_i)])  # Details
    assert screen.details
    app.dirty = True
    step(app)
    screen.export_json()  # refused, in words
    app.dirty = True
    step(app)
    shown = "\n".join(drawn)
    assert "is exported once it is" in shown and "is shown when the game is over" in shown
    _none_in(secrets, shown + repr(screen.detail) + repr(screen.chosen))
    assert not (game.paths.data / "exports" / f"session-{sid}.json").exists()
    # once it is over, its code and seed are there
    state = play_session("knock-rummy", 2, SEED, [SimpleBot(1), SimpleBot(2)])
    done = game.store.add_session(state, SEATS)
    screen.refresh(select=done)
    code = deal_code(game.store.session(done))
    assert screen.chosen.deal_code == code
    assert any(code in line for line in screen.detail.details)
    assert any(str(SEED) in line for line in screen.detail.details)


@pytest.mark.slow  # the viewer prices the hand's review as it opens
def test_the_replay_viewer_of_an_unfinished_session_shows_its_hands_over_only(unfinished, drawn):
    game, sid, _ = unfinished
    secrets = _secrets(game, sid)
    app = App((1280, 800))
    Navigator(app, game)
    app.navigator.replay(sid, 2)  # the hand being played is not offered
    viewer = app.scene
    assert isinstance(viewer, ReplayViewer) and viewer.replay.number == 1
    viewer.update(0.0)
    for keys in ([], [pygame.K_i], [pygame.K_END], [pygame.K_PAGEDOWN]):
        app.step(1 / 60, [key(k) for k in keys])
        app.dirty = True
        step(app)
    assert viewer.replay.number == 1
    shown = "\n".join(drawn)
    assert str(hand_seed(SEED, 1)) in shown  # the hand over, with its seed
    _none_in(secrets, shown + repr(viewer.replay.to_json()))


def test_a_refused_export_is_said_in_words_and_keeps_its_reason(unfinished):
    game, sid, _ = unfinished
    with pytest.raises(FileFormatError) as refused:
        export_session_file(game.store, sid, game.paths.data / "x.json")
    assert f"session #{sid} is not over" in str(refused.value)
