"""Two relays behind HAProxy (Debian's package; ``.ci/run`` installs it): a table's host
and guests reach the same relay by its code, and when that relay is killed mid-game the
table comes back on the other one and is played out, nothing lost."""

from __future__ import annotations

import shutil
import socket
import subprocess

import pytest

from knockrummy.net.haproxy import haproxy_config

from . import processes as proc
from .test_processes import agree

pytestmark = pytest.mark.slow  # processes and a whole session


@pytest.fixture(autouse=True)
def _no_process_left():
    yield
    proc.end_all()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_one_of_two_relays_behind_haproxy_killed_mid_game(tmp_path):
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    relays = [proc.relay(tmp_path, name=f"relay{n}") for n in range(2)]
    port = free_port()
    config = tmp_path / "haproxy.cfg"
    addresses = [url.removeprefix("ws://") for _, url in relays]
    config.write_text(haproxy_config(f"127.0.0.1:{port}", addresses))
    front = subprocess.Popen([haproxy, "-db", "-f", str(config)], stderr=subprocess.DEVNULL)
    proc.STARTED.append(front)
    url = f"ws://127.0.0.1:{port}"
    proc.until(lambda: _listening(port), 30)
    host, code, table_url = proc.host(tmp_path, "--profile", "gin-rummy", "--seats",
                                      "friend,friend", "--relay", url)  # fmt: skip
    assert table_url == f"{url}/t/{code}"
    guests = [proc.guest(tmp_path, table_url, name) for name in ("Ann", "Bob")]
    proc.until(lambda: proc.hands_seen(tmp_path / "Ann.trace") >= 2)
    logs = [(tmp_path / f"relay{n}.err") for n in range(2)]
    (holder,) = [n for n, log in enumerate(logs) if f"table {code} linked" in log.read_text()]
    proc.kill(relays[holder][0])  # the table comes back on the other relay
    other = logs[1 - holder]
    proc.until(lambda: f"table {code} linked" in other.read_text(), 60)
    assert proc.finish(host) == 0
    assert [proc.finish(g) for g in guests] == [0, 0]
    agree(tmp_path, ["Ann", "Bob"])


def _listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0
