"""Deck colour schemes: the colour science, and the colour-blindness check of each deck."""

from __future__ import annotations

import pytest

from knockrummy.ui import palettes
from knockrummy.ui.palettes import (
    CLASSIC,
    FOUR_COLOUR,
    HIGH_CONTRAST,
    MIN_CONTRAST,
    MIN_DELTA_E,
    OLD_FOUR_COLOUR,
    VISIONS,
    check_scheme,
    contrast_ratio,
    delta_e_76,
    delta_e_2000,
    lab,
    scheme_report,
    simulate,
)

# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula", Table 1: pairs 1, 7
# and 17 to 20 of their test data, with the published differences.
SHARMA_PAIRS = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
]


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA_PAIRS)
def test_ciede2000_matches_sharmas_published_test_data(first, second, expected):
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert delta_e_2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_srgb_white_and_red_have_their_textbook_cielab_values():
    assert lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)
    assert lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.01)


def test_wcag_contrast_is_21_for_black_on_white_and_1_for_a_colour_on_itself():
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((200, 10, 70), (200, 10, 70)) == pytest.approx(1.0)


@pytest.mark.parametrize("vision", VISIONS)
def test_colour_blindness_simulations_leave_greys_grey(vision):
    # each Machado matrix's rows sum to one, so neutral colours are seen unchanged
    for level in (0, 60, 128, 255):
        grey = simulate((level, level, level), vision)
        assert grey == pytest.approx(simulate((level, level, level), "normal"), abs=2e-3)


def test_deuteranopia_confuses_red_and_green_but_not_blue_and_yellow():
    red, green = (200, 30, 30), (30, 150, 30)
    blue, yellow = (30, 30, 200), (200, 200, 30)
    normal = delta_e_76(lab(red), lab(green))
    seen = delta_e_76(lab(red, "deuteranopia"), lab(green, "deuteranopia"))
    assert seen < normal / 2
    assert delta_e_76(lab(blue, "deuteranopia"), lab(yellow, "deuteranopia")) > 50


def test_old_four_colour_deck_with_green_clubs_fails_for_deuteranopes():
    failures = check_scheme(OLD_FOUR_COLOUR.suits, OLD_FOUR_COLOUR.face)
    assert failures == ["hearts and clubs are only ΔE 18.6 apart with deuteranopia"]


def test_four_colour_deck_keeps_every_pair_of_suits_apart_under_every_vision():
    report = scheme_report(FOUR_COLOUR.suits, FOUR_COLOUR.face)
    assert report.failures == []
    for vision in VISIONS:
        assert report.closest[vision][0] >= MIN_DELTA_E, vision
    assert min(report.contrast.values()) >= MIN_CONTRAST
    # and it is a clear improvement on the old deck in CIEDE2000 terms too
    old = scheme_report(OLD_FOUR_COLOUR.suits, OLD_FOUR_COLOUR.face)
    assert min(report.closest_2000.values()) > min(old.closest_2000.values())


@pytest.mark.parametrize("style", [CLASSIC, HIGH_CONTRAST], ids=lambda s: s.name)
def test_two_colour_decks_keep_red_apart_from_black_under_every_vision(style):
    black, red = style.suits[0], style.suits[1]
    for vision in VISIONS:
        assert delta_e_76(lab(black, vision), lab(red, vision)) >= MIN_DELTA_E, vision
    for color in style.suits:
        assert contrast_ratio(color, style.face) >= MIN_CONTRAST


def test_high_contrast_deck_is_pure_black_and_deep_red_on_white_with_thick_borders():
    assert HIGH_CONTRAST.face == (255, 255, 255)
    assert HIGH_CONTRAST.suits[0] == (0, 0, 0)
    assert contrast_ratio(HIGH_CONTRAST.suits[1], HIGH_CONTRAST.face) >= 7.0  # WCAG AAA
    assert HIGH_CONTRAST.edge_scale > CLASSIC.edge_scale
    assert HIGH_CONTRAST.index_scale > CLASSIC.index_scale


def test_every_deck_choice_has_a_style_and_a_name_for_players():
    assert set(palettes.DECKS) == set(palettes.DECK_STYLES)
    for key, shown in palettes.DECKS.items():
        assert palettes.deck_style(key).name == key
        assert shown and shown[0].isupper()


def test_an_unknown_deck_is_refused_with_the_choices_named():
    with pytest.raises(ValueError, match="unknown deck 'neon'.*classic, four-colour"):
        palettes.deck_style("neon")
