"""The frame builder: every word and value one picture of the table shows, made from the
viewer's view and the table's state, so the painter draws strings and shapes only.

It reads the table (its view, its mode, what is open, the motion's snapshot) and changes
nothing of it; it keeps only what it may reuse between frames: the story and the score
sheet, told again only when what they are told from changes.

Glossary:
    story    :class:`~.frame.TableStory`: what every seat knows, in words.
    face     :class:`~.frame.SeatFace`: one seat as the picture shows it (its plate's
             words, its cards' count, whether it is lit, the dealer's chip).
    words    :class:`~.frame.TableWords`: the table's few fixed words.
"""

from __future__ import annotations

from ...engine.actions import Action, DrawStock, TakeDiscard
from ...engine.cards import Card
from ...engine.deadwood import cards_deadwood
from ...engine.melds import discard_points
from ...engine.profiles import get_profile
from ...engine.session import BUY_BACK, PLAYING, SESSION_OVER
from ...engine.views import PlayerView
from ...language import _
from ...play.seats import SeatKind
from ...records.deal_codes import fairness_details
from ..meld_marks import meld_groups
from ..move_log import hand_log, last_turns, pick_ups
from ..wording import (
    DETAILS_CLOSE,
    DETAILS_LINE,
    DRAWN_MARK,
    EMPTY_STOCK,
    HAND_LOG_EMPTY,
    HAND_LOG_TITLE,
    PILE_EMPTY,
    PILE_TITLE,
    TAKEN_MARK,
    away_label,
    deadwood_now,
    game_and_hand,
    handoff_lines,
    hands_left_label,
    leaves_label,
    plate_lines,
    pot_label,
    score_sheet_row,
    score_sheet_title,
    status_line,
    with_undo_offer,
)
from .frame import SeatFace, TableFrame, TableStory, TableWords
from .layout import known_bottom_cards


def table_words() -> TableWords:
    """The table's fixed words in the language now."""
    return TableWords(
        empty_stock=_(EMPTY_STOCK),
        taken=_(TAKEN_MARK),
        new=_(DRAWN_MARK),
        log_title=_(HAND_LOG_TITLE),
        log_empty=_(HAND_LOG_EMPTY),
        pile_title=_(PILE_TITLE),
        pile_empty=_(PILE_EMPTY),
        details_close=_(DETAILS_CLOSE),
    )


def seat_faces(view: PlayerView, places, away=frozenset()) -> tuple[SeatFace, ...]:
    """Every seat as the picture shows it (``places``: each seat's name, kind and level;
    ``away``: the seats played from elsewhere whose line has dropped)."""
    faces = []
    for seat, place in enumerate(places):
        person = place.kind in (SeatKind.PERSON, SeatKind.REMOTE)
        label = away_label() if seat in away else None if person else place_label(place)
        out = not view.active[seat]
        position = view.seats_in_hand.index(seat) if seat in view.seats_in_hand else None
        revealed: tuple[Card, ...] = ()
        if view.revealed and position is not None:
            revealed = tuple(view.revealed[position])
        faces.append(
            SeatFace(
                seat=seat,
                dealt=position is not None,
                held=view.hand_sizes[position] if position is not None else 0,
                plate=tuple(plate_lines(place.name, label, view.scores[seat], out)),
                person=person,
                level=place.level or "medium",
                out=out,
                active=view.to_move == seat and view.phase in (PLAYING, BUY_BACK),
                to_move=view.to_move == seat,
                dealer=view.dealer == seat,
                revealed=revealed,
                away=seat in away,
            )
        )
    return tuple(faces)


def place_label(place) -> str:
    """The second line of a computer's plate: its level in the language."""
    from ...language.games import level_name

    return level_name(place.level or "medium")


class FrameBuilder:
    """Builds a table's frames (see the module's glossary)."""

    def __init__(self) -> None:
        self._story_cache: tuple | None = None
        """The last story told and what it was told from (see :meth:`story`)."""
        self._sheet_cache: tuple | None = None

    def frame(self, table) -> TableFrame:
        """What ``table`` shows now."""
        view = table.view
        can_act = table.can_act
        legal = table.legal if can_act else []
        known = known_bottom_cards(view, table.viewer)
        bottom = None if known is None else table.shown_hand().cards
        drawing = can_act and view.hand_phase == "draw"
        leaves = None
        card = table.selected
        if can_act and view.hand_phase == "discard" and card is not None and card != view.taken:
            count = discard_points(list(view.hand), forbidden=view.taken).get(card)
            leaves = None if count is None else leaves_label(count)
        drag = table.input.drag
        profile = get_profile(view.profile_id)
        return TableFrame(
            seat_faces=seat_faces(view, table.places, getattr(table.source, "away", frozenset())),
            positions=view.seats_in_hand,
            stock_count=view.stock_count,
            pile=view.discard_pile,
            knocked=view.knocker is not None,
            geometry=table.geometry,
            motion=table.motion.snapshot(),
            game_line=game_and_hand(profile.name, view.hand_number),
            pot=pot_label(view.pot) if profile.has_pot else None,
            bottom=bottom,
            face_down=table.hidden_hand,
            selected=table.selected,
            held=drag.held if drag else None,
            leaves=leaves,
            taken=view.taken if view.to_move == table.viewer else None,
            drawn=self._drawn(view, table.viewer),
            glow_stock=drawing and self._offered(table, DrawStock(), legal),
            glow_discard=drawing and self._offered(table, TakeDiscard(), legal),
            status=self.status(table),
            notice=table.notice_left > 0,
            hint=table.hint,
            buttons=tuple(b.face() for b in table.buttons.values()),
            menu_button=table.menu_button.face(),
            thinking=table.source.thinking,
            panel=None if table.panel is None else table.panel.face(),
            handoff=self._handoff(table),
            question=table.question.face(),
            words=table_words(),
            look=table.look,
            story=self.story(table, bottom),
            lesson=None if table.lesson_box is None else table.lesson_box.face(),
            tip=None if table.tips is None else table.tips.face(table.geometry, table.tip_waits),
            celebration=None if table.celebration is None else table.celebration.face(),
            details=self.details(table) if table.show_details else None,
        )

    @staticmethod
    def status(table) -> str:
        """The status line: a notice while one shows, the screen's own words, or what to
        do now."""
        view = table.view
        if table.notice_left > 0:
            return table.notice
        hooks = table.hooks
        if hooks.status is not None and table.panel is None:
            own = hooks.status()
            if own is not None:
                return own
        status = status_line(
            view,
            dealing=table.motion.deal is not None,
            viewer=table.viewer,
            viewer_plays=table.human_to_move,
            thinking=table.source.thinking,
            selected=table.selected,
        )
        if table.may_undo:
            status = with_undo_offer(status, view.history[-1].action.card)
        return status

    @staticmethod
    def _handoff(table) -> tuple[str, ...] | None:
        if table.handoff is None:
            return None
        # the screen is between two people: nobody is "you" on it (the seat that just
        # played is named among those who look away)
        names = [str(name) for name in table.view.names]
        others = [names[s] for s in table.humans if s != table.handoff]
        return tuple(handoff_lines(names[table.handoff], others))

    @staticmethod
    def details(table) -> tuple[str, ...]:
        """The deal's details as the source tells them now (see :mod:`...play.stream`)."""
        update = table.update_now
        later = table.hooks.session_id is not None and table.view.phase != SESSION_OVER
        return fairness_details(update.fingerprint, update.hand_seed, update.deal_code, later)

    @staticmethod
    def _offered(table, action: Action, legal: list[Action]) -> bool:
        """A pile glows for a legal draw the screen's own rule offers (see the hooks)."""
        offered = table.hooks.offered
        return action in legal and (offered is None or offered(action))

    @staticmethod
    def _drawn(view: PlayerView, viewer: int) -> Card | None:
        """The card the viewer just drew from the stock, while they are to discard."""
        if view.to_move != viewer or view.hand_phase != "discard" or not view.history:
            return None
        last = view.history[-1]
        if last.position == view.position and isinstance(last.action, DrawStock):
            return last.card
        return None

    def story(self, table, bottom: tuple[Card, ...] | None) -> TableStory:
        """What every seat knows, in words: counts, last moves, the log, the scores.

        Built again only when something it reads changed (the view, the moves
        animated so far, the hand shown, what is open): a frame that changes none of them
        reuses the last story instead of counting deadwood and wording the log again."""
        shows_pile = table.show_pile or table.pile_hover
        key = (
            id(table.view),
            bottom,
            table.shown,
            table.motion.deal is None,
            table.hidden_hand,
            table.viewer,
            table.show_log,
            shows_pile,
        )
        cached = self._story_cache
        if cached is not None and cached[0] == key:
            return cached[2]
        story = self._tell_story(table, bottom, shows_pile)
        # the view is kept with the key, so its id cannot be reused meanwhile
        self._story_cache = (key, table.view, story)
        return story

    def _tell_story(self, table, bottom: tuple[Card, ...] | None, shows_pile: bool) -> TableStory:
        view = table.view
        shown = table.shown if table.motion.deal is None else 0
        known = bottom is not None and not table.hidden_hand and table.motion.deal is None
        deadwood: tuple[str, ...] = ()
        groups: dict = {}
        if known and view.phase == PLAYING and bottom:
            leaves = None
            if view.hand_phase == "discard" and view.to_move == table.viewer:
                thrown = discard_points(list(bottom), forbidden=view.taken)
                leaves = min(thrown.values()) if thrown else None
            deadwood = tuple(deadwood_now(cards_deadwood(bottom), leaves))
            groups = meld_groups(bottom)
        return TableStory(
            deadwood=deadwood,
            groups=groups,
            last_turns=last_turns(view, shown) if view.phase == PLAYING else {},
            pick_ups=pick_ups(view, shown) if view.phase == PLAYING else {},
            log=tuple(hand_log(view, shown)) if table.show_log else None,
            pile=view.discard_pile if shows_pile else None,
            sheet=self.score_sheet(view),
        )

    def score_sheet(self, view: PlayerView) -> tuple[tuple[str, bool], ...]:
        """The score sheet's lines, each with whether it is dimmed (a player out); worked
        out again only when the view changes (the buttons' placing asks for it every
        update)."""
        key = id(view)
        if self._sheet_cache is None or self._sheet_cache[0] != key:
            # the view is kept with the key, so its id cannot be reused meanwhile
            self._sheet_cache = (key, view, score_sheet_lines(view))
        return self._sheet_cache[2]


def score_sheet_lines(view: PlayerView) -> tuple[tuple[str, bool], ...]:
    """The score sheet of ``view``: the title, each seat's score, the pot or the hands
    left, where the deal's details are; each line with whether it is dimmed."""
    profile = get_profile(view.profile_id)
    lines = [(line, False) for line in score_sheet_title(profile, view.hand_number, view.players)]
    won = view.hands_won if profile.session.won_at_target else None
    elimination = profile.has_pot
    for seat in range(view.players):
        text = score_sheet_row(
            view.names[seat],
            view.scores[seat],
            out=elimination and not view.active[seat],
            bought_back=elimination and view.bought_back[seat],
            hands_won=None if won is None else won[seat],
        )
        lines.append((text, elimination and not view.active[seat]))
    if elimination:
        lines.append((pot_label(view.pot), False))
    elif profile.session.one_deal_each:
        left = view.players - view.hand_number + (view.phase == PLAYING)
        lines.append((hands_left_label(left), False))
    lines.append((_(DETAILS_LINE), True))
    return tuple(lines)
