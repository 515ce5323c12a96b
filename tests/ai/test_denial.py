"""The hard level's race against the opponent: samples that fit its play, denial, shedding."""

from __future__ import annotations

import random
from itertools import combinations

from knockrummy.ai.hard import HardBot, HardConfig, race_of
from knockrummy.ai.inference import Clue, Sample, conflict, joins_meld, read_view, sample_hidden
from knockrummy.ai.race import opponent_replies, takes_upcard
from knockrummy.ai.simple import joins_a_meld
from knockrummy.engine.actions import Discard, DrawStock, TakeDiscard
from knockrummy.engine.cards import Card, cards_mask, new_deck, parse_cards
from knockrummy.engine.profiles import PROFILES
from knockrummy.engine.session import apply
from knockrummy.engine.views import player_view

from .helpers import rigged_session, sampler_settings


def card(text: str) -> Card:
    return Card.parse(text)


def test_the_mask_meld_test_agrees_with_the_simple_players_on_random_hands():
    rng = random.Random(2)
    for jokers in (0, 1, 2):
        deck = new_deck(jokers)
        for _ in range(3000):
            rng.shuffle(deck)
            hand, upcard = deck[:10], deck[10]
            if upcard.is_joker:
                continue
            held = sum(1 for c in hand if c.is_joker)
            assert joins_meld(upcard, cards_mask(hand), held) == joins_a_meld(upcard, hand)


def test_the_conflict_count_follows_each_clue_kind_on_random_hands():
    # the clue rules written out on lists: a take conflicts when the card is held and
    # joins no meld with the rest (the cards taken after it aside); a pass or a throw
    # when the card is not held and would have joined one
    rng = random.Random(4)
    cost = {"declined": 1.0, "taken": 1.0, "thrown": 0.5}
    for jokers in (0, 1):
        deck = new_deck(jokers)
        suited = [c for c in deck if not c.is_joker]
        for _ in range(1500):
            hand = rng.sample(deck, 10)
            clues = []
            for _ in range(rng.randint(1, 6)):
                later = rng.sample(hand, rng.randint(0, 2))
                clues.append(Clue(rng.choice(list(cost)), rng.choice(suited), cards_mask(later)))
            expected = 0.0
            for clue in clues:
                then = [c for c in hand if c.is_joker or not clue.later & c.bit]
                rest = [c for c in then if c != clue.card]
                held = clue.card in hand
                melds = joins_a_meld(clue.card, rest)
                if clue.kind == "taken" and held and not melds:
                    expected += cost["taken"]
                if clue.kind != "taken" and not held and melds:
                    expected += cost[clue.kind]
            assert conflict(clues, hand) == expected, (clues, hand)


def played(hands: list[str], pile: str, stock_top: str, moves: str):
    """A rigged gin-rummy hand after ``moves`` (``seat:draw``, ``seat:take``,
    ``seat:CARD`` to throw a card), and seat 0's view of it."""
    state = rigged_session("gin-rummy", hands, discard_pile=pile, stock_top=stock_top, turn=2)
    for move in moves.split():
        seat, what = move.split(":")
        action = {"draw": DrawStock(), "take": TakeDiscard()}.get(what) or Discard(card(what))
        state, _ = apply(state, action, int(seat))
    return player_view(state, 0)


HANDS = ["AS 2S 3S 4H 5H 6H 9D 9C KD 7S", "2C 3D 5C 8H TC JD QH KS 4D AC"]


def passed_seven_of_spades():
    """Seat 0 throws 7S; seat 1 passes it for the stock and throws; seat 0 to move."""
    return played(HANDS, "QC", "6D 9H 2H", "0:draw 0:7S 1:draw 1:KS")


def test_a_likely_sample_never_holds_a_hand_the_passed_upcard_would_have_joined():
    view = passed_seven_of_spades()
    knowledge = read_view(view)
    assert any(c.kind == "declined" and c.card == card("7S") for c in knowledge.clues[1])
    seven = card("7S")
    blind = sample_hidden(knowledge, random.Random(4), 60)
    likely = sample_hidden(knowledge, random.Random(4), 60, likely=True)
    # without the check some guesses hold two sevens or 6S/8S-style partners of the 7S
    assert any(joins_meld(seven, cards_mask(s.hands[1])) for s in blind)
    for sample in likely:
        assert not joins_meld(seven, cards_mask(sample.hands[1])), sample.hands[1]
        assert conflict(knowledge.clues[1], sample.hands[1]) == 0.0


def test_likely_samples_are_seeded_and_blind_to_the_hidden_hand():
    view = passed_seven_of_spades()
    first = sample_hidden(read_view(view), random.Random(9), 20, likely=True)
    again = sample_hidden(read_view(view), random.Random(9), 20, likely=True)
    assert first == again


def test_a_take_that_joins_no_meld_in_the_guessed_hand_conflicts():
    # seat 1 passes the 7S, then takes the KD seat 0 throws
    view = played(HANDS, "5D", "6D 9H 2H", "0:draw 0:7S 1:draw 1:KS 0:take 0:KD 1:take 1:TC")
    knowledge = read_view(view)
    clues = knowledge.clues[1]
    assert clues[-2].kind == "taken" and clues[-2].card == card("KD")
    assert conflict(clues[-2:-1], parse_cards("KD 2C 3D 5C 8H JD QD 4D AC 7C")) == 0.0
    assert conflict(clues[-2:-1], parse_cards("KD 2C 3D 5C 8H JD 4H 4D AC 7C")) == 1.0

    def melding(samples):
        king = card("KD")
        return sum(joins_meld(king, cards_mask(s.hands[1]) & ~king.bit) for s in samples)

    # few hands meld a KD (the KS is thrown), so a guess may fall back to the least conflict
    assert melding(sample_hidden(knowledge, random.Random(3), 100)) < 60
    assert melding(sample_hidden(knowledge, random.Random(3), 100, likely=True)) >= 90


def took_five_of_diamonds():
    """The opponent took 5D from the pile and threw an unrelated card; seat 0 to move."""
    hands = ["AS 2S 3S 4H 5H 6H 9C 6D QS 5D", "2C 4D 7C 8H TC JD QH KS 3H AC"]
    return played(hands, "QC", "KH 9H 2H", "0:draw 0:5D 1:take 1:KS 0:draw")


def test_a_card_next_to_one_the_opponent_took_is_charged_more_than_an_unrelated_one():
    view = took_five_of_diamonds()
    knowledge = read_view(view)
    race = race_of(view, knowledge)
    assert race.opponent == 1 and card("KS") in view.discard_pile
    samples = sample_hidden(knowledge, random.Random(5), 40, likely=True)
    replies = opponent_replies(samples, race.opponent, race.limit, [card("QS"), card("6D")])
    # 6D sits next to the 5D they took (4D/6D or 5-5-5 are likely in a hand that took it)
    assert replies[card("6D")].denial > replies[card("QS")].denial, replies


def test_the_threat_is_certain_when_the_opponent_can_knock_after_any_draw():
    ready = parse_cards("AS 2S 3S 4H 5H 6H 7D 7C 7S 2D")  # 2 of deadwood
    junk = parse_cards("KS QH JD 9C 7H 5D 3C KD QC 9S")
    stock = tuple(parse_cards("TH TD TC TS 8S 8D 8C 6S 6D 6C 4S 4D"))
    mine = tuple(parse_cards("AH AD AC 2H 2C 3H 3D 3C 4C 5S"))
    threat = {}
    for name, theirs in (("ready", ready), ("junk", junk)):
        samples = [Sample((mine, tuple(theirs)), stock)]
        threat[name] = opponent_replies(samples, 1, 10, [card("5C")])[card("5C")].threat
    assert threat["ready"] == 1.0 and threat["junk"] < 0.5, threat


def test_the_take_model_takes_a_card_that_melds_or_lets_it_knock():
    hand = parse_cards("2S 3S 4S 5H 5D 5C 9C TC JC KD")
    assert takes_upcard(hand, card("QC"), 10)  # 9C TC JC QC
    assert takes_upcard(hand, card("AH"), 10)  # take the ace, throw the king: 1
    assert not takes_upcard(hand, card("8H"), 5)  # it melds nothing, and 8 is over 5


def test_when_a_knock_is_coming_the_count_outweighs_the_race():
    bot = HardBot(seed=1)
    from knockrummy.ai.race import Reply

    calm, coming = Reply(denial=0.0, threat=0.0), Reply(denial=0.0, threat=0.9)
    # a building discard (race value 150, count 25) against a shedding one (100, count 8)
    assert bot.race_worth(150.0, calm, 25) > bot.race_worth(100.0, calm, 8)
    assert bot.race_worth(150.0, coming, 25) < bot.race_worth(100.0, coming, 8)
    # with the switch off, only the race counts
    off = HardBot(seed=1, config=HardConfig(shed_point=0.0))
    assert off.race_worth(150.0, coming, 25) > off.race_worth(100.0, coming, 8)


def test_every_pair_of_a_three_card_meld_is_seen_by_the_mask_test():
    for a, b, c in combinations(parse_cards("5S 6S 7S 7H 7D"), 3):
        for one, two, three in ((a, b, c), (b, c, a), (c, a, b)):
            if joins_a_meld(three, [one, two]):
                assert joins_meld(three, cards_mask([one, two]))


def test_the_threat_alone_is_the_threat_of_the_full_reply():
    # the shipped level (denial off) works out only the threat: it must be the same one
    view = took_five_of_diamonds()
    knowledge = read_view(view)
    race = race_of(view, knowledge)
    samples = sample_hidden(knowledge, random.Random(9), 40, likely=True)
    cards = list(view.hand)
    full = opponent_replies(samples, race.opponent, race.limit, cards)
    alone = opponent_replies(samples, race.opponent, race.limit, cards, deny=False)
    assert any(r.denial for r in full.values())
    for c in cards:
        assert alone[c].threat == full[c].threat and alone[c].denial == 0.0


def test_the_first_draws_knock_chance_is_the_outlooks_first_step():
    from knockrummy.ai.race import DENY_SETS, DRAWS, foresight

    rng = random.Random(4)
    deck = new_deck()
    for trial in range(600):
        rng.shuffle(deck)
        hand = deck[:10]
        size = rng.randrange(0, 5) if trial % 2 else rng.randrange(0, 30)  # near the wall too
        stock = tuple(deck[10 : 10 + size])
        sample = Sample((tuple(hand), ()), stock)
        for limit in (0, 10, 30, 60):
            expected = foresight([sample], hand, limit, sets=DENY_SETS).knock[0]
            alone = foresight([sample], hand, limit, 1, DENY_SETS, {}, stride=DRAWS)
            assert alone.knock == (expected,)


LIKELY = {
    "gin-rummy": True,
    "gin-classic": True,
    "knock-rummy": True,
    "poker-rum": False,
    "knock-rami": False,
}
"""Where the shipped level weighs its samples by the play: where it was measured to win
games (``docs/strength.md``)."""


def test_the_hard_level_weighs_its_samples_by_the_play_in_the_profiles_measured():
    assert set(LIKELY) == set(PROFILES), "a new profile needs its measured setting here"
    for profile, expected in LIKELY.items():
        asked = {likely for likely, _, _ in sampler_settings(profile)}
        assert asked == {expected}, profile


def test_the_hard_level_weighs_its_samples_by_the_play_everywhere_or_nowhere_as_configured():
    for profile, setting in (("poker-rum", True), ("gin-rummy", False)):
        asked = {likely for likely, _, _ in sampler_settings(profile, likely=setting)}
        assert asked == {setting}, (profile, setting)
