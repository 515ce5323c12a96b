"""The cards a value names, and what a seat may know at a moment: for the privacy checks."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from knockrummy.engine.actions import Discard, Knock
from knockrummy.engine.cards import Card
from knockrummy.engine.coded import Coded, ValueKind
from knockrummy.engine.views import player_view, spectator_view
from knockrummy.play.stream import Refused


def cards_in(value, own: int | None = None) -> Iterator[Card]:
    """Every card ``value`` names (a refused move's own card excluded when it is the
    ``own`` seat's: the seat named it itself)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Refused):
        if value.seat != own or own is None:
            yield from cards_in(value.action)
            yield from cards_in(value.refusal)
    elif isinstance(value, Discard | Knock):
        yield value.card
    elif isinstance(value, Coded):
        table = getattr(type(value), "TABLE", {})
        spec = table.get(value.code)
        for name, kind in (spec.values if spec else {}).items():
            if kind is ValueKind.CARD:
                yield Card.parse(value.values[name])
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name), own)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item, own)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from cards_in(item, own)


def known(state, seat: int | None) -> set[Card]:
    """The cards ``seat`` may know in ``state``: its view's (None: a spectator's)."""
    view = spectator_view(state) if seat is None else player_view(state, seat)
    return set(cards_in(view))
