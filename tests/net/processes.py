"""Hosts, guests and relays as the commands run them, each in its own process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WAIT = 300.0
STARTED: list[subprocess.Popen] = []
"""Every process started, ended by the tests' teardown (:func:`end_all`) if still running."""


def end_all() -> None:
    while STARTED:
        process = STARTED.pop()
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


def start(*args: str, log: Path) -> subprocess.Popen:
    """``knockrummy ARGS`` in a new process, its standard error to ``log``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with log.open("ab") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "knockrummy", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
    STARTED.append(process)
    return process


def first_line(process: subprocess.Popen, word: str) -> list[str]:
    """The words of the process's first line, which must start with ``word``."""
    line = process.stdout.readline()
    assert line.startswith(word + " "), f"{line!r} (exit {process.poll()})"
    return line.split()


def relay(folder: Path, port: int = 0, name: str = "relay") -> tuple[subprocess.Popen, str]:
    process = start("relay", "--bind", "127.0.0.1", "--port", str(port), "--ping", "1",
                    log=folder / f"{name}.err")  # fmt: skip
    return process, first_line(process, "relay")[1]


def host(
    folder: Path, *args: str, rate: str | None = "100000"
) -> tuple[subprocess.Popen, str, str]:
    """A headless host: the process, its join code and its URL (``rate`` None: the
    game's own bound on a seat's moves)."""
    paced = ("--rate", rate) if rate is not None else ()
    process = start(
        "host", "--headless", "--bind", "127.0.0.1", "--no-discovery", *paced,
        "--ping", "1", "--data-dir", str(folder / "host"), *args, log=folder / "host.err",
    )  # fmt: skip
    _word, code, url = first_line(process, "hosting")
    return process, code, url


def guest(folder: Path, url: str, name: str, *args: str) -> subprocess.Popen:
    return start(
        "join", url, "--as", name, "--bot", "easy", "--headless", "--ping", "1",
        "--data-dir", str(folder / name), "--trace", str(folder / f"{name}.trace"), *args,
        log=folder / f"{name}.err",
    )  # fmt: skip


def finish(process: subprocess.Popen, timeout: float = WAIT) -> int:
    try:
        return process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise AssertionError(f"{process.args[3]} did not end in time") from None


def kill(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()


def until(condition, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "waited in vain"
        time.sleep(0.05)


def trace_lines(path: Path) -> list[dict]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            break  # the line being written
    return out


def its_turn(path: Path, seat_name: str) -> bool:
    """The guest's trace shows a view where it is the guest's move."""
    for entry in reversed(trace_lines(path)):
        msg = entry["msg"]
        if isinstance(msg, dict) and msg.get("type") == "update":
            view = msg["update"]["view"]
            return view["to_move"] == view["seat"] and view["names"][view["seat"]] == seat_name
    return False


def told(path: Path, code: str) -> int:
    """How many of the messages in the guest's trace name the refusal ``code``."""
    return sum(f'"{code}"' in json.dumps(entry["msg"]) for entry in trace_lines(path))


def hands_seen(path: Path) -> int:
    return max((e["hand"] for e in trace_lines(path)), default=0)
