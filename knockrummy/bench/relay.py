"""``knockrummy bench relay``: many tables through one relay (then two behind HAProxy), on
this machine's loopback: frames forwarded a second, the latency of a move from one guest
to the next, and the relay's memory a table.

Each table is a host and two computer guests speaking the game's own messages: the host
holds a real session (:class:`~..play.local.LocalSource`, the friends' seats
:class:`~..play.seats.Remote`) and sends each seat its update; each guest reads its update
with the strict reader, thinks (``--think`` seconds), and answers with a simple computer's
move from its view. All tables run on one asyncio loop in this process; the relay runs in
its own process, on one core (``--core``).

Glossary:
    latency   from the moment a guest sends its move to the moment the next guest to move
              is sent the view that shows it, through the relay and the host, both stamped
              by this process's clock.
    memory    the relay's resident memory with every table linked and playing, less its
              memory before the first table, divided by the tables.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..commands import cli


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = __doc__.split("\n\n", 1)[0]
    parser.add_argument("--tables", type=cli.count(1, 2000), default=200)
    parser.add_argument("--seconds", type=cli.seconds(3600), default=30.0, help="measured time")
    parser.add_argument("--think", type=cli.seconds(60), default=0.5, help="a guest's pause")
    parser.add_argument("--core", type=cli.count(0, 1023), default=0, help="the relay's core")
    parser.add_argument(
        "--haproxy", action="store_true", help="two relays behind HAProxy instead of one"
    )
    parser.add_argument(
        "--workers", type=cli.count(1, 64), default=2, help="processes playing the tables"
    )


def run(args: argparse.Namespace) -> int:
    result = bench(args.tables, args.seconds, args.think, args.core, args.haproxy, args.workers)
    for line in report(result):
        print(line)
    return 0


def report(result: dict) -> list[str]:
    lat = sorted(result["latencies"])
    probe = sorted(result["probe"])

    def pct(q: float, values=lat) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else float("nan")

    return [
        f"relays: {result['relays']}, tables: {result['tables']} (linked {result['linked']}),"
        f" measured {result['seconds']:.1f} s",
        f"frames through the relay: {result['frames']:,}"
        f" ({result['frames'] / result['seconds']:,.0f} a second)",
        f"moves: {len(lat):,}; latency from one guest to the next: median {pct(0.5):.1f} ms,"
        f" p99 {pct(0.99):.1f} ms (the tables' own processes, loaded)",
        f"probe table ({len(probe)} moves, a process of its own): median"
        f" {pct(0.5, probe):.1f} ms, p99 {pct(0.99, probe):.1f} ms",
        f"relay memory: {result['rss_before'] / 1024:.1f} MB before,"
        f" {result['rss_after'] / 1024:.1f} MB with the tables:"
        f" {result['per_table']:.1f} KB a table",
        f"relay processor time: {result['cpu']:.1f} s over {result['seconds']:.1f} s",
    ]


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _start_relay(core: int) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "knockrummy", "relay", "--bind", "127.0.0.1", "--port", "0",
         "--per-address", "1000000", "--joins-per-minute", "1000000"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(process.pid, {core})
    line = process.stdout.readline()
    return process, line.split()[1]


def bench(
    tables: int, seconds: float, think: float, core: int, haproxy: bool, workers: int
) -> dict:
    """Start the relay(s), play ``tables`` tables on ``workers`` processes and one probe
    table on a process of its own for ``seconds``; the figures (see :func:`report`)."""
    import multiprocessing

    cores = os.cpu_count() or 1
    relays = [_start_relay(core)] + ([_start_relay((core + 1) % cores)] if haproxy else [])
    front = None
    folder = Path(tempfile.mkdtemp(prefix="relay-bench-"))
    try:
        url = relays[0][1]
        if haproxy:
            from ..net.haproxy import haproxy_config

            port = _free_port()
            config = folder / "haproxy.cfg"
            addresses = [u.removeprefix("ws://") for _, u in relays]
            config.write_text(haproxy_config(f"127.0.0.1:{port}", addresses))
            front = subprocess.Popen(
                [shutil.which("haproxy") or "/usr/sbin/haproxy", "-db", "-f", str(config)],
                stderr=subprocess.DEVNULL,
            )
            url = f"ws://127.0.0.1:{port}"
            time.sleep(1.0)
        time.sleep(0.5)
        rss_before = sum(_rss_kb(p.pid) for p, _ in relays)
        cpu_before = sum(_cpu_seconds(p.pid) for p, _ in relays)
        context = multiprocessing.get_context("spawn")
        results = context.Queue()
        warm = min(10.0, 2 + tables * 0.02)
        shares = [tables // workers + (w < tables % workers) for w in range(workers)]
        start_at = time.time() + 1.0
        jobs = [
            context.Process(
                target=_worker, args=(url, share, think, warm, seconds, start_at, w, results)
            )
            for w, share in enumerate(shares)
        ]
        jobs.append(
            context.Process(
                target=_worker, args=(url, 1, think, warm, seconds, start_at, -1, results)
            )
        )
        for job in jobs:
            job.start()
        time.sleep(max(0.0, start_at - time.time()) + warm + seconds / 2)
        rss_after = sum(_rss_kb(p.pid) for p, _ in relays)
        gathered = [results.get(timeout=seconds + warm + 120) for _ in jobs]
        cpu = sum(_cpu_seconds(p.pid) for p, _ in relays) - cpu_before
        for job in jobs:
            job.join(30)
        loads = [g for g in gathered if g["worker"] >= 0]
        (probe,) = [g for g in gathered if g["worker"] < 0]
        return {
            "relays": len(relays),
            "tables": tables,
            "linked": sum(g["linked"] for g in loads),
            "seconds": max(g["seconds"] for g in loads),
            "frames": sum(g["frames"] for g in gathered),
            "latencies": [x for g in loads for x in g["latencies"]],
            "probe": probe["latencies"],
            "rss_before": rss_before,
            "rss_after": rss_after,
            "per_table": (rss_after - rss_before) / (tables + 1),
            "cpu": cpu,
        }
    finally:
        if front is not None:
            front.kill()
            front.wait()
        for process, _ in relays:
            process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def _worker(url, tables, think, warm, seconds, start_at, worker, results) -> None:
    """One process's share of the tables (``worker`` -1: the probe table)."""
    results.put(asyncio.run(_play(url, tables, think, warm, seconds, start_at, worker)))


async def _play(url, tables, think, warm, seconds, start_at, worker) -> dict:
    await asyncio.sleep(max(0.0, start_at - time.time()))
    state = _Load(url, think)
    runners = [asyncio.ensure_future(state.table(n + 1000 * worker)) for n in range(tables)]
    await asyncio.sleep(warm)  # every table linked and dealt
    state.measuring = True
    began = time.monotonic()
    await asyncio.sleep(seconds)
    state.measuring = False
    elapsed = time.monotonic() - began
    for runner in runners:
        runner.cancel()
    await asyncio.gather(*runners, return_exceptions=True)
    return {
        "worker": worker,
        "linked": state.linked,
        "seconds": elapsed,
        "frames": state.frames,
        "latencies": state.latencies,
    }


class _Load:
    """Every table's host and guests, on this loop."""

    def __init__(self, url: str, think: float) -> None:
        self.url = url
        self.think = think
        self.frames = 0
        self.latencies: list[float] = []
        self.measuring = False
        self.linked = 0

    async def table(self, number: int) -> None:
        from websockets.asyncio.client import connect

        from ..engine.session import new_session
        from ..net import protocol as p
        from ..net import relay_protocol as rp
        from ..net.codes import new_host_token, new_join_code
        from ..play.local import LocalSource
        from ..play.seats import Remote, SeatKind, SeatPlace
        from ..workers import InlineWorker

        code, token = new_join_code(), new_host_token()
        rng = random.Random(number)
        places = [SeatPlace("A", SeatKind.REMOTE), SeatPlace("B", SeatKind.REMOTE)]
        state = new_session("gin-rummy", 2, rng.getrandbits(62))
        policies = [Remote(), Remote()]
        local = LocalSource(state, places, policies, executor=InlineWorker())
        sent_at: dict[int, float] = {}
        pairs: dict[int, object] = {}
        seats: dict[int, int] = {}
        base = f"{self.url}/t/{code}"

        async with connect(f"{base}/host", compression=None, max_size=2**20) as link:
            await link.send(rp.host_message(token))
            if rp.read(await link.recv()).get("type") != "hosting":
                return
            self.linked += 1
            guests = [asyncio.ensure_future(self._guest(base, s, sent_at)) for s in (0, 1)]

            def to_seat(seat: int, update) -> None:
                connection = pairs.get(seat)
                if connection is not None:
                    asyncio.ensure_future(connection.send(p.update_message(update)))
                    self.frames += self.measuring

            for seat in (0, 1):
                local.subscribe(seat, lambda u, seat=seat: to_seat(seat, u))
            try:
                async for message in link:
                    request = rp.read(message)
                    if request.get("type") == "guest":
                        asyncio.ensure_future(
                            self._pair(base, token, request["id"], local, pairs, seats, sent_at)
                        )
            finally:
                for guest in guests:
                    guest.cancel()

    async def _pair(self, base, token, guest_id, local, pairs, seats, sent_at) -> None:
        from websockets.asyncio.client import connect

        from ..engine.actions import NextHand
        from ..net import protocol as p
        from ..net import relay_protocol as rp

        async with connect(f"{base}/pair/{guest_id}", compression=None) as connection:
            await connection.send(rp.pair_message(token))
            async for frame in connection:
                self.frames += self.measuring
                kind, value = p.decode(frame, p.GUEST_KINDS)
                if kind == "hello":
                    seat = len(seats)
                    seats[guest_id] = seat
                    pairs[seat] = connection
                    if len(pairs) == 2:
                        for s, c in pairs.items():
                            await c.send(p.update_message(local.latest(s)))
                elif kind == "action":
                    action, seat, _number, _token = value
                    if seat is None:
                        if local.state.to_move is None and not local.state.is_over:
                            local.play(NextHand(), None)
                        continue
                    policy = local.policies[seat]
                    if local.state.to_move == seat:
                        policy.arrive(action, local.state)
                        local.proceed()
                        local.pump()
                    if local.state.is_over:  # a new session at the same table
                        return

    async def _guest(self, base: str, seat_hint: int, sent_at: dict[int, float]) -> None:
        from websockets.asyncio.client import connect

        from ..ai.simple import SimpleBot
        from ..engine.actions import NextHand
        from ..engine.session import HAND_OVER
        from ..net import protocol as p
        from ..play.stream import Moved

        await asyncio.sleep(0.05 * seat_hint)
        bot = SimpleBot(seed=seat_hint)
        async with connect(base, compression=None, max_size=2**20) as connection:
            await connection.send(p.hello_message(f"G{seat_hint}", False, None, None, "bench"))
            async for frame in connection:
                self.frames += self.measuring
                kind, update = p.decode(frame, p.HOST_KINDS)
                if kind != "update":
                    continue
                view = update.view
                moved = [n for n in update.news if isinstance(n, Moved)]
                if moved and moved[-1].seat not in (None, view.seat):
                    stamp = sent_at.pop(update.number - 1, None)
                    if stamp is not None and self.measuring:
                        self.latencies.append(time.monotonic() - stamp)
                if view.to_move == view.seat:
                    await asyncio.sleep(self.think * (0.5 + random.random()))
                    sent_at[update.number] = time.monotonic()
                    action = bot.choose(view)
                    await connection.send(
                        p.seat_action_message(action, view.seat, update.number, "x")
                    )
                elif view.phase == HAND_OVER and view.to_move is None:
                    await asyncio.sleep(self.think)
                    await connection.send(
                        p.seat_action_message(NextHand(), None, update.number, "x")
                    )
