"""Shipped assets are found from a source checkout and are in the installed package."""

from __future__ import annotations

from importlib import metadata

from knockrummy.resources import asset

FONT = ("fonts", "DejaVuSans.ttf")


def test_font_with_suit_symbols_and_its_licence_are_found():
    font = asset(*FONT)
    assert font.stat().st_size > 100_000
    assert "DejaVu" in asset("fonts", "LICENSE-DejaVu.txt").read_text()


def test_installed_package_carries_the_assets():
    # the README's test command installs the package first; a wheel must ship assets/
    # (a source tree's build metadata may also be on the path: look at every copy)
    shipped = [
        {str(f) for f in dist.files or ()} for dist in metadata.distributions(name="knockrummy")
    ]
    assert any(
        {"knockrummy/assets/fonts/DejaVuSans.ttf", "knockrummy/assets/fonts/LICENSE-DejaVu.txt"}
        <= files
        for files in shipped
    ), "install the package first (see the README's test command)"


def test_every_package_of_the_source_tree_is_in_the_wheel():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    block = re.search(r"^packages = \[(.*?)\]", (root / "pyproject.toml").read_text(), re.S | re.M)
    listed = set(re.findall(r'"([\w.]+)"', block.group(1)))
    found = {
        ".".join(p.parent.relative_to(root).parts)
        for p in (root / "knockrummy").rglob("__init__.py")
    }
    assert found <= listed, f"missing from pyproject.toml: {sorted(found - listed)}"
