"""The standalone build's recipe: version, spec, icon, desktop entry and release workflow.

The build itself is checked in CI (``.ci/run`` builds the executable and plays a hand with
it); these tests keep the recipe's declarations honest without running PyInstaller.
"""

from __future__ import annotations

import re
from pathlib import Path

from knockrummy.app import main

ROOT = Path(__file__).resolve().parent.parent


def pyproject_version() -> str:
    text = (ROOT / "pyproject.toml").read_text()
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    return re.search(r'^version\s*=\s*"([^"]+)"', project, re.M).group(1)


def test_version_flag_prints_the_version_from_pyproject(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"knockrummy {pyproject_version()}\n"
