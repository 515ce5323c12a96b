"""One judge behind the hint, the knock advisor, the review and the expert level."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.ai import judge as judging
from knockrummy.ai.advisor import advise
from knockrummy.ai.expert import ExpertBot
from knockrummy.ai.judge import judge
from knockrummy.ai.review import (
    Decision,
    Option,
    hand_summary,
    price_options,
    review_session,
    session_summary,
    verdict,
)
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from knockrummy.engine.cards import Card
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.session import apply
from knockrummy.engine.views import player_view
from knockrummy.ui.hints import hint_text

from ..sessions import play_some

STEPS = (1, 2, 5, 6, 9)


def _positions(profile: str):
    """A fixed set of positions of the profile's smallest table with a real choice."""
    players = PROFILES[profile].min_players
    for steps in STEPS:
        state = play_some(profile, players, seed=steps + 3, steps=steps)
        if state.to_move is None:
            continue
        view = player_view(state, state.to_move)
        if len(view.legal_actions) > 1:
            yield state, view


@pytest.mark.slow  # the judge prices a few dozen positions
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_hint_the_advisor_and_the_review_name_the_same_best_action(profile):
    from knockrummy.ai.review import decision_seed

    checked = 0
    for state, view in _positions(profile):
        seed = decision_seed(state.seed, len(state.log))
        best = judge(view, seed=seed).best
        assert price_options(view, seed=seed)[0].action == best
        hint = hint_text(state, state.to_move)
        if view.hand_phase == "discard":
            advice = advise(view, seed=seed)
            assert advice.knock == isinstance(best, Knock)
            named = advice.knock_card if advice.knock else advice.discard
            assert named == best.card == hint.card
        elif isinstance(best, TakeDiscard):
            assert hint.text.startswith("Hint: take")
        elif isinstance(best, Pass):
            assert hint.text == "Hint: pass."
        else:
            assert best == DrawStock() and "stock" in hint.text
        # the review of this very decision, the best action played
        judging._cache.clear()
        log = [*state.log, (state.to_move, best)]
        reviewed = review_session(
            profile, state.players, state.seed, log, state.to_move, hand=state.hand_number
        )
        assert reviewed[-1].best == best and reviewed[-1].cost == 0
        checked += 1
    assert checked >= 3


def _decision(cost: float, error: float) -> Decision:
    best, chosen = Discard(Card.parse("8S")), Discard(Card.parse("QH"))
    return Decision(1, 4, 0, chosen, (Option(best, 3.0), Option(chosen, 3.0 - cost, error)))


def test_a_verdict_is_in_whole_points_of_the_stake_with_the_costs_interval():
    mistake = _decision(12.0, 2.0)  # 12, from 8.1 to 15.9
    assert mistake.mistake and mistake.verdict == "mistake" and mistake.cost_error == 2.0
    assert verdict(mistake) == "a mistake costing about 12 (8-16); best: throwing 8♠"
    wide = _decision(11.0, 4.5)  # its interval starts at 2.2, under 3: an inaccuracy
    assert not wide.mistake and wide.verdict == "inaccuracy"
    assert verdict(wide) == "an inaccuracy costing about 11 (2-20); best: throwing 8♠"
    assert _decision(6.0, 1.0).verdict == "inaccuracy"
    for cost, error in ((6.0, 4.0), (4.0, 0.1), (30.0, 20.0), (1.5, 0.8)):
        close = _decision(cost, error)
        assert close.verdict == "close" and not close.mistake, (cost, error)
        assert verdict(close).startswith("too close to call: about ")
    assert verdict(_decision(6.0, 4.0)) == "too close to call: about 6 (-2 to 14)"
    best = Decision(1, 4, 0, Discard(Card.parse("8S")), mistake.options)
    assert not best.mistake and best.cost_error == 0 and verdict(best) == "the best choice"
    assert hand_summary([mistake, _decision(1.5, 0.8)]) == (
        "one clear mistake, costing about 12.0 points: throwing Q♥"
    )
    assert hand_summary([_decision(6.0, 1.0)]) == "no decision was a clear mistake"
    assert session_summary([mistake, _decision(1.5, 0.8)]) == (
        "2 decisions in one hand: 1 clear mistake, costing about 12.0 points; "
        "the costliest hand: 1 (about 12.0)"
    )


def test_a_verdict_naming_a_best_that_reads_worse_says_why():
    from dataclasses import replace

    from knockrummy.ai.judge import WHY_CAP, WHY_USUAL

    kept = replace(_decision(12.0, 2.0), why=WHY_USUAL)
    assert verdict(kept) == (
        "a mistake costing about 12 (8-16); best: throwing 8♠ "
        "(the usual choice stands: no option reads clearly better than it)"
    )
    capped = replace(_decision(6.0, 1.0), why=WHY_CAP)
    assert verdict(capped).endswith("but such knocks seldom pay here)")
    assert kept.to_json()["why"].startswith("the usual choice stands")
    assert "why" not in _decision(12.0, 2.0).to_json()


def test_the_review_speaks_french_and_spanish():
    from knockrummy.language import speaking

    for code in ("fr", "es"):
        with speaking(code):
            words = verdict(_decision(1.5, 0.8)), hand_summary([_decision(12.0, 0.8)])
            words += verdict(_decision(12.0, 0.8)), verdict(_decision(6.0, 1.0))
        english = ("too close", "one clear", "a mistake", "an inaccuracy")
        assert not any(w.startswith(english) for w in words), words


def _session(levels: tuple[str, ...], profile: str = "knock-rummy", hands: int = 1):
    from knockrummy.ai import make_bot

    bots = [make_bot(level, 40 + s) for s, level in enumerate(levels)]
    return play_session(profile, len(levels), 5, bots, until=lambda s: s.hand_number == hands + 1)


@pytest.mark.slow  # a reviewed hand
def test_the_same_review_twice_gives_the_same_words():
    state = _session(("medium", "easy"))
    words = []
    for _ in range(2):
        judging._cache.clear()  # priced again from nothing
        decisions = review_session("knock-rummy", 2, 5, state.log, 1)
        words.append(
            [verdict(d) for d in decisions] + [hand_summary(decisions), session_summary(decisions)]
        )
    assert words[0] == words[1]
    assert len(words[0]) > 3


def _tables():
    for profile in sorted(PROFILES):
        for players in (2, 4):
            if PROFILES[profile].min_players <= players <= PROFILES[profile].max_players:
                yield profile, players


@pytest.mark.slow  # whole sessions of the expert level
@pytest.mark.parametrize(("profile", "players"), list(_tables()))
def test_expert_plays_whole_sessions(profile, players):
    """With few samples a decision (the level's choices are the judge's whatever their
    number): every action legal, the session to its end (or its fourth hand)."""
    bots = [ExpertBot(seed=s, samples=3) if s % 2 == 0 else _hard(s) for s in range(players)]
    state = play_session(profile, players, 9, bots, until=lambda s: s.hand_number == 4)
    assert state.is_over or state.hand_number == 4
    assert any(a.__class__ in (Discard, Knock) for seat, a in state.log if seat == 0)


def _hard(seed: int):
    from knockrummy.ai import make_bot

    return make_bot("hard", seed)


@pytest.mark.slow  # a reviewed hand of the expert level
def test_the_experts_own_decisions_reviewed_by_the_judge_cost_about_nothing():
    state = _session(("expert", "hard"), hands=3)
    decisions = review_session("knock-rummy", 2, 5, state.log, 0)
    assert len(decisions) >= 5
    mistakes = [d for d in decisions if d.mistake]
    assert len(mistakes) <= len(decisions) // 5, [verdict(d) for d in mistakes]


def test_the_judge_sees_only_the_view_and_its_seed():
    state = play_some("gin-rummy", 2, seed=4, steps=5)
    view = player_view(state, state.to_move)
    judging._cache.clear()
    first = judge(view, seed=2, samples=6)
    judging._cache.clear()
    assert judge(view, seed=2, samples=6) == first
    assert sorted(map(str, (o.action for o in first.options))) == sorted(
        map(str, view.legal_actions)
    )
    assert first.options[0].error == 0 and all(o.error >= 0 for o in first.options)
    after, _ = apply(state, first.best)
    assert after is not state


def test_clearly_better_needs_the_margin_above_its_noise():
    same = [1.0, 2.0, 3.0, 4.0]
    assert not judging.clearly_better(same, same)
    assert judging.clearly_better([v + 1.0 for v in same], same)  # no noise in the difference
    noisy = [same[0] + 5.0, same[1] - 4.0, same[2] + 5.0, same[3] - 4.0]
    assert not judging.clearly_better(noisy, same)  # +0.5 a sample, spread far wider


@pytest.mark.slow  # the judge prices positions of every profile three ways
def test_a_departure_from_the_hard_levels_choice_must_be_confirmed_on_fresh_samples(
    monkeypatch,
):
    from knockrummy.ai.hard import HardBot
    from knockrummy.ai.tuning import tuning_of

    checked = departed = 0
    for profile in sorted(PROFILES):
        if tuning_of(profile).judge_best != "usual":
            continue
        for _state, view in _positions(profile):
            seed = 3
            usual = HardBot(seed=seed).choose(view)
            judging._cache.clear()
            with monkeypatch.context() as patched:
                patched.setattr(judging, "confirmed", lambda *args: False)
                assert judge(view, seed=seed).best == usual
            judging._cache.clear()
            with monkeypatch.context() as patched:
                patched.setattr(judging, "confirmed", lambda *args: True)
                departed += judge(view, seed=seed).best != usual
            judging._cache.clear()
            checked += 1
    assert checked >= 9
    assert departed >= 1, "no position tests the confirmation: choose others"


@pytest.mark.slow  # the judge prices positions of the gin profiles
@pytest.mark.parametrize("profile", ["gin-rummy", "gin-classic"])
def test_where_the_judge_follows_its_rollouts_the_best_has_the_highest_value(profile):
    from knockrummy.ai.hard import HardBot
    from knockrummy.ai.judge import WHY_KNOCK
    from knockrummy.ai.tuning import tuning_of

    tuning = tuning_of(profile)
    assert tuning.judge_policy == "patient" and tuning.judge_best == "rollouts"
    checked = 0
    for _state, view in _positions(profile):
        found = judge(view, seed=5)
        best = found.options[0]
        highest = max(o.expected for o in found.options)
        if any(isinstance(a, Knock) for a in view.legal_actions):
            knocks = isinstance(HardBot(seed=5).choose(view), Knock)
            assert isinstance(best.action, Knock) == knocks  # the hard level's call
            same = [o for o in found.options if isinstance(o.action, Knock) == knocks]
            assert best.expected == max(o.expected for o in same)
            assert found.why == (WHY_KNOCK if best.expected < highest else None)
        else:
            assert found.why is None and best.expected == highest
        assert found.samples == tuning.judge_samples
        assert found.options[0].samples in (64, 128, 256)
        checked += 1
    assert checked >= 3


@given(st.data())
@settings(max_examples=300, deadline=None)
def test_the_gain_of_taking_the_upcard_is_the_count_after_the_best_throw(data):
    """``take_gain`` (on masks when it can) says what the discard table says."""
    from knockrummy.ai.common import take_gain
    from knockrummy.engine.cards import new_deck
    from knockrummy.engine.deadwood import cards_deadwood, discard_points

    deck = new_deck(data.draw(st.integers(0, 2), label="jokers"))
    size = data.draw(st.sampled_from([6, 7, 9, 10]), label="hand size")
    cards = data.draw(st.permutations(deck))[: size + 1]
    hand, upcard = list(cards[:size]), cards[size]
    after = discard_points([*hand, upcard], forbidden=upcard)
    assert take_gain(hand, upcard) == cards_deadwood(hand) - min(after.values())


def test_a_play_out_in_place_is_the_same_as_applying_each_action():
    from knockrummy.engine.hand import advance_in_place, apply_unchecked, deal, legal_actions

    for profile in sorted(PROFILES):
        state = deal(profile, 2, 0, seed=5)
        mine = state.copy()
        steps = 0
        while not state.is_over and steps < 60:
            action = legal_actions(state)[steps % len(legal_actions(state))]
            state, events = apply_unchecked(state, action)
            assert advance_in_place(mine, action) == events
            assert (mine.hands, mine.stock, mine.discard, mine.phase, mine.to_move) == (
                state.hands,
                state.stock,
                state.discard,
                state.phase,
                state.to_move,
            )
            steps += 1


def test_a_kept_decision_gets_its_reason_back_from_its_values():
    from knockrummy.ai.judge import WHY_KNOCK, WHY_USUAL
    from knockrummy.records.coach import reason

    throw, other, knock = (
        Discard(Card.parse("8S")),
        Discard(Card.parse("QH")),
        Knock(Card.parse("KS")),
    )
    plain = Decision(1, 4, 0, other, (Option(throw, 3.0), Option(other, 2.0, 1.0)))
    assert reason(plain, None, "usual") is None and reason(plain, 20, "rollouts") is None
    above = Decision(1, 4, 0, other, (Option(throw, 3.0), Option(other, 4.0, 1.0)))
    assert reason(above, None, "usual") == WHY_USUAL
    knocked = Decision(1, 4, 0, other, (Option(throw, 3.0), Option(knock, 4.0, 1.0)))
    assert reason(knocked, 20, "usual") is False  # a capped knock, or the usual choice kept
    assert reason(knocked, None, "usual") == WHY_USUAL
    assert reason(knocked, None, "rollouts") == WHY_KNOCK
    assert reason(above, 20, "rollouts") == WHY_KNOCK
