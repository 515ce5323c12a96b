"""The replay viewer: any finished hand of a saved session, step by step, every hand face up,
with the stock in order, the move log and the coach's review of the hand beside it.

Glossary:
    point     where the viewer stands in the hand: 0 is the deal, k is just after the k-th
              action; Left and Right step, Home and End go to the deal and the settlement,
              K jumps to the knock.
    reviewed  the seat whose decisions the coach prices: the session's first human (else
              seat 1) at first; the Review button or S moves to the next seat, 1 to 6 pick
              one. Each seat's review is read from the saved games, or priced on a worker
              thread and kept there (see :mod:`knockrummy.records.coach`), so reopening it is
              instant.

The session is replayed through the checked engine when the viewer opens a hand; nothing is
written but the review.
"""

from __future__ import annotations

import contextlib
from concurrent.futures import Future

import pygame

from ... import workers
from ...ai.review import Decision, describe, hand_summary, session_summary
from ...ai.review import verdict as review_verdict
from ...language import N_, _, ngettext, pgettext
from ...language.cards import cards_printed, face_letters, printed
from ...language.message import shown
from ...language.numbers import whole as number
from ...persistence.files import FileFormatError
from ...persistence.schema import InvalidDataError
from ...persistence.store import SaveError
from ...records import coach
from ...records.replay import HandReplay, ReplayError, move_line, replay_hand
from .. import card_art
from ..fonts import blit_text, fit, font, wrap
from ..loop import WAKE
from ..theme import ACCENT, SOFT, TEXT, WARN
from ..widgets import Button, row_of_buttons
from ..wording import (
    DETAILS_KEY_LABEL,
    HIDE_DETAILS_LABEL,
    addressed,
    deadwood_label,
    details_lines,
    is_you,
    pile_words,
    shown_name,
    stock_words,
    the_person,
)
from .menu import MenuScreen, scrolled_lines


class ReplayViewer(MenuScreen):
    """One session's finished hands, one at a time."""

    title = N_("Replay")

    def __init__(self, game, session_id: int, hand: int = 1, on_back=None) -> None:
        super().__init__(game)
        self.session_id = session_id
        self.on_back = on_back
        self.problem: str | None = None
        self.replay: HandReplay | None = None
        self.point = 0
        self.details = False
        """Whether the hand's seed and fingerprint are shown (the Details button, I)."""
        self.decisions: list[Decision] | None = None
        """The reviewed seat's decisions (None while they are priced)."""
        self.executor: workers.Worker | None = None
        self.review_job: Future | None = None
        """The pricing of the reviewed seat's decisions, while it runs."""
        self.review_progress: dict[int, tuple[int, int]] = {}
        """Each seat being priced: decisions priced so far, and how many there are."""
        self._jobs: list[tuple[int, Future]] = []
        """Every review being priced, by seat (one left for another seat is still kept)."""
        store = game.store
        try:
            self.row = store.session(session_id)
            damaged = store.problem(session_id)  # every row checked, the actions replayed
            if damaged is not None:
                raise InvalidDataError(damaged)
            self.log = store.actions(session_id)
            self.finished_hands = len(store.hands(session_id))
        except (KeyError, FileFormatError) as exc:
            self.row, self.log, self.finished_hands = None, [], 0
            # Translators: {reason} is what is wrong with the saved session.
            problem = _("This session cannot be replayed: {reason}")
            self.problem = problem.format(reason=shown(exc))
        self.seat = self._reviewed_seat()
        self.open_hand(hand)
        self._load_review()

    # --------------------------------------------------------------- what is shown

    def _names(self) -> tuple[str, ...]:
        """The seats' names as this screen says them: its one person's spoken to."""
        kinds = [seat.kind for seat in self.row.seats]
        return addressed(self.row.names, the_person(kinds))

    def _reviewed_seat(self) -> int:
        if self.row is None:
            return 0
        humans = [i for i, s in enumerate(self.row.seats) if s.kind == "human"]
        return humans[0] if humans else 0

    def open_hand(self, number: int) -> None:
        """Replay hand ``number`` (a finished one) and stand at its deal."""
        self.point = 0
        if self.row is None or self.finished_hands == 0:
            self.problem = self.problem or _("This session has no finished hand to replay yet.")
            self.replay = None
        else:
            number = min(max(number, 1), self.finished_hands)
            row = self.row
            try:
                self.replay = replay_hand(
                    row.profile,
                    row.players,
                    row.seed,
                    [a for _, a in self.log],
                    number,
                    list(row.names),
                    row.stake or None,
                    row.undo_seat,
                )
                self.problem = None
            except ReplayError as exc:
                self.replay = None
                self.problem = shown(exc)
        self.rebuild()

    @property
    def hand_number(self) -> int:
        return self.replay.number if self.replay is not None else 0

    @property
    def last_point(self) -> int:
        return len(self.replay.steps) if self.replay is not None else 0

    def go(self, point: int) -> None:
        self.point = min(max(point, 0), self.last_point)
        self.rebuild()

    def jump_to_knock(self) -> None:
        knock = self.replay.knock_step if self.replay is not None else None
        self.go(self.last_point if knock is None else knock + 1)

    def rebuild(self) -> None:
        has = self.replay is not None
        knock = has and self.replay.knock_step is not None
        self.start_button = Button(_("Deal"), lambda: self.go(0), pygame.K_HOME, enabled=has)
        self.back_step = Button(_("◀ Step"), lambda: self.go(self.point - 1), pygame.K_LEFT)
        self.back_step.enabled = has and self.point > 0
        self.forward = Button(_("Step ▶"), lambda: self.go(self.point + 1), pygame.K_RIGHT)
        self.forward.enabled = has and self.point < self.last_point
        self.forward.primary = True
        self.end_button = Button(_("End"), lambda: self.go(self.last_point), pygame.K_END)
        self.end_button.enabled = has
        self.knock_button = Button(
            # Translators: the button that jumps to the knock; (K) is its key in every
            # language.
            pgettext("button", "Knock (K)"),
            self.jump_to_knock,
            pygame.K_k,
            enabled=knock,
        )
        number = self.hand_number
        self.previous_hand = Button(
            _("◀ Hand"), lambda: self.open_hand(number - 1), pygame.K_PAGEUP, enabled=number > 1
        )
        self.next_hand = Button(
            _("Hand ▶"),
            lambda: self.open_hand(number + 1),
            pygame.K_PAGEDOWN,
            enabled=has and number < self.finished_hands,
        )
        self.done_button = Button(_("Back"), self.back)
        self.seat_button = Button(self._seat_label(), self.next_seat, pygame.K_s)
        self.seat_button.enabled = self.row is not None and self.row.players > 1
        self.details_button = Button(
            _(HIDE_DETAILS_LABEL) if self.details else _(DETAILS_KEY_LABEL),
            self.toggle_details,
            pygame.K_i,
            enabled=has,
        )
        self.step_buttons = [
            self.start_button,
            self.back_step,
            self.forward,
            self.end_button,
            self.knock_button,
            self.previous_hand,
            self.next_hand,
            self.done_button,
        ]
        self.buttons = [*self.step_buttons, self.seat_button, self.details_button]
        self.focus = min(self.focus, len(self.buttons) - 1)

    def toggle_details(self) -> None:
        """Show or hide the hand's deal details (its seed and fingerprint, in full)."""
        self.details = not self.details
        self.rebuild()

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
        else:
            self.app.navigator.ledger()

    # --------------------------------------------------------------- the review

    def _seat_label(self) -> str:
        name = self._names()[self.seat] if self.row is not None else ""
        # Translators: the button that picks whose play the coach reviews; {player} is a
        # player's name, (S) the button's key in every language.
        return _("Review: {player} (S)").format(player=shown_name(name))

    def next_seat(self) -> None:
        """Review the next seat's decisions (S, the Review button)."""
        if self.row is not None:
            self.choose_seat((self.seat + 1) % self.row.players)

    def choose_seat(self, seat: int) -> None:
        """Review ``seat``'s decisions: the kept review, or priced on the worker thread."""
        if self.row is None or not 0 <= seat < self.row.players or seat == self.seat:
            return
        self.seat = seat
        self.decisions = None
        self.review_job = None
        self.notices = []
        self._load_review()
        self.rebuild()

    def _load_review(self) -> None:
        """The kept review of the seat, or pricing it on the worker thread."""
        if self.row is None:
            return
        try:
            found = coach.kept(self.game.store, self.session_id, self.seat, len(self.log))
        except FileFormatError as exc:  # damaged since the viewer opened
            # Translators: {reason} is what is wrong with the kept review.
            self.notices = [_("The review cannot be read: {reason}").format(reason=shown(exc))]
            return
        if found is not None:
            self.decisions = found
            return
        for seat, job in self._jobs:
            if seat == self.seat:  # already being priced (chosen, left, chosen again)
                self.review_job = job
                return
        row, log, seat = self.row, list(self.log), self.seat
        self.review_progress[seat] = (0, 0)

        def wake() -> None:
            if pygame.display.get_init():
                pygame.event.post(pygame.event.Event(WAKE))

        def told(done: int, total: int) -> None:  # on the worker thread: one tuple stored
            self.review_progress[seat] = (done, total)
            wake()

        def work() -> list[Decision]:
            try:
                return coach.price(row, log, seat, progress=told)
            finally:
                wake()

        if self.executor is None:
            self.executor = workers.new_worker("review")
        self.review_job = self.executor.submit(work)
        self._jobs.append((seat, self.review_job))

    def update(self, dt: float) -> None:
        """Keep each review once the worker has priced it (on this thread: the store's);
        show it if its seat is the one reviewed."""
        done = [(seat, job) for seat, job in self._jobs if job.done()]
        for seat, job in done:
            self._jobs.remove((seat, job))
            if job is self.review_job:
                self.review_job = None
            try:
                decisions = job.result()
            except Exception as exc:  # a review that fails leaves the replay as it is
                if seat == self.seat:
                    # Translators: {reason} is the error met (in English).
                    reason = _("The review could not be made: {reason}").format(reason=exc)
                    self.notices = [reason]
                continue
            if seat == self.seat:
                self.decisions = decisions
            # read-only saves: the review is shown, and priced again next time
            with contextlib.suppress(SaveError):
                coach.keep(self.game.store, self.session_id, seat, len(self.log), decisions)

    def wait_for_review(self, timeout: float | None = None) -> None:
        """Block until the reviewed seat's review is priced and kept (for the screenshots
        script, which draws a finished review)."""
        if self.review_job is not None:
            self.review_job.result(timeout)
            self.update(0.0)

    @property
    def busy(self) -> bool:
        return False  # the worker wakes the loop when the review is ready

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)

    def review_lines(self) -> list[tuple[str, bool]]:
        """The coach's lines for this hand: its summary, then each decision."""
        name = self._names()[self.seat] if self.row is not None else ""
        if self.decisions is None:
            done, total = self.review_progress.get(self.seat, (0, 0))
            if total:
                # Translators: the coach's review while it is being made: {done} decisions
                # priced of {total}.
                looking = ngettext(
                    "The coach is looking at it: {done} of {total} decision...",
                    "The coach is looking at it: {done} of {total} decisions...",
                    total,
                ).format(done=number(done), total=number(total))
            else:
                looking = _("The coach is looking at it...")
            waiting = (looking, False)
            if is_you(name):
                return [(_("Coach's review of you"), True), waiting]
            # Translators: a heading over the coach's review; {player} is a player's name.
            return [(_("Coach's review of {player}").format(player=name), True), waiting]
        mine = coach.for_hand(self.decisions, self.hand_number)
        summary = hand_summary(mine)
        if is_you(name):
            # Translators: {summary} is the coach's words on the hand (in English for now).
            head = _("Coach's review of you: {summary}").format(summary=summary)
        else:
            # Translators: {player} is a player's name, {summary} the coach's words.
            head = _("Coach's review of {player}: {summary}").format(player=name, summary=summary)
        lines = [(head, True)]
        # Translators: {summary} is the coach's words on the whole session.
        whole = _("Whole session: {summary}").format(summary=session_summary(self.decisions))
        lines.append((whole, False))
        for d in mine:
            verdict = review_verdict(d)
            at = self.step_of(d)
            here = at is not None and at == self.point
            if at is not None:
                # Translators: a decision of the coach's review: {number} is the replay's
                # step that took it, {choice} the choice ("throwing 8♦"), {verdict} what
                # it cost.
                line = _("step {number}: {choice} · {verdict}")
            else:
                # Translators: a decision of the coach's review: {number} is the hand's
                # turn it was taken on, {choice} the choice ("throwing 8♦"), {verdict}
                # what it cost.
                line = _("turn {number}: {choice} · {verdict}")
            line = line.format(
                number=d.turn if at is None else at, choice=describe(d), verdict=verdict
            )
            lines.append((f"▶ {line}" if here else line, here))
        return lines

    def step_of(self, decision: Decision) -> int | None:
        """The point just after the step that took ``decision`` (None if not in this hand)."""
        if self.replay is None:
            return None
        for i, step in enumerate(self.replay.steps):
            if (
                step.seat == decision.seat
                and step.action == decision.action
                and self.replay.picture(i).turn == decision.turn
            ):
                return i + 1
        return None

    def log_lines(self) -> list[tuple[str, bool]]:
        """Every step of the hand; the one just taken is marked."""
        names = self._names()
        lines = [(_("Deal") + (" ◀" if self.point == 0 else ""), self.point == 0)]
        for i, step in enumerate(self.replay.steps, 1):
            # Translators: who made a move no player made (the first upcard turned over).
            who = _("The table") if step.seat is None else names[step.seat]
            move = move_line(step.action, shown_name(who), you=is_you(who), card=step.card)
            # Translators: a numbered line of the replay's move log: {number} is the step,
            # {move} the move ("Ann throws 8♦").
            text = _("{number}. {move}").format(number=i, move=move)
            lines.append((text + (" ◀" if i == self.point else ""), i == self.point))
        return lines

    # --------------------------------------------------------------- input

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.go(self.point - event.y)
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_6:
            self.choose_seat(event.key - pygame.K_1)  # 1 to 6: that seat's review

    # --------------------------------------------------------------- drawing

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        row_of_buttons(self.step_buttons, (w / 2, h * 0.92), round(fs * 0.85), fs * 0.5)
        if self.replay is None:
            blit_text(surface, self.problem or "", fs, WARN, (w / 2, h * 0.4), "center")
            return
        replay = self.replay
        small = round(fs * 0.8)
        # Translators: the replay's place: {session} is the session's number, {hand} and
        # {hands} the hand shown and how many are finished, {step} and {steps} the step.
        head = _("Session #{session}, hand {hand} of {hands} · step {step} of {steps}").format(
            session=self.session_id,
            hand=replay.number,
            hands=self.finished_hands,
            step=self.point,
            steps=self.last_point,
        )
        blit_text(surface, head, fs, SOFT, (w / 2, h * 0.08 + fs * 2.2), "center")
        self.draw_hands(surface, pygame.Rect(round(w * 0.03), round(h * 0.2), round(w * 0.58),
                                             round(h * 0.52)))  # fmt: skip
        self.draw_piles(surface, pygame.Rect(round(w * 0.03), round(h * 0.73), round(w * 0.58),
                                             round(h * 0.13)))  # fmt: skip
        right = pygame.Rect(round(w * 0.64), round(h * 0.2), round(w * 0.33), round(h * 0.3))
        pygame.draw.rect(surface, (10, 40, 25), right.inflate(fs, fs), border_radius=fs // 2)
        lines = self.log_lines()
        step = small * 1.45
        scroll = max(0.0, (self.point + 1) * step - right.height / 2)
        scrolled_lines(surface, lines, right, scroll, small, whole=True)
        review = pygame.Rect(round(w * 0.64), round(h * 0.53), round(w * 0.33), round(h * 0.29))
        self.seat_button.place((0, 0), round(fs * 0.85))  # drawn with the other buttons
        self.seat_button.rect.topleft = (review.left, round(h * 0.845))
        self.details_button.place((0, 0), round(fs * 0.85))
        self.details_button.rect.topleft = (
            self.seat_button.rect.right + fs // 2,
            round(h * 0.845),
        )
        pygame.draw.rect(surface, (10, 40, 25), review.inflate(fs, fs), border_radius=fs // 2)
        wrapped: list[tuple[str, bool]] = []
        marked = 0
        for text, heading in self.review_lines():
            # measured, and narrower for a bold line, so no line is cut short
            for line in wrap(text, small, review.width * (0.9 if heading else 1.0)):
                wrapped.append((line, heading))
            if text.startswith("▶"):
                marked = len(wrapped)  # the line after the decision at this step
        # keep the decision at this step in sight, and the line after it; only whole
        # lines show, so none is cut at the box's edge
        rows = max(1, int(review.height // step))
        scroll = max(0, marked + 1 - rows) * step
        scrolled_lines(surface, wrapped, review, scroll, small, whole=True)
        if self.details:
            self.draw_details(surface, replay)

    def draw_details(self, surface: pygame.Surface, replay: HandReplay) -> None:
        """The hand's seed and fingerprint in full, in a box over the hands (I hides it)."""
        w, h = surface.get_size()
        fs = self.fs
        small = round(fs * 0.8)
        start = replay.start
        width = w * 0.56
        lines = [
            line
            for text in details_lines(seed=start.seed, fingerprint=start.fingerprint)
            for line in wrap(text, small, width)
        ]
        box = pygame.Rect(0, 0, round(width + fs * 2), round(len(lines) * small * 1.45 + fs * 2))
        box.topleft = (round(w * 0.03), round(h * 0.2))
        pygame.draw.rect(surface, (10, 40, 25), box, border_radius=fs // 2)
        pygame.draw.rect(surface, ACCENT, box, width=2, border_radius=fs // 2)
        area = box.inflate(-fs * 2, -fs * 2)
        scrolled_lines(surface, [(line, False) for line in lines], area, 0.0, small)

    def draw_hands(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        fs = self.fs
        picture = self.replay.picture(self.point)
        rows = len(picture.hands)
        row_h = area.height / rows
        name_w = area.width * 0.2
        most = max(len(cards) for cards in picture.hands)
        cw = int(min(row_h * 0.85 / 1.4, (area.width - name_w) / (0.62 * (most - 1) + 1)))
        cw = max(14, cw)
        step = min(cw * 0.62, (area.width - name_w - cw) / max(1, most - 1))
        small = round(fs * 0.8)
        to_move = picture.to_move
        for position, cards in enumerate(picture.hands):
            seat = picture.seats[position]
            top = area.top + position * row_h
            mover = seat == to_move
            colour = ACCENT if mover else TEXT
            name = shown_name(self._names()[seat])
            if mover:
                # Translators: beside the name of the player whose turn it is.
                name = _("{player} (to play)").format(player=name)
            blit_text(surface, fit(name, small, name_w - 6), small, colour,
                      (area.left, top + row_h * 0.3), "midleft", bold=True)  # fmt: skip
            count = deadwood_label(picture.count(position), self._names()[seat])
            count_size = small  # smaller where it is long, never cut: its number is the point
            while count_size > 9 and font(count_size).get_rect(count).width > name_w - 6:
                count_size -= 1
            blit_text(surface, count, count_size, SOFT,
                      (area.left, top + row_h * 0.62), "midleft")  # fmt: skip
            for i, card in enumerate(cards):
                image = card_art.face(
                    card,
                    cw,
                    self.game.settings.four_colour,
                    letters=face_letters(self.game.settings.card_letters),
                )
                y = top + (row_h - image.get_height()) / 2
                surface.blit(image, (round(area.left + name_w + i * step), round(y)))

    def draw_piles(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        fs = self.fs
        small = round(fs * 0.8)
        picture = self.replay.picture(self.point)
        # Translators: the top of the discard pile when the pile is empty.
        top = printed(picture.discard[-1]) if picture.discard else _("none")
        stock = cards_printed(picture.stock)
        lines = [
            (pile_words(len(picture.discard), top), True),
            (stock_words(len(picture.stock)), True),
        ]
        lines += [(line, False) for line in wrap(stock or _("(empty)"), small, area.width)]
        scrolled_lines(surface, lines, area, 0.0, small)
