"""Layout: in every phase, at 2 to 6 seats, every card size and window from 1024x640 to
3840x2160, no text overlaps a button, a card or other text, and nothing leaves the window.
The drawing records what it puts where (``Marks``); the test reads those rectangles."""

from __future__ import annotations

import pygame
import pytest

from knockrummy import language
from knockrummy.engine.actions import DrawStock, NextHand
from knockrummy.engine.cards import Card
from knockrummy.engine.session import BUY_BACK, HAND_OVER, SESSION_OVER, hand_seed
from knockrummy.language import _
from knockrummy.language.cards import card_words
from knockrummy.play.bots import SeatBots
from knockrummy.records.deal_codes import fingerprint
from knockrummy.settings import CARD_SCALES
from knockrummy.ui.fonts import recording_cuts
from knockrummy.ui.hints import odds_words, score_words
from knockrummy.ui.score_chart import draw_score_chart
from knockrummy.ui.table.painter import Marks, draw_table

from .conftest import make_table, run_until, step

pytestmark = pytest.mark.slow  # tables played frame by frame to each hand end at every window size

SIZES = ((1024, 640), (1280, 800), (1920, 1080), (3840, 2160))
LONG_HINT = (
    "Hint: discard Q♠ (deadwood 36) and wait: playing on you should come out about even; "
    "if you knocked, someone undercuts you almost always."
)
"""As long a hint as the table gives."""


def drawn(scene) -> list[str]:
    """What overlaps, leaves the window, or had to be cut to fit its box."""
    marks = Marks()
    surface = pygame.Surface(scene.size)
    with recording_cuts() as cuts:
        draw_table(scene.frame(), surface, marks)
    assert marks, "the drawing recorded nothing"
    return marks.problems(scene.size) + [f"cut to fit: {text!r}" for text in cuts]


def table_at(players, size, scale, **options):
    app, scene = make_table(players=players, size=size, card_scale=scale, **options)
    scene.resize(size)
    return app, scene


def test_the_check_finds_an_overlay_that_hides_a_seat():
    marks = Marks()
    marks.add("plate", "plate 4", (900, 150, 100, 40))
    marks.add("box", "hand log", (880, 60, 380, 300), layer=1)
    marks.add("box", "panel", (0, 0, 1024, 640), layer=1)
    found = marks.problems((1280, 800))
    assert found == ["the hand log hides plate 'plate 4' (900, 150, 100, 40)"]


def test_the_check_finds_an_overlap_and_a_clipped_text():
    marks = Marks()
    marks.add("text", "a", (10, 10, 50, 20))
    marks.add("button", "b", (30, 15, 50, 20))
    marks.add("text", "c", (990, 10, 50, 20))
    found = marks.problems((1024, 640))
    assert any("overlaps" in f for f in found)
    assert any("leaves the window" in f for f in found)


def long_hint() -> str:
    """The longest hint the table says, in the current language."""
    beaten = _("someone undercuts you {odds}").format(odds=odds_words(0.95))
    return _(
        "Hint: discard {card} (deadwood {count}) and wait: playing on you should {outcome}; "
        "if you knocked, {beaten}."
    ).format(card=card_words(Card.parse("QS")), count=36, outcome=score_words(0.2), beaten=beaten)


def discarding_with_a_hint(players, size, scale, checked):
    """A table at the viewer's first turn, checked before drawing, then after drawing with
    a card lifted and the longest hint shown; returns the table."""
    app, scene = table_at(players, size, scale, profile="knock-rummy", seed=players)
    assert run_until(app, lambda s=scene: s.can_act)
    step(app, 3)
    assert drawn(scene) == [], ("draw", checked)
    scene.try_action(DrawStock())
    step(app, 20)
    scene.selected = scene.viewer_order()[0]
    scene.hint = long_hint()
    scene.refresh_buttons()
    step(app, 20)
    assert drawn(scene) == [], ("discard with a hint", checked)
    return scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_nothing_overlaps_while_drawing_discarding_and_with_a_hint(players, size):
    for scale in CARD_SCALES:
        scene = discarding_with_a_hint(players, size, scale, scale)
        scene.show_log = True
        assert drawn(scene) == [], ("log open", scale)
        scene.show_log, scene.show_pile = False, True
        assert drawn(scene) == [], ("pile open", scale)
        scene.show_log = True
        assert drawn(scene) == [], ("log and pile open", scale)


@pytest.mark.parametrize("size", [SIZES[0], SIZES[-1]])
@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("code", ["fr", "es"])
def test_nothing_overlaps_or_is_cut_in_french_and_spanish(code, players, size):
    """French and Spanish run about a third longer: the status line, the buttons, the
    longest hint, the log and the hand-end panel still fit, at the smallest and largest
    windows."""
    with language.speaking(code):
        scene = discarding_with_a_hint(players, size, 1.0, code)
        scene.show_log = scene.show_pile = True
        assert drawn(scene) == [], "the log and the pile open"
        app, scene = table_at(players, size, 1.0, profile="knock-rummy", humans=0)
        assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
        assert drawn(scene) == [], "hand-end panel"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_nothing_overlaps_on_the_hand_end_panel(players, size):
    app, scene = table_at(players, size, 1.0, profile="knock-rummy", humans=0)
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    assert drawn(scene) == []


@pytest.mark.parametrize("size", SIZES)
def test_nothing_overlaps_at_a_buy_back_offer_and_at_the_game_over(size):
    app, scene = table_at(3, size, 1.2, profile="knock-rami", humans=0, autoplay=True, seed=5)
    offered = lambda: scene.view.phase == "buy-back" and scene.panel and not scene.panel.busy  # noqa: E731
    assert run_until(app, offered, limit=60000)
    assert drawn(scene) == [], "buy-back"
    over = lambda: scene.view.phase == "over" and scene.panel and not scene.panel.busy  # noqa: E731
    assert run_until(app, over, limit=200000)
    assert drawn(scene) == [], "game over"


def test_a_six_card_hand_fills_well_over_40_percent_of_a_1920_wide_window():
    app, scene = table_at(6, (1920, 1080), 1.0, profile="knock-rummy")
    assert run_until(app, lambda: scene.can_act)
    step(app, 30)
    order = scene.viewer_order()
    assert len(order) == 6
    xs = [scene.motion.card_pos[c][0] for c in order]
    width = max(xs) + scene.geometry.layout.card_width - min(xs)
    assert width > 0.45 * 1920


@pytest.mark.parametrize("scale", CARD_SCALES)
def test_card_corners_stay_legible_at_1024x640_with_six_seats(scale):
    app, scene = table_at(6, (1024, 640), scale, profile="knock-rummy")
    assert run_until(app, lambda: scene.can_act)
    scene.try_action(DrawStock())
    step(app, 30)
    cw = scene.geometry.layout.card_width
    xs = sorted(scene.motion.card_pos[c][0] for c in scene.viewer_order())
    assert cw >= 60
    assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 0.3 * cw  # a corner shows
    opponent = scene.geometry.layout.seats[1]
    assert opponent.card_width >= 40 and opponent.spacing >= 0.25 * opponent.card_width


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [1.0, CARD_SCALES[-1]])
def test_the_deal_details_show_the_whole_fingerprint_inside_their_box(size, scale):
    app, scene = table_at(6, size, scale, profile="knock-rummy")
    assert run_until(app, lambda: scene.can_act)
    step(app, 3)
    whole = fingerprint(hand_seed(scene.source.state.seed, scene.view.hand_number))
    scene.show_details = True
    marks = Marks()
    with recording_cuts() as cuts:
        draw_table(scene.frame(), pygame.Surface(size), marks)
    texts = [m.group for m in marks if m.kind == "text" and m.layer == 2]
    assert whole[:32] in texts and whole[32:] in texts
    assert marks.problems(size) == [] and cuts == []


@pytest.mark.parametrize("size", SIZES)
def test_hand_end_rows_with_room_do_not_overlap_their_cards_to_half_their_width(size):
    app, scene = table_at(2, size, 1.0, profile="poker-rum", humans=0, seed=4)
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    geo = scene.panel.geometry
    cw = geo.card_width
    for seat in scene.view.seats_in_hand:
        xs = [p.x for p in geo.placed if p.seat == seat and p.laid_by is None]
        assert len(xs) >= 10
        steps = [b - a for a, b in zip(xs, xs[1:], strict=False) if b - a < cw * 1.2]
        assert min(steps) > 0.5 * cw, (seat, min(steps) / cw)
    assert drawn(scene) == []


def _totals_beside_their_changes(scene) -> bool:
    """Each row's total stands on the line of its change, not under it."""
    marks = Marks()
    draw_table(scene.frame(), pygame.Surface(scene.size), marks)
    texts = [m for m in marks if m.kind == "text" and m.layer == 1]
    totals = [m for m in texts if m.group.startswith("total ")]
    changes = [m for m in texts if m.group[:1] in "+-±" and m.rect.height > 0]
    return all(any(abs(t.rect.centery - c.rect.centery) <= 8 for c in changes) for t in totals)


@pytest.mark.parametrize(
    ("size", "players", "seed"),
    [((1024, 640), 2, 4), ((1280, 800), 2, 4), ((1024, 640), 5, 3), ((1280, 800), 5, 7)],
)
def test_every_hand_end_of_a_knock_rami_game_stays_inside_its_panel(size, players, seed):
    """Long changes ("+38 against Ben") leave room for the total beside them, and a
    buy-back's long reason is wrapped, never cut: whole games played through."""
    app, scene = table_at(players, size, 1.0, profile="knock-rami", seed=seed)
    bot = SeatBots(["easy"] * players)
    checked = set()
    while scene.view.phase != SESSION_OVER:
        view = scene.view
        if scene.panel is not None and not scene.panel.busy:
            if view.hand_number not in checked:
                checked.add(view.hand_number)
                assert drawn(scene) == [], view.hand_number
                assert _totals_beside_their_changes(scene), view.hand_number
            if view.phase == HAND_OVER:
                scene.source.play(NextHand(), None)
            elif view.phase == BUY_BACK and view.to_move == 0:
                scene.source.play(bot.decide(scene.source.state, 0), 0)
        elif scene.can_act:
            scene.try_action(bot.decide(scene.source.state, 0))
        step(app)
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    assert drawn(scene) == [], "game over"
    assert len(checked) > 5


@pytest.mark.parametrize("width", [500, 900, 2900])
def test_the_score_chart_names_never_overlap_each_other_or_leave_the_chart(width):
    names = ["Bartholomew Long", "Cleo", "Maximilian Jones", "Dev", "Evangeline Star", "Fay"]
    totals = [[0, 40 * s, -25 * s, 100 + s] for s in range(6)]
    area = pygame.Rect(20, 20, width, 400)
    words = draw_score_chart(pygame.Surface((width + 40, 440)), area, names, totals, 16)
    assert len(words) == 6 + 3
    for i, a in enumerate(words):
        assert area.contains(a), a
        for b in words[i + 1 :]:
            assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)])
def test_a_winner_paid_by_four_players_shows_every_reason_where_the_row_has_room(size):
    app, scene = table_at(5, size, 1.0, profile="poker-rum", humans=0, seed=4)
    assert run_until(app, lambda: scene.panel is not None and not scene.panel.busy)
    changes = max(scene.panel.changes.values(), key=len)
    assert len(changes) >= 4
    marks = Marks()
    draw_table(scene.frame(), pygame.Surface(size), marks)
    texts = [m.group for m in marks if m.kind == "text"]
    for entry in changes:
        assert any(entry.reason in t for t in texts), entry.reason
    assert not any("more changes" in t for t in texts)
    assert marks.problems(size) == []
