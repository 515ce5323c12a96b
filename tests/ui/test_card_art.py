"""Card faces, backs and felts: pip layouts, rendering at every size, caching, distinctness."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.engine.cards import JOKER_CODE, Card
from knockrummy.ui import card_art, card_pips
from knockrummy.ui.card_pips import pip_layout
from knockrummy.ui.fonts import font
from knockrummy.ui.palettes import DECKS, deck_style

ALL_CARDS = [Card(code) for code in range(JOKER_CODE + 1)]


def _turned(layout):
    """The layout after a half turn of the card."""
    out = set()
    for p in layout:
        middle = abs(p.y - 0.5) < 1e-9
        out.add(
            (round(1 - p.x, 6), round(1 - p.y, 6), p.upside_down if middle else not p.upside_down)
        )
    return out


def _as_set(layout):
    return {(round(p.x, 6), round(p.y, 6), p.upside_down) for p in layout}


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("rank", range(2, 11))
def test_pip_layout_has_as_many_pips_as_the_rank(rank, compact):
    layout = pip_layout(rank, compact)
    assert len(layout) == rank
    assert len(_as_set(layout)) == rank  # no two pips on one spot


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("rank", [2, 3, 4, 5, 6, 8, 9, 10])
def test_pip_layout_is_unchanged_by_a_half_turn_except_the_seven(rank, compact):
    layout = pip_layout(rank, compact)
    assert _turned(layout) == _as_set(layout)


def test_seven_has_its_extra_centre_pip_high_and_is_a_six_otherwise():
    seven, six = pip_layout(7), pip_layout(6)
    extra = set(seven) - set(six)
    assert len(extra) == 1
    (pip,) = extra
    assert pip.x == card_pips.CENTRE and pip.y < 0.5 and not pip.upside_down


@pytest.mark.parametrize("rank", range(2, 11))
def test_pips_in_the_lower_half_are_upside_down_and_the_upper_half_upright(rank):
    for p in pip_layout(rank):
        if p.y > 0.5:
            assert p.upside_down
        else:
            assert not p.upside_down


def test_standard_layouts_of_seven_to_ten():
    def column_counts(rank):
        layout = pip_layout(rank)
        return tuple(
            sum(1 for p in layout if p.x == x)
            for x in (card_pips.LEFT, card_pips.CENTRE, card_pips.RIGHT)
        )

    assert column_counts(7) == (3, 1, 3)
    assert column_counts(8) == (3, 2, 3)
    assert column_counts(9) == (4, 1, 4)
    assert column_counts(10) == (4, 2, 4)


def _pip_blobs(surface: pygame.Surface, color) -> int:
    """Separate patches of the suit's ink in the middle of the card, clear of the indices."""
    w, h = surface.get_size()
    field = surface.subsurface(
        pygame.Rect(round(w * 0.25), round(h * 0.05), round(w * 0.5), round(h * 0.9))
    )
    mask = pygame.mask.from_threshold(field.copy(), color, (25, 25, 25, 255))
    return len(mask.connected_components(minimum=30))


@pytest.mark.parametrize("deck", list(DECKS))
@pytest.mark.parametrize("suit", range(4))
def test_each_pip_card_draws_as_many_pips_as_its_rank(deck, suit):
    color = deck_style(deck).suit_color(suit)
    for rank in range(2, 11):
        image = card_art.face(Card(suit * 13 + rank - 1), 200, deck=deck)
        assert _pip_blobs(image, color) == rank, (deck, suit, rank)


@pytest.mark.parametrize("deck", list(DECKS))
def test_every_card_renders_at_every_size_and_is_cached(deck):
    for width in (40, 60, 120, 400):
        for card in ALL_CARDS:
            image = card_art.face(card, width, deck=deck)
            assert image.get_size() == card_art.card_size(width)
            assert card_art.face(card, width, deck=deck) is image


def test_four_colour_flag_and_deck_name_share_one_cached_face():
    card = Card(13 * 2 + 6)  # seven of diamonds
    assert card_art.face(card, 90, True) is card_art.face(card, 90, deck="four-colour")
    assert card_art.face(card, 90) is card_art.face(card, 90, deck="classic")
    assert card_art.face(card, 90, True) is not card_art.face(card, 90)


@pytest.mark.parametrize("deck", list(DECKS))
def test_no_two_cards_look_the_same_at_120_pixels(deck):
    images = {pygame.image.tobytes(card_art.face(c, 120, deck=deck), "RGBA") for c in ALL_CARDS}
    assert len(images) == len(ALL_CARDS)


def test_decks_differ_where_their_colours_do():
    clubs = Card(3 * 13 + 4)
    looks = {pygame.image.tobytes(card_art.face(clubs, 120, deck=deck), "RGBA") for deck in DECKS}
    assert len(looks) == len(DECKS)


def test_court_cards_carry_a_picture_with_gold_and_a_second_colour():
    king = card_art.face(Card(13 + 12), 200, deck="classic")  # king of hearts
    frame = king.subsurface(pygame.Rect(60, 80, 80, 120))
    colours = {tuple(frame.get_at((x, y)))[:3] for x in range(0, 80, 2) for y in range(0, 120, 2)}

    def near(target):
        return any(sum(abs(a - b) for a, b in zip(c, target, strict=True)) < 40 for c in colours)

    assert near((212, 160, 40))  # gold
    assert near((200, 20, 30))  # the suit's red
    assert near((30, 70, 160))  # the blue accent


def _half_turn_differences(image: pygame.Surface, step: int) -> list[int]:
    """For a grid of pixels: how far each is (summed over RGBA) from the half-turned image's."""
    turned = pygame.transform.flip(image, True, True)
    return [
        sum(abs(a - b) for a, b in zip(image.get_at((x, y)), turned.get_at((x, y)), strict=True))
        for x in range(0, image.get_width(), step)
        for y in range(0, image.get_height(), step)
    ]


def test_court_pictures_are_double_headed():
    queen = card_art.face(Card(12), 200, deck="classic")  # queen of spades
    w, h = queen.get_size()
    frame = card_art._frame(w, h, deck_style("classic"))
    gaps = _half_turn_differences(queen.subsurface(frame.inflate(-8, -8)), 3)
    assert sum(1 for gap in gaps if gap > 60) < len(gaps) * 0.08


@pytest.mark.parametrize("width", [40, 45, 50])
def test_small_card_index_stays_at_least_seven_pixels_tall(width):
    for deck in DECKS:
        cap = card_art.index_size(width, deck_style(deck))
        size = cap / 0.73
        for label in ("A", "10", "Q", "7"):
            squeeze = 0.62 if len(label) > 1 else 1.0
            metrics = font(round(size), True).get_metrics(label, size=(size * squeeze, size))
            # freetype reports a glyph's lowest point as an unsigned number when below zero
            low = min(m[2] - (1 << 32) if m[2] >= 1 << 31 else m[2] for m in metrics)
            ink = max(m[3] for m in metrics) - low
            assert ink >= 7, (deck, width, label)


@pytest.mark.parametrize("name", list(card_art.BACKS))
def test_each_back_renders_cached_and_reads_the_same_after_a_half_turn(name):
    for width in (40, 120, 400):
        image = card_art.back(width, style=name)
        assert image.get_size() == card_art.card_size(width)
        assert card_art.back(width, style=name) is image
    gaps = _half_turn_differences(card_art.back(120, style=name), 2)
    # under 1% of pixels change visibly (a six of spades, which is not symmetric, has 3%)
    assert sum(1 for gap in gaps if gap > 100) < len(gaps) * 0.01


def test_the_three_backs_differ_and_the_default_is_the_red_lattice():
    looks = {pygame.image.tobytes(card_art.back(90, style=n), "RGBA") for n in card_art.BACKS}
    assert len(looks) == 3
    assert card_art.back(90) is card_art.back(90, style="red")
    with pytest.raises(ValueError, match="unknown card back 'plaid'"):
        card_art.back(91, style="plaid")


@pytest.mark.parametrize("name", list(card_art.FELTS))
def test_each_felt_covers_the_window_in_its_colour_and_is_cached(name):
    from knockrummy.ui.felts import FELT_COLOURS

    image = card_art.felt((320, 200), name)
    assert image.get_size() == (320, 200)
    assert card_art.felt((320, 200), name) is image
    centre = image.get_at((160, 90))
    assert all(abs(c - e) <= 14 for c, e in zip(centre[:3], FELT_COLOURS[name], strict=True))
    corner = image.get_at((2, 2))
    assert sum(corner[:3]) < sum(centre[:3])  # the vignette darkens the edges


def test_an_unknown_felt_is_refused_with_the_choices_named():
    with pytest.raises(ValueError, match="unknown felt 'tartan'.*green, blue, burgundy"):
        card_art.felt((10, 10), "tartan")


def test_choices_for_settings_name_every_back_felt_and_deck():
    assert list(card_art.BACKS) == ["red", "blue", "green"]
    assert list(card_art.FELTS) == ["green", "blue", "burgundy"]
    assert list(card_art.DECKS) == ["classic", "four-colour", "high-contrast"]
    for names in (card_art.BACKS, card_art.FELTS, card_art.DECKS):
        assert all(isinstance(shown, str) and shown for shown in names.values())


def test_old_call_signatures_still_work():
    card = Card(0)
    assert card_art.face(card, 70).get_size() == (70, 98)
    assert card_art.face(card, 70, False).get_size() == (70, 98)
    assert card_art.back(70).get_size() == (70, 98)
    assert card_art.shadow(70).get_size() == (70, 98)
    assert card_art.outline(70).get_size() == (76, 104)
    assert card_art.suit_color(3, True) == deck_style("four-colour").suits[3]
    assert card_art.suit_color(1, False) == deck_style("classic").suits[1]
    assert card_art.suit_color(3, False, deck="high-contrast") == (0, 0, 0)


def test_blit_benchmark_reports_a_six_seat_tables_worth_of_faces(capsys):
    from knockrummy.bench.cards import bench_cards

    result = bench_cards(frames=3, cold_width=60)
    assert result["blits_per_frame"] >= 6 * 10
    assert result["cold_faces"] == 53
    assert result["frame_ms_mean"] > 0 and result["cold_ms"] > 0
    assert "ms" in capsys.readouterr().out
