"""The screens away from the table in French and Spanish: the language picker switches
at once and is remembered; every sentence they show comes from the catalogue; and they
lay out from 1024x640 to 3840x2160 with no text cut, outside the window or over another.
"""

from __future__ import annotations

import ast
import datetime
import gettext
import sys
from pathlib import Path

import pygame
import pytest

from knockrummy import language
from knockrummy.ai import make_bot
from knockrummy.commands.sim import play_session
from knockrummy.engine.profiles import PROFILES
from knockrummy.settings import Settings
from knockrummy.ui import fonts
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.continue_list import ContinueScreen
from knockrummy.ui.scenes.daily import DailyScreen
from knockrummy.ui.scenes.game_over import GameOverScreen
from knockrummy.ui.scenes.learn import LearnScreen
from knockrummy.ui.scenes.ledger_screen import LedgerScreen
from knockrummy.ui.scenes.new_game import NewGameScreen
from knockrummy.ui.scenes.rules_screen import RulesScreen
from knockrummy.ui.scenes.settings_screen import SettingsScreen
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.seats import default_seats

from .conftest import click, step
from .test_game_over import finished

ROOT = Path(__file__).resolve().parent.parent.parent
SIZES = ((1024, 640), (1280, 800), (1920, 1080), (3840, 2160))
TRANSLATED_MODULES = (
    "ui/scenes/title.py",
    "ui/scenes/menu.py",
    "ui/scenes/new_game.py",
    "ui/scenes/settings_screen.py",
    "ui/scenes/continue_list.py",
    "ui/scenes/daily.py",
    "ui/scenes/game_over.py",
    "ui/scenes/ledger_screen.py",
    "ui/scenes/rules_screen.py",
    "ui/daily_deal.py",
    "ui/score_chart.py",
)
"""The modules whose every own word is translated (the rest of learn.py and
replay_viewer.py is the lesson at the table and the replay's table words: not yet)."""


class Recording(gettext.NullTranslations):
    """A language's catalogue that notes every sentence asked of it and not in it."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.inner = language.catalogue(code)
        self.entries = self.inner._catalog  # noqa: SLF001
        self.missed: set[str] = set()

    def gettext(self, message):
        if message not in self.entries:
            self.missed.add(message)
        return self.inner.gettext(message)

    def ngettext(self, singular, plural, n):
        if (singular, 0) not in self.entries:
            self.missed.add(singular)
        return self.inner.ngettext(singular, plural, n)

    def pgettext(self, context, message):
        if f"{context}\x04{message}" not in self.entries:
            self.missed.add(f"{context}|{message}")
        return self.inner.pgettext(context, message)


@pytest.fixture
def drawn(monkeypatch):
    """Every text drawn with ``blit_text`` from any of the window's modules, with where."""
    texts: list[tuple[str, pygame.Rect]] = []
    real = fonts.blit_text

    def spy(target, text, *args, **kwargs):
        rect = real(target, text, *args, **kwargs)
        if text.strip():
            texts.append((text, rect))
        return rect

    for name, module in list(sys.modules.items()):
        if name.startswith("knockrummy.ui") and getattr(module, "blit_text", None) is real:
            monkeypatch.setattr(module, "blit_text", spy)
    return texts


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """A game's folder with a finished session, two unfinished ones and a daily deal."""
    folder = tmp_path_factory.mktemp("languages") / "data"
    game = Game.open(str(folder))
    over = finished("knock-rami", 3, seed=5)
    seats = [s.to_json() for s in default_seats(3)]
    game.store.add_session(over, seats)
    for profile in ("gin-rummy", "knock-rummy"):
        game.start(profile, default_seats(2))
    today = datetime.date.today().isoformat()
    sid, _ = game.start("poker-rum", default_seats(2))
    game.store.mark_daily(sid, "poker-rum", today)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    one_hand = play_session(
        "knock-rummy", 2, 11, bots, until=lambda s: s.to_move is None and s.hand_number == 1
    )
    seats = [{"name": "You", "kind": "human", "level": "medium"}, {"name": "Ben"}]
    replayed = game.store.add_session(one_hand, seats)
    game.store.close()
    return str(folder), over, replayed


def open_in(data, code: str, size=(1280, 800)):
    folder = data[0]
    game = Game.open(folder)
    game.settings = Settings(speed="instant", language=code)
    language.use(code)
    app = App(size)
    Navigator(app, game)
    return game, app


def screens(game, over):
    """Every translated screen, as (name, scene); New game and Rules once per game."""
    yield "title", TitleScreen(game)
    yield "settings", SettingsScreen(game)
    yield "continue", ContinueScreen(game)
    yield "daily", DailyScreen(game)
    yield "learn", LearnScreen(game)
    yield "game over", GameOverScreen(game, over, default_seats(over.players))
    ledger = LedgerScreen(game)
    yield "ledger", ledger
    stats = LedgerScreen(game)
    stats.show("stats")
    yield "statistics", stats
    for profile in PROFILES:
        new = NewGameScreen(game)
        new.choose_profile(profile)
        yield f"new game {profile}", new
        yield f"rules {profile}", RulesScreen(game, profile)


def show(app, scene) -> None:
    app.replace(scene)
    app.dirty = True
    step(app)
    app.dirty = True
    step(app)  # buttons are placed where they are drawn: the second frame is settled


# ------------------------------------------------------------------ the picker


def test_the_language_picker_switches_at_once_and_is_remembered(tmp_path, drawn):
    game, app = open_in((str(tmp_path / "data"),), "auto")
    screen = SettingsScreen(game)
    app.push(screen)
    step(app)
    row = len(screen.rows) - 1
    assert screen.rows[row][0] == "Language / Langue / Idioma"
    assert screen.rows[row][1] == "as the system (English)"
    shown = []
    for _ in range(3):  # auto -> English -> Español -> Français
        app.step(1 / 60, click(screen.value_buttons[row].rect.center))
        drawn.clear()
        app.dirty = True
        step(app)
        shown.append((game.settings.language, language.current(), {t for t, _ in drawn}))
    assert [s[:2] for s in shown] == [("en", "en"), ("es", "es"), ("fr", "fr")]
    assert {"Settings", "Animation speed", "English"} <= shown[0][2]
    assert {"Ajustes", "Velocidad de animación", "Español", "Volver"} <= shown[1][2]
    assert {"Réglages", "Vitesse des animations", "Français", "Retour"} <= shown[2][2]
    game.store.close()
    reopened = Game.open(str(tmp_path / "data"))
    assert reopened.settings.language == "fr" and language.current() == "fr"
    assert TitleScreen(reopened).buttons[1].label == "Nouvelle partie"


def test_auto_names_the_language_it_follows_in_that_language(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    game, app = open_in((str(tmp_path / "data"),), "auto")
    assert language.current() == "fr"
    screen = SettingsScreen(game)
    assert screen.rows[-1][1] == "comme le système (Français)"


# ------------------------------------------------------------------ every word


@pytest.mark.parametrize("code", ["fr", "es"])
def test_every_sentence_the_screens_ask_for_is_in_the_catalogue(data, code, drawn):
    game, app = open_in(data, code)
    recording = Recording(code)
    language.install(recording, code)
    for _name, scene in screens(game, data[1]):
        show(app, scene)
    # the replay viewer with its review, and a lesson's first steps (their own words;
    # the table's under them are not translated yet)
    app.navigator.replay(data[2], 1)
    viewer = app.scene
    viewer.wait_for_review(120)
    for _ in range(3):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)])
    app.navigator.lesson("gin-rummy", 0)
    show(app, app.scene)
    assert recording.missed == set()
    assert len(drawn) > 300


def literal_words(node) -> str | None:
    """The words of a string written in the code (a literal or an f-string's text)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    else:
        return None
    return text if any(c.isalpha() for c in text) else None


def test_the_translated_screens_show_no_word_written_in_english_in_the_code():
    """A label, a drawn text, a notice, a title or subtitle written as an English literal
    in the code never reaches the catalogue: each goes through ``_`` or ``N_``."""
    found = []
    for relative in TRANSLATED_MODULES:
        path = ROOT / "knockrummy" / relative
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            shown = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id == "Button" and node.args:
                    shown.append(node.args[0])
                elif node.func.id == "blit_text" and len(node.args) > 1:
                    shown.append(node.args[1])
                elif node.func.id in ("fit", "wrap") and node.args:
                    shown.append(node.args[0])
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = {
                    t.attr if isinstance(t, ast.Attribute) else getattr(t, "id", "")
                    for t in targets
                }
                if names & {"title", "subtitle", "notices", "label"}:
                    value = node.value
                    shown += value.elts if isinstance(value, ast.List) else [value]
                    if isinstance(value, ast.IfExp):
                        shown += [value.body, value.orelse]
            found += [
                f"{relative}:{n.lineno} {literal_words(n)!r}"
                for n in shown
                if literal_words(n) is not None
            ]
    allowed = {"ui/scenes/title.py"}  # the program's name, the same in every language
    assert [f for f in found if f.split(":")[0] not in allowed] == []


@pytest.mark.parametrize("code", ["fr", "es"])
def test_the_title_and_settings_show_no_english_left(data, code, drawn):
    """Every text drawn on the title and settings screens differs from the English one,
    but for names (the program's, a player's, a language's) and numbers."""
    same_everywhere = {"Knock Rummy", "You", "Language / Langue / Idioma", "Poker Rum", "normal"}
    texts = {}
    for lang in ("en", code):
        game, app = open_in(data, lang)
        drawn.clear()
        for scene in (TitleScreen(game), SettingsScreen(game), DailyScreen(game)):
            show(app, scene)
        texts[lang] = {t for t, _ in drawn}
        game.store.close()
    left = {
        t
        for t in texts["en"] & texts[code]
        if t not in same_everywhere and sum(c.isalpha() for c in t) > 1
    }
    assert left == set()


# ------------------------------------------------------------------ layout


def layout_problems(app, scene, texts, cuts) -> list[str]:
    w, h = app.screen.get_size()
    window = pygame.Rect(0, 0, w, h)
    problems = [f"cut: {c!r}" for c in cuts]
    # (a ghost button is a keyboard stop over text the screen draws: it draws nothing)
    buttons = [b for b in scene.buttons if b.visible and b.rect is not None and not b.ghost]
    for b in buttons:
        if not window.contains(b.rect):
            problems.append(f"button outside: {b.label!r} {b.rect}")
    for i, a in enumerate(buttons):
        for b in buttons[i + 1 :]:
            if a.rect.colliderect(b.rect):
                problems.append(f"buttons overlap: {a.label!r} {b.label!r}")
    labels = {(b.label, b.rect.center) for b in buttons}
    own = [(t, r) for t, r in texts if (t, r.center) not in labels]
    for text, rect in own:
        if not window.contains(rect):
            problems.append(f"text outside: {text!r} {rect}")
        for b in buttons:
            if rect.colliderect(b.rect):
                problems.append(f"text over a button: {text!r} {b.label!r}")
    # a text's box is padded for the font's tallest marks: a tenth of it at the top and
    # the bottom is room no letter of a line next to it reaches
    inked = [(t, r.inflate(0, -round(r.height * 0.2))) for t, r in own]
    for i, (a, ra) in enumerate(inked):
        for b, rb in inked[i + 1 :]:
            if ra.colliderect(rb):
                problems.append(f"texts overlap: {a!r} {b!r}")
    return problems


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", ["en", "fr", "es"])
def test_the_screens_lay_out_in_every_language(data, code, size, drawn):
    game, app = open_in(data, code, size)
    problems = []
    for name, scene in screens(game, data[1]):
        if name.startswith("rules"):
            continue  # the rules' own words are not translated yet; its chrome is below
        show(app, scene)
        drawn.clear()
        with fonts.recording_cuts() as cuts:
            app.dirty = True
            step(app)  # one settled frame, looked at
        assert app.screen.get_size() == size
        problems += [f"{name}: {p}" for p in layout_problems(app, scene, drawn, cuts)]
    assert problems == []


def test_a_line_never_breaks_at_a_no_break_space():
    """French "Pioche\u00a0:" keeps its colon: the wrap breaks only at plain spaces."""
    from knockrummy.ui import fonts

    text = "Pioche\u00a0: 12 cartes, défausse\u00a0: 7♥"
    width = fonts.width("Pioche\u00a0:", 20) + 2
    lines = fonts.wrap(text, 20, width)
    assert "Pioche\u00a0:" in lines, lines
    assert all(not line.startswith(":") for line in lines), lines
    assert fonts.wrap("a b\nc", 20, 10_000) == ["a b c"]
