"""The player's look (deck colours, felt, card back): chosen in Settings, kept between runs,
and used wherever cards and cloth are drawn."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.settings import BACK_CHOICES, DECK_NAMES, FELT_CHOICES, Settings
from knockrummy.ui import card_art, felts
from knockrummy.ui.game import Game
from knockrummy.ui.scenes.settings_screen import SettingsScreen
from knockrummy.ui.theme import Look, look_of

from .conftest import click, key, make_table, step
from .test_screens import open_game


def test_settings_offer_exactly_the_decks_felts_and_backs_the_art_draws():
    assert set(DECK_NAMES) == set(card_art.DECKS)
    assert set(FELT_CHOICES) == set(card_art.FELTS)
    assert set(BACK_CHOICES) == set(card_art.BACKS)


def test_four_colour_toggle_lies_over_the_chosen_scheme_and_gives_it_back():
    s = Settings().with_deck("high-contrast")
    assert s.deck_name == "high-contrast"
    on = Settings(**{**s.to_json(), "window_size": (1280, 800), "four_colour": True})
    assert on.deck_name == "four-colour"
    off = Settings(**{**on.to_json(), "window_size": (1280, 800), "four_colour": False})
    assert off.deck_name == "high-contrast"
    assert Settings(deck="four-colour").deck_name == "four-colour"


def _row(screen, label):
    return next(i for i, (name, _, _) in enumerate(screen.rows) if name == label)


@pytest.mark.parametrize(
    ("label", "field", "choices"),
    [("Felt", "felt", FELT_CHOICES), ("Card back", "back", BACK_CHOICES)],
)
def test_each_felt_and_back_is_chosen_in_settings_and_kept_between_runs(
    tmp_path, label, field, choices
):
    game, app = open_game(tmp_path, SettingsScreen)
    seen = [getattr(game.settings, field)]
    for _ in choices:
        screen = app.scene
        step(app)
        app.step(1 / 60, click(screen.value_buttons[_row(screen, label)].rect.center))
        seen.append(getattr(game.settings, field))
        again = Game.open(str(tmp_path / "data"))
        assert getattr(again.settings, field) == seen[-1]
    assert set(seen) == set(choices) and seen[0] == seen[-1]


def test_deck_colours_row_cycles_classic_four_colour_and_high_contrast(tmp_path):
    game, app = open_game(tmp_path, SettingsScreen)
    names = []
    for _ in DECK_NAMES:
        screen = app.scene
        step(app)
        app.step(1 / 60, click(screen.value_buttons[_row(screen, "Deck colours")].rect.center))
        names.append(game.settings.deck_name)
    assert names == ["four-colour", "high-contrast", "classic"]
    assert Game.open(str(tmp_path / "data")).settings.deck_name == "classic"


def test_table_draws_the_chosen_felt_back_and_deck(monkeypatch):
    backs, decks = [], []
    real_back, real_face = card_art.back, card_art.face

    def back_spy(width, *, style="red"):
        backs.append(style)
        return real_back(width, style=style)

    def face_spy(card, width, four_colour=False, *, deck=None, letters=("A", "J", "Q", "K")):
        decks.append(deck)
        return real_face(card, width, four_colour, deck=deck, letters=letters)

    monkeypatch.setattr(card_art, "back", back_spy)
    monkeypatch.setattr(card_art, "face", face_spy)
    app, scene = make_table(felt="burgundy", back="green", deck="high-contrast")
    step(app, 5)
    scene.draw(app.screen)
    assert set(backs) == {"green"} and set(decks) == {"high-contrast"}
    cloth = felts.felt(app.screen.get_size(), "burgundy")
    assert app.screen.get_at((3, app.screen.get_height() // 2)) == cloth.get_at(
        (3, app.screen.get_height() // 2)
    )
    assert scene.frame().look == Look("high-contrast", "burgundy", "green")


def test_f_key_at_the_table_switches_the_faces_to_four_colour_and_back(monkeypatch):
    app, scene = make_table(deck="high-contrast")
    step(app, 3)
    step(app, 1, [key(pygame.K_f)])
    scene.prepare.finish()  # the frames after F make the faces shown, then show them
    step(app)
    assert scene.frame().look.deck == "four-colour"
    step(app, 1, [key(pygame.K_f)])
    scene.prepare.finish()
    step(app)
    assert scene.frame().look.deck == "high-contrast"


def test_menus_are_drawn_on_the_chosen_felt(tmp_path):
    game, app = open_game(tmp_path)
    game.settings = Settings(speed="instant", felt="blue")
    app.dirty = True
    step(app)
    point = (2, app.screen.get_height() - 3)
    assert app.screen.get_at(point) == felts.felt(app.screen.get_size(), "blue").get_at(point)
    assert look_of(game.settings).felt == "blue"
