"""New game: the profile, the number of seats, who sits where, the knock-rami stake; or a
deal code to play ("Play this deal"), or the day's daily deal.

Sensible defaults make one click (Deal) start a game: Knock Rummy, you against a medium
computer.

Glossary:
    deal code   letters and digits naming the rules, the seats and the seed (see
                :mod:`knockrummy.records.deal_codes`); a mistyped one is caught by its check
                character and refused in words.
    daily deal  one deal per calendar day for each profile, you against hard; each day's
                result is kept and shown beside your best.
"""

from __future__ import annotations

import datetime
from dataclasses import replace

import pygame

from ...ai import LEVELS, OFFERED
from ...engine.profiles import PROFILES, get_profile
from ...language import N_, _, ngettext
from ...language.games import level_name, short_name
from ...records.deal_codes import Deal, DealCodeError, decode
from ...settings import NAME_LENGTH
from ..daily_deal import daily_line, start_daily
from ..fonts import blit_text, fit, fit_end, wrap
from ..seats import COMPUTER, COMPUTER_NAMES, FRIEND, HUMAN, SeatConfig, seats_for_deal
from ..theme import ACCENT, SOFT, TEXT
from ..widgets import Button
from ..wording import stored_name, typed_name
from .menu import MenuScreen

NAME_LIMIT = 16
CODE_LIMIT = 40
STAKES = (5, 10, 20, 50, 100)
# Translators: over the box where a deal code is typed; "Play this deal" is the label of
# the button beside it.
CODE_LABEL = N_("Replay a shared deal: type its code, then Play this deal")
"""Over the deal-code box: what it is for, in a player's words."""
CODE_PLACEHOLDER = N_("click to type")


def kind_words(kind: str) -> str:
    """A seat's kind on New game's button."""
    if kind == HUMAN:
        return _("Human")
    if kind == FRIEND:
        # Translators: a seat played by a friend on another machine (online play).
        return _("Friend (online)")
    return _("Computer")


def players_words(least: int, most: int) -> str:
    """How many play a game: ``2 players``, ``2-4 players``."""
    if least == most:
        return ngettext("{count} player", "{count} players", least).format(count=least)
    # Translators: how many play a game, {least} and {most} being numbers: "2-4 players".
    return _("{least}-{most} players").format(least=least, most=most)


class NewGameScreen(MenuScreen):
    title = N_("New game")

    def __init__(self, game) -> None:
        super().__init__(game)
        settings = game.settings
        self.profile = settings.new_game_profile or "knock-rummy"
        """The rules last dealt from here (kept in the settings), else Knock Rummy."""
        you = SeatConfig(settings.player_name, HUMAN)  # the name set in Settings
        self.seats = [you, SeatConfig(COMPUTER_NAMES[1], COMPUTER, "medium")]
        p = get_profile(self.profile)
        if p.min_players <= len(settings.new_game_seats) <= p.max_players:
            self.seats = [SeatConfig(*seat) for seat in settings.new_game_seats]
            humans = [i for i, seat in enumerate(self.seats) if seat.is_human]
            names = {seat.name for seat in self.seats}
            if len(humans) == 1 and settings.player_name not in names:
                # the player renamed in Settings since: the one human seat is theirs
                self.seats[humans[0]] = replace(self.seats[humans[0]], name=you.name)
        self.chosen_stake: int | None = None
        """The stake set with − and +; None until then: the profile's own."""
        self.editing: int | None = None
        self.code = ""
        self.typing_code = False
        self.today = datetime.date.today()
        self.rebuild()

    @property
    def stake(self) -> int:
        """The chips each player stakes, where the profile has a pot."""
        if self.chosen_stake is not None:
            return self.chosen_stake
        return get_profile(self.profile).default_stake

    # --------------------------------------------------------------- state changes

    def choose_profile(self, profile: str) -> None:
        self.profile = profile
        p = get_profile(profile)
        players = min(max(len(self.seats), p.min_players), p.max_players)
        self.set_players(players)

    def set_players(self, players: int) -> None:
        p = get_profile(self.profile)
        players = min(max(players, p.min_players), p.max_players)
        while len(self.seats) < players:
            used = {s.name for s in self.seats}
            name = next(
                n
                for n in COMPUTER_NAMES + tuple(f"Player {i}" for i in range(1, 9))
                if n not in used
            )
            level = self.seats[-1].level if self.seats else "medium"
            self.seats.append(SeatConfig(name, COMPUTER, level))
        del self.seats[players:]
        if self.editing is not None and self.editing >= players:
            self.editing = None
        self.rebuild()

    def toggle_kind(self, seat: int) -> None:
        """Human, then Computer, then Friend (online), then Human again."""
        cfg = self.seats[seat]
        after = {HUMAN: COMPUTER, COMPUTER: FRIEND, FRIEND: HUMAN}[cfg.kind]
        self.seats[seat] = replace(cfg, kind=after)
        self.rebuild()

    def cycle_level(self, seat: int) -> None:
        """The next offered level (a seat remembered at another, ``expert``, goes to the
        first)."""
        cfg = self.seats[seat]
        now = OFFERED.index(cfg.level) if cfg.level in OFFERED else -1
        self.seats[seat] = replace(cfg, level=OFFERED[(now + 1) % len(OFFERED)])
        self.rebuild()

    def change_stake(self, step: int) -> None:
        i = STAKES.index(self.stake) if self.stake in STAKES else 1
        self.chosen_stake = STAKES[min(max(i + step, 0), len(STAKES) - 1)]
        self.rebuild()

    def problem(self) -> str | None:
        """Why the game cannot be dealt as set up, or None."""
        names = [typed_name(s.name.strip()) for s in self.seats]
        if any(not n for n in names):
            return _("Every seat needs a name.")
        if len(set(names)) != len(names):
            return _("Two seats have the same name.")
        return None

    def deal(self) -> None:
        problem = self.problem()
        if problem:
            self.notices = [problem]
            return
        # the default name as the language says it ("Vous") is the default "You" again
        seats = [replace(s, name=typed_name(s.name.strip())) for s in self.seats]
        stake = self.stake if get_profile(self.profile).has_pot else None
        humans = [s for s in seats if s.is_human]
        settings = self.game.settings
        name = humans[0].name if len(humans) == 1 else settings.player_name
        remembered = replace(
            settings,
            new_game_profile=self.profile,
            new_game_seats=tuple((s.name, s.kind, s.level) for s in seats),
        )
        if name != settings.player_name and len(name) <= NAME_LENGTH:
            # the name typed here is the player's from now on
            remembered = replace(remembered, player_name=name)
        if remembered != settings:
            self.game.change_settings(remembered)  # chosen here again next time
        if any(s.is_friend for s in seats):
            # friends online: the table is hosted, and its lobby waits for them
            self.app.navigator.host(self.profile, seats, stake)
            return
        session_id, state = self.game.start(self.profile, seats, stake, take_backs=True)
        self.app.navigator.table(session_id, state, seats)

    def play_code(self) -> None:
        """Deal the typed deal code; a mistyped one is refused in words."""
        self.typing_code = False
        try:
            deal = decode(self.code)
        except DealCodeError as exc:
            # Translators: {reason} says what is wrong with the typed code (in English).
            self.notices = [_("That deal code cannot be played: {reason}.").format(reason=exc)]
            return
        self.start_deal(deal)

    def play_daily(self) -> None:
        """Deal today's daily deal for the chosen rules and note it as that day's."""
        session_id, state, seats = start_daily(self.game, self.profile, self.today)
        self.app.navigator.table(session_id, state, seats)

    def start_deal(self, deal: Deal) -> None:
        """A new session as ``deal`` names it: the code's human seat is you."""
        seats = seats_for_deal(deal.seats)
        session_id, state = self.game.start(deal.profile_id, seats, seed=deal.seed)
        self.app.navigator.table(session_id, state, seats)

    def daily_line(self) -> str:
        """Today's daily deal for the chosen rules, your result today and your best."""
        return daily_line(self.game.store, self.profile, self.today)

    # --------------------------------------------------------------- buttons

    def rebuild(self) -> None:
        """Buttons for the current choices (called after every change)."""
        at = self._focus_place()
        self.profile_buttons = [
            Button(
                short_name(pid),
                (lambda pid=pid: self.choose_profile(pid)),
                primary=pid == self.profile,
                # Translators: said aloud for the game chosen on New game; {game} its name.
                spoken=_("{game}, chosen").format(game=short_name(pid))
                if pid == self.profile
                else "",
            )
            for pid in PROFILES
        ]
        p = get_profile(self.profile)
        n = len(self.seats)
        self.minus = Button(
            "−",
            lambda: self.set_players(n - 1),
            enabled=n > p.min_players,
            # Translators: said aloud for the − button by the number of players.
            spoken=_("Fewer players, now {count}").format(count=n),
        )
        self.plus = Button(
            "+",
            lambda: self.set_players(n + 1),
            enabled=n < p.max_players,
            # Translators: said aloud for the + button by the number of players.
            spoken=_("More players, now {count}").format(count=n),
        )
        self.name_buttons = [
            Button(
                stored_name(s.name),
                (lambda i=i: self.start_name(i)),
                ghost=True,
                spoken=self._name_words(i),
            )
            for i, s in enumerate(self.seats)
        ]
        self.kind_buttons = [
            Button(
                kind_words(s.kind),
                (lambda i=i: self.toggle_kind(i)),
                # Translators: said aloud: {number} a seat's number, {player} its name,
                # {kind} "Human", "Computer" or "Friend (online)".
                spoken=_("Seat {number}, {player}: {kind}").format(
                    number=i + 1, player=stored_name(s.name), kind=kind_words(s.kind)
                ),
            )
            for i, s in enumerate(self.seats)
        ]
        self.level_buttons = [
            Button(
                level_name(s.level),
                (lambda i=i: self.cycle_level(i)),
                visible=s.kind == COMPUTER,
                # Translators: said aloud: {number} a seat's number, {player} its name,
                # {level} the computer's level ("Hard").
                spoken=_("Seat {number}, {player}: level {level}").format(
                    number=i + 1, player=stored_name(s.name), level=level_name(s.level)
                ),
            )
            for i, s in enumerate(self.seats)
        ]
        self.stake_minus = Button(
            "−",
            lambda: self.change_stake(-1),
            visible=p.has_pot,
            # Translators: said aloud for the − button by the stake; {chips} the stake.
            spoken=_("Lower stake, now {chips}").format(chips=self.stake),
        )
        self.stake_plus = Button(
            "+",
            lambda: self.change_stake(1),
            visible=p.has_pot,
            # Translators: said aloud for the + button by the stake; {chips} the stake.
            spoken=_("Higher stake, now {chips}").format(chips=self.stake),
        )
        hosting = any(s.is_friend for s in self.seats)
        # Translators: New game's button when a seat is a friend's online: the table is
        # hosted and waits for the friends to join.
        self.deal_button = Button(_("Host") if hosting else _("Deal"), self.deal, primary=True)
        self.back_button = Button(_("Back"), self.back)
        self.code_field = Button(self.code, self.start_code, ghost=True, spoken=self._code_words())
        self.code_button = Button(_("Play this deal"), self.play_code)
        self.daily_text = self.daily_line()  # read once per change, never on a redraw
        self.daily_button = Button(
            _("Daily deal"), self.play_daily, spoken=f"{_('Daily deal')}. {self.daily_text}"
        )
        seats = [
            button
            for i in range(n)
            for button in (self.name_buttons[i], self.kind_buttons[i], self.level_buttons[i])
        ]
        self.buttons = (
            [self.deal_button]
            + self.profile_buttons
            + [self.minus, self.plus]
            + seats
            + [self.stake_minus, self.stake_plus, self.code_field, self.code_button]
            + [self.daily_button, self.back_button]
        )
        self.focus = self._kept_focus(at)

    # --------------------------------------------------------------- keyboard and speech

    def _focus_place(self) -> int:
        """Where the keyboard is, as a place among all the buttons (0 before the first
        build)."""
        buttons = getattr(self, "buttons", None)
        if not buttons:
            return 0
        focusable = self.focusable()
        if not focusable:
            return 0
        focused = focusable[self.focus % len(focusable)]
        return next((i for i, b in enumerate(buttons) if b is focused), 0)

    def _kept_focus(self, place: int) -> int:
        """After a change, the keyboard stays where it was (the item then says its new
        value), or on the next item that may be chosen where that one may not now."""
        focusable = self.focusable()
        for button in self.buttons[place:]:
            for index, item in enumerate(focusable):
                if item is button:
                    return index
        return 0

    def start_name(self, seat: int) -> None:
        """Enter on a seat's name: type it (Enter, Tab or Escape ends)."""
        self.typing_code = False
        self.editing = seat
        # typing starts from the name as it is shown ("Vous", not "You")
        self.seats[seat] = replace(self.seats[seat], name=stored_name(self.seats[seat].name))
        self._respeak()

    def start_code(self) -> None:
        """Enter on the deal code's box: type a code (Enter plays it)."""
        self.editing = None
        self.typing_code = True
        self._respeak()

    def _name_words(self, seat: int) -> str:
        name = stored_name(self.seats[seat].name)
        if self.editing == seat:
            # Translators: said aloud while a seat's name is typed: {number} the seat's
            # number, {player} the name so far.
            return _("Typing seat {number}'s name: {player}. Enter when done.").format(
                number=seat + 1, player=name
            )
        # Translators: said aloud for a seat's name box: {number} the seat's number,
        # {player} its name.
        return _("Seat {number}'s name: {player}. Enter to change it.").format(
            number=seat + 1, player=name
        )

    def _code_words(self) -> str:
        if self.typing_code:
            # Translators: said aloud while a deal code is typed; {code} what is typed so far.
            return _("Typing a deal code: {code}. Enter plays it.").format(code=self.code)
        if self.code:
            # Translators: said aloud for the deal code's box; {code} the code typed.
            return _("Deal code: {code}. Enter to change it.").format(code=self.code)
        return _("Deal code: empty. Enter to type one.")

    def _respeak(self) -> None:
        """What the name and code boxes say follows what is typed."""
        for i, button in enumerate(self.name_buttons):
            button.spoken = self._name_words(i)
            button.label = stored_name(self.seats[i].name)
        self.code_field.spoken = self._code_words()

    def speech_lines(self) -> list[str]:
        """The chosen game's summary and how many play (read with Right and Left)."""
        p = get_profile(self.profile)
        rules = [_(rule) for rule in p.resolved]
        return [_(p.summary), players_words(p.min_players, p.max_players), *rules]

    # --------------------------------------------------------------- input

    def name_rects(self) -> list[pygame.Rect]:
        w, h = self.size
        fs = self.fs
        x = w * 0.52
        top = h * 0.30
        row = fs * 2.6
        return [
            pygame.Rect(round(x), round(top + i * row), round(fs * 10), round(fs * 2.0))
            for i in range(len(self.seats))
        ]

    def code_rect(self) -> pygame.Rect:
        w, h = self.size
        fs = self.fs
        return pygame.Rect(round(w * 0.06), round(h * 0.86 - fs), round(w * 0.2), round(fs * 2))

    def code_label_top(self) -> float:
        """The top of the line over the deal-code box (the left column ends above it)."""
        return self.code_rect().top - self.fs * 1.5

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.edit_name(event)
            self._respeak()
            return
        if self.typing_code and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.edit_code(event)
            self._respeak()
            return
        super().handle(event)
        self._respeak()

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.typing_code = self.code_rect().collidepoint(event.pos)
            if self.typing_code:
                self.editing = None
                return
            for i, rect in enumerate(self.name_rects()):
                if rect.collidepoint(event.pos):
                    self.start_name(i)
                    return
            self.editing = None

    def edit_code(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            if len(self.code) < CODE_LIMIT and event.text.isprintable():
                self.code += event.text
        elif event.key == pygame.K_BACKSPACE:
            self.code = self.code[:-1]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_code()
            return
        elif event.key in (pygame.K_ESCAPE, pygame.K_TAB):
            self.typing_code = False
        self.notices = []

    def edit_name(self, event: pygame.event.Event) -> None:
        cfg = self.seats[self.editing]
        if event.type == pygame.TEXTINPUT:
            if len(cfg.name) < NAME_LIMIT and event.text.isprintable():
                self.seats[self.editing] = replace(cfg, name=cfg.name + event.text)
        elif event.key == pygame.K_BACKSPACE:
            self.seats[self.editing] = replace(cfg, name=cfg.name[:-1])
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            self.editing = None
        self.notices = []

    # --------------------------------------------------------------- drawing

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        p = get_profile(self.profile)
        # profiles, left
        left = w * 0.06
        y = h * 0.2
        blit_text(surface, _("Rules"), fs, SOFT, (left, y), "topleft", bold=True)
        y += fs * 2
        for button in self.profile_buttons:
            button.place((0, 0), fs)
            button.rect.width = round(w * 0.3)
            button.rect.topleft = (round(left), round(y))
            y += button.rect.height + fs * 0.5
        y += fs * 0.6
        for line in wrap(_(p.summary), fs * 0.95, w * 0.36):
            blit_text(surface, line, round(fs * 0.95), TEXT, (left, y), "topleft")
            y += fs * 1.35
        y += fs * 0.3
        # the house rules fill the room above the deal-code box, never run under it: whole
        # rules only, and where one is left out, a pointer to the Rules page
        limit = self.code_label_top() - fs * 0.5
        step = fs * 1.15
        room = max(0, int((limit - y - fs * 1.3) // step))
        rules = [
            [
                ("• " if i == 0 else "  ") + line
                for i, line in enumerate(wrap(_(r), fs * 0.8, w * 0.34))
            ]
            for r in p.resolved[:2]
        ]
        lines: list[str] = []
        for number, rule in enumerate(rules):
            left_out = number < len(rules) - 1  # a pointer to the rest needs a line
            if len(lines) + len(rule) + left_out > room:
                if lines:
                    lines.append("• " + _("...and more on the Rules page"))
                break
            lines += rule
        players = players_words(p.min_players, p.max_players)
        if lines:
            # Translators: {players} says how many play ("2-4 players"); the house rules
            # of the chosen game are listed under this line.
            head = _("{players}; house rules in force:").format(players=players)
        else:
            # Translators: {players} says how many play; "Rules" is the Rules page.
            head = _("{players}; house rules: see Rules").format(players=players)
        blit_text(surface, head, round(fs * 0.85), SOFT, (left, y), "topleft")
        y += fs * 1.3
        for line in lines:
            blit_text(surface, line, round(fs * 0.8), SOFT, (left, y), "topleft")
            y += step
        # seats, right
        x = w * 0.52
        top = h * 0.2
        blit_text(surface, _("Players"), fs, SOFT, (x, top), "topleft", bold=True)
        self.minus.place((x + fs * 8, top + fs * 0.5), fs)
        blit_text(
            surface,
            str(len(self.seats)),
            round(fs * 1.2),
            TEXT,
            (x + fs * 11, top + fs * 0.5),
            "center",
            bold=True,
        )
        self.plus.place((x + fs * 14, top + fs * 0.5), fs)
        for i, rect in enumerate(self.name_rects()):
            self.name_buttons[i].rect = rect.copy()  # the keyboard's stop on the name box
            editing = self.editing == i
            pygame.draw.rect(
                surface,
                (250, 246, 232) if editing else (235, 230, 210),
                rect,
                border_radius=fs // 2,
            )
            if editing:
                pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=fs // 2)
            name = self.seats[i].name + "|" if editing else stored_name(self.seats[i].name)
            blit_text(
                surface,
                fit(name, fs, rect.width - fs),
                fs,
                (30, 30, 30),
                (rect.left + fs * 0.5, rect.centery),
                "midleft",
            )
            self.kind_buttons[i].place((rect.right + fs * 4.5, rect.centery), round(fs * 0.9))
            self.level_buttons[i].place((rect.right + fs * 11, rect.centery), round(fs * 0.9))
        if p.has_pot:
            sy = h * 0.30 + len(self.seats) * fs * 2.6 + fs
            label = blit_text(
                surface, _("Stake (chips each)"), fs, SOFT, (x, sy + fs * 0.5), "midleft"
            )
            # the buttons after the label as drawn: a longer language's pushes them right
            minus = max(x + fs * 12, label.right + fs * 1.8)
            self.stake_minus.place((minus, sy + fs * 0.5), fs)
            blit_text(
                surface,
                str(self.stake),
                round(fs * 1.2),
                TEXT,
                (minus + fs * 3, sy + fs * 0.5),
                "center",
                bold=True,
            )
            self.stake_plus.place((minus + fs * 6, sy + fs * 0.5), fs)
        for i, s in enumerate(self.seats):
            if s.kind == COMPUTER:
                rect = self.level_buttons[i].rect
                desc = getattr(LEVELS[s.level], "description", "")
                if self.level_buttons[i].hover and desc:
                    blit_text(
                        surface,
                        fit(_(desc), round(fs * 0.8), w - rect.left),
                        round(fs * 0.8),
                        SOFT,
                        (rect.left, rect.bottom + 2),
                        "topleft",
                    )
        self.deal_button.place((w * 0.72, h * 0.86), round(fs * 1.2))
        self.back_button.place((w * 0.52, h * 0.86), fs)
        self.draw_codes(surface)
        if self.problem():
            blit_text(
                surface,
                self.problem(),
                fs,
                (255, 215, 120),
                (w * 0.72, h * 0.86 - fs * 2),
                "center",
            )

    def draw_codes(self, surface: pygame.Surface) -> None:
        """The deal code field with Play this deal, and the daily deal's line."""
        w, h = surface.get_size()
        fs = self.fs
        small = round(fs * 0.85)
        rect = self.code_rect()
        self.code_field.rect = rect.copy()
        pygame.draw.rect(
            surface, (250, 246, 232) if self.typing_code else (235, 230, 210), rect,
            border_radius=fs // 2,
        )  # fmt: skip
        if self.typing_code:
            pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=fs // 2)
        blit_text(
            surface, fit(_(CODE_LABEL), small, w * 0.44), small, SOFT,
            (rect.left, self.code_label_top()), "topleft",
        )  # fmt: skip
        ink = (30, 30, 30) if self.code or self.typing_code else (120, 120, 110)
        room = rect.width - fs
        if self.typing_code:  # a long code (a 63-bit seed, six seats) shows its end
            shown = fit_end(self.code + "|", fs, room)
        else:
            shown = fit(self.code or _(CODE_PLACEHOLDER), fs, room)
        blit_text(surface, shown, fs, ink, (rect.left + fs * 0.5, rect.centery), "midleft")
        self.code_button.place((0, rect.centery), round(fs * 0.9))
        self.code_button.rect.left = rect.right + fs // 2
        # the daily deal: a row under the title, across the screen
        self.daily_button.place((0, h * 0.08 + fs * 2.6), round(fs * 0.9))
        text = fit(self.daily_text, small, w * 0.9 - self.daily_button.rect.width - fs)
        width = self.daily_button.rect.width + fs * 0.5 + fs * 0.6 * 0 + _width(text, small)
        self.daily_button.rect.left = round((w - width) / 2)
        blit_text(
            surface,
            text,
            small,
            SOFT,
            (self.daily_button.rect.right + fs * 0.5, self.daily_button.rect.centery),
            "midleft",
        )


def _width(text: str, size: int) -> int:
    from ..fonts import render

    return render(text, size, SOFT)[1].width
