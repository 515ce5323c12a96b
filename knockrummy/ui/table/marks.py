"""What a drawing of the table put where, for the checks that nothing is clipped or covers
another thing: each text, button, plate, card and box with its rectangle (see
:class:`Marks`), and the helpers every part of the painter draws texts and cards through.

Glossary:
    marks    an optional record of one drawing (:class:`Marks`); None draws without it.
    layer    0 for the table, 1 for what opens over it (the hand log, the pile's history,
             the hand-end panel, speech bubbles, the knock confirmation); a layer-1 box
             covers the table under it; 2 for the deal's details, over everything.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..fonts import blit_text


@dataclass(frozen=True)
class Mark:
    """One thing a drawing put on the window (see the glossary)."""

    kind: str
    """``text``, ``button``, ``plate``, ``card`` or ``box`` (an overlay's background)."""
    group: str
    """Things of one group may overlap each other (the cards of one fanned hand)."""
    rect: pygame.Rect
    layer: int = 0


MODALS = ("panel", "knock question", "details")
"""The boxes that take every key and click while open: what they show stays inside them,
and they may lie over the table and whatever else is open on it (the rest waits)."""

OVERLAYS = ("hand log", "pile history", "rule tip")
"""The boxes shown over the table while the player plays on: they must hide nothing of it."""


class Marks(list):
    """The marks of one drawing, in the order drawn."""

    def add(self, kind: str, group: str, rect, layer: int = 0) -> None:
        self.append(Mark(kind, group, pygame.Rect(rect), layer))

    def problems(self, size: tuple[int, int]) -> list[str]:
        """What is clipped or overlaps in this drawing, in words (empty: nothing).

        Marks of one group may overlap (one fanned hand), and so may the cards of one
        layer-1 box (the panel's rows, the pile's history). What the hand-end panel or a
        speech bubble covers is not seen and not checked; the hand log and the pile's
        history (``OVERLAYS``) are opened while playing on, so what they cover is a fault.
        What the hand-end panel shows stays inside it, its words and cards clear of its
        border. No box is drawn over another (a rule tip over the knock confirmation, a
        bubble over the hand log) unless it is a dialog (``MODALS``), which lies over
        everything open on the table while it is asked.
        """
        window = pygame.Rect(0, 0, *size)
        found = [
            f"{m.kind} {m.group!r} {tuple(m.rect)} leaves the window"
            for m in self
            if not window.contains(m.rect)
        ]
        top = next((m for m in self if m.layer == 2 and m.kind == "box"), None)
        if top is not None:  # the deal's details over everything: what it shows stays in it
            mine = [m for m in self if m.layer == 2]
            found = [
                f"{m.kind} {m.group!r} {tuple(m.rect)} leaves the {where}"
                for m in mine
                for where, rect in (("window", window), (top.group, top.rect))
                if not rect.contains(m.rect)
            ]
            under = [m for m in self if m.layer < 2 and not top.rect.colliderect(m.rect)]
            return found + Marks(under).problems(size)
        boxes = [m for m in self if m.layer == 1 and m.kind == "box"]
        for box in boxes:
            if box.group not in OVERLAYS:
                continue
            for m in self:
                if m.layer == 0 and box.rect.inflate(-2, -2).colliderect(m.rect):
                    found.append(f"the {box.group} hides {m.kind} {m.group!r} {tuple(m.rect)}")
        panel = next((b.rect for b in boxes if b.group in MODALS), None)
        if panel is not None:
            edge = max(8, panel.width // 80)  # words and cards clear of its rounded border
            inside = panel.inflate(-2 * edge, -2 * edge)
            found += [
                f"{m.kind} {m.group!r} {tuple(m.rect)} leaves the panel"
                for m in self
                if m.layer == 1
                and m.kind != "box"
                and not (panel if m.kind == "button" else inside).contains(m.rect)
            ]
        found += _boxes_over_boxes([m for m in self if m.kind == "box"])
        covers = [b.rect for b in boxes]
        seen = [m for m in self if m.layer == 1 or not any(c.colliderect(m.rect) for c in covers)]
        for i, a in enumerate(seen):
            for b in seen[i + 1 :]:
                if a.layer != b.layer or a.group == b.group or "box" in (a.kind, b.kind):
                    continue
                if a.kind == "card" and b.kind == "card" and a.layer == 1:
                    continue  # the panel's rows and the pile's history fan their cards
                if a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
                    found.append(
                        f"{a.kind} {a.group!r} {tuple(a.rect)} overlaps "
                        f"{b.kind} {b.group!r} {tuple(b.rect)}"
                    )
        return found


def _boxes_over_boxes(boxes: list[Mark]) -> list[str]:
    """Each box drawn over an earlier one of another group, in words, unless it is a
    dialog (see :meth:`Marks.problems`)."""
    found = []
    for i, lower in enumerate(boxes):
        for upper in boxes[i + 1 :]:
            if upper.group == lower.group or upper.group in MODALS:
                continue
            if upper.rect.inflate(-2, -2).colliderect(lower.rect.inflate(-2, -2)):
                found.append(
                    f"the {upper.group} box {tuple(upper.rect)} is drawn over "
                    f"the {lower.group} box {tuple(lower.rect)}"
                )
    return found


def mark(marks: Marks | None, kind: str, group: str, rect, layer: int = 0) -> None:
    if marks is not None:
        marks.add(kind, group, rect, layer)


def put_text(
    marks, surface, text, size, color, pos, anchor="topleft", bold=False, group="", layer=0
):
    """``blit_text``, recorded."""
    rect = blit_text(surface, text, size, color, pos, anchor, bold)
    mark(marks, "text", group or text, rect, layer)
    return rect


def put_card(marks, surface, image, pos, group: str, layer: int = 0) -> None:
    surface.blit(image, pos)
    mark(marks, "card", group, image.get_rect(topleft=(round(pos[0]), round(pos[1]))), layer)
