"""A friend alone against the host's computers takes back a discard as a player alone
against computers does at a table here: sent as an action with the view's number, played
by the host's engine, refused with the rule's words (in the guest's language) when the
rule forbids it, and the host's session unchanged then."""

from __future__ import annotations

import pytest

from knockrummy.engine.actions import Discard, DrawStock, Undo
from knockrummy.play.stream import Moved, Refused

from .harness import Hand, Table, in_english_and_french, my_turn, wait_until

pytestmark = pytest.mark.slow  # a host on its thread and a guest over a real socket


def refused(source):
    """The refusal the guest's latest update tells of, if any."""
    news = source.latest(source.seat).news
    return next((n.refusal for n in news if isinstance(n, Refused)), None)


def test_a_friend_alone_against_computers_takes_back_a_discard(tmp_path):
    # a long grace: the computer after Ann waits whatever the machine's load
    table = Table(tmp_path, "knock-rummy", ["friend", "easy"], grace=120.0)
    ann = Hand(table.url, "Ann")
    try:
        assert ann.until(my_turn, 120)
        seat = ann.source.seat
        assert ann.view.take_backs and not ann.view.may_undo
        host = table.hosting.source
        # the last discard is the computer's (seed 7): refused, the session unchanged
        logged = len(host.state.log)
        ann.source.submit(Undo(), seat)
        assert ann.until(lambda s: refused(s) is not None)
        why = refused(ann.source)
        assert why.code == "take-back-too-late"
        english, french = in_english_and_french(why)
        assert english == "A discard can be taken back only until the next player has moved."
        assert french != english and "défausse" in french
        assert len(host.state.log) == logged and ann.view.to_move == seat
        # draw, then discard
        ann.source.submit(next(a for a in ann.view.legal_actions if isinstance(a, DrawStock)), seat)
        assert ann.until(
            lambda s: any(isinstance(a, Discard) for a in s.latest(seat).view.legal_actions)
        )
        discard = next(a for a in ann.view.legal_actions if isinstance(a, Discard))
        ann.source.submit(discard, seat)
        assert ann.until(lambda s: s.latest(seat).view.may_undo)
        assert discard.card not in ann.view.hand
        after_discard = len(host.state.log)
        assert host.state.log[-1] == (seat, discard)
        ann.source.submit(Undo(), seat)

        def taken_back(source) -> bool:
            news = source.latest(seat).news
            return any(isinstance(n, Moved) and n.action == Undo() for n in news)

        assert ann.until(taken_back)
        assert host.state.log[-1] == (seat, Undo()) and len(host.state.log) == after_discard + 1
        assert discard.card in ann.view.hand and ann.view.to_move == seat
        assert not ann.view.may_undo
        # once is all: a second take-back is refused with the rule's words, nothing changes
        ann.source.submit(Undo(), seat)
        assert ann.until(lambda s: refused(s) is not None)
        why = refused(ann.source)
        assert why.code == "taken-back-already"
        english, french = in_english_and_french(why)
        assert english != french and all(english) and all(french)
        assert wait_until(lambda: len(host.state.log) == after_discard + 1, 1)
    finally:
        ann.close()
        table.close()


def test_a_friend_at_a_table_of_two_people_has_no_take_backs(tmp_path):
    """Two friends (as the host and a friend, or pass-and-play here): nobody takes a
    discard back; a take-back is refused with the rule, in the guest's language."""
    table = Table(tmp_path, "gin-rummy", ["friend", "friend"])
    bob = table.join("Bob")
    ann = Hand(table.url, "Ann")
    try:
        assert ann.until(lambda s: s.started, 120)
        seat = ann.source.seat
        assert not ann.view.take_backs
        host = table.hosting.source
        logged = len(host.state.log)
        ann.source.submit(Undo(), seat)
        assert ann.until(lambda s: refused(s) is not None)
        why = refused(ann.source)
        assert why.code == "no-take-backs"
        english, french = in_english_and_french(why)
        assert english.startswith("This game has no take-backs") and french != english
        assert host.state.undo_seat is None and len(host.state.log) <= logged + 1
    finally:
        ann.close()
        table.close()
    assert bob.ended is not None
