"""Start-up loads only what the first frame needs: the package metadata (read for
``--version`` and for the version written into saves) is read when first asked for."""

from __future__ import annotations

import subprocess
import sys

START_WINDOW = """
import sys
from knockrummy.app import build_parser
from knockrummy.ui import runner
from knockrummy.ui.game import Game
build_parser(["play"]).parse_args(["play"])
Game.open(sys.argv[1])
print("importlib.metadata" in sys.modules)
"""


def test_opening_the_game_does_not_read_the_package_metadata(tmp_path):
    from knockrummy.ui.game import Game

    Game.open(str(tmp_path)).store.close()  # the first run writes the version in the saves
    done = subprocess.run(
        [sys.executable, "-c", START_WINDOW, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": ""},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"


def test_the_version_is_still_the_installed_packages():
    from importlib import metadata

    import knockrummy

    try:
        expected = metadata.version("knockrummy")
    except metadata.PackageNotFoundError:
        expected = "0.1.0"
    assert knockrummy.__version__ == expected == knockrummy.app_version()
