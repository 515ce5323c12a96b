"""The table in French and Spanish: every sentence it asks for is in the catalogue, no
English is left on it (but names, cards and numbers), a Knock Rami buy-back and a game's
end included, and a change of language shows on the next frame."""

from __future__ import annotations

import re

import pygame
import pytest

from knockrummy import language
from knockrummy.engine.actions import Discard
from knockrummy.engine.profiles import PROFILES
from knockrummy.language import games

from . import test_languages
from .conftest import key, make_table, run_until, step
from .test_languages import Recording

drawn = test_languages.drawn
"""Every text drawn (the fixture the other screens' language tests use)."""

CARD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]|🃏")
SAME_IN_EVERY_LANGUAGE = {"Menu", "Gin", "Rum", "Gin!", "Rum!", "Coach", "total", "score", "Pot"}
"""Words written the same in French or Spanish as in English."""


def _play(profile: str, players: int, drawn) -> set[str]:
    """A turn of the player at the screen (drawing, asking for a hint), then a whole game
    of ``profile`` with every seat played by the computer, each hand's panel and the
    game's end; every text drawn is noted and returned."""
    drawn.clear()
    app, scene = make_table(profile=profile, players=players, seed=7)
    assert run_until(app, lambda: scene.can_act)
    step(app)  # the turn's first frame: the status line asks for a draw
    for keys in ([key(pygame.K_s)], [key(pygame.K_h)], [key(pygame.K_l)], [key(pygame.K_v)]):
        app.step(1 / 60, keys)
        run_until(app, lambda: not scene.busy, 600)
        step(app)
    app, scene = make_table(profile=profile, players=players, humans=0, seed=7, autoplay=True)
    assert run_until(app, lambda: scene.source.state.is_over, 20000)
    for _ in range(3):
        step(app)
    return {text for text, _ in drawn}


def _english_left(text: str, names) -> bool:
    """Whether a text drawn in another language still holds an English word: any word of
    two letters or more once names, cards and the words every language shares are gone."""
    rest = CARD.sub(" ", text)
    for name in names:
        rest = rest.replace(name, " ")
    words = [w for w in re.findall(r"[^\W\d_]{2,}", rest) if w not in SAME_IN_EVERY_LANGUAGE]
    return bool(words)


@pytest.mark.slow  # a whole game played at the table, frame by frame
@pytest.mark.parametrize("code", ["fr", "es"])
@pytest.mark.parametrize(("profile", "players"), [("knock-rami", 3), ("gin-rummy", 2)])
def test_the_table_asks_only_for_sentences_in_the_catalogue(code, profile, players, drawn):
    recording = Recording(code)
    language.install(recording, code)
    try:
        texts = _play(profile, players, drawn)
    finally:
        language.use("en")
    assert recording.missed == set()
    assert len(texts) > 30


@pytest.mark.slow  # two whole games played at the table, frame by frame
@pytest.mark.parametrize("code", ["fr", "es"])
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_no_english_is_left_on_the_table(code, profile, drawn):
    players = 3 if PROFILES[profile].max_players >= 3 else 2
    english = _play(profile, players, drawn)
    language.use(code)
    try:
        translated = _play(profile, players, drawn)
    finally:
        language.use("en")
    names = set()
    for humans in (0, 1):
        app, scene = make_table(profile=profile, players=players, humans=humans, seed=7)
        names |= set(scene.source.state.names) - {"You"}
    with language.speaking(code):  # a game's name where the language keeps the English
        names |= {games.short_name(p) for p in PROFILES}
    left = {t for t in english & translated if _english_left(t, names)}
    assert left == set()
    assert len(translated - english) > 20


def test_a_change_of_language_shows_on_the_status_line_at_once():
    app, scene = make_table(profile="gin-rummy", seed=3)
    assert run_until(app, lambda: scene.can_act)
    before = scene.frame().status
    language.use("fr")
    try:
        step(app)
        after = scene.frame().status
        buttons = {b.label for b in scene.buttons.values()}
    finally:
        language.use("en")
    assert before.startswith("Your turn") and after.startswith("À vous"), (before, after)
    assert "Indice" in buttons or "Conseil" in buttons, buttons


def test_a_refused_move_names_its_rule_in_the_language():
    app, scene = make_table(profile="gin-rummy", seed=3)
    assert run_until(app, lambda: scene.can_act)
    card = scene.view.hand[0]
    language.use("fr")
    try:
        assert not scene.try_action(Discard(card))  # before drawing
        said = scene.notice
    finally:
        language.use("en")
    assert said == "Prenez une carte (dans la pioche ou la défausse) avant de vous défausser."
    assert not scene.try_action(Discard(card))
    assert scene.notice == "Draw a card (from the stock or the discard pile) before discarding."
