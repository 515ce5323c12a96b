"""Who sits where: a human or a computer player (with its level) and a name."""

from __future__ import annotations

from dataclasses import dataclass

from ..language import _
from ..language.games import level_name
from ..persistence import schema

HUMAN, COMPUTER, FRIEND = schema.HUMAN, schema.COMPUTER, schema.FRIEND


@dataclass(frozen=True)
class SeatConfig(schema.SeatData):
    """A seat at the table: the name, kind and level of :class:`SeatData`, checked."""

    def __post_init__(self) -> None:
        # a seat's level reaches make_bot: refuse a wrong one here, before any game starts
        schema.choice(self.kind, "a seat's kind", schema.SEAT_KINDS)
        schema.level(self.level, "a seat's level")

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def is_friend(self) -> bool:
        """A friend on another machine (online play)."""
        return self.kind == FRIEND

    @property
    def label(self) -> str:
        """The second line of a name plate: ``Player`` or the computer's level, in the
        player's language."""
        if self.is_human or self.is_friend:
            # Translators: a person's name plate, under the name.
            return _("Player")
        return level_name(self.level)

    @classmethod
    def from_json(cls, data: dict, where: str = "a seat") -> SeatConfig:
        """A seat read from a save or a file: the name, kind and level are checked
        (:func:`~knockrummy.persistence.schema.seat`); InvalidDataError otherwise."""
        checked = schema.seat(data, where)
        return cls(checked.name, checked.kind, checked.level)


def take_back_seat(seats) -> int | None:
    """The seat that may take back a discard: the one person at a table of computers (a
    human here, or a friend online); None at a table of several people (pass-and-play, a
    host and a friend, two friends) or of computers only."""
    people = [seat for seat, config in enumerate(seats) if config.kind in (HUMAN, FRIEND)]
    return people[0] if len(people) == 1 and len(seats) > 1 else None


COMPUTER_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay")
"""Names the window gives computer seats, by seat number."""


def default_seats(players: int, humans: int = 1, level: str = "medium") -> list[SeatConfig]:
    """``humans`` human seats first (``You`` when alone), then computers at ``level``."""
    seats = []
    for seat in range(players):
        if seat < humans:
            seats.append(SeatConfig("You" if humans == 1 else f"Player {seat + 1}", HUMAN))
        else:
            seats.append(SeatConfig(COMPUTER_NAMES[seat % len(COMPUTER_NAMES)], level=level))
    return seats


def seats_for_deal(kinds) -> list[SeatConfig]:
    """The seats a deal code names (``human`` or a level, by seat): the human seat is
    ``You`` (several are ``Player N``), computers take the window's names."""
    humans = sum(1 for kind in kinds if kind == HUMAN)
    seats = []
    for seat, kind in enumerate(kinds):
        if kind == HUMAN:
            seats.append(SeatConfig("You" if humans == 1 else f"Player {seat + 1}", HUMAN))
        else:
            seats.append(SeatConfig(COMPUTER_NAMES[seat % len(COMPUTER_NAMES)], level=kind))
    return seats
