"""``python -m research NAME [options]``: one of the research benches of :data:`COMMANDS`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from knockrummy.commands.cli import add_commands

from . import COMMANDS


def main(argv: Sequence[str] | None = None) -> int:
    """Run the research bench ``argv`` names; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m research", description="Research benches, run from the repository."
    )
    add_commands(parser, COMMANDS, args, "bench")
    try:
        options = parser.parse_args(args)
        return options.run(options)
    except SystemExit as stop:  # argparse's usage error (2) or --help (0)
        return 0 if stop.code is None else stop.code if isinstance(stop.code, int) else 1


if __name__ == "__main__":
    raise SystemExit(main())
