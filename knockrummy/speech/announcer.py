"""The table's announcer: what the table shows happening, said as it happens, once.

It listens to the table's one stream (``scene.listen``): each :class:`~..ui.table.news.Shown`
update of the seat on screen, and each :class:`~..ui.table.frame.PanelShown` hand-end
panel. Everything it says is made from the news' values and the view they came with, by
the screens' own wording (:mod:`..ui.wording`), in the player's language; it reads nothing
a seat may not see: the view is the seat on screen's (a spectator's at a table of
computers), and another seat's stock draw and face-down knock come without their card.

What one update tells is said in one sentence group: another seat's draw waits for the
rest of its turn (its discard, its knock), so "Ben drew from the stock, threw K♠." is said
at once; a discard that ends the hand, the result and each score change with its reason
are said together. The echo of the player's own move interrupts; the others' queue.

Glossary:
    turn     another seat's consecutive moves (draw, then throw or knock), said together.
    change   one ledger entry of points: the amount and its reason.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.actions import DrawStock, TakeDiscard
from ..engine.hand import CardDiscarded, CardDrawn, DrawSource, Knocked, Passed
from ..engine.phases import HandResult
from ..engine.profiles import get_profile
from ..engine.session import (
    PLAYING,
    BuyBackAnswered,
    BuyBackOffered,
    DiscardTakenBack,
    HandDealt,
    HandSettled,
    PlayerOut,
    SessionOver,
)
from ..language import _
from ..language.cards import card_words as in_forms
from ..language.numbers import score
from ..ui.table.panel_words import layoff_notes
from ..ui.wording import (
    _either,
    buy_back_offer,
    change_amount,
    chip_count,
    counts_against,
    headline,
    layoffs_said,
    move_words,
    out_line,
    reason_words,
    refusal_words,
    shown_name,
    status_line,
    stored_name,
    taken_back,
    turn_line,
    winners_line,
)
from .words import cards_said, meld_said


class TableAnnouncer:
    """Says a table's events through ``voice`` (see the module's words).

    ``table`` is the table scene: read for who sits at the screen (``viewer``,
    ``humans``, ``hidden_hand``), the view it shows (``view``), whether its seat may act
    (``can_act``) and the hand-end panel's buttons; its stream is listened to."""

    def __init__(self, table, voice) -> None:
        self.table = table
        self.voice = voice
        self.speaker = voice.speaker
        self._pending: tuple[int, list[str]] | None = None
        """Another seat's turn begun (its draw), said when it ends."""
        self._turn_said: tuple | None = None
        """The last "your turn" said (said once a turn)."""
        table.listen(self.heard)

    # ------------------------------------------------------------------ the stream

    def heard(self, news: object) -> None:
        """A listener of the table's stream."""
        from ..ui.table.frame import PanelShown
        from ..ui.table.news import Shown

        if isinstance(news, Shown):
            self._shown(news)
        elif isinstance(news, PanelShown):
            self._panel(news)

    def _addressed(self) -> int | None:
        table = self.table
        return table.viewer if table.humans else None

    def _shown(self, news) -> None:
        you = self._addressed()
        for refused in news.refusals:  # the answer to the player's own key
            self.speaker.echo(refusal_words(refused.refusal, you))
        for trouble in news.troubles:
            self.speaker.say(trouble.text)
        if not news.moves:
            return
        view = news.view
        own: list[str] = []
        others: list[str] = []
        for moved in news.moves:
            parts = self._moved(moved, news.before, view)
            (own if moved.seat is not None and moved.seat == you else others).extend(parts)
        others += self._changes(news.before, view)
        if own:
            self.speaker.echo(" ".join(own))
        if others:
            self.speaker.say(" ".join(others))

    def _moved(self, moved, before, view) -> list[str]:
        """The sentences one applied action makes, in order."""
        said: list[str] = []
        names = view.names
        seat = moved.seat
        for event in moved.events:
            if isinstance(event, CardDrawn):
                said += self._flush(names)
                if event.source == DrawSource.DISCARD:
                    self.voice.cue("take")
                words = self._move_words(event, before)
                if seat == self._addressed():  # the player's own draw: said at once
                    said.append(turn_line(names[seat], [words]) + ".")
                else:
                    self._pending = (seat, [words])
            elif isinstance(event, (CardDiscarded, Knocked, Passed)):
                turn: list[str] = []
                if self._pending is not None and self._pending[0] == seat:
                    turn, self._pending = self._pending[1], None
                said += self._flush(names)
                if isinstance(event, Knocked):
                    self.voice.cue("knock")
                words = self._move_words(event, before)
                said.append(turn_line(names[seat], [*turn, words]) + ".")
            else:
                said += self._flush(names)
                said += self._session_event(event, moved, view)
        return said

    def _session_event(self, event, moved, view) -> list[str]:
        """What a session's event says (a deal, a result, an elimination...)."""
        names = view.names
        if isinstance(event, DiscardTakenBack):
            return [taken_back(event.card)]
        if isinstance(event, HandDealt):
            return self.dealt_words(view)
        if isinstance(event, HandSettled):
            self._result_cue(event)
            return [headline(self._shared(view)) + "."]
        if isinstance(event, PlayerOut):
            target = get_profile(view.profile_id).target
            return [out_line(names[event.seat], event.score, target)]
        if isinstance(event, BuyBackOffered):
            seat = event.seat
            return [
                buy_back_offer(names[seat], view.scores[seat], event.price, view.pot, event.score)
            ]
        if isinstance(event, BuyBackAnswered):
            return [bought_words(names[event.seat], event.bought, event.price)]
        if isinstance(event, SessionOver):
            names = self._shared(view).names
            said = []
            if not any(isinstance(e, HandSettled) for e in moved.events):
                # (with the hand's result, the headline has said it)
                pot = get_profile(view.profile_id).has_pot
                winners = winners_line(names, event.winners, pot=pot)
                said.append(_("Game over: {winners}").format(winners=winners) + ".")
            return [*said, final_scores(names, event.scores)]
        return []

    def _result_cue(self, settled) -> None:
        """Gin (or rum), else the hand won or lost by the person at the screen."""
        record = settled.record
        if record.result in (HandResult.GIN, HandResult.RUM):
            self.voice.cue("gin")
        you = self._addressed()
        if you is None or you not in record.seats:
            return
        self.voice.cue("hand-won" if you in record.winners else "hand-lost")

    def _move_words(self, event, before) -> str:
        """A hand's move as the log words it, with the card only if the view knows it."""
        first = not any(isinstance(e.action, (DrawStock, TakeDiscard)) for e in before.history)
        if isinstance(event, CardDrawn):
            kind = "stock" if event.source == DrawSource.STOCK else "pile"
            return move_words(kind, event.card, first)
        if isinstance(event, CardDiscarded):
            return move_words("throw", event.card, first)
        if isinstance(event, Knocked):
            return move_words("knock", event.card, first)
        return move_words("pass", None, first)

    def _flush(self, names) -> list[str]:
        """Another seat's turn begun and not ended (a draw, then nothing yet): said now."""
        pending, self._pending = self._pending, None
        if pending is None:
            return []
        return [turn_line(names[pending[0]], pending[1]) + "."]

    def dealt_words(self, view) -> list[str]:
        """A new hand: its number and dealer; in full, the cards of the one person at the
        screen (never in pass-and-play, where the next to play may be someone else) and
        the pile's first card."""
        said = [
            status_line(
                view, dealing=True, viewer=self.table.viewer, viewer_plays=False,
                thinking=False, selected=None,
            )
        ]  # fmt: skip
        if not self.speaker.full:
            return said
        table = self.table
        if len(table.humans) == 1 and view.hand:
            cards = table.dealt_order()  # in the order the hand shows them, dealt
            # Translators: said as a hand is dealt; {cards} the player's cards in words.
            said.append(_("Your cards: {cards}.").format(cards=cards_said(cards)))
        if view.discard_pile:
            # Translators: said as a hand is dealt; {card} the discard pile's card (a
            # card's forms: "{card.the}" for "l'A♥", said "l'as de cœur").
            first = _("The first card on the pile is the {card}.")
            said.append(first.format(card=in_forms(view.discard_pile[-1])))
        return said

    def _changes(self, before, view) -> list[str]:
        """Each points change this update made, with its reason."""
        old = before.hand_entries if before.hand_number == view.hand_number else ()
        entries = view.hand_entries[len(old) :]
        against = counts_against(view.profile_id)
        names = self._shared(view).names
        return [change_words(names, entry, against) for entry in entries]

    def _shared(self, view):
        """``view`` as a hand's end is said: at a pass-and-play table, everyone at the
        screen hears it, so every seat is named and nobody is "you"."""
        if not getattr(self.table, "pass_and_play", False):
            return view
        return replace(view, names=tuple(str(name) for name in view.names))

    # ------------------------------------------------------------------ the panel

    def _panel(self, news) -> None:
        """The hand-end panel: in full, every hand in melds and deadwood; then what its
        buttons do."""
        view = self._shared(self.table.view)  # the seat on screen's, as the panel shows it
        said = []
        if self.speaker.full and view.settlement is not None:
            settlement = view.settlement
            for position, seat in enumerate(view.seats_in_hand):
                arrangement = settlement.arrangements[position]
                said.append(
                    hand_words(
                        view.names[seat],
                        [meld_said(meld) for meld in arrangement.melds],
                        cards_said(arrangement.deadwood),
                        settlement.deadwood[position],
                    )
                )
            notes = layoff_notes(view)
            if notes:  # the cards laid off are no longer in the deadwood said
                said.append(layoffs_said(notes))
        panel = getattr(self.table, "panel", None)
        buttons = [] if panel is None else [b for b in panel.buttons if b.visible and b.enabled]
        if buttons:
            keys = ", ".join(button_with_key(b.label, b.key) for b in buttons)
            # Translators: said when the hand-end panel is open; {buttons} lists its
            # buttons with their keys ("Next hand: Enter, Replay hand: R").
            said.append(_("Panel: {buttons}.").format(buttons=keys))
        if said:
            self.speaker.say(" ".join(said))

    # ------------------------------------------------------------------ the turn

    def poll(self) -> None:
        """After each frame: the seat on screen's turn begins (said once, with what it may
        do, and its sound cue)."""
        table = self.table
        view = table.view
        if not table.humans or view.phase != PLAYING or not table.can_act:
            return
        if getattr(table, "handoff", None) is not None or table.hidden_hand:
            return
        if view.hand_phase not in ("offer", "draw"):
            return
        key = (table.viewer, view.hand_number, len(view.history))
        if key == self._turn_said:
            return
        self._turn_said = key
        self.voice.cue("turn")
        hooks = getattr(table, "hooks", None)  # a lesson says what its step waits for
        own = hooks.status() if hooks is not None and hooks.status is not None else None
        text = own or status_line(
            view, dealing=False, viewer=table.viewer, viewer_plays=True, thinking=False,
            selected=None,
        )  # fmt: skip
        if table.pass_and_play:
            name = stored_name(str(view.names[table.viewer]))
            # Translators: said when the screen was passed to a player in pass-and-play,
            # before "Your turn: draw..." (so it does not say "your turn" itself);
            # {player} is their name.
            text = _("{player} has the screen.").format(player=name) + " " + text
        self.speaker.say(text)


def change_words(names, entry, against: bool) -> str:
    """One points change with its reason: ``Ben: +29, difference 38 - 9 with you.``"""
    name = names[entry.seat]
    change = change_amount(entry.amount, against, name)
    reason = reason_words(entry, names)
    if against and entry.amount > 0:  # "+12 against Ben" names whose score it is
        # Translators: one score change said aloud, where {change} names the player
        # ("+12 against Ben"); {reason} why ("deadwood 12").
        return _("{change}, {reason}.").format(change=change, reason=reason)
    # Translators: one score change said aloud: {player} whose score, {change} the points
    # ("+29"), {reason} why ("difference 38 - 9 with Ben").
    return _("{player}: {change}, {reason}.").format(
        player=shown_name(name), change=change, reason=reason
    )


def bought_words(name: str, bought: bool, price) -> str:
    """A buy-back answered, said aloud."""
    if bought:
        return _either(
            name,
            # Translators: {price} a number of chips ("7½ chips").
            _("You buy back in for {price}."),
            # Translators: {player} is a player's name; {price} a number of chips.
            _("{player} buys back in for {price}."),
            price=chip_count(price),
        )
    return _either(
        name,
        _("You stay out."),
        # Translators: {player} is a player's name.
        _("{player} stays out."),
    )


def final_scores(names, scores) -> str:
    """``Final scores: Ben 112, you 45.``"""
    listed = ", ".join(
        f"{shown_name(name)} {score(amount)}" for name, amount in zip(names, scores, strict=True)
    )
    # Translators: said at a game's end; {scores} each player's name and score.
    return _("Final scores: {scores}.").format(scores=listed)


def hand_words(name: str, melds: list[str], deadwood: str, count: int) -> str:
    """A hand at the hand's end: its melds and its deadwood."""
    groups = "; ".join(melds)
    if melds and deadwood:
        # Translators: a hand at the hand's end, said aloud: {melds} its melds (each a list
        # of cards, ";" between them), {deadwood} its other cards, {count} their count.
        text = _("{player}: melds {melds}; deadwood {deadwood}, {count}.")
    elif melds:
        # Translators: a hand with no deadwood at the hand's end; {melds} as above.
        text = _("{player}: melds {melds}; no deadwood.")
    else:
        # Translators: a hand with no meld at the hand's end; {deadwood}, {count} as above.
        text = _("{player}: no meld; deadwood {deadwood}, {count}.")
    return text.format(player=shown_name(name), melds=groups, deadwood=deadwood, count=count)


def button_with_key(label: str, key: int | None) -> str:
    """A button and the key that presses it: ``Next hand: Enter``."""
    if key is None:
        return label
    # Translators: a button and the key that presses it ("Next hand: Enter").
    return _("{button}: {key}").format(button=label, key=key_name(key))


def key_name(key: int) -> str:
    """A key's name as said: the letters as they are, Enter, Escape and Space in words."""
    import pygame

    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        # Translators: the Enter key's name.
        return _("Enter")
    if key == pygame.K_ESCAPE:
        # Translators: the Escape key's name.
        return _("Escape")
    if key == pygame.K_SPACE:
        # Translators: the space bar's name.
        return _("Space")
    return pygame.key.name(key).upper()
