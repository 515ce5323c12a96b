"""Speech backends: prism's screen readers asked for by name, a recording in first place,
silence with no error where nothing runs; the speaker's history, its main thread, and the
cards said in words in every language."""

from __future__ import annotations

import gc
import json
import threading
import weakref

import pytest

from knockrummy import language
from knockrummy.engine.cards import JOKER, Card, new_deck, parse_cards
from knockrummy.language.cards import card_words, lettering, printed, said_name
from knockrummy.speech import backends
from knockrummy.speech.backends import (
    RECORDING_NAME,
    Direct,
    RecordingSink,
    Silent,
    find_screen_reader,
    open_backend,
    recording_file,
)
from knockrummy.speech.speaker import Speaker
from knockrummy.speech.words import card_said, meld_said, spoken


def _prism():
    import prism

    return prism


def test_the_recording_is_a_prism_backend_in_first_place_writing_json_lines(tmp_path):
    path = tmp_path / "speech.jsonl"
    sink = RecordingSink(path)
    backend = open_backend(system_voice=True, sink=sink)
    assert isinstance(backend, backends.PrismSpeech)  # through prism, not beside it
    assert backend.name == RECORDING_NAME
    backend.speak("Knock Rummy", True)
    backend.speak("7 de cœur", False)
    sink.close()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines == [
        {"text": "Knock Rummy", "interrupt": True},
        {"text": "7 de cœur", "interrupt": False},
    ]


def test_with_no_screen_reader_running_prism_gives_silence_and_no_error():
    # this machine runs no screen reader and no speech server: prism finds none
    backend = open_backend(system_voice=False)
    assert backend.name == "silent"
    backend.speak("nobody hears this", False)
    backend.stop()
    assert find_screen_reader() is None


def test_the_system_voice_is_asked_for_only_when_chosen():
    prism = _prism()
    plain = backends.PrismSpeech(prism, system_voice=False)
    chosen = backends.PrismSpeech(prism, system_voice=True)
    assert "SPEECH_DISPATCHER" not in plain.wanted and "SAPI" not in plain.wanted
    assert chosen.wanted[: len(backends.SCREEN_READERS)] == list(backends.SCREEN_READERS)
    assert "SPEECH_DISPATCHER" in chosen.wanted


def test_without_prism_the_game_is_silent_or_records_directly():
    assert isinstance(open_backend(load=lambda: None), Silent)
    sink = RecordingSink()
    direct = open_backend(sink=sink, load=lambda: None)
    assert isinstance(direct, Direct)
    direct.speak("heard", True)
    assert sink.said == [("heard", True)]


def test_the_environment_names_the_recording_file_or_is_refused(tmp_path, capsys):
    assert recording_file({}) is None
    assert recording_file({"KNOCKRUMMY_SPEECH": f"record:{tmp_path}/a.jsonl"}) == (
        tmp_path / "a.jsonl"
    )
    assert recording_file({"KNOCKRUMMY_SPEECH": "loud"}) is None
    assert "must be record:FILE" in capsys.readouterr().err


class Counting:
    name = "counting"

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        self.stale = False
        self.made_again = 0

    def speak(self, text: str, interrupt: bool) -> None:
        self.said.append((text, interrupt))

    def stop(self) -> None:
        pass

    def again(self) -> None:
        self.made_again += 1
        self.stale = False


def test_the_speaker_never_sends_empty_text_and_keeps_a_history_to_step_through():
    backend = Counting()
    speaker = Speaker(lambda: backend, enabled=True)
    speaker.start()
    speaker.say("   ")
    speaker.say("")
    assert backend.said == []
    for text in ("one", "two", "three"):
        speaker.say(text)
    speaker.back()
    speaker.back()
    speaker.forward()
    speaker.repeat()
    assert backend.said[3:] == [("two", True), ("one", True), ("two", True), ("two", True)]
    assert speaker.history == ["one", "two", "three"]


def test_the_backend_is_made_once_and_again_when_the_reader_restarts():
    made = []

    def opener():
        made.append(Counting())
        return made[-1]

    speaker = Speaker(opener, enabled=False)
    speaker.start()
    assert made == []  # speech off: nothing is loaded
    speaker.turn(True)
    speaker.start()
    assert len(made) == 1
    made[0].stale = True
    speaker.tick()
    assert made[0].made_again == 1 and len(made) == 1


def test_speech_is_called_from_the_main_thread_only():
    speaker = Speaker(lambda: Counting(), enabled=True)
    speaker.start()
    failed = []

    def elsewhere():
        try:
            speaker.say("from a worker")
        except RuntimeError as exc:
            failed.append(exc)

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert failed and speaker.history == []


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en", "Ben threw 10 of diamonds, then ace of spades, king of clubs, joker."),
        ("fr", "Ben threw 10 de carreau, then as de pique, roi de trèfle, joker."),
        ("es", "Ben threw 10 de diamantes, then as de picas, rey de tréboles, comodín."),
    ],
)
def test_cards_are_said_in_words_in_each_language(code, words):
    with language.speaking(code):
        assert spoken("Ben threw 10♦ · then A♠ K♣ Joker.") == words


@pytest.mark.parametrize(
    ("code", "letters", "words"),
    [
        (
            "en",
            "language",
            "You take the queen of hearts, then the ace of diamonds, jack of spades.",
        ),
        ("fr", "language", "Vous prenez la dame de cœur, then l'as de carreau, valet de pique."),
        ("fr", "jqk", "Vous prenez la dame de cœur, then l'as de carreau, valet de pique."),
        ("es", "language", "Tomas la reina de corazones, then el as de diamantes, jota de picas."),
    ],
)
def test_a_card_in_its_form_is_said_after_its_article(code, letters, words):
    queen, ace, jack = Card.parse("QH"), Card.parse("AD"), Card.parse("JS")
    start = {"en": "You take", "fr": "Vous prenez", "es": "Tomas"}[code]
    with language.speaking(code), lettering(letters):
        text = f"{start} {card_words(queen).the} · then {card_words(ace).the} {printed(jack)}."
        assert spoken(text) == words


@pytest.mark.parametrize("code", ["en", "fr", "es"])
@pytest.mark.parametrize("letters", ["language", "jqk"])
def test_every_printed_card_is_said_by_its_name(code, letters):
    with language.speaking(code), lettering(letters):
        for card in [*new_deck(), JOKER]:
            assert spoken(printed(card)) == card_said(card) == said_name(card)


def test_closing_lets_prism_go_while_the_interpreter_runs(tmp_path):
    sink = RecordingSink(tmp_path / "speech.jsonl")
    speaker = Speaker(lambda: open_backend(sink=sink), enabled=True)
    speaker.start()
    backend = speaker.backend
    context = weakref.ref(backend._context)  # noqa: SLF001 (what close must free)
    speaker.say("Knock Rummy")
    speaker.close()
    gc.collect()
    assert speaker.backend is None and backend.backend is None
    assert context() is None  # freed now: its own end shut prism's thread down
    speaker.say("after")  # speech turned on again makes a new backend
    speaker.start()
    speaker.say("again")
    sink.close()
    assert [text for text, _interrupt in sink.said] == ["Knock Rummy", "again"]


@pytest.mark.parametrize(
    ("code", "run", "ace"),
    [
        ("en", "9, 10, jack, queen of hearts", "ace, 2, 3 of spades"),
        ("fr", "9, 10, valet, dame de cœur", "as, 2, 3 de pique"),
        ("es", "9, 10, jota, reina de corazones", "as, 2, 3 de picas"),
    ],
)
def test_a_run_is_said_with_its_suit_once_a_set_card_by_card(code, run, ace):
    with language.speaking(code):
        assert meld_said(parse_cards("QH 9H JH TH")) == run  # in order, whatever the order
        assert meld_said(parse_cards("2S AS 3S")) == ace
        sevens = parse_cards("7S 7H 7D")
        assert meld_said(sevens) == ", ".join(card_said(card) for card in sevens)
        with_joker = [*parse_cards("5H 6H"), JOKER]
        assert meld_said(with_joker) == ", ".join(card_said(card) for card in with_joker)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en", "Ben: +29, difference 38 minus 9 with you. Shared: 15/2 minus 3."),
        ("fr", "Ben: +29, difference 38 moins 9 with you. Shared: 15/2 moins 3."),
        ("es", "Ben: +29, difference 38 menos 9 with you. Shared: 15/2 menos 3."),
    ],
)
def test_a_subtraction_is_said_in_words_not_as_a_dash_a_voice_reads_as_a_pause(code, words):
    with language.speaking(code):
        assert spoken("Ben: +29 · difference 38 - 9 with you. Shared: 15/2 - 3.") == words
        assert spoken("2026-12-05, F7 - F8") == "2026-12-05, F7 - F8"  # no subtraction
