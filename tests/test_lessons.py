"""The Learn to play scripts against the real engine: every script plays to its end, each
expected action is legal for its seat at its point, anything else is refused with a "Try
this" line, and each lesson teaches what its profile needs."""

from __future__ import annotations

import pytest

from knockrummy.engine.actions import Discard, DrawStock, Knock, TakeDiscard
from knockrummy.engine.cards import Card
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.session import BUY_BACK, HAND_OVER, apply, legal_actions
from knockrummy.teaching import lessons

LESSONS = list(lessons.LESSONS.values())
IDS = [lesson.profile_id for lesson in LESSONS]


def test_every_profile_has_a_lesson():
    assert sorted(lessons.LESSONS) == sorted(PROFILES)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_lesson_script_replays_through_the_engine_to_its_end(lesson):
    states = lessons.replay(lesson)
    assert len(states) == len(lesson.steps) + 1
    last = states[-1]
    assert last.phase == HAND_OVER  # the guided hand (or the buy-back) was played out
    knocked = [r.knocker for r in last.records]
    assert lessons.YOU in knocked  # the player knocked in the guided hand


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_steps_expected_action_is_legal_for_its_seat_at_that_point(lesson):
    states = lessons.replay(lesson)
    for step, state in zip(lesson.steps, states, strict=False):
        if step.action is None:
            continue
        assert state.to_move == step.by
        assert step.action in legal_actions(state)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_any_other_action_is_refused_with_try_this(lesson):
    states = lessons.replay(lesson)
    for step, state in zip(lesson.steps, states, strict=False):
        others = [a for a in legal_actions(state) if a != step.action]
        for action in others:
            why = lessons.refusal(step, action)
            assert why is not None and why.startswith("Try this: ")
        if step.by == lessons.YOU and step.action is not None:
            assert lessons.refusal(step, step.action) is None


def test_the_refusal_names_the_move_to_make():
    step = lessons.KNOCK_RUMMY.steps[2]
    assert step.expect == "take"
    assert lessons.refusal(step, DrawStock()) == (
        "Try this: take the top card of the discard pile (click it or press D)."
    )
    assert lessons.try_this(lessons.Step("Read this.")) == "Try this: press Next to go on."


def test_a_coach_step_is_never_the_players_to_take():
    step = lessons.KNOCK_RUMMY.steps[4]
    assert step.by == lessons.COACH
    assert lessons.refusal(step, step.action) is not None


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_cards_a_step_points_at_are_in_the_players_hand(lesson):
    states = lessons.replay(lesson)
    named = {"stock", "pile", "hand", "panel", "answer", "sheet"}
    for step, state in zip(lesson.steps, states, strict=False):
        hand = state.hand.hands[state.position_of(lessons.YOU)]
        for name in step.points:
            if name in named or name.startswith("button:"):
                continue
            assert Card.parse(name) in hand, (step.words, name)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_lesson_teaches_drawing_discarding_and_knocking(lesson):
    mine = [type(s.action) for s in lesson.steps if s.by == lessons.YOU and s.action]
    assert TakeDiscard in mine and Discard in mine and Knock in mine
    assert DrawStock in mine or lesson.profile_id == "gin-classic" and TakeDiscard in mine


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_player_first_draws_from_the_stock_or_pile_before_discarding(lesson):
    """The discard restriction holds: the card just taken is never the one thrown."""
    states = lessons.replay(lesson)
    for step, state in zip(lesson.steps, states, strict=False):
        if isinstance(step.action, (Discard, Knock)):
            assert step.action.card != state.hand.taken


@pytest.mark.parametrize("profile_id", ["knock-rummy", "gin-rummy", "gin-classic"])
def test_the_lay_off_profiles_show_a_lay_off_by_the_coach(profile_id):
    last = lessons.replay(lessons.LESSONS[profile_id])[-1]
    coach = last.settlement.layoffs[last.position_of(lessons.COACH)]
    assert coach  # the words say the Coach laid off
    assert get_profile(profile_id).layoffs


def test_the_classic_gin_lesson_starts_with_the_upcard_offer():
    lesson = lessons.GIN_CLASSIC
    states = lessons.replay(lesson)
    first = next(i for i, s in enumerate(lesson.steps) if s.action is not None)
    assert states[first].hand.phase == "offer"


def test_the_knock_rami_lesson_reaches_the_buy_back_from_a_prepared_position():
    lesson = lessons.KNOCK_RAMI
    index = next(i for i, s in enumerate(lesson.steps) if s.prepared)
    state = lessons.state_at(lesson, index)
    assert state.phase == BUY_BACK and state.offers[0] == lessons.YOU
    assert state.scores[lessons.YOU] >= 100
    bought, _ = apply(state, lesson.steps[index + 1].action, lessons.YOU)
    assert bought.active[lessons.YOU] and bought.scores[lessons.YOU] == state.scores[1]


def test_state_at_a_step_is_the_same_however_often_it_is_built():
    lesson = lessons.GIN_RUMMY
    a, b = lessons.state_at(lesson, 7), lessons.state_at(lesson, 7)
    assert list(a.log) == list(b.log) and a.hand.hands == b.hand.hands


def test_card_words_write_cards_as_the_table_shows_them():
    assert lessons.card_words("take {QH}, throw {TD} or {JK}") == "take Q♥, throw 10♦ or Joker"


def test_a_script_with_an_illegal_action_is_caught():
    broken = lessons.Lesson(
        "gin-rummy", "broken", 64, (lessons.Step("Knock at once.", (), "knock 2S"),)
    )
    with pytest.raises(lessons.LessonError, match="not legal"):
        lessons.replay(broken)


@pytest.fixture
def speaking():
    """Switch the game's language for a test, and back to English after it."""
    from knockrummy import language

    yield language.use
    language.use(language.SOURCE)


@pytest.mark.parametrize("code", ["fr", "es"])
@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_lesson_plays_to_its_end_in_french_and_spanish_with_its_words_translated(
    lesson, code, speaking
):
    english = [lessons.card_words(step.words) for step in lesson.steps]
    english_tries = [lessons.try_this(step) for step in lesson.steps]
    english_title = lesson.title
    speaking(code)
    states = lessons.replay(lesson)
    assert len(states) == len(lesson.steps) + 1
    assert states[-1].phase == HAND_OVER
    assert lesson.title != english_title
    for index, step in enumerate(lesson.steps):
        words = lessons.card_words(step.words)  # every {card} kept: it still parses
        assert words and words != english[index], (code, index, words)
        assert lessons.try_this(step) != english_tries[index]
        for action in legal_actions(states[index]):
            if action != step.action:
                assert lessons.refusal(step, action) == lessons.try_this(step)
