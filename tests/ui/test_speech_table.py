"""Whole hands heard through the recording backend, played by keyboard events alone, in
every profile, against computers and in pass-and-play, in English, French and Spanish:
every move is announced once, every score change with its reason, every hand's result,
and no card a seat may not see (a computer's hand, another person's hand in pass-and-play,
the stock, a face-down knock) is ever said."""

from __future__ import annotations

import re
from collections import Counter

import pygame
import pytest

from knockrummy import language
from knockrummy.engine.actions import (
    Discard,
    DrawStock,
    Knock,
    Pass,
    TakeDiscard,
)
from knockrummy.engine.cards import Card
from knockrummy.engine.melds import discard_points
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.session import PLAYING, new_session
from knockrummy.engine.views import player_view
from knockrummy.settings import Settings
from knockrummy.speech.announcer import change_words
from knockrummy.speech.backends import Direct, RecordingSink
from knockrummy.speech.speaker import Speaker
from knockrummy.speech.voice import Voice
from knockrummy.speech.words import card_said, spoken
from knockrummy.ui.loop import App
from knockrummy.ui.rule_tips import TableTips
from knockrummy.ui.runner import default_seats, table_scene
from knockrummy.ui.sound import Sounds
from knockrummy.ui.table.controller import TableOptions
from knockrummy.ui.table.hooks import TableHooks
from knockrummy.ui.wording import (
    addressed,
    addressed_view,
    counts_against,
    headline,
    move_words,
    turn_line,
)

from .conftest import DT

pytestmark = pytest.mark.slow


class Listening:
    """A table played by keyboard with a voice whose recording checks, as each sentence is
    said, that no card hidden from the person at the screen is in it."""

    def __init__(
        self,
        profile: str,
        players: int,
        humans: int,
        seed: int,
        tips: bool = False,
        settings: Settings | None = None,
    ) -> None:
        self.app = App((1280, 800))
        self.sink = RecordingSink()
        self.leaks: list[tuple[str, Card]] = []
        self.heard: list[str] = []
        if settings is None:
            settings = Settings(speed="instant", confirm_knock="never", sound=False)
        speaker = Speaker(lambda: Direct(self), enabled=True)
        speaker.start()
        self.app.voice = Voice(speaker, lambda: settings, sounds=Sounds(settings.sound))
        seats = default_seats(players, humans=humans, level="easy")
        session = new_session(profile, players, seed, [s.name for s in seats])
        hooks = None
        if tips:  # rule tips as the game's tables have them, their seen names kept here
            self.settings = settings

            def keep(changed: Settings) -> None:
                self.settings = changed

            hooks = TableHooks(tips=TableTips(lambda: self.settings, keep))
        self.scene = table_scene(session, seats, settings, TableOptions(), hooks)
        self.played: list[tuple[object, int | None]] = []
        """Every action applied, with the seat at the screen then (whose words said it)."""
        self.scene.source.record(lambda p: self.played.append((p, self.scene.viewer)))
        self.app.push(self.scene)
        self.step()

    # the recording backend's side: what is said, checked as it is said
    name = "test recording"
    stale = False

    def speak(self, text: str, interrupt: bool) -> None:
        self.sink.speak(text, interrupt)
        self.heard.append(text)
        for card in self.hidden():
            if re.search(r"(?<!\w)" + re.escape(card_said(card)) + r"(?!\w)", text):
                self.leaks.append((text, card))

    def stop(self) -> None:
        pass

    def hidden(self) -> set[Card]:
        """The cards the person at the screen may not know now: the others' hands (less
        the cards they took from the pile), the stock, a face-down knock not theirs; their
        own hand too while it is hidden (the screen passed on, a computer playing)."""
        scene = self.scene
        state = scene.source.state
        hand = state.hand
        if hand is None:
            return set()
        viewer = scene.viewer
        position = state.position_of(viewer)
        hidden = set(hand.stock)
        if hand.knock_card is not None and hand.knocker != position:
            hidden.add(hand.knock_card)
        if state.phase == PLAYING:
            known = set(hand.discard)
            for _position, action, card in hand.log:
                if isinstance(action, TakeDiscard) and card is not None:
                    known.add(card)
            for index, cards in enumerate(hand.hands):
                mine = index == position and not (scene.hidden_hand or scene.handoff is not None)
                if not mine:
                    hidden |= set(cards) - known
        hidden.discard(None)
        return {card for card in hidden if not card.is_joker}

    # ------------------------------------------------------------------ playing

    def step(self, frames: int = 1, events=()) -> None:
        self.app.step(DT, list(events))
        for _ in range(frames - 1):
            self.app.step(DT, [])

    def keys(self, *keys, mod=0) -> None:
        for key in keys:
            down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")
            up = pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="")
            self.step(1, [down, up])

    def settle(self, limit: int = 3000) -> bool:
        """Step until a person at the screen has something to answer."""
        scene = self.scene
        for _ in range(limit):
            if scene.handoff is not None or scene.can_act:
                return True
            if scene.panel is not None and not scene.panel.busy and scene.view.to_move is None:
                return True
            if scene.panel is not None and scene._answering_offer():
                return True
            self.step()
        return False

    def play_hands(self, hands: int) -> None:
        """Play until ``hands`` hands are over (or the game), every answer a key."""
        scene = self.scene
        for _ in range(2000):
            state = scene.source.state
            done = len(state.records) >= hands and scene.panel is not None
            if state.is_over or done:
                self.step(30)
                return
            assert self.settle(), "the table waits for nobody"
            if scene.handoff is not None:
                self.keys(pygame.K_RETURN)
            elif scene.panel is not None:
                self.keys(pygame.K_b if scene._answering_offer() else pygame.K_RETURN)
            else:
                self.turn()
        raise AssertionError("the hands did not end")

    def turn(self) -> None:
        """One decision of the person at the screen, by the zones' keys."""
        scene = self.scene
        view = scene.view
        if view.hand_phase == "offer":
            self.keys(pygame.K_p)
        elif view.hand_phase == "draw":
            if TakeDiscard() in view.legal_actions and len(view.history) % 3 == 0:
                self.keys(pygame.K_d, mod=pygame.KMOD_SHIFT)
            else:
                self.keys(pygame.K_s, mod=pygame.KMOD_SHIFT)
            self.keys(pygame.K_RETURN)
            if scene.view is view and Pass() in view.legal_actions:
                self.keys(pygame.K_p)  # the stock is empty: pass
        else:
            points = discard_points(list(view.hand), forbidden=view.taken)
            target = min(points, key=lambda card: points[card])
            for _ in range(len(view.hand) + 1):
                if scene.selected == target:
                    break
                self.keys(pygame.K_RIGHT)
            assert scene.selected == target
            if Knock(target) in view.legal_actions:
                self.keys(pygame.K_k)
            else:
                self.keys(pygame.K_RETURN)


def _expected_turns(listening: Listening) -> Counter:
    """Each turn's sentence as the seat at the screen heard it, counted: another seat's
    draw and throw in one sentence, the player's own draw at once."""
    expected: Counter = Counter()
    pending = None
    humans = bool(listening.scene.humans)

    def say(name, words) -> None:
        expected[spoken(turn_line(name, words) + ".")] += 1

    for played, viewer in listening.played:
        action, seat = played.action, played.seat
        names = addressed(played.after.names, viewer if humans else None)
        hand = played.before.hand
        if seat is None or not isinstance(action, (DrawStock, TakeDiscard, Discard, Knock, Pass)):
            if pending is not None:
                say(*pending)
                pending = None
            continue
        first = not any(isinstance(a, (DrawStock, TakeDiscard)) for _, a, _c in hand.log)
        own = seat == viewer and humans
        if isinstance(action, (DrawStock, TakeDiscard)):
            if pending is not None:
                say(*pending)
                pending = None
            if isinstance(action, DrawStock):
                drawn = played.after.hand.log[-1][2]
                words = move_words("stock", drawn if own else None, first)
            else:
                words = move_words("pile", hand.discard[-1], first)
            if own:
                say(names[seat], [words])
            else:
                pending = (names[seat], [words])
            continue
        if isinstance(action, Discard):
            words = move_words("throw", action.card, first)
        elif isinstance(action, Knock):
            words = move_words("knock", action.card if own else None, first)
        else:
            words = move_words("pass", None, first)
        turn = []
        if pending is not None and pending[0] == names[seat]:
            turn = pending[1]
        elif pending is not None:
            say(*pending)
        pending = None
        say(names[seat], [*turn, words])
    return expected


def _count(heard: list[str], sentence: str) -> int:
    """How many times ``sentence`` was said whole (alone or among others)."""
    pattern = r"(?:^|(?<=\s))" + re.escape(sentence) + r"(?=\s|$)"
    return sum(len(re.findall(pattern, text)) for text in heard)


def _check(listening: Listening) -> None:
    heard = listening.heard
    assert listening.leaks == []
    assert heard and all(text.strip() for text in heard)
    # every hand move was said, once, a turn in one sentence
    for words, count in _expected_turns(listening).items():
        assert _count(heard, words) == count, words
    # every score change with its reason, and each hand's result, as the screen saw it
    changes: Counter = Counter()
    results: Counter = Counter()
    for played, viewer in listening.played:
        after = played.after
        settled = [e for e in played.events if type(e).__name__ == "HandSettled"]
        # a hand's end is said to the one person at the screen, to nobody at a
        # pass-and-play table (everyone at the screen hears it) or a computers' game
        you = viewer if len(listening.scene.humans) == 1 else None
        names = addressed(after.names, you)
        if settled:
            view = addressed_view(player_view(after, viewer), you)
            results[spoken(headline(view) + ".")] += 1
        before_count = len(played.before.ledger)
        for entry in after.ledger[before_count:]:
            if entry.account == "points" and entry.hand >= 1:
                changes[spoken(change_words(names, entry, counts_against(after.profile_id)))] += 1
    assert results, "no hand was settled"
    for words, count in results.items():
        assert _count(heard, words) == count, words
    for words, count in changes.items():
        assert _count(heard, words) == count, words


CASES = [
    (profile, players, humans)
    for profile in sorted(PROFILES)
    for players, humans in ((2, 1), (3 if PROFILES[profile].max_players >= 3 else 2, 2))
]


@pytest.mark.parametrize("code", ["en", "fr", "es"])
@pytest.mark.parametrize(("profile", "players", "humans"), CASES)
def test_whole_hands_are_heard_by_keyboard_alone(code, profile, players, humans):
    language.use(code)
    try:
        listening = Listening(profile, players, humans, seed=11)
        listening.play_hands(2 if get_profile(profile).has_pot else 1)
        _check(listening)
    finally:
        language.use("en")


def test_a_computers_game_is_heard_as_a_spectator_with_its_eliminations_and_buy_backs():
    listening = Listening("knock-rami", 4, 0, seed=5)
    scene = listening.scene
    scene.options.autoplay = True
    for _ in range(40000):
        if scene.source.state.is_over:
            break
        listening.step()
    listening.step(60)
    assert scene.source.state.is_over
    _check(listening)
    heard = " ".join(listening.heard)
    assert "is out" in heard and ("buys back in" in heard or "stays out" in heard)
    assert "Final scores:" in heard
    assert "You" not in heard.replace("Your", "")  # a spectator is nobody's "you"
