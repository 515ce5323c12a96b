"""Composition root: the command line and, later, the window.

``knockrummy sim ...`` and ``knockrummy bench ...`` run without a window; nothing happens
at import time.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

USAGE = """usage: knockrummy COMMAND [options]

commands:
  demo     watch computers play at the table (--screenshot saves the last hand end)
  sim      play whole sessions with computer players
  bench    measure speed: bench melds

Run 'knockrummy COMMAND --help' for a command's options."""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    command, rest = args[0], args[1:]
    if command == "sim":
        from . import sim

        return sim.main(rest)
    if command == "demo":
        from .ui import demo

        return demo.main(rest)
    if command == "bench":
        target = rest[0] if rest else ""
        if target == "melds":
            from . import bench

            return bench.main(rest[1:])
        print("usage: knockrummy bench melds [--seconds S] [--seed N] [--json]", file=sys.stderr)
        return 2
    print(f"knockrummy: unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
    return 2
