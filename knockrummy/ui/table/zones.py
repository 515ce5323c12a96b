"""The table by keyboard and by ear: its zones, the keys that read it on demand, and its
announcer.

A player who cannot see the table moves between its **zones** (your hand, the stock, the
discard pile, the opponents, the buttons, the hand log) with Tab and Shift+Tab, or jumps
to one with Shift and its letter; arrows move within a zone, Enter or Space acts, Escape
backs out. Each zone says itself when entered ("Your hand, 10 cards, deadwood 23"); along
the hand each card says its place ("7 of hearts, in a run: 5, 6, 7 of hearts"); Up and
Down jump meld by meld; Space lifts a card to move it along the hand.

Keys that read on demand: W whose turn it is and what you may do, C your deadwood and
best discard, A the scores and the target, O what each opponent did last, V the pile's top
and what lies under it (its history opens too), L the hand log's last moves (the log
opens too), H the hint (said once worked out), F1 the list of keys.

Everything said comes from the table's view and the frame's words (the same sentences the
screen shows); a hidden hand (pass-and-play between players, a computer's) is never read.
The table keeps two hooks for this module: ``speech_opened`` makes it, and its ``handle``
lets it answer a key first.

Glossary:
    zone     one part of the table the keyboard can be on (:data:`ZONES`).
    cursor   the card the keyboard is on in the hand: the table's lifted card, so Enter
             throws it as before.
    moving   a card lifted with Space: the arrows move it along the hand until Space puts
             it down (Escape puts it back).
"""

from __future__ import annotations

import pygame

from ...engine.actions import DrawStock, TakeDiscard
from ...engine.cards import Card
from ...engine.deadwood import cards_deadwood
from ...engine.melds import discard_points
from ...engine.session import PLAYING
from ...language import _, ngettext, pgettext
from ...language.cards import card_words as in_forms
from ...language.games import full_name
from ...language.numbers import score
from ...speech.announcer import TableAnnouncer, button_with_key
from ...speech.words import as_sentence, card_said, cards_said, meld_said
from ..meld_marks import meld_groups
from ..move_log import hand_log, last_turns
from ..wording import (
    HAND_LOG_EMPTY,
    deadwood_now,
    game_and_hand,
    rule_tip_line,
    stored_name,
    turn_line,
)

ZONES = ("hand", "stock", "pile", "opponents", "buttons", "log")
"""The zones in Tab's order."""
ZONE_KEYS = {
    pygame.K_h: "hand",
    pygame.K_s: "stock",
    pygame.K_d: "pile",
    pygame.K_o: "opponents",
    pygame.K_b: "buttons",
    pygame.K_l: "log",
}
"""Shift and these letters jump to a zone."""


def table_keys() -> list[str]:
    """The table's keys, said by F1."""
    return [
        # Translators: the table's keys, said aloud by F1 (one sentence each).
        _("Tab and Shift+Tab: the next and the previous zone of the table."),
        # Translators: each zone's key is Shift with a letter, said with the zone it jumps
        # to; the letters alone are the table's own keys (S draws, D takes the pile...).
        _(
            "Shift+H: straight to your hand; Shift+S: the stock; Shift+D: the discard "
            "pile; Shift+O: the opponents; Shift+B: the buttons; Shift+L: the hand log. "
            "The letters without Shift are the table's own keys."
        ),
        _("Arrows: move within a zone; Up and Down jump meld by meld in your hand."),
        _("Enter or Space: act on what the keyboard is on; Escape: back out."),
        _("In your hand, Space lifts a card to move it, and puts it down again."),
        _("S and D draw from the stock or the pile; Enter throws the card you are on; K knocks."),
        _(
            "W: whose turn and what you may do. C: your deadwood. A: the scores. "
            "O: the opponents' last turns. V: the pile. L: the hand log. H: a hint."
        ),
    ]


def set_words(size: int) -> str:
    """A card of a set said aloud, by the set's size (3 or 4 cards): languages name a set
    of three and a set of four apart (French "brelan" and "carré")."""
    if size == 3:
        # Translators: a card said aloud with its set of three cards ({meld} the set's
        # cards): French "brelan", Spanish "trío".
        return pgettext("three cards", "{card}, in a set: {meld}")
    # Translators: a card said aloud with its set of four cards ({meld} the set's
    # cards): French "carré", Spanish "cuarteto".
    return pgettext("four cards", "{card}, in a set: {meld}")


class TableZones:
    """The table's keyboard zones and reading keys, and its announcer (see the module)."""

    def __init__(self, table, voice) -> None:
        self.table = table
        self.voice = voice
        self.speaker = voice.speaker
        self.announcer = TableAnnouncer(table, voice)
        self.zone = "hand"
        self.index = {zone: 0 for zone in ZONES}
        """Where the keyboard is within each zone."""
        self.moving: tuple[Card, list[Card]] | None = None
        """The card lifted to move, and the hand's order before (Escape puts it back)."""
        self._notice = ""
        self._hint = ""
        self._handoff: tuple | None = None
        self._asked: tuple | None = None
        self._tip = None
        self._over: tuple | None = None
        """The game-over panel's own part as last said (see :meth:`_say_over`)."""
        voice.poll(self.poll)
        voice.help(self.keys)
        self.speaker.say(self.opening())

    def keys(self) -> list[str]:
        """The table's keys, then the screen's own over it (an online table's chat)."""
        own = self.table.hooks.keys_help
        return table_keys() + (own() if own is not None else [])

    # ------------------------------------------------------------------ what is said

    def opening(self) -> str:
        """Said as the table opens: the game, the hand and its dealer (a hand just dealt:
        what the announcer says of a deal), then the F1 pointer."""
        table = self.table
        view = table.view
        said = [full_name(view.profile_id) + "."]
        if view.phase == PLAYING and not view.history:
            said += self.announcer.dealt_words(view)
        else:
            said = [game_and_hand(full_name(view.profile_id), view.hand_number) + "."]
        # Translators: said as the table opens, after the game's name and the hand.
        said.append(_("F1 for the keys."))
        return " ".join(said)

    def _hidden(self) -> bool:
        """No hand may be read now: the screen is being passed on, a computer plays
        between two people, or nobody at this screen sits at the table."""
        table = self.table
        return table.handoff is not None or table.hidden_hand or not table.humans

    def _cards(self) -> list[Card]:
        return [] if self._hidden() else self.table.viewer_order()

    def zone_words(self, zone: str) -> str:
        """What a zone says as the keyboard enters it."""
        table = self.table
        view = table.view
        if zone == "hand":
            if self._hidden():
                count = (
                    view.hand_sizes[view.seats_in_hand.index(table.viewer)]
                    if (table.viewer in view.seats_in_hand and view.hand_sizes)
                    else 0
                )
                # Translators: the hand zone when its cards may not be read now.
                return ngettext(
                    "A hidden hand, {count} card.", "A hidden hand, {count} cards.", count
                ).format(count=count)
            cards = self._cards()
            count = cards_deadwood(cards) if cards else 0
            # Translators: the hand zone said as it is entered.
            return ngettext(
                "Your hand, {count} card, deadwood {deadwood}.",
                "Your hand, {count} cards, deadwood {deadwood}.",
                len(cards),
            ).format(count=len(cards), deadwood=count)
        if zone == "stock":
            said = ngettext(
                "The stock, {count} card.", "The stock, {count} cards.", view.stock_count
            )
            said = said.format(count=view.stock_count)
            if DrawStock() in self._legal():
                # Translators: said on the stock when drawing from it is allowed.
                said += " " + _("Enter draws from it.")
            return said
        if zone == "pile":
            return self.pile_words()
        if zone == "opponents":
            others = self._opponents()
            # Translators: the opponents' zone said as it is entered.
            said = ngettext("{count} opponent.", "{count} opponents.", len(others)).format(
                count=len(others)
            )
            return said + (" " + self.opponent_words(others[0]) if others else "")
        if zone == "buttons":
            buttons = self._buttons()
            # Translators: the table's buttons, said as the zone is entered.
            said = ngettext("{count} button.", "{count} buttons.", len(buttons)).format(
                count=len(buttons)
            )
            return said + (" " + self.button_words(buttons[0]) if buttons else "")
        lines = self._log()
        # Translators: the hand log's zone said as it is entered.
        said = ngettext("The hand log, {count} turn.", "The hand log, {count} turns.", len(lines))
        said = said.format(count=len(lines))
        return said + (" " + lines[-1] if lines else "")

    def card_place(self, card: Card) -> str:
        """A card of the hand and its place: its meld, or deadwood; and what throwing it
        leaves, when the player is to throw."""
        cards = self._cards()
        groups = meld_groups(cards)
        group = groups.get(card)
        if group is None:
            # Translators: a card of the player's hand said aloud: not in any meld.
            said = _("{card}, deadwood").format(card=card_said(card))
        else:
            meld = [c for c in cards if groups.get(c) == group]
            if len({c.rank for c in meld if not c.is_joker}) > 1:
                # Translators: a card said aloud with its run ({meld} the run's cards, its
                # suit said once: "5, 6, 7 of hearts").
                said = _("{card}, in a run: {meld}").format(
                    card=card_said(card), meld=meld_said(meld)
                )
            else:
                said = set_words(len(meld)).format(card=card_said(card), meld=cards_said(meld))
        table = self.table
        view = table.view
        if table.can_act and view.hand_phase == "discard":
            leaves = discard_points(list(view.hand), forbidden=view.taken).get(card)
            if leaves is not None:
                # Translators: after a card said aloud: what throwing it leaves.
                said += ", " + _("throwing it leaves {count}").format(count=leaves)
            elif card == view.taken:
                # Translators: after a card said aloud: it was taken from the pile this turn.
                said += ", " + _("taken from the pile this turn")
        return said + "."

    def pile_words(self) -> str:
        """The discard pile: how many cards, its top and the two under it."""
        pile = self.table.view.discard_pile
        if not pile:
            return _("The pile is empty.")
        # Translators: the discard pile said aloud; {card} its top card (a card's forms:
        # "{card.the}" for "la D♥", said "la dame de cœur").
        said = ngettext(
            "The discard pile, {count} card, the {card} on top.",
            "The discard pile, {count} cards, the {card} on top.",
            len(pile),
        ).format(count=len(pile), card=in_forms(pile[-1]))
        under = list(reversed(pile[-3:-1]))
        if under:
            # Translators: the cards under the pile's top, said aloud, the nearest first.
            said += " " + _("Under it: {cards}.").format(cards=cards_said(under))
        if TakeDiscard() in self._legal():
            # Translators: said on the pile when taking its top is allowed.
            said += " " + _("Enter takes the top card.")
        return said

    def opponent_words(self, seat: int) -> str:
        """One opponent: name, cards held, score, and what they did last."""
        view = self.table.view
        count = 0
        if seat in view.seats_in_hand and view.phase == PLAYING:
            count = view.hand_sizes[view.seats_in_hand.index(seat)]
        # Translators: an opponent said aloud: {player} the name, {count} cards held,
        # {score} their score.
        said = ngettext(
            "{player}, {count} card, score {score}.",
            "{player}, {count} cards, score {score}.",
            count,
        ).format(
            player=stored_name(str(view.names[seat])), count=count, score=score(view.scores[seat])
        )
        last = last_turns(view, self.table.shown).get(seat) if view.phase == PLAYING else None
        if last:
            # Translators: an opponent's last turn said aloud ({moves}: "drew from the stock,
            # threw 7♥").
            said += " " + _("Last turn: {moves}.").format(moves=last)
        if view.to_move == seat and view.phase == PLAYING:
            # Translators: said after an opponent whose turn it is.
            said += " " + _("To play.")
        return said

    def button_words(self, button) -> str:
        said = button_with_key(button.label, button.key)
        if not button.enabled:
            # Translators: a button said aloud that cannot be pressed now.
            said += ", " + _("not available now")
        return said + "."

    def _legal(self):
        return self.table.legal if self.table.can_act else []

    def _opponents(self) -> list[int]:
        table = self.table
        return [
            seat for seat in range(table.view.players) if seat != table.viewer or not table.humans
        ]

    def _buttons(self) -> list:
        return [b for b in self.table.buttons.values() if b.visible]

    def _log(self) -> list[str]:
        return hand_log(self.table.view, self.table.shown)

    # ------------------------------------------------------------------ keys

    def handle(self, event: pygame.event.Event) -> bool:
        """A key the zones answer (True), before the table's own."""
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        table = self.table
        if table.panel is not None or table.handoff is not None:
            return self._reading_key(event.key)
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_TAB:
            step = -1 if shift else 1
            self.enter(ZONES[(ZONES.index(self.zone) + step) % len(ZONES)])
            return True
        if shift and key in ZONE_KEYS:
            self.enter(ZONE_KEYS[key])
            return True
        if self.moving is not None:
            return self._move_key(key)
        if key == pygame.K_ESCAPE and self.zone != "hand":
            self.enter("hand")
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            return self._arrow(key)
        if key in (pygame.K_RETURN, pygame.K_SPACE) and self.zone != "hand":
            self._act()
            return True
        if key == pygame.K_SPACE and self.zone == "hand":
            self._lift()
            return True
        return self._reading_key(key)

    def enter(self, zone: str) -> None:
        """Put the keyboard on ``zone`` and say it."""
        self.zone = zone
        self.index[zone] = 0
        said = self.zone_words(zone)
        if zone == "hand":
            cards = self._cards()
            selected = self.table.selected
            if selected in cards:
                said += " " + self.card_place(selected)
        self.speaker.echo(said)

    def _arrow(self, key: int) -> bool:
        if self.zone == "hand":
            cards = self._cards()
            if not cards:
                self.speaker.echo(self.zone_words("hand"))
                return True
            if key in (pygame.K_UP, pygame.K_DOWN):
                card = self._meld_step(cards, 1 if key == pygame.K_DOWN else -1)
            else:
                step = 1 if key == pygame.K_RIGHT else -1
                current = self.table.selected
                if current in cards:
                    card = cards[(cards.index(current) + step) % len(cards)]
                else:
                    card = cards[0] if step > 0 else cards[-1]
            self.table.selected = card
            self.speaker.echo(self.card_place(card))
            return True
        items = self._items()
        if not items:
            self.speaker.echo(self.zone_words(self.zone))
            return True
        step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
        index = (self.index[self.zone] + step) % len(items)
        self.index[self.zone] = index
        self.speaker.echo(items[index])
        return True

    def _meld_step(self, cards: list[Card], step: int) -> Card:
        """The first card of the next (or previous) meld or the deadwood."""
        groups = meld_groups(cards)
        starts = [i for i, c in enumerate(cards) if i == 0 or groups[c] != groups[cards[i - 1]]]
        current = self.table.selected
        at = cards.index(current) if current in cards else -1
        if step > 0:
            later = [i for i in starts if i > at]
            return cards[later[0] if later else starts[0]]
        here = max((i for i in starts if i <= at), default=starts[-1])
        earlier = [i for i in starts if i < here]
        return cards[earlier[-1] if earlier else starts[-1]]

    def _items(self) -> list[str]:
        if self.zone == "opponents":
            return [self.opponent_words(seat) for seat in self._opponents()]
        if self.zone == "buttons":
            return [self.button_words(b) for b in self._buttons()]
        if self.zone == "log":
            return self._log()
        return [self.zone_words(self.zone)]

    def _act(self) -> None:
        """Enter or Space on a zone: draw from the stock, take the pile's top, press a
        button; elsewhere, say the item again."""
        table = self.table
        if self.zone in ("stock", "pile"):
            drawn = table.try_action(DrawStock() if self.zone == "stock" else TakeDiscard())
            if drawn:
                self.zone = "hand"  # a card to throw next: the keyboard is back on the hand
        elif self.zone == "buttons":
            buttons = self._buttons()
            if buttons:
                button = buttons[self.index["buttons"] % len(buttons)]
                if button.enabled:
                    button.action()
                else:
                    self.speaker.echo(self.button_words(button))
        else:
            items = self._items()
            if items:
                self.speaker.echo(items[self.index[self.zone] % len(items)])

    def _lift(self) -> None:
        """Space on a card of the hand: lift it to move it along the hand."""
        table = self.table
        cards = self._cards()
        card = table.selected
        if card not in cards:
            self.speaker.echo(self.zone_words("hand"))
            return
        self.moving = (card, cards)
        # Translators: said as a card ({card}, in words) is lifted to be moved.
        lifted = _("{card} lifted: Left and Right move it, Space puts it down.")
        self.speaker.echo(lifted.format(card=card_said(card)))

    def _move_key(self, key: int) -> bool:
        card, before = self.moving
        table = self.table
        cards = self._cards()
        if key in (pygame.K_SPACE, pygame.K_RETURN):
            self.moving = None
            place = cards.index(card) + 1 if card in cards else 0
            # Translators: said as a moved card ({card}) is put down; {place} its place
            # from the left among {count} cards.
            down = _("{card} put down, card {place} of {count}.")
            self.speaker.echo(down.format(card=card_said(card), place=place, count=len(cards)))
            return True
        if key == pygame.K_ESCAPE:
            self.moving = None
            table.order.custom = before
            # Translators: said as a lifted card goes back where it was.
            self.speaker.echo(_("{card} back in its place.").format(card=card_said(card)))
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and card in cards:
            order = list(cards)
            index = order.index(card)
            target = min(max(index + (1 if key == pygame.K_RIGHT else -1), 0), len(order) - 1)
            order.insert(target, order.pop(index))
            table.order.custom = order
            neighbours = [order[i] for i in (target - 1, target + 1) if 0 <= i < len(order)]
            if len(neighbours) == 2:
                # Translators: where a moved card now is: {cards} its two neighbours.
                where = _("Between {cards}.").format(cards=cards_said(neighbours))
            else:
                # Translators: a moved card at an end of the hand, by {card}, its one
                # neighbour (a card's forms: "à côté {card.of}", "junto {card.to}").
                where = _("At the end, by the {card}.").format(card=in_forms(neighbours[0]))
            self.speaker.echo(where)
            return True
        return True  # other keys wait until the card is put down

    def _reading_key(self, key: int) -> bool:
        """The keys that read on demand (see the module's words)."""
        table = self.table
        view = table.view
        if key == pygame.K_w:
            self.speaker.echo(self.what_now())
        elif key == pygame.K_c:
            self.speaker.echo(self.deadwood_words())
        elif key == pygame.K_a:
            lines = [text.strip().rstrip(".") for text, _dim in table.score_sheet()[:-1]]
            # the sheet's lines are labels ("hand 1 · to 100"): said, each is a sentence
            sentences = [line[:1].upper() + line[1:] + "." for line in lines if line]
            self.speaker.echo(" ".join(sentences))
        elif key == pygame.K_o and table.panel is None:
            turns = last_turns(view, table.shown) if view.phase == PLAYING else {}
            said = [
                turn_line(view.names[seat], [turns[seat]]) + "."
                for seat in self._opponents()
                if seat in turns
            ]
            self.speaker.echo(" ".join(said) or _(HAND_LOG_EMPTY))
        elif key == pygame.K_v and table.panel is None:
            self.speaker.echo(self.pile_words())
            return False  # the table opens the pile's history too
        elif key == pygame.K_l and table.panel is None:
            lines = self._log()[-3:]
            self.speaker.echo(" ".join(line + "." for line in lines) or _(HAND_LOG_EMPTY))
            return False  # the table opens the log too
        else:
            return False
        return True

    def what_now(self) -> str:
        """Whose turn it is and what the player may do (the status line's words)."""
        frame_status = self.table.frame().status
        return frame_status or self.zone_words("hand")

    def deadwood_words(self) -> str:
        """The player's deadwood and what the best discard would leave."""
        if self._hidden() or self.table.view.phase != PLAYING:
            return self.zone_words("hand")
        view = self.table.view
        cards = self._cards()
        leaves = None
        if view.hand_phase == "discard" and view.to_move == self.table.viewer:
            thrown = discard_points(list(cards), forbidden=view.taken)
            leaves = min(thrown.values()) if thrown else None
        return ", ".join(deadwood_now(cards_deadwood(cards), leaves)) + "."

    # ------------------------------------------------------------------ each frame

    def poll(self) -> None:
        """After each frame: the turn said as it begins, the hand-off screen, a notice
        on the status line, a hint once worked out, the pile or log opened."""
        table = self.table
        self.announcer.poll()
        handoff = table.frame().handoff if table.handoff is not None else None
        if handoff != self._handoff:
            self._handoff = handoff
            if handoff:  # its lines said as sentences
                self.speaker.say(" ".join(as_sentence(line) for line in handoff))
        asking = table.question.asking
        asked = tuple(asking[2]) if asking is not None else None
        if asked != self._asked:
            self._asked = asked
            if asked:  # the knock confirmation: its sentences, then its buttons' keys
                buttons = ", ".join(button_with_key(b.label, b.key) for b in table.question.buttons)
                self.speaker.echo(" ".join([*asked, buttons + "."]))
        tips = table.tips
        tip = None if tips is None else tips.tip
        if tip is not None and tip is not self._tip:  # a rule tip, said once as it shows
            self.speaker.say(rule_tip_line(tip.text))
        self._tip = tip
        notice = table.notice if table.notice_left > 0 else ""
        if notice and notice != self._notice and notice not in self.speaker.history[-3:]:
            self.speaker.echo(notice)
        self._notice = notice
        hint = table.hint
        if hint and hint != self._hint:
            self.speaker.echo(hint)
        self._hint = hint
        self._say_over()

    def _say_over(self) -> None:
        """An online table's part of the game-over panel (a rematch offered, accepted,
        who answered): its new sentences and then the panel's buttons, said as it changes
        (the panel's opening says its buttons)."""
        panel = self.table.panel
        over = None if panel is None or panel.over is None else (panel, panel.over)
        before, self._over = self._over, over
        if over is None or before is None or before[0] is not panel or before[1] == over[1]:
            return
        said = [note for note in over[1].notes if note not in before[1].notes]
        buttons = [b for b in panel.buttons if b.visible and b.enabled]
        if over[1].choices != before[1].choices and buttons:
            keys = ", ".join(button_with_key(b.label, b.key) for b in buttons)
            said.append(_("Panel: {buttons}.").format(buttons=keys))
        if said:
            self.speaker.say(" ".join(said))
