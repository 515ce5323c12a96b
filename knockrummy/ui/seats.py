"""Who sits where: a human or a computer player (with its level) and a name."""

from __future__ import annotations

from dataclasses import dataclass

HUMAN, COMPUTER = "human", "computer"


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: str = COMPUTER
    """``human`` or ``computer``."""
    level: str = "medium"
    """Computer level (``easy``, ``medium``, ``hard``); ignored for a human."""

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def label(self) -> str:
        """The second line of a name plate: ``You``, ``Player`` or the computer's level."""
        return "Player" if self.is_human else self.level.capitalize()

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: dict) -> SeatConfig:
        kind = data.get("kind", COMPUTER)
        if kind not in (HUMAN, COMPUTER):
            raise ValueError(f"seat kind must be human or computer, not {kind!r}")
        return cls(str(data["name"]), kind, str(data.get("level", "medium")))


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
