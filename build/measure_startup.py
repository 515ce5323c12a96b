"""Time from launch to the first frame on screen, for a built executable or any command.

    xvfb-run -a -s "-screen 0 1920x1080x24" python build/measure_startup.py dist/KnockRummy

The command is started with ``KNOCKRUMMY_FIRST_FRAME_EXIT=1``, which makes the game print a
marker right after its first ``display.flip()`` and exit; the time is taken from just
before the launch to the marker line, so it includes a one-file build's unpacking. One
untimed run first fills the disk cache, then ``--runs`` timed runs (median, min, max).
Options go before the command: ``measure_startup.py --runs 20 python -m knockrummy``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time

MARKER = "knockrummy: first frame"


def first_frame_seconds(command: list[str], timeout: float) -> float:
    env = dict(os.environ, KNOCKRUMMY_FIRST_FRAME_EXIT="1")
    start = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as process:
        watchdog = threading.Timer(timeout, process.kill)
        watchdog.start()
        try:
            for line in process.stdout:
                if line.strip() == MARKER:
                    elapsed = time.perf_counter() - start
                    break
            else:
                raise SystemExit(f"no first frame (exit code {process.wait()}): {command}")
            process.wait()  # a one-file build then removes its unpacked copy: not timed
        finally:
            watchdog.cancel()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("command", nargs=argparse.REMAINDER, help="e.g. dist/KnockRummy")
    args = parser.parse_args()
    if not args.command:
        parser.error("name the command to launch")
    first_frame_seconds(args.command, args.timeout)
    times = [first_frame_seconds(args.command, args.timeout) for _ in range(args.runs)]
    print(
        f"{' '.join(args.command)}: first frame after median {statistics.median(times):.3f} s "
        f"(min {min(times):.3f}, max {max(times):.3f}, {args.runs} runs)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
