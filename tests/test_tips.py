"""Rule tips are decided from what a seat saw: the engine's events and its own view, and
the tips already shown (each one is shown once)."""

from __future__ import annotations

from dataclasses import replace

from knockrummy.engine.cards import parse_cards
from knockrummy.engine.hand import HandEnded
from knockrummy.engine.scoring import settle
from knockrummy.engine.session import (
    BuyBackOffered,
    HandRecord,
    HandSettled,
    PlayerOut,
    apply,
)
from knockrummy.engine.views import player_view, seen_events
from knockrummy.teaching import lessons
from knockrummy.teaching.tips import TIP_NAMES, tips_for


def settled(profile_id, hands, knocker):
    """A hand's end as the engine reports it, for these final hands."""
    settlement = settle(profile_id, [parse_cards(h) for h in hands], knocker)
    record = HandRecord(1, 0, (0, 1), settlement.result, knocker, settlement.winners, (0, 0))
    return HandSettled(record, settlement, settlement.entries)


def view_at(lesson, index):
    return player_view(lessons.state_at(lesson, index), lessons.YOU)


def test_the_first_knock_available_shows_the_profiles_knock_rule():
    lesson = lessons.GIN_RUMMY
    index = next(i for i, s in enumerate(lesson.steps) if s.expect.startswith("knock"))
    tip = tips_for([], view_at(lesson, index), seen=())
    assert tip.name == "knock-available"
    assert "10 or less" in tip.text


def test_a_tip_already_seen_is_not_shown_again():
    lesson = lessons.GIN_RUMMY
    index = next(i for i, s in enumerate(lesson.steps) if s.expect.startswith("knock"))
    assert tips_for([], view_at(lesson, index), seen=("knock-available",)) is None


def test_no_tip_while_nothing_new_happens():
    lesson = lessons.KNOCK_RUMMY
    index = next(i for i, s in enumerate(lesson.steps) if s.expect == "take")
    assert tips_for([], view_at(lesson, index), seen=()) is None  # a plain draw


def test_the_upcard_offer_is_explained_the_first_time_it_is_made():
    view = view_at(lessons.GIN_CLASSIC, 1)
    assert view.hand_phase == "offer"
    assert tips_for([], view, seen=()).name == "upcard-offer"


def test_a_lay_off_is_explained_from_the_engines_settlement():
    lesson = lessons.KNOCK_RUMMY
    index = next(i for i, s in enumerate(lesson.steps) if s.expect.startswith("knock"))
    state = lessons.state_at(lesson, index)
    after, events = apply(state, lesson.steps[index].action, lessons.YOU)
    tip = tips_for(seen_events(after, 0, events), player_view(after, 0), seen=())
    assert tip.name == "lay-off"
    assert "knocker's melds" in tip.text


def test_an_undercut_names_the_profiles_bonus():
    # the knocker keeps 9 deadwood; the defender holds 2 after melding
    event = settled(
        "gin-rummy",
        ["AS 2S 3S 4H 5H 6H 7C 8C 9C 9D", "AH AD AC 5S 6S 7S 8D 8H 8S 2C"],
        0,
    )
    view = view_at(lessons.GIN_RUMMY, 0)
    assert event.settlement.result == "undercut"
    tip = tips_for([event], view, seen=())
    assert tip.name == "undercut" and "+ 25" in tip.text
    ledger = settled(
        "poker-rum",
        ["AS 2S 3S 4H 5H 6H 7C 8C 9C 9D", "AH AD AC 5S 6S 7S 8D 8H 8S 2C"],
        0,
    )
    assert "pays 10 more" in tips_for([ledger], view_at(lessons.POKER_RUM, 0), ()).text


def test_gin_and_rum_have_their_own_words():
    hands = ["AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "AH AD KC 5S 6S 7S 8D 9H TH 2C"]
    gin = tips_for([settled("knock-rummy", hands, 0)], view_at(lessons.KNOCK_RUMMY, 0), ())
    rum = tips_for([settled("poker-rum", hands, 0)], view_at(lessons.POKER_RUM, 0), ())
    assert gin.name == rum.name == "gin"
    assert gin.text.startswith("Gin:") and rum.text.startswith("Rum:")


def test_an_empty_stock_is_explained_by_the_profiles_rule():
    playing = replace(view_at(lessons.KNOCK_RUMMY, 2), stock_count=0)
    assert tips_for([], playing, ()).name == "empty-stock"
    assert "draw: nobody scores" in tips_for([], playing, ()).text
    gin_view = view_at(lessons.GIN_RUMMY, 0)
    tip = tips_for([HandEnded("exhausted")], gin_view, ())
    assert tip.name == "empty-stock" and "two cards" in tip.text


def test_elimination_and_the_buy_back_offer_are_explained():
    view = player_view(lessons.buy_back_position(), lessons.YOU)
    out, offer = PlayerOut(0, 118, True), BuyBackOffered(0, 10, 87)
    assert tips_for([out, offer], view, ()).name == "elimination"
    assert tips_for([out, offer], view, ("elimination",)).name == "buy-back"
    # an offer made to another seat is not this seat's tip
    assert tips_for([BuyBackOffered(1, 10, 87)], view, ("elimination",)) is None


def test_every_tip_name_is_a_known_one():
    assert len(set(TIP_NAMES)) == len(TIP_NAMES)


def test_a_tip_speaks_the_language_of_the_moment_it_is_shown():
    from knockrummy import language

    lesson = lessons.GIN_RUMMY
    index = next(i for i, s in enumerate(lesson.steps) if s.expect.startswith("knock"))
    view = view_at(lesson, index)
    try:
        language.use("fr")
        french = tips_for([], view, seen=()).text
        language.use("es")
        spanish = tips_for([], view, seen=()).text
    finally:
        language.use(language.SOURCE)
    assert french.startswith("Vous pouvez frapper") and "10 ou moins" in french
    assert spanish.startswith("Ya puedes cerrar") and "10 o menos" in spanish
