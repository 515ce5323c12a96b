"""A guest's window shows the others' lines of chat as the host's does, over real sockets on
127.0.0.1: a fixed phrase in the reader's own language, a typed line as typed, each line
cleaned and bounded as the host cleans and bounds it."""

from __future__ import annotations

import pygame
import pytest

from knockrummy import language
from knockrummy.net.guest import GuestLink, GuestSource, Received
from knockrummy.net.limits import CHAT_LENGTH
from knockrummy.net.words import chat_words
from knockrummy.speech.words import spoken
from knockrummy.ui.online import PHRASE_KEYS, TYPE_KEY

from .online_windows import close, said, seated, until


@pytest.mark.slow
def test_a_guest_s_window_shows_the_others_chat_in_its_reader_s_language(tmp_path, monkeypatch):
    host = ann = None
    try:
        host, ann, windows = seated(tmp_path, monkeypatch, "fr")
        phrase_key = next(k for k, phrase in PHRASE_KEYS.items() if phrase == "good-game")
        host.press(phrase_key, pygame.KMOD_LCTRL)
        line = "{name}: {words}"
        with language.speaking("fr"):
            expected = language._(line).format(name="Host", words=chat_words("good-game", None))
        assert expected != line.format(name="Host", words="Good game!")  # in French
        until(
            windows,
            lambda: ann.table.notice == expected,
            play=False,
        )
        assert spoken(expected) in said(ann)
        host.press(TYPE_KEY, pygame.KMOD_LCTRL)
        host.step([pygame.event.Event(pygame.TEXTINPUT, text="à demain, merci !")])
        host.press(pygame.K_RETURN)
        with language.speaking("fr"):
            typed = language._(line).format(name="Host", words="à demain, merci !")
        until(windows, lambda: ann.table.notice == typed, play=False)
        assert [said.text for said in ann.table.source.chat] == [None, "à demain, merci !"]
    finally:
        language.use("en")
        close([w for w in (host, ann) if w is not None])


def test_a_line_of_chat_from_the_host_is_cleaned_and_bounded_at_the_guest():
    source = GuestSource(GuestLink("ws://127.0.0.1:9", "Ann"))
    heard = []
    source.on_chat = heard.append
    for value in ((0, "good-game", None), (0, None, "a\x00b\n\u200bc  " + "x" * 900),
                  (1, None, "\x00\x01  ")):  # fmt: skip
        source.link.inbox.put(Received("chat", value))
    source.pump()
    assert [line.phrase for line in heard] == ["good-game", None]  # a line left empty: none
    text = heard[1].text
    assert text.startswith("ab c x") and len(text) == CHAT_LENGTH
    assert source.chat == heard


@pytest.mark.parametrize(("code", "host"), [("en", "Host"), ("fr", "Hôte"), ("es", "Anfitrión")])
def test_a_line_from_a_host_who_plays_no_seat_is_the_host_s_in_the_reader_s_language(code, host):
    from types import SimpleNamespace

    from knockrummy.net.guest import Said
    from knockrummy.ui.online import OnlineKeys

    shown = []
    source = SimpleNamespace(on_chat=None)
    keys = OnlineKeys(source, lambda: ("Ann", "Bob"), host=False)
    keys.scene = SimpleNamespace(say=lambda text, seconds: shown.append(text))
    with language.speaking(code):
        source.on_chat(Said(None, None, "bonsoir"))
        source.on_chat(Said(1, None, "salut"))
        expected = [language._("{name}: {words}").format(name=n, words=w)
                    for n, w in ((host, "bonsoir"), ("Bob", "salut"))]  # fmt: skip
    assert shown == expected
