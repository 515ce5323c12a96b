"""The game-over screen: who won (and in Knock Rami the pot), every player's final score,
the session's score chart, and what next: Rematch (the same seats, a new deal), New
game, or the title. It answers only a fresh press, and Enter never starts a rematch.

Glossary:
    rematch   a new session with the same rules, seats and stake, dealt from a new secret
              seed, as New game deals: the seed after this one's would be known to anyone
              who has seen this session's deal code, shown now that it is over.
"""

from __future__ import annotations

import pygame

from ...engine.ledger import EntryKind
from ...engine.profiles import get_profile
from ...engine.session import SessionState
from ...language import N_, _, ngettext
from ...language.games import short_name
from ...language.numbers import score
from ..fonts import blit_text, wrap
from ..fresh_press import FreshPress
from ..score_chart import LINE_COLOURS, draw_score_chart, running_totals
from ..seats import SeatConfig
from ..theme import ACCENT, SOFT, TEXT
from ..widgets import Button, row_of_buttons
from ..wording import (
    addressed,
    final_score_line,
    game_over_line,
    stays_in_line,
    the_person,
)
from .menu import MenuScreen


class GameOverScreen(MenuScreen):
    title = N_("Game over")

    def __init__(self, game, state: SessionState, seats: list[SeatConfig]) -> None:
        super().__init__(game)
        self.state = state
        self.seats = seats
        self.totals = running_totals(list(state.ledger), state.players)
        """Each seat's score after every hand (the chart)."""
        hands = ngettext("{count} hand", "{count} hands", state.hand_number)
        self.subtitle = f"{short_name(state.profile_id)} · " + hands.format(count=state.hand_number)
        # Enter never starts a new session: Rematch takes a click or R, and is not the
        # button Enter would press; the screen answers only a fresh press
        self.buttons = [
            # Translators: (R), (N) and (T) are the keys that press these buttons, which
            # stay the same in every language.
            Button(_("Rematch (R)"), self.rematch, pygame.K_r, primary=True, by_enter=False),
            Button(_("New game (N)"), self.new_game, pygame.K_n),
            Button(_("Title (T)"), self.back, pygame.K_t),
        ]
        self.focus = 2
        self.fresh = FreshPress()

    @property
    def busy(self) -> bool:
        return self.fresh.settling  # its moments of settling pass in stepped time

    def update(self, dt: float) -> None:
        self.fresh.update(dt)

    def handle(self, event: pygame.event.Event) -> None:
        """Only a fresh press (see :mod:`..fresh_press`) reaches the buttons."""
        accepted = self.fresh.accept(event)
        if accepted is not None:
            super().handle(accepted)

    @property
    def headline(self) -> str:
        state = self.state
        return game_over_line(self.names, state.winners, state.profile_id, self.pot_won)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as this screen says them: its one person's spoken to."""
        return addressed(self.state.names, the_person([seat.kind for seat in self.seats]))

    @property
    def pot_won(self):
        """Knock Rami: the chips the last player standing took (0 in the other games)."""
        return sum(e.amount for e in self.state.ledger if e.kind == EntryKind.POT)

    def reasons(self) -> list[str]:
        """Knock Rami: why a winner at or over the target stayed in (the lowest score
        stays in when everyone still in reaches it in the same hand)."""
        state = self.state
        profile = get_profile(state.profile_id)
        if not profile.has_pot:
            return []
        return [
            stays_in_line(self.names[seat], state.scores[seat], profile.target)
            for seat in state.winners
            if state.scores[seat] >= profile.target
        ]

    def rematch(self) -> None:
        """The same seats and rules, dealt from a new secret seed."""
        state = self.state
        stake = state.stake if get_profile(state.profile_id).has_pot else None
        session_id, new = self.game.start(
            state.profile_id,
            self.seats,
            stake or None,
            take_backs=state.undo_seat is not None,
        )
        self.app.navigator.table(session_id, new, self.seats)

    def new_game(self) -> None:
        self.app.navigator.new_game()

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        state = self.state
        blit_text(
            surface, self.headline, round(fs * 1.5), ACCENT, (w / 2, h * 0.2), "center", bold=True
        )
        # final scores, the winners first, each in its chart colour
        order = sorted(range(state.players), key=lambda s: s not in state.winners)
        top = h * 0.27
        for rank, seat in enumerate(order):
            line = final_score_line(
                self.names[seat],
                score(state.scores[seat]),
                seat in state.winners,
                not state.active[seat],
            )
            colour = LINE_COLOURS[seat % len(LINE_COLOURS)]
            y = top + rank * fs * 1.5
            pygame.draw.circle(surface, colour, (round(w * 0.34), round(y)), max(4, fs // 3))
            blit_text(
                surface, line, fs, TEXT if seat in state.winners else SOFT, (w * 0.36, y), "midleft"
            )
        y = top + state.players * fs * 1.5
        for line in self.reasons():  # why a winner at or over the target stayed in
            for piece in wrap(line, round(fs * 0.85), w * 0.6):
                blit_text(surface, piece, round(fs * 0.85), SOFT, (w / 2, y), "center")
                y += fs * 1.2
        chart_top = y + fs * 0.5
        bottom = h * 0.84
        if bottom - chart_top > fs * 5:
            area = pygame.Rect(
                round(w * 0.12), round(chart_top), round(w * 0.76), round(bottom - chart_top)
            )
            draw_score_chart(surface, area, state.names, self.totals, fs)
        row_of_buttons(self.buttons, (w / 2, h * 0.91), fs, fs)
