"""Where the shipped assets (fonts, images, sounds) are found at run time.

The repository keeps them in ``assets/`` at its top; an installed wheel and a PyInstaller
bundle carry them as ``knockrummy/assets``. Both are looked up package-relative, never next
to the executable or in the working directory.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def assets_dir() -> Path:
    """The folder holding the shipped assets."""
    packaged = resources.files("knockrummy") / "assets"
    if packaged.is_dir():
        return Path(str(packaged))
    checkout = Path(__file__).resolve().parent.parent / "assets"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError("the game's assets folder is missing; reinstall Knock Rummy")


def asset(*parts: str) -> Path:
    """One shipped file, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    path = assets_dir().joinpath(*parts)
    if not path.is_file():
        raise FileNotFoundError(f"shipped file {'/'.join(parts)} is missing; reinstall Knock Rummy")
    return path
