"""The look the table is drawn in: when the settings' look changes (the four-colour deck),
the faces shown are made in the new one a step at a time before it is shown."""

from __future__ import annotations

from ...engine.cards import Card
from ...engine.profiles import get_profile
from ...engine.session import (
    PLAYING,
)
from .. import card_art, prepare
from ..move_log import pick_ups
from ..theme import Look, look_of


class TableLook:
    """A part of :class:`~.controller.TableScene` (see the module's docstring)."""

    def _follow_look(self) -> None:
        """When the settings' look is not the one drawn (the four-colour deck toggled), make
        the faces the table shows in it first, a step at a time ahead of the other jobs;
        the look changes once they are made, so the frame that shows it makes none."""
        wanted = look_of(self.settings)
        if wanted == self.look:
            self._look_coming = None  # undone before it was shown (F twice)
            return
        if wanted == self._look_coming:
            return
        self._look_coming = wanted
        self.prepare.add(self._new_look(wanted), first=True)

    def _new_look(self, look: Look):
        """A job: the faces shown now in ``look``, then the look drawn, then the rest of the
        deck's faces in it (see :func:`..prepare.deck_faces`)."""
        for card, width in self._faces_shown():
            card_art.prepare_face(card, width, deck=look.deck)
            yield
        if self._look_coming != look:
            return  # another look asked for since (F twice): not this one
        self.look, self._look_coming = look, None
        widths = prepare.table_widths(self.geometry)
        jokers = get_profile(self.view.profile_id).jokers
        self.prepare.add(prepare.deck_faces(look, widths, self.view.hand, jokers))

    def _faces_shown(self) -> list[tuple[Card, int]]:
        """The cards face up on the table now, each with the width it is drawn at."""
        layout = self.geometry.layout
        view = self.view
        shown = [(card, layout.seats[self.viewer].card_width) for card in view.hand]
        shown += [(card, layout.card_width) for card in view.discard_pile[-2:]]
        taken = pick_ups(view, self.shown) if view.phase == PLAYING else {}
        for position, seat in enumerate(view.seats_in_hand):
            width = layout.seats[seat].card_width
            revealed = view.revealed[position] if view.revealed else ()
            shown += [(card, width) for card in (*revealed, *taken.get(seat, ()))]
        if self.panel is not None:
            geo = self.panel.geometry
            shown += [(placed.card, geo.card_width) for placed in geo.placed]
        return list(dict.fromkeys(shown))
