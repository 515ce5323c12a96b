"""A rematch online: once the session is over the host offers another with the same seats,
each friend accepts (or leaves), and the new session is dealt at the same table, to the
same seats, from a new seed; every ledger keeps both sessions alike."""

from __future__ import annotations

import pytest

from knockrummy.net import protocol as p
from knockrummy.play.wire import WireError

from .harness import Table, ledger_of

pytestmark = pytest.mark.slow  # whole sessions over real sockets


def test_friends_who_accept_play_a_rematch_at_the_same_table(tmp_path):
    table = Table(tmp_path, "knock-rami", ["friend", "easy", "friend"], rematches=1)
    try:
        guests = [table.join("Ann"), table.join("Bob")]
        assert table.wait() == "over"
    finally:
        table.close()
    hosted = ledger_of(tmp_path / "host")
    assert len(hosted) == 2 and all(row[3] and row[4] == "host" for row in hosted)
    assert hosted[0][0] == hosted[1][0]  # the same seats, by name
    assert hosted[0][2] != hosted[1][2]  # a new deal
    for guest in guests:
        assert guest.ended == "over" and guest.source.sessions == 2
        assert all(isinstance(kept, int) for kept in guest.kept), guest.kept
        assert sorted(ledger_of(guest.folder)) == sorted((*row[:4], "guest") for row in hosted)


def test_a_friend_who_leaves_declines_and_the_table_closes(tmp_path):
    table = Table(tmp_path, "knock-rami", ["friend", "easy", "friend"], rematches=1)
    try:
        ann = table.join("Ann")
        bob = table.join("Bob", decline=True)
        assert table.wait() == "over"
    finally:
        table.close()
    assert ann.source.rematch is not None and ann.source.accepted
    assert ann.ended == "over" and ann.source.sessions == 1
    assert bob.ended == "left"
    (hosted,) = ledger_of(tmp_path / "host")
    assert hosted[3] and ledger_of(ann.folder) == [(*hosted[:4], "guest")]


def test_the_rematch_offer_is_read_strictly():
    assert p.decode(p.rematch_message(60), p.HOST_KINDS) == ("rematch", 60)
    for bad in ('{"v":1,"type":"rematch","seconds":0}',
                '{"v":1,"type":"rematch","seconds":99999}',
                '{"v":1,"type":"rematch","seconds":"60"}',
                '{"v":1,"type":"rematch","seconds":60,"more":1}'):  # fmt: skip
        with pytest.raises(WireError):
            p.decode(bad, p.HOST_KINDS)
