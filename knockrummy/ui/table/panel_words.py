"""The hand-end panel's words, as one frame shows them: the headline, each seat's row (its
name, count, change counting up, total and reasons, fitted to the row) and the lay-offs'
line, made from the view of the hand's end so the painter draws only strings.

Glossary:
    row      :class:`PanelRow`: one seat's words and where its reasons go in the row.
    count    how far the count-up is (0..1): the change shown grows to the hand's result,
             the total with it (from the score before the hand); the reasons show once
             the count is done.
    against  points count against whoever gets them (Knock Rami): red, and said so.
"""

from __future__ import annotations

__all__ = ["BAD", "GAIN", "PLAIN", "PanelRow", "headline", "legend_words", "row_words"]

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.ledger import EntryKind, LedgerEntry
from ...engine.views import PlayerView
from ...language.cards import cards_printed
from ..fonts import fit, wrap
from ..fonts import width as text_width
from ..wording import (
    change_amount,
    change_line,
    deadwood_label,
    headline,
    layoff_legend,
    more_changes,
    panel_name,
    total_label,
)

BAD, GAIN, PLAIN = "bad", "gain", "plain"
"""How a row's change reads: points against the player, a gain, or neither."""


@dataclass(frozen=True)
class PanelRow:
    """One seat's row of the panel, in words, with its reasons placed."""

    seat: int
    name: str
    """The name, with the knocker's tag."""
    deadwood: str
    value: str
    """The change as the count-up shows it now."""
    tone: str
    """:data:`BAD`, :data:`GAIN` or :data:`PLAIN`."""
    total: str | None
    """The running total beside the change (None: it leads the reasons instead)."""
    total_x: float
    """Where the total beside the change starts."""
    reasons: tuple[tuple[str, float, float], ...]
    """Each reason line with its x and its offset from the row's middle."""


def row_words(
    view: PlayerView,
    position: int,
    changes: Sequence[LedgerEntry],
    result,
    geometry,
    count: float,
    against: bool,
) -> PanelRow:
    """``position``'s row at count-up ``count`` in a panel laid out as ``geometry``."""
    settlement = view.settlement
    seat = view.seats_in_hand[position]
    name = view.names[seat]
    fs = geometry.font
    rect = geometry.box
    # the change counts up and the total with it; the reasons wait for the count, so the
    # number and its lines agree at every frame
    done = count >= 1
    lines = [change_line(entry, against, name, view.names) for entry in changes] if done else []
    shown = result if done else round(result * count)
    value = change_amount(shown, against, name)
    tone = BAD if against and result > 0 else GAIN if result > 0 else PLAIN
    x = geometry.right_x
    # a buy-back's return (its own line) comes after the hand's change: the total counts
    # up from the score the hand started at, then takes the return with its line
    returned = sum(e.amount for e in changes if e.kind == EntryKind.BUY_BACK_SCORE)
    total = total_label(
        view.scores[seat] if done else view.scores[seat] - returned - result + shown
    )
    final = text_width(change_amount(result, against, name), round(fs * 1.2), True)
    beside = x + max(fs * 4.5, final + fs * 0.8)
    shown_right = x + text_width(value, round(fs * 1.2), True)
    total_x = max(beside, shown_right + fs * 0.8)
    beside_total: str | None = total
    final_total = total_label(view.scores[seat])  # the layout is the final one throughout
    if beside + text_width(final_total, round(fs * 0.85)) > rect.right - fs:
        lines.insert(0, total)  # a long change ("+38 against Ben"): the total leads
        beside_total = None
    small = round(fs * 0.72)
    step = small * 1.3
    room = max(1, int((geometry.row_h / 2 - fs * 0.35) // step))
    width = rect.right - x - fs
    widest = max((text_width(line, small) for line in lines), default=0)
    # many reasons (a winner paid by each player): side by side in two columns if they fit
    columns = 2 if len(lines) > room and 2 * widest + fs <= width else 1
    if columns == 1:  # a long reason goes on as many lines as it needs
        lines = [piece for line in lines for piece in wrap(line, small, width)]
    if len(lines) > room * columns:
        lines = lines[: room * columns - 1] + [more_changes(len(lines) - room * columns + 1)]
    column_w = width if columns == 1 else (width - fs) / 2
    reasons = []
    for i, line in enumerate(lines):
        column, row = divmod(i, room)
        reasons.append(
            (fit(line, small, column_w), x + column * (column_w + fs), fs * 0.6 + row * step)
        )
    return PanelRow(
        seat,
        panel_name(name, settlement.knocker == position),
        deadwood_label(settlement.deadwood[position], name),
        value,
        tone,
        beside_total,
        total_x,
        tuple(reasons),
    )


def legend_words(view: PlayerView, geometry) -> str | None:
    """The lay-offs' line (who laid off what onto which meld), fitted to the panel."""
    notes = layoff_notes(view)
    if not notes:
        return None
    fs = geometry.font
    return fit(layoff_legend(notes), round(fs * 0.8), geometry.box.width - 2 * fs)


def layoff_notes(view: PlayerView) -> list[tuple[str, str, str]]:
    """The hand's lay-offs as (who, cards given, meld) notes, the cards printed."""
    settlement = view.settlement
    seats = view.seats_in_hand
    if settlement is None or settlement.knocker is None:
        return []
    notes = []
    melds = settlement.arrangements[settlement.knocker].melds
    for position, laid in enumerate(settlement.layoffs):
        by_meld: dict[int, list] = {}
        for lay in laid:
            by_meld.setdefault(lay.meld_index, []).append(lay.card)
        for index, cards in by_meld.items():
            meld = cards_printed(melds[index])
            given = cards_printed(sorted(cards, key=lambda c: c.rank))
            notes.append((view.names[seats[position]], given, meld))
    return notes
