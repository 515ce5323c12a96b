"""What a table played online adds to the window: a friend away on their plate, and the
chat's keys (the fixed phrases, a typed line) taken before the table's."""

from __future__ import annotations

import pygame
import pytest

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


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


def ctrl(code: int) -> pygame.event.Event:
    return key(code, pygame.KMOD_LCTRL)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def test_the_phrase_keys_say_their_phrases_and_other_keys_go_to_the_table():
    source = Said()
    keys = OnlineKeys(source, lambda: ("Host", "Ann"), host=False)
    for code, phrase in PHRASE_KEYS.items():
        assert not keys.key(key(code))  # a digit alone is the table's
        assert keys.key(ctrl(code))
        assert source.said[-1] == (phrase, None)
    for code in range(pygame.K_F1, pygame.K_F8 + 1):  # speech's keys, everywhere
        assert not keys.key(key(code))
    assert not keys.key(key(pygame.K_s))  # the table's draw
    assert not keys.key(typed("s"))
    assert len(source.said) == len(PHRASE_KEYS)


def test_a_typed_line_is_sent_with_enter_bounded_and_dropped_with_escape():
    source = Said()
    keys = OnlineKeys(source, lambda: ("Host", "Ann"), host=False)
    assert not keys.key(key(TYPE_KEY))
    assert keys.key(ctrl(TYPE_KEY))
    assert keys.key(typed("gg ")) and keys.key(typed("wp")) and keys.key(key(pygame.K_s))
    assert "gg wp" in keys.status()
    assert keys.key(key(pygame.K_BACKSPACE)) and keys.key(key(pygame.K_RETURN))
    assert source.said == [(None, "gg w")]
    keys.key(ctrl(TYPE_KEY))
    keys.key(typed("x" * (CHAT_LENGTH + 50)))
    assert keys.typing == "x" * CHAT_LENGTH
    assert keys.key(key(pygame.K_ESCAPE)) and keys.typing is None
    assert source.said == [(None, "gg w")]  # nothing more was sent
    assert keys.status() is None


def online_table_heard(tmp_path, host: bool, code: str):
    """A table with the online keys in a window whose voice records what it says."""
    from knockrummy import language
    from knockrummy.settings import Settings
    from knockrummy.ui.seats import default_seats
    from knockrummy.ui.sound import Sounds
    from knockrummy.ui.table.controller import TableScene
    from knockrummy.ui.table.hooks import TableHooks
    from knockrummy.ui.tables import table_source

    from .test_speech_menus import Heard

    heard = Heard(tmp_path)
    heard.game.settings = Settings(speed="instant", language=code)
    language.use(code)
    state = new_session("knock-rummy", 3, 4, [p.name for p in PLACES])
    keys = OnlineKeys(Said(), lambda: tuple(p.name for p in PLACES), host=host)
    hooks = TableHooks(on_key=keys.key, keys_help=keys.help, status=keys.status)
    source = table_source(state, default_seats(3))
    scene = TableScene(source, heard.game.settings, Sounds(False), hooks=hooks)
    keys.scene = scene
    heard.app.replace(scene)
    heard.step()
    return heard, keys


@pytest.mark.parametrize("code", ["en", "fr"])
@pytest.mark.parametrize("host", [False, True])
def test_f1_at_an_online_table_says_the_chat_keys_in_the_reader_s_language(tmp_path, host, code):
    from knockrummy import language
    from knockrummy.speech.words import spoken

    try:
        heard, keys = online_table_heard(tmp_path, host, code)
        said = " ".join(text for text, _interrupt in heard.press(pygame.K_F1))
        own = keys.help()
        assert all(spoken(line) in said for line in own), (said, own)
        for number in range(1, 7):
            assert f"Ctrl+{number}" in said
        assert "Ctrl+T" in said and ("F9" in said) == host
        with language.speaking("en"):
            english = keys.help()
        assert (own == english) == (code == "en")
        if code == "en":
            assert "Ctrl+1: Good game!" in said and "Ctrl+6: Hello!" in said
    finally:
        language.use("en")
