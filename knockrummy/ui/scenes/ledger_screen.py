"""Ledger and statistics: every session with its hands and each change with its reason,
running totals as a line chart, statistics per profile and player, CSV and JSON export,
and importing a session file.

What the screen shows is read from the store once and kept (the list, the chosen
session's chart and lines, the statistics); it is read again only when something changes
(a session chosen, an import, the statistics tab opened), never on a redraw. A damaged
session is listed with what is wrong with it.

An import is checked and replayed on a worker thread (a long session takes seconds), with
its progress on screen; the screen keeps drawing, and the checked session is written in one
transaction on the screen's own thread when the worker is done.
"""

from __future__ import annotations

import datetime
import sqlite3
import time
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

import pygame

from ... import workers
from ...engine.ledger import Account, LedgerEntry
from ...language import N_, _, pgettext
from ...language.games import short_name
from ...language.message import Message, shown
from ...language.numbers import decimal, percent, score, short_moment, whole
from ...persistence import online
from ...persistence.exchange import (
    PreparedImport,
    export_session_file,
    finish_import,
    prepare_import,
    read_session_file,
)
from ...persistence.files import FileFormatError, own_folder, typed_path, write_atomic
from ...persistence.stats import ledger_csv, player_statistics
from ...persistence.store import SessionSummary
from ...records.deal_codes import DEAL_CODE_LATER
from ..fonts import blit_text, fit, wrap
from ..loop import WAKE
from ..score_chart import draw_score_chart, running_totals
from ..theme import ACCENT, SOFT, TEXT, WARN
from ..widgets import Button, fitting_size, row_of_buttons
from ..wording import (
    DETAILS_KEY_LABEL,
    HIDE_DETAILS_LABEL,
    addressed_by_name,
    details_lines,
    is_you,
    reason_words,
    stored_name,
)
from .menu import MenuScreen, scrolled_lines


@dataclass(frozen=True)
class SessionDetail:
    """What the screen shows of the chosen session, read once when it is chosen."""

    totals: list[list]
    """Each seat's points after hand 0 (stakes and set-up), 1, 2, ..."""
    lines: list[tuple[str, bool]]
    """The hands and their ledger changes, as (text, is heading)."""
    problem: Message | None = None
    """Why the session cannot be shown, if it is damaged (said in the language when drawn)."""
    details: tuple[str, ...] = ()
    """The deal's details in full (its code and seed), shown under Details (I) once the
    session is over; before, a line saying when they will be."""


def read_detail(store, summary: SessionSummary) -> SessionDetail:
    """The chart and lines of one session (its problem if it is damaged)."""
    if summary.problem is not None:
        return SessionDetail([], [], summary.problem)
    try:
        entries = store.ledger(summary.id)
        hands = store.hands(summary.id)
    except FileFormatError as exc:
        return SessionDetail([], [], exc.message)
    if summary.finished:
        seed = store.session(summary.id).seed
        details = tuple(details_lines(deal_code=summary.deal_code, seed=seed))
    else:
        # the code and the seed deal the hands still to come
        details = (_(DEAL_CODE_LATER),)
    return SessionDetail(
        running_totals(entries, summary.players),
        hand_lines(summary, entries, hands),
        details=details,
    )


class LedgerScreen(MenuScreen):
    title = N_("Ledger and statistics")

    def __init__(self, game) -> None:
        super().__init__(game)
        self.sessions: list[SessionSummary] = []
        self.online: dict[int, str] = {}
        """How each session played online was: ``host`` or ``guest`` (its mark)."""
        self.selected: int | None = None
        self.detail: SessionDetail | None = None
        self.statistics: list | None = None
        self.tab = "sessions"
        self.details = False
        """Whether the chosen session's deal details (code, seed) are shown."""
        self.list_scroll = 0
        self.detail_scroll = 0.0
        self.import_path = ""
        self.typing = False
        self.executor: workers.Worker | None = None
        self.import_job: Future | None = None
        self.import_progress = (0, 0)
        """(actions checked, actions in the file) of the import under way."""
        self.refresh()

    # --------------------------------------------------------------- what is shown

    def refresh(self, select: int | None = None) -> None:
        """Read the sessions again (after a change) and choose ``select`` or the newest."""
        self.sessions = self.game.store.summaries()
        self.online = online.roles(self.game.store)
        ids = [s.id for s in self.sessions]
        if select is None:
            select = self.selected if self.selected in ids else (ids[0] if ids else None)
        self.statistics = None
        self.choose(select)
        if self.tab == "stats":
            self.statistics = player_statistics(self.game.store)

    def choose(self, session_id: int | None) -> None:
        """Show one session: its chart and lines are read now, not at each redraw."""
        self.selected = session_id
        self.detail_scroll = 0.0
        by_id = {s.id: s for s in self.sessions}
        self.detail = (
            read_detail(self.game.store, by_id[session_id]) if session_id is not None else None
        )
        self.rebuild()

    @property
    def chosen(self) -> SessionSummary | None:
        return next((s for s in self.sessions if s.id == self.selected), None)

    def rebuild(self) -> None:
        self.tab_buttons = [
            Button(_("Sessions"), lambda: self.show("sessions"), primary=self.tab == "sessions"),
            Button(_("Statistics"), lambda: self.show("stats"), primary=self.tab == "stats"),
        ]
        chosen = self.chosen
        has = chosen is not None and chosen.problem is None
        self.csv_button = Button(
            _("Export ledger (CSV)"), self.export_csv, enabled=bool(self.sessions)
        )
        self.json_button = Button(_("Export session"), self.export_json, enabled=has)
        self.import_button = Button(
            _("Import session"), self.import_json, enabled=self.import_job is None
        )
        self.back_button = Button(_("Back"), self.back)
        replayable = has and chosen.hands_played > 0
        self.replay_button = Button(
            # Translators: (R) is the key that presses the button, the same in every language.
            _("Replay and review (R)"),
            self.open_replay,
            pygame.K_r,
            enabled=replayable,
        )
        self.details_button = Button(
            _(HIDE_DETAILS_LABEL) if self.details else _(DETAILS_KEY_LABEL),
            self.toggle_details,
            pygame.K_i,
            enabled=has and self.tab == "sessions",
        )
        self.session_stop = Button(
            "", lambda: None, ghost=True, spoken=self.session_words(), visible=bool(self.sessions)
        )
        """The keyboard's stop on the list of sessions (Page Down and Page Up choose)."""
        self.buttons = (
            [self.session_stop]
            + self.tab_buttons
            + [
                self.replay_button,
                self.details_button,
                self.csv_button,
                self.json_button,
                self.import_button,
                self.back_button,
            ]
        )

    def session_words(self) -> str:
        """The chosen session in words, for speech."""
        chosen = self.chosen
        if chosen is None:
            return _("No sessions yet: deal a new game from the title screen.")
        when = short_moment(datetime.datetime.fromtimestamp(chosen.created))
        title, line = session_row(chosen, when, self.online.get(chosen.id))
        # Translators: said aloud for the chosen session of the ledger: {session} its
        # number, rules and date; {line} its state and scores.
        return _("Session {session}: {line}. Page Down and Page Up choose another.").format(
            session=title, line=line
        )

    def speech_lines(self) -> list[str]:
        """The chosen session's hands and changes, or the statistics, a line each."""
        if self.tab == "stats":
            titles = [_(title) for title in STATS_COLUMNS]
            return [
                ", ".join(f"{t} {v}" for t, v in zip(titles, row, strict=True))
                for row in stats_rows(self.statistics or ())
            ]
        detail = self.detail
        if detail is None:
            return []
        if detail.problem is not None:
            return [_("This session cannot be shown."), shown(detail.problem)]
        details = list(detail.details) if self.details else []
        return details + [text.strip() for text, _heading in detail.lines]

    def toggle_details(self) -> None:
        """Show or hide the chosen session's deal code and seed (Details, I)."""
        self.details = not self.details
        self.rebuild()

    def open_replay(self) -> None:
        """The replay viewer on the chosen session's first hand, with the coach's review."""
        self.app.navigator.replay(self.selected)

    def show(self, tab: str) -> None:
        self.tab = tab
        if tab == "stats" and self.statistics is None:
            self.statistics = player_statistics(self.game.store)
        self.rebuild()

    # --------------------------------------------------------------- export/import

    def exports_dir(self) -> Path:
        """The exports folder, made if needed (OSError if it cannot be, or is a file or
        a link)."""
        return own_folder(self.game.paths.data / "exports")

    def export_csv(self) -> None:
        self._export(
            lambda folder: folder / f"ledger-{time.strftime('%Y%m%d-%H%M%S')}.csv",
            lambda path: write_atomic(path, ledger_csv(self.game.store)),
            _("The ledger"),
        )

    def export_json(self) -> None:
        self._export(
            lambda folder: folder / f"session-{self.selected}.json",
            lambda path: export_session_file(self.game.store, self.selected, path),
            _("The session"),
        )

    def _export(self, name, write, what: str) -> None:
        """Write an export; one that fails (a full disk, the exports folder a file) says
        why and the game plays on, with nothing half written."""
        try:
            path = name(self.exports_dir())
            write(path)
        except FileFormatError as exc:
            # Translators: {reason} is why the file was not written.
            self.notices = [_("Not exported: {reason}").format(reason=shown(exc))]
            return
        except OSError as exc:
            reason = exc.strerror or exc
            # Translators: {reason} is the system's reason the file was not written.
            self.notices = [_("Not exported: {reason}.").format(reason=reason)]
            return
        # Translators: {what} is "The ledger" or "The session", {path} a file's path.
        self.notices = [_("{what} saved as {path}").format(what=what, path=path)]

    def import_json(self) -> None:
        if not self.typing:
            self.typing = True
            self.notices = [_("Type the path of a session file, then press Enter.")]
            return
        self.finish_import()

    def finish_import(self) -> None:
        """Check and replay the typed file on the worker thread (see :meth:`update`)."""
        self.typing = False
        try:
            path = typed_path(self.import_path)
        except FileFormatError as exc:
            # Translators: {reason} is what is wrong with the file.
            self.notices = [_("Not imported: {reason}").format(reason=shown(exc))]
            return
        self.import_progress = (0, 0)
        # Translators: {file} is the name of the session file being read.
        self.notices = [_("Importing {file}...").format(file=path.name)]

        def progress(done: int, total: int) -> None:
            self.import_progress = (done, total)
            wake()

        def work() -> PreparedImport:
            try:
                return prepare_import(read_session_file(path), path.name, progress)
            finally:
                wake()

        if self.executor is None:
            self.executor = workers.new_worker("import")
        self.import_job = self.executor.submit(work)
        self.rebuild()

    def update(self, dt: float) -> None:
        """Write a checked import (one transaction) once the worker has finished."""
        if self.import_job is None or not self.import_job.done():
            if self.import_job is not None:
                done, total = self.import_progress
                if total > 0:
                    self.notices = [
                        # Translators: {done} and {total} are numbers of moves, {share}
                        # a percentage ("45%").
                        _("Importing: {done} of {total} actions checked ({share})").format(
                            done=whole(done), total=whole(total), share=percent(done / total)
                        )
                    ]
            return
        job, self.import_job = self.import_job, None
        try:
            prepared = job.result()
            new_id = finish_import(self.game.store, prepared)
        except FileFormatError as exc:
            self.notices = [_("Not imported: {reason}").format(reason=shown(exc))]
            self.rebuild()
            return
        except sqlite3.Error as exc:
            self.notices = [
                # Translators: {reason} is the database's error (in English).
                _("Not imported: the saved games could not be written ({reason}).").format(
                    reason=exc
                )
            ]
            self.rebuild()
            return
        self.refresh(select=new_id)
        self.notices = [
            # Translators: {file} is the imported file's name, {number} the new session's.
            _("Imported {file} as session #{number}.").format(file=prepared.source, number=new_id)
        ]

    @property
    def busy(self) -> bool:
        return False  # the import worker wakes the loop with each progress report

    def close(self) -> None:
        if self.executor is not None:
            # a refused or abandoned import has written nothing: the worker never writes
            self.executor.shutdown(wait=False, cancel_futures=True)

    # --------------------------------------------------------------- input

    def handle(self, event: pygame.event.Event) -> None:
        if self.typing and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.TEXTINPUT:
                self.import_path += event.text
            elif event.key == pygame.K_BACKSPACE:
                self.import_path = self.import_path[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.finish_import()
            elif event.key == pygame.K_ESCAPE:
                self.typing = False
                self.notices = []
            return
        super().handle(event)

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        w, h = self.size
        fs = self.fs
        top = h * 0.2
        height = fs * 2.8  # two lines of text and their margins
        rows = []
        visible = int((h * 0.62) // height)
        for i, s in enumerate(self.sessions[self.list_scroll : self.list_scroll + visible]):
            rect = pygame.Rect(
                round(w * 0.03), round(top + i * height), round(w * 0.34), round(height - 4)
            )
            rows.append((s.id, rect))
        return rows

    def handle_body(self, event: pygame.event.Event) -> None:
        if self.tab != "sessions":
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for session_id, rect in self.row_rects():
                if rect.collidepoint(event.pos):
                    self.choose(session_id)
        elif event.type == pygame.MOUSEWHEEL:
            x = (
                self.app.display.scale.to_pixels(pygame.mouse.get_pos())[0]
                if pygame.mouse.get_focused()
                else 0
            )
            if x and x < self.size[0] * 0.38:
                self.list_scroll = max(0, min(len(self.sessions) - 1, self.list_scroll - event.y))
            else:
                self.detail_scroll = max(0.0, self.detail_scroll - event.y * self.fs * 3)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            ids = [s.id for s in self.sessions]
            if self.selected in ids:
                step = 1 if event.key == pygame.K_PAGEDOWN else -1
                index = min(max(ids.index(self.selected) + step, 0), len(ids) - 1)
                self.choose(ids[index])
                self.focus = 0  # the keyboard on the list: the session chosen is said

    # --------------------------------------------------------------- drawing

    def draw_body(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        # the tabs, then what acts on the chosen session: one row that fits the window
        row = [*self.tab_buttons, self.replay_button, self.details_button]
        gap = fs * 0.5
        left = w * 0.42
        size = fitting_size([b.label for b in row], round(fs * 0.9), w * 0.97 - left, gap)
        row_of_buttons(row, (0, h * 0.14), size, gap)
        shift = round(left - row[0].rect.left)
        for b in row:
            b.rect.move_ip(shift, 0)
        y = h * 0.9
        for i, b in enumerate([self.csv_button, self.json_button, self.import_button]):
            b.place((w * 0.2 + i * w * 0.22, y), round(fs * 0.9))
        self.back_button.place((w * 0.88, y), round(fs * 0.9))
        if self.typing:
            rect = pygame.Rect(round(w * 0.1), round(y - fs * 3.2), round(w * 0.8), round(fs * 2))
            pygame.draw.rect(surface, (250, 246, 232), rect, border_radius=fs // 2)
            pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=fs // 2)
            blit_text(
                surface,
                fit(self.import_path + "|", fs, rect.width - fs),
                fs,
                (30, 30, 30),
                (rect.left + fs * 0.5, rect.centery),
                "midleft",
            )
        if not self.sessions:
            blit_text(
                surface,
                _("No sessions yet: deal a new game from the title screen."),
                round(fs * 1.1),
                SOFT,
                (w / 2, h * 0.4),
                "center",
            )
            return
        if self.tab == "stats":
            self.draw_stats(surface)
        else:
            self.draw_sessions(surface)

    def draw_sessions(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fs = self.fs
        small = round(fs * 0.8)
        by_id = {s.id: s for s in self.sessions}
        for session_id, rect in self.row_rects():
            s = by_id[session_id]
            chosen = session_id == self.selected
            if chosen:
                self.session_stop.rect = rect.copy()  # the focus ring of the list
            pygame.draw.rect(
                surface, (20, 60, 38) if chosen else (12, 44, 28), rect, border_radius=fs // 2
            )
            if chosen:
                pygame.draw.rect(surface, ACCENT, rect, width=2, border_radius=fs // 2)
            when = short_moment(datetime.datetime.fromtimestamp(s.created))
            title, line = session_row(s, when, self.online.get(s.id))
            blit_text(
                surface,
                fit(title, small, rect.width - fs),
                small,
                TEXT,
                (rect.left + fs * 0.5, rect.top + fs * 0.3),
                "topleft",
                bold=True,
            )
            blit_text(
                surface,
                fit(line, small, rect.width - fs),
                small,
                WARN if s.problem is not None else SOFT,
                (rect.left + fs * 0.5, rect.top + fs * 1.3),
                "topleft",
            )
        detail = self.detail
        if self.selected not in by_id or detail is None:
            return
        if detail.problem is not None:
            area = pygame.Rect(round(w * 0.42), round(h * 0.2), round(w * 0.55), round(h * 0.6))
            lines = [(_("This session cannot be shown."), True), (shown(detail.problem), False)]
            scrolled_lines(surface, lines, area, 0.0, round(fs * 0.8))
            return
        self.draw_chart(surface, by_id[self.selected], detail.totals)
        self.draw_hands(surface, detail.lines)

    def draw_chart(self, surface: pygame.Surface, s, totals: list[list]) -> None:
        w, h = surface.get_size()
        area = pygame.Rect(round(w * 0.42), round(h * 0.2), round(w * 0.55), round(h * 0.28))
        draw_score_chart(surface, area, s.names, totals, self.fs)

    def draw_hands(self, surface: pygame.Surface, lines: list[tuple[str, bool]]) -> None:
        w, h = surface.get_size()
        detail = self.detail
        if self.details and detail is not None:
            size = round(self.fs * 0.78)
            shown = [
                (line, False) for text in detail.details for line in wrap(text, size, w * 0.55)
            ]
            lines = shown + [("", False)] + lines
        area = pygame.Rect(round(w * 0.42), round(h * 0.5), round(w * 0.55), round(h * 0.34))
        scrolled_lines(surface, lines, area, self.detail_scroll, round(self.fs * 0.78))

    def draw_stats(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        rows = stats_rows(self.statistics or ())
        area = pygame.Rect(round(w * 0.03), round(h * 0.22), round(w * 0.94), round(h * 0.6))
        titles = [_(title) for title in STATS_COLUMNS]
        size, xs = stats_columns(titles, rows, round(self.fs * 0.8), area.width)
        y = area.top
        for x, title in zip(xs, titles, strict=True):
            blit_text(surface, title, size, SOFT, (area.left + x, y), "topleft", bold=True)
        y += size * 1.8
        for values in rows:
            for x, value in zip(xs, values, strict=True):
                blit_text(surface, value, size, TEXT, (area.left + x, y), "topleft")
            y += size * 1.5
            if y > area.bottom:
                break


def session_row(s: SessionSummary, when: str, role: str | None = None) -> tuple[str, str]:
    """A session's two lines in the list: its number, rules and date (and, for a session
    played online, ``role`` ``host`` or ``guest``, how); its state and scores."""
    scores = ", ".join(
        f"{stored_name(n)} {score(v)}" for n, v in zip(s.names, s.scores, strict=True)
    )
    if s.problem is not None:
        return f"#{s.id} · {when}", _("damaged: it cannot be read")
    # Translators: a session's line in the ledger: {number} its number, {game}
    # its game, {when} when it was played ("#3 Gin Rummy · Dec 4 2026 09:01").
    title = _("#{number} {game} · {when}")
    if role == online.HOST:
        # Translators: as above, for a session this player hosted for friends on
        # other machines ("#3 Gin Rummy · Dec 4 2026 09:01 · hosted online").
        title = _("#{number} {game} · {when} · hosted online")
    elif role == online.GUEST:
        # Translators: as above, for a session played at a table a friend hosted.
        title = _("#{number} {game} · {when} · played online")
    title = title.format(number=s.id, game=short_name(s.profile), when=when)
    if s.finished:
        # Translators: a finished session's line in the ledger; {scores} lists
        # each player's name and final score ("You 115, Ben 69").
        return title, _("finished: {scores}").format(scores=scores)
    # Translators: an unfinished session's line; {scores} as above.
    return title, _("unfinished: {scores}").format(scores=scores)


def stats_rows(statistics) -> list[list[str]]:
    """The statistics' rows as the table shows them, a value per column."""
    return [
        [
            short_name(row.profile),
            stored_name(row.name),
            str(row.sessions),
            str(row.sessions_won),
            str(row.hands),
            str(row.hands_won),
            str(row.knocks),
            str(row.undercuts_suffered),
            str(row.gins),
            str(row.rums),
            decimal(row.average_deadwood) if row.hands else "–",
        ]
        for row in statistics
    ]


STATS_COLUMNS = (
    N_("Rules"),
    N_("Player"),
    N_("Games"),
    N_("Games won"),
    N_("Hands"),
    N_("Hands won"),
    N_("Knocks"),
    N_("Was undercut"),
    N_("Gins"),
    N_("Rums"),
    # Translators: a column heading, the average deadwood count; keep it short.
    N_("Avg deadwood"),
)
"""The statistics' headings (in English, translated where drawn): each says what it
counts, no two alike."""


def stats_columns(
    titles, rows: list[list[str]], size: int, width: float
) -> tuple[int, list[float]]:
    """The text size (at most ``size``) and each column's left edge at which every heading
    and value fits its column, a gap between columns, within ``width``; the first two
    columns (names) are cut with an ellipsis only if nothing smaller would fit."""
    from ..fonts import font

    while True:
        gap = size * 1.2
        widths = []
        for i, title in enumerate(titles):
            texts = [row[i] for row in rows]
            widest = max(
                [font(size, True).get_rect(title).width]
                + [font(size).get_rect(t).width for t in texts]
            )
            widths.append(widest)
        total = sum(widths) + gap * (len(widths) - 1)
        if total <= width or size <= 9:
            break
        size -= 1
    spare = max(0.0, width - total) / max(1, len(widths) - 1)
    xs, x = [], 0.0
    for column in widths:
        xs.append(x)
        x += column + gap + spare
    return size, xs


def result_word(result: str) -> str:
    """How a hand ended (``Settlement.result``, as stored) in the player's language:
    ``knock`` the result, not the button (``frappe``); a result this version does not
    know stays as stored."""
    words = {
        # Translators: how a hand ended: the knocker's count was lowest.
        "knock": pgettext("result", "knock"),
        # Translators: how a hand ended: an opponent's count was as low or lower.
        "undercut": pgettext("result", "undercut"),
        # Translators: how a hand ended: a knock with no deadwood at all (gin rummy).
        "gin": pgettext("result", "gin"),
        # Translators: how a hand ended: a knock with no deadwood at all (poker rum).
        "rum": pgettext("result", "rum"),
    }
    return words.get(result, result)


def hand_lines(s: SessionSummary, entries: list[LedgerEntry], hands: list[dict]) -> list:
    """Each hand's heading and its ledger changes with their reasons."""
    lines: list[tuple[str, bool]] = []
    names = addressed_by_name(s.names)
    for hand in hands:
        knocker = hand["knocker"]
        counts = ", ".join(
            f"{stored_name(s.names[seat])} {count}"
            for seat, count in zip(hand["seats"], hand["deadwood"], strict=True)
        )
        result = result_word(hand["result"])
        if knocker is None:
            # Translators: a hand's heading in the ledger: {number} the hand's number,
            # {result} how it ended ("gin"), {counts} each player's deadwood ("You 3, Ben 12").
            head = _("Hand {number}: {result} · deadwood {counts}")
        elif is_you(names[knocker]):
            # Translators: as above, when the player at the screen ended the hand.
            head = _("Hand {number}: {result}, you knocked · deadwood {counts}")
        else:
            # Translators: as above, with {player} the name of the one who ended the hand.
            head = _("Hand {number}: {result}, {player} knocked · deadwood {counts}")
        player = stored_name(s.names[knocker]) if knocker is not None else ""
        head = head.format(number=hand["number"], result=result, player=player, counts=counts)
        lines.append((head, True))
        for e in entries:
            if e.hand == hand["number"]:
                amount = ("+" if e.amount > 0 else "") + score(e.amount)
                if e.account == Account.CHIPS:
                    # Translators: a change of chips in the ledger: {player} {amount} chips,
                    # then {reason}, why (the table's words).
                    change = _("{player} {amount} chips: {reason}")
                else:
                    # Translators: a change of score in the ledger, as above.
                    change = _("{player} {amount}: {reason}")
                reason = reason_words(e, names)
                player = stored_name(s.names[e.seat])
                words = change.format(player=player, amount=amount, reason=reason)
                lines.append(("   " + words, False))
    return lines


def wake() -> None:
    """Wake the window's loop from the import worker (a progress report, the result)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE))
