"""Whole sessions over real sockets on 127.0.0.1, in every profile: friends on other
"machines" (each with its own saves), computer seats and a spectator, played to the
session's end; the host's ledger and every guest's agree, each guest's copy marked as
played online; and nothing a seat was sent names a card it may not know (the privacy
checks of :mod:`.privacy`), which the guests' traces show in their documented form."""

from __future__ import annotations

import pytest

from knockrummy.engine.profiles import PROFILES

from .harness import Table, ledger_of
from .privacy import check_sent, check_trace

pytestmark = pytest.mark.slow  # whole sessions, on threads and sockets

TABLES = {
    "poker-rum": ["friend", "friend", "easy", "friend"],
    "knock-rummy": ["friend", "easy", "friend", "friend", "medium", "friend"],
    "gin-rummy": ["friend", "friend"],
    "gin-classic": ["easy", "friend"],
    "knock-rami": ["friend", "friend", "easy"],
}


def test_every_profile_is_played_online():
    assert set(TABLES) == set(PROFILES)


@pytest.mark.parametrize("profile", list(TABLES))
def test_a_session_played_online_is_the_same_in_every_ledger(tmp_path, profile):
    kinds = TABLES[profile]
    table = Table(tmp_path, profile, kinds, seed=None)  # a secret 63-bit seed
    guests = [table.join(f"Friend{n}") for n in range(kinds.count("friend"))]
    watcher = table.join("Watcher", level=None, watch=True)
    assert table.wait() == "over"
    assert check_sent(table) > 20
    for guest in guests:
        assert check_trace(guest.folder / "trace.jsonl") > 10
    assert watcher.ended == "over" and watcher.saved is None
    (hosted,) = ledger_of(tmp_path / "host")
    names, scores, code, finished, role = hosted
    assert finished and role == "host" and code
    assert sorted(n for n, k in zip(names, kinds, strict=True) if k == "friend") == sorted(
        g.name for g in guests
    )
    for guest in guests:
        assert guest.ended == "over"
        assert isinstance(guest.saved, int), guest.saved
        assert ledger_of(guest.folder) == [(names, scores, code, True, "guest")]
