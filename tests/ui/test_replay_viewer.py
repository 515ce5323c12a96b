"""The replay viewer: any finished hand of a saved session step by step, with the coach's
review beside it, priced once on a worker thread and kept in the saved games."""

from __future__ import annotations

import re

import pygame
import pytest

from knockrummy import language
from knockrummy.ai import make_bot
from knockrummy.ai.review import review_json
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import Knock
from knockrummy.language.message import shown
from knockrummy.records import coach
from knockrummy.records.deal_codes import DEAL_CODE_LATER
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.ledger_screen import LedgerScreen
from knockrummy.ui.scenes.replay_viewer import ReplayViewer

from .conftest import click, key, step

SEATS = [
    {"name": "You", "kind": "human", "level": "medium"},
    {"name": "Ben", "kind": "computer", "level": "easy"},
]


def saved_game(tmp_path, hands=2):
    """A game whose store holds one knock-rummy session of ``hands`` finished hands."""
    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    bots = [make_bot("hard", 1), make_bot("easy", 2)]
    state = play_session(
        "knock-rummy", 2, 11, bots, until=lambda s: s.to_move is None and s.hand_number == hands
    )
    sid = game.store.add_session(state, SEATS)
    return game, sid


def open_viewer(game, sid, hand=1):
    app = App((1280, 800))
    Navigator(app, game)
    app.navigator.replay(sid, hand)
    viewer = app.scene
    viewer.update(0.0)  # the review, priced inline, is kept
    step(app)
    return app, viewer


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    """One saved session, viewed once (its review priced and kept)."""
    game, sid = saved_game(tmp_path_factory.mktemp("replay"))
    app, viewer = open_viewer(game, sid)
    return game, sid, viewer


def test_the_viewer_steps_forward_and_back_by_keys_and_jumps_to_the_knock(kept):
    game, sid, viewer = kept
    app = App((1280, 800))
    Navigator(app, game)
    app.push(viewer)
    step(app)
    replay = viewer.replay
    assert viewer.point == 0 and replay.number == 1
    deal = viewer.replay.picture(0)
    assert deal.hands == replay.start.hands and deal.stock == replay.start.stock
    step(app, events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert viewer.point == 2
    step(app, events=[key(pygame.K_LEFT)])
    assert viewer.point == 1
    step(app, events=[key(pygame.K_k)])
    assert isinstance(replay.steps[viewer.point - 1].action, Knock)
    step(app, events=[key(pygame.K_END)])
    assert viewer.point == len(replay.steps)
    step(app, events=[key(pygame.K_RIGHT)])
    assert viewer.point == len(replay.steps), "the end is the end"
    step(app, events=[key(pygame.K_PAGEDOWN)])
    assert viewer.replay.number == 2 and viewer.point == 0
    step(app, events=[key(pygame.K_PAGEDOWN)])
    assert viewer.replay.number == 2, "only finished hands are shown"
    step(app, events=[key(pygame.K_HOME), key(pygame.K_PAGEUP)])
    assert viewer.replay.number == 1


def test_every_hand_is_drawn_face_up_with_the_stock_in_order(kept, faces_drawn):
    game, sid, viewer = kept
    viewer.open_hand(1)
    surface = pygame.Surface((1280, 800))
    viewer.resize((1280, 800))
    faces_drawn.clear()
    viewer.draw(surface)
    dealt = [card for hand in viewer.replay.start.hands for card in hand]
    assert set(dealt) <= set(faces_drawn)
    (stock_line,) = [t for t, _ in viewer.log_lines()[:1]]
    assert stock_line.startswith("Deal")


def test_the_review_is_kept_so_reopening_it_prices_nothing(kept, monkeypatch):
    game, sid, viewer = kept
    assert viewer.decisions, "the human seat's decisions were reviewed"
    assert viewer.seat == 0
    first = review_json(viewer.decisions)

    def no_pricing(*args, **kwargs):
        raise AssertionError("the kept review was priced again")

    monkeypatch.setattr(coach, "price", no_pricing)
    app, again = open_viewer(game, sid)
    assert again.review_job is None and review_json(again.decisions) == first
    monkeypatch.undo()
    row, log = game.store.session(sid), game.store.actions(sid)
    assert review_json(coach.price(row, log, 0)) == first, "pricing again gives the same"


def test_a_kept_review_is_priced_again_once_the_session_has_moved_on(kept):
    game, sid, viewer = kept
    actions = len(game.store.actions(sid))
    assert coach.kept(game.store, sid, 0, actions) is not None
    assert coach.kept(game.store, sid, 0, actions + 1) is None
    assert coach.kept(game.store, sid, 1, actions) is None, "each seat has its own"


@pytest.mark.parametrize(
    "damaged",
    ['[{"action": "import os"}]', "[" * 50_000, '[{"hand": 1, "turn": 0, "seat": 0}]'],
    ids=["not a decision", "nested deeply", "a decision without its options"],
)
def test_a_damaged_kept_review_is_set_aside_and_priced_again_the_session_replays(tmp_path, damaged):
    game, sid = saved_game(tmp_path, hands=1)
    actions = len(game.store.actions(sid))
    game.store.save_review(sid, 0, actions, coach.METHOD, damaged)
    assert game.store.problem(sid) is None
    app, viewer = open_viewer(game, sid)
    assert viewer.row is not None and viewer.replay is not None and not viewer.problem
    assert viewer.decisions and all(d.seat == 0 for d in viewer.decisions)
    assert coach.kept(game.store, sid, 0, actions) == viewer.decisions
    (aside,) = game.store.db.execute("SELECT decisions FROM reviews_set_aside").fetchall()
    assert aside[0] == damaged
    app.dirty = True
    step(app)


def test_the_ledger_opens_the_chosen_session_in_the_viewer_and_back_returns(kept):
    game, sid, viewer = kept
    app = App((1280, 800))
    Navigator(app, game)
    app.push(LedgerScreen(game))
    app.dirty = True
    step(app)
    ledger = app.scene
    assert not any("Deal code" in text for text, _ in ledger.detail.lines)
    # the session is not over: its code, which deals the hands to come, is not shown yet
    assert ledger.detail.details == (DEAL_CODE_LATER,)
    step(app, events=click(ledger.replay_button.rect.center))
    assert isinstance(app.scene, ReplayViewer) and app.scene.session_id == sid
    app.scene.update(0.0)  # the review, priced inline, is kept
    step(app, events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, LedgerScreen)


def test_the_move_log_speaks_to_you_and_of_the_others():
    from knockrummy.engine.actions import DrawStock
    from knockrummy.records.replay import action_words

    assert action_words(DrawStock(), you=True) == "draw from the stock"
    assert action_words(DrawStock()) == "draws from the stock"


def test_the_viewers_log_says_you_draw_never_you_draws(kept):
    game, sid, viewer = kept
    lines = []
    for hand in (1, 2):
        viewer.open_hand(hand)
        lines += [text for text, _ in viewer.log_lines()[1:]]
    viewer.open_hand(1)
    mine = [text for text in lines if ". You " in text]
    theirs = [text for text in lines if ". Ben " in text]
    assert mine and theirs
    third_person = ("draws", "throws", "knocks", "takes", "passes")
    assert not any(f"You {verb}" in text for text in mine for verb in third_person)
    assert any(f"Ben {verb}" in text for text in theirs for verb in third_person)


@pytest.mark.slow  # a session of six hands, reviewed
def test_the_review_names_the_best_choice_in_words_not_in_the_engines_text(tmp_path):
    game, sid = saved_game(tmp_path, hands=6)
    _, viewer = open_viewer(game, sid)
    viewer.choose_seat(1)  # the easy seat: its choices cost something
    viewer.update(0.0)  # the review, priced inline, is kept
    costly = []
    for hand in range(1, 7):
        viewer.open_hand(hand)
        # the decisions' lines, after the hand's and the session's summaries
        costly += [text for text, _ in viewer.review_lines()[2:] if " about " in text]
    assert costly, "the easy seat made at least one costly choice"
    words = re.compile(
        r"· (a mistake|an inaccuracy) costing about \d+ \(-?\d+(-| to )\d+\); "
        r"best: (throwing|knocking|drawing|taking|passing)"
    )
    assert not [t for t in costly if re.search(r"\([^)]*\(", t)], costly  # no nested brackets
    mistakes = [text for text in costly if "too close to call" not in text]
    assert mistakes and all(words.search(text) for text in mistakes), costly
    assert not any(re.search(r"\b(discard|knock) [0-9TJQKA][CDHS]\b", t) for t in costly), costly


def test_the_review_shows_how_far_the_coach_has_got_while_it_prices(kept):
    game, sid, viewer = kept
    seat, decisions = viewer.seat, viewer.decisions
    # priced (inline in tests): told once before the first decision and after each
    assert viewer.review_progress[seat] == (len(decisions), len(decisions))
    try:
        viewer.decisions = None
        viewer.review_progress[seat] = (2, 5)
        lines = [text for text, _ in viewer.review_lines()]
        assert any("2 of 5 decisions" in text for text in lines), lines
        with language.speaking("fr"):
            lines = [text for text, _ in viewer.review_lines()]
        assert any("2 sur 5 décisions" in text for text in lines), lines
    finally:
        viewer.decisions = decisions
        viewer.review_progress[seat] = (len(decisions), len(decisions))


def test_the_viewer_says_deadwood_counts_cards_and_keeps_the_seed_behind_details(kept, monkeypatch):
    game, sid, viewer = kept
    from knockrummy.ui.scenes import replay_viewer

    drawn: list[str] = []
    real = replay_viewer.blit_text
    monkeypatch.setattr(
        replay_viewer,
        "blit_text",
        lambda s, text, *a, **k: drawn.append(text) or real(s, text, *a, **k),
    )
    menu_drawn: list[str] = []
    real_lines = replay_viewer.scrolled_lines
    monkeypatch.setattr(
        replay_viewer,
        "scrolled_lines",
        lambda s, lines, *a, **k: (
            menu_drawn.extend(t for t, _ in lines) or real_lines(s, lines, *a, **k)
        ),
    )
    app = viewer.app
    viewer.go(1)  # one card on the pile after the first throw or pass
    app.dirty = True
    step(app)
    texts = drawn + menu_drawn
    start = viewer.replay.start
    assert any(t.startswith("Your deadwood ") for t in texts), texts
    assert any(t.startswith("deadwood ") for t in texts)
    assert not any(t.startswith("count ") for t in texts)
    assert not any(re.search(r"\b1 cards\b", t) for t in texts), texts
    assert any(t.startswith("Discard pile: ") for t in texts)
    assert not any(start.fingerprint[:16] in t or str(start.seed) in t for t in texts)
    drawn.clear(), menu_drawn.clear()
    app.step(1 / 60, [key(pygame.K_i)])
    app.dirty = True
    step(app)
    shown = " ".join(drawn + menu_drawn)
    assert start.fingerprint in shown.replace(" ", "") and str(start.seed) in shown
    app.step(1 / 60, [key(pygame.K_i)])
    assert not viewer.details


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE actions SET action = 'next' WHERE session_id = :id AND seq = 1",
        "UPDATE daily SET day = 'someday' WHERE session_id = :id",
    ],
    ids=["an action the rules refuse", "a daily row of no day"],
)
def test_the_viewer_opens_a_damaged_session_on_its_plain_problem(tmp_path, damage):
    game, sid = saved_game(tmp_path, hands=1)
    actions = len(game.store.actions(sid))
    game.store.save_review(sid, 0, actions, coach.METHOD, "[]")
    game.store.mark_daily(sid, "knock-rummy", "2026-03-14")
    with game.store.db:
        game.store.db.execute(damage, {"id": sid})
    app, viewer = open_viewer(game, sid)
    assert viewer.row is None and viewer.replay is None and viewer.review_job is None
    said = shown(game.store.problem(sid))  # the refusal worded as the window words it
    assert viewer.problem == f"This session cannot be replayed: {said}"
    app.dirty = True
    step(app)  # drawn, not crashed


@pytest.mark.parametrize(
    ("code", "yours", "ben_moves", "step_word"),
    [
        ("fr", ("Vous ",),
         ("Ben pioche", "Ben se défausse de ", "Ben prend ", "Ben frappe "), "coup "),
        ("es", ("Tomas ", "Robas ", "Te descartas ", "Cierras ", "Pasas"),
         ("Ben roba ", "Ben se descarta de ", "Ben toma ", "Ben cierra "), "jugada "),
    ],
)  # fmt: skip
def test_the_viewers_log_and_review_speak_the_language(kept, code, yours, ben_moves, step_word):
    """Every line of the move log is a whole sentence of the catalogue, in the language;
    the review's decisions name their step and choice in it too."""
    from knockrummy import language

    game, sid, viewer = kept
    with language.speaking(code):
        viewer.open_hand(1)
        log = [text.removesuffix(" ◀") for text, _ in viewer.log_lines()[1:]]
        review = [text for text, _ in viewer.review_lines()[2:]]
    moves = [line.split(". ", 1)[1] for line in log]
    english = ("draw", "throw", "knock", "take", "pass", "You ")
    assert not [m for m in moves if any(word in m for word in english)], moves
    mine = [m for m in moves if not m.startswith("Ben ")]
    assert mine and all(m.startswith(yours) for m in mine), moves
    assert all(m.startswith(ben_moves) for m in moves if m.startswith("Ben ")), moves
    assert review and all(r.removeprefix("▶ ").startswith(step_word) for r in review), review
    assert not [r for r in review if "throwing" in r or "drawing" in r or "taking" in r], review


def test_the_coach_never_nests_brackets_in_a_decisions_line(kept, monkeypatch):
    game, sid, viewer = kept
    from knockrummy.ui.scenes import replay_viewer

    close = "too close to call (cost 2.7 ± 3.5)"
    monkeypatch.setattr(replay_viewer, "review_verdict", lambda decision: close)
    viewer.open_hand(1)
    lines = [text for text, _ in viewer.review_lines()[2:]]
    assert lines and all(close in text for text in lines)
    assert not [t for t in lines if re.search(r"\([^)]*\(", t)], lines


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_viewers_log_and_review_show_only_whole_lines(kept, monkeypatch, size):
    """A line at the bottom of the move log or the coach's review is drawn whole or not at
    all: no line is cut by the box's edge."""
    game, sid, viewer = kept
    from knockrummy.ui.scenes import menu

    drawn = []
    real = menu.blit_text

    def recorded(surface, text, size, colour, pos, anchor="topleft", bold=False):
        rect = real(surface, text, size, colour, pos, anchor, bold)
        drawn.append((text, rect, surface.get_clip()))
        return rect

    monkeypatch.setattr(menu, "blit_text", recorded)
    app = App(size)
    Navigator(app, game)
    app.push(viewer)
    viewer.open_hand(1)
    # a review and a log longer than their boxes, the decision at each step marked
    long = [(f"turn {n}: throwing 8♦ · the best choice", False) for n in range(40)]
    monkeypatch.setattr(
        viewer, "review_lines", lambda: [*long[:20], ("▶ step 9: knocking", True), *long[20:]]
    )
    monkeypatch.setattr(viewer, "log_lines", lambda: long)
    for point in range(viewer.last_point + 1):
        viewer.go(point)
        app.dirty = True
        step(app)
    assert drawn
    cut = [(text, tuple(rect)) for text, rect, clip in drawn if not clip.contains(rect)]
    assert cut == []
