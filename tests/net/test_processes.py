"""Online tables as the commands play them, each side in its own process: through a relay,
a guest killed mid-turn coming back from a new process, the host killed and hosted again
with its saves while the guests come back, the relay started again mid-game. Nothing is
lost: every ledger ends the same, each guest's marked as played online."""

from __future__ import annotations

import json

import pytest

from . import processes as proc
from .harness import ledger_of

pytestmark = pytest.mark.slow  # processes, whole sessions


@pytest.fixture(autouse=True)
def _no_process_left():
    yield
    proc.end_all()


def agree(folder, names) -> None:
    (hosted,) = ledger_of(folder / "host")
    assert hosted[3] and hosted[4] == "host"
    for name in names:
        assert ledger_of(folder / name) == [(*hosted[:4], "guest")]


def test_a_session_through_a_relay(tmp_path):
    relay, relay_url = proc.relay(tmp_path)
    try:
        host, code, url = proc.host(tmp_path, "--profile", "knock-rami", "--seats",
                                    "friend,easy,friend", "--relay", relay_url)  # fmt: skip
        assert url == f"{relay_url}/t/{code}"
        guests = [proc.guest(tmp_path, url, name) for name in ("Ann", "Bob")]
        assert proc.finish(host) == 0
        assert [proc.finish(g) for g in guests] == [0, 0]
        agree(tmp_path, ["Ann", "Bob"])
    finally:
        proc.kill(relay)


def test_a_guest_killed_mid_turn_comes_back_from_a_new_process(tmp_path):
    host, _code, url = proc.host(tmp_path, "--profile", "gin-rummy", "--seats", "friend,friend")
    ann = proc.guest(tmp_path, url, "Ann")
    bob = proc.guest(tmp_path, url, "Bob")
    proc.until(lambda: proc.hands_seen(tmp_path / "Ann.trace") >= 2)
    proc.until(lambda: proc.its_turn(tmp_path / "Ann.trace", "Ann"), 60)
    proc.kill(ann)
    again = proc.guest(tmp_path, url, "Ann")  # the seat's token is in Ann's saves
    assert proc.finish(host) == 0
    assert proc.finish(bob) == 0 and proc.finish(again) == 0
    agree(tmp_path, ["Ann", "Bob"])


def test_the_host_killed_and_hosted_again_while_its_guests_come_back(tmp_path):
    host, code, url = proc.host(
        tmp_path, "--profile", "poker-rum", "--seats", "friend,medium,friend"
    )
    port = url.rsplit(":", 1)[1]
    guests = [proc.guest(tmp_path, url, name) for name in ("Ann", "Bob")]
    proc.until(lambda: proc.hands_seen(tmp_path / "Ann.trace") >= 2)
    proc.kill(host)
    host, again, url_again = proc.host(tmp_path, "--resume", "--port", port)
    assert (again, url_again) == (code, url)
    assert proc.finish(host) == 0
    assert [proc.finish(g) for g in guests] == [0, 0]
    agree(tmp_path, ["Ann", "Bob"])


def test_the_relay_started_again_mid_game(tmp_path):
    relay, relay_url = proc.relay(tmp_path)
    port = relay_url.rsplit(":", 1)[1]
    host, _code, url = proc.host(tmp_path, "--profile", "gin-classic", "--seats",
                                 "friend,friend", "--relay", relay_url)  # fmt: skip
    guests = [proc.guest(tmp_path, url, name) for name in ("Ann", "Bob")]
    try:
        proc.until(lambda: proc.hands_seen(tmp_path / "Bob.trace") >= 2)
        proc.kill(relay)
        relay, again = proc.relay(tmp_path, int(port))
        assert again == relay_url
        assert proc.finish(host) == 0
        assert [proc.finish(g) for g in guests] == [0, 0]
        agree(tmp_path, ["Ann", "Bob"])
    finally:
        proc.kill(relay)


def test_computer_guests_keep_within_a_default_host_s_pace(tmp_path):
    """A host with the game's own bound on moves (20 a seat in 10 seconds, told to its
    guests) and two guests played by a computer level: the hand is played out and
    neither guest is ever refused for going too fast."""
    host, _code, url = proc.host(
        tmp_path, "--profile", "gin-rummy", "--seats", "friend,friend", "--hands", "1", rate=None
    )
    guests = [proc.guest(tmp_path, url, name) for name in ("Ann", "Bob")]
    assert proc.finish(host, 240) == 0
    assert [proc.finish(g, 60) for g in guests] == [0, 0]
    for name in ("Ann", "Bob"):
        trace = tmp_path / f"{name}.trace"
        assert proc.hands_seen(trace) >= 1
        assert any('"limits"' in json.dumps(e["msg"]) for e in proc.trace_lines(trace))
        assert proc.told(trace, "online-too-fast") == 0
