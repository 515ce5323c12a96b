"""The names a hosted session is dealt with."""

from __future__ import annotations

from knockrummy.net.hosting import HOST_NAME, named_seats, place_of, seats_of
from knockrummy.persistence.schema import HUMAN, SeatData
from knockrummy.play.seats import SeatKind, SeatPlace


def test_friends_take_their_names_and_the_default_you_becomes_the_host():
    seats = seats_of(["you", "friend", "medium", "friend"])
    places = [place_of(s) for s in seats]
    places[1] = SeatPlace("Ann", SeatKind.REMOTE)
    places[3] = SeatPlace("Bob", SeatKind.REMOTE)
    named = named_seats(seats, places)
    assert [s.name for s in named] == [HOST_NAME, "Ann", seats[2].name, "Bob"]
    assert [s.kind for s in named] == [s.kind for s in seats]
    assert [s.level for s in named] == [s.level for s in seats]


def test_a_host_who_gave_a_name_keeps_it():
    seats = [SeatData("Zoé", HUMAN), *seats_of(["friend"])]
    places = [place_of(seats[0]), SeatPlace("Ann", SeatKind.REMOTE)]
    assert [s.name for s in named_seats(seats, places)] == ["Zoé", "Ann"]
