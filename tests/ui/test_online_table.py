"""What a table played online adds to the window: a friend away on their plate, and the
chat's keys (the fixed phrases, a typed line) taken before the table's."""

from __future__ import annotations

import pygame

from knockrummy.engine.session import new_session
from knockrummy.engine.views import player_view
from knockrummy.net.limits import CHAT_LENGTH
from knockrummy.play.seats import SeatKind, SeatPlace
from knockrummy.ui.online import PHRASE_KEYS, TYPE_KEY, OnlineKeys
from knockrummy.ui.table.frame_builder import seat_faces
from knockrummy.ui.wording import away_label

PLACES = (
    SeatPlace("Host", SeatKind.PERSON),
    SeatPlace("Ann", SeatKind.REMOTE),
    SeatPlace("Ben", SeatKind.COMPUTER, "easy"),
)


def test_a_friend_away_is_dimmed_and_says_so_on_their_plate():
    view = player_view(new_session("knock-rummy", 3, 4, [p.name for p in PLACES]), 0)
    faces = seat_faces(view, PLACES, frozenset({1}))
    assert [f.away for f in faces] == [False, True, False]
    assert faces[1].plate[0] == "Ann" and faces[1].plate[1].startswith(away_label())
    back = seat_faces(view, PLACES)
    assert not back[1].away and away_label() not in back[1].plate[1]
    assert faces[2].plate == back[2].plate  # a computer's plate is its own either way


class Said:
    """A source that keeps what is said (a phrase or a line)."""

    def __init__(self) -> None:
        self.said: list = []
        self.on_chat = None

    def say(self, phrase=None, text=None) -> bool:
        self.said.append((phrase, text))
        return True


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def test_the_phrase_keys_say_their_phrases_and_other_keys_go_to_the_table():
    source = Said()
    keys = OnlineKeys(source, lambda: ("Host", "Ann"), host=False)
    for code, phrase in PHRASE_KEYS.items():
        assert keys.key(key(code))
        assert source.said[-1] == (phrase, None)
    assert not keys.key(key(pygame.K_s))  # the table's draw
    assert not keys.key(typed("s"))
    assert len(source.said) == len(PHRASE_KEYS)


def test_a_typed_line_is_sent_with_enter_bounded_and_dropped_with_escape():
    source = Said()
    keys = OnlineKeys(source, lambda: ("Host", "Ann"), host=False)
    assert keys.key(key(TYPE_KEY))
    assert keys.key(typed("gg ")) and keys.key(typed("wp")) and keys.key(key(pygame.K_s))
    assert "gg wp" in keys.status()
    assert keys.key(key(pygame.K_BACKSPACE)) and keys.key(key(pygame.K_RETURN))
    assert source.said == [(None, "gg w")]
    keys.key(key(TYPE_KEY))
    keys.key(typed("x" * (CHAT_LENGTH + 50)))
    assert keys.typing == "x" * CHAT_LENGTH
    assert keys.key(key(pygame.K_ESCAPE)) and keys.typing is None
    assert source.said == [(None, "gg w")]  # nothing more was sent
    assert keys.status() is None
