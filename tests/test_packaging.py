"""The standalone build's recipe: version, spec, icon, desktop entry and release workflow.

The build itself is checked in CI (``.ci/run`` builds the executable and plays a hand with
it); these tests keep the recipe's declarations honest without running PyInstaller.
"""

from __future__ import annotations

import configparser
import re
import struct
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

from knockrummy.app import main

ROOT = Path(__file__).resolve().parent.parent


def pyproject_version() -> str:
    text = (ROOT / "pyproject.toml").read_text()
    project = text.split("[project]", 1)[1].split("\n[", 1)[0]
    return re.search(r'^version\s*=\s*"([^"]+)"', project, re.M).group(1)


def ico_sizes(data: bytes) -> list[int]:
    """The square sizes listed in an .ico file's directory (a stored 0 means 256)."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1), "not an icon file"
    return [data[6 + 16 * i] or 256 for i in range(count)]


def test_version_flag_prints_the_version_from_pyproject(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"knockrummy {pyproject_version()}\n"


class Recorder:
    """Stands in for one of PyInstaller's spec classes and keeps what it was given."""

    def __init__(self, calls: list, kind: str):
        self.calls, self.kind = calls, kind

    def __call__(self, *args, **kwargs):
        self.calls.append((self.kind, args, kwargs))
        return SimpleNamespace(pure=[], scripts=[], binaries=["binaries"], datas=["datas"])


VERSION_CLASSES = (
    "VSVersionInfo",
    "FixedFileInfo",
    "StringFileInfo",
    "StringTable",
    "StringStruct",
    "VarFileInfo",
    "VarStruct",
)
"""PyInstaller's Windows version resource classes, recorded as (class, args, kwargs)."""


def run_spec(tmp_path, monkeypatch, *spec_args: str, platform: str = "linux") -> dict:
    """Execute build/packaging.spec with recording stand-ins: {kind: (args, kwargs)}."""
    calls: list = []
    hooks = ModuleType("PyInstaller.utils.hooks")
    hooks.copy_metadata = lambda name: [(f"/site/{name}-x.dist-info", f"{name}-x.dist-info")]
    hooks.collect_submodules = lambda name: [name, f"{name}._stand_in_submodule"]
    versioninfo = ModuleType("PyInstaller.utils.win32.versioninfo")
    for name in VERSION_CLASSES:
        setattr(versioninfo, name, lambda *args, _name=name, **kwargs: (_name, args, kwargs))
    for name in ("PyInstaller", "PyInstaller.utils", "PyInstaller.utils.win32"):
        monkeypatch.setitem(sys.modules, name, ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32.versioninfo", versioninfo)
    sys.modules["PyInstaller.utils.win32"].versioninfo = versioninfo
    monkeypatch.setattr(sys, "argv", ["packaging.spec", *spec_args])
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "platform", platform)
    spec = ROOT / "build" / "packaging.spec"
    namespace = {"SPECPATH": str(spec.parent), "workpath": str(tmp_path)}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        namespace[kind] = Recorder(calls, kind)
    exec(compile(spec.read_text(), str(spec), "exec"), namespace)
    recorded = {kind: (args, kwargs) for kind, args, kwargs in calls}
    assert len(recorded) == len(calls), "each PyInstaller class is used once"
    return recorded


def test_spec_bundles_every_asset_where_the_game_looks_for_it(tmp_path, monkeypatch):
    _, analysis = run_spec(tmp_path, monkeypatch)["Analysis"]
    datas = {
        (Path(src).relative_to(ROOT).as_posix(), dest)
        for src, dest in analysis["datas"]
        if Path(src).is_relative_to(ROOT)
    }
    assert ("assets/icon.png", "knockrummy/assets") in datas
    assert ("assets/fonts/DejaVuSans.ttf", "knockrummy/assets/fonts") in datas
    shipped = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc")
    }
    assert {src for src, _ in datas if src.startswith("assets/")} == shipped


def test_spec_bundles_every_compiled_catalogue_where_the_game_reads_it(tmp_path, monkeypatch):
    _, analysis = run_spec(tmp_path, monkeypatch)["Analysis"]
    datas = {
        (Path(src).relative_to(ROOT).as_posix(), dest)
        for src, dest in analysis["datas"]
        if Path(src).is_relative_to(ROOT)
    }
    from knockrummy.language import LANGUAGES, SOURCE

    for code in set(LANGUAGES) - {SOURCE}:
        where = f"knockrummy/locale/{code}/LC_MESSAGES"
        assert (f"{where}/knockrummy.mo", where) in datas


def test_pyproject_ships_the_catalogues_as_package_data():
    import tomllib
    from fnmatch import fnmatch

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = setuptools["package-data"]["knockrummy.locale"]
    locale = ROOT / "knockrummy" / "locale"
    catalogues = [p.relative_to(locale).as_posix() for p in locale.glob("*/LC_MESSAGES/*.mo")]
    assert catalogues
    for name in catalogues:
        assert any(fnmatch(name, pattern) for pattern in patterns), name


def test_spec_carries_the_package_metadata_for_the_version(tmp_path, monkeypatch):
    _, analysis = run_spec(tmp_path, monkeypatch)["Analysis"]
    assert ("/site/knockrummy-x.dist-info", "knockrummy-x.dist-info") in analysis["datas"]


def test_spec_leaves_out_packages_the_game_never_imports(tmp_path, monkeypatch):
    _, analysis = run_spec(tmp_path, monkeypatch)["Analysis"]
    assert {"numpy", "pyspiel", "pytest", "hypothesis", "tkinter"} <= set(analysis["excludes"])


def test_spec_keeps_ssl_and_collects_the_online_plays_modules(tmp_path, monkeypatch):
    _, analysis = run_spec(tmp_path, monkeypatch)["Analysis"]
    assert not {"ssl", "_ssl", "_hashlib"} & set(analysis["excludes"])  # wss:// to a relay
    hidden = set(analysis["hiddenimports"])
    assert {"zeroconf._stand_in_submodule", "websockets", "truststore"} <= hidden
    assert {"knockrummy.net.host", "knockrummy.net.relay", "knockrummy.net.discovery"} <= hidden


def test_the_macos_app_declares_its_use_of_the_local_network(tmp_path, monkeypatch):
    _, bundle = run_spec(tmp_path, monkeypatch, platform="darwin")["BUNDLE"]
    plist = bundle["info_plist"]
    # macOS 15 blocks mDNS silently without these: no table on the network would be found
    assert "network" in plist["NSLocalNetworkUsageDescription"]
    from knockrummy.net.discovery import SERVICE

    assert plist["NSBonjourServices"] == [SERVICE.removesuffix(".local.")]
    assert plist["NSHighResolutionCapable"] is True


def test_spec_bundles_every_command_the_command_line_imports_by_name(tmp_path, monkeypatch):
    from knockrummy.app import COMMANDS
    from knockrummy.bench import BENCHES

    _, analysis = run_spec(tmp_path, monkeypatch)["Analysis"]
    named = {command.module for command in (*COMMANDS, *BENCHES)}
    assert named <= set(analysis["hiddenimports"])
    assert "knockrummy.bench.stats" in analysis["hiddenimports"]


def test_spec_carries_no_research_module(tmp_path, monkeypatch):
    _, analysis = run_spec(tmp_path, monkeypatch)["Analysis"]
    assert "research" in analysis["excludes"]
    assert [name for name in analysis["hiddenimports"] if name.startswith("research")] == []


def test_spec_builds_one_windowed_file_named_knockrummy(tmp_path, monkeypatch):
    calls = run_spec(tmp_path, monkeypatch)
    args, exe = calls["EXE"]
    assert exe["name"] == "KnockRummy" and exe["console"] is False
    assert ["binaries"] in args and ["datas"] in args, "one file carries everything"
    assert "COLLECT" not in calls and "BUNDLE" not in calls


def test_spec_gives_the_windows_exe_an_icon_and_the_version(tmp_path, monkeypatch):
    _, exe = run_spec(tmp_path, monkeypatch, platform="win32")["EXE"]
    assert exe["console"] is False
    assert {16, 32, 48, 256} <= set(ico_sizes(Path(exe["icon"]).read_bytes()))
    kind, _, resource = exe["version"]
    assert kind == "VSVersionInfo"
    numbers = tuple(int(n) for n in pyproject_version().split(".")[:3])
    _, _, fixed = resource["ffi"]
    assert fixed["filevers"] == fixed["prodvers"]
    assert len(fixed["filevers"]) == 4 and fixed["filevers"][: len(numbers)] == numbers
    (_, (tables,), _) = resource["kids"][0]
    _, (_, structs), _ = tables[0]
    strings = dict(args for _, args, _ in structs)
    assert strings["ProductVersion"] == pyproject_version()
    assert strings["OriginalFilename"] == "KnockRummy.exe"


def test_spec_onedir_collects_a_folder(tmp_path, monkeypatch):
    calls = run_spec(tmp_path, monkeypatch, "--onedir")
    assert calls["EXE"][1]["exclude_binaries"] is True
    assert calls["COLLECT"][1]["name"] == "KnockRummy"


def test_spec_makes_a_macos_app_bundle_with_the_version(tmp_path, monkeypatch):
    calls = run_spec(tmp_path, monkeypatch, platform="darwin")
    _, bundle = calls["BUNDLE"]
    assert bundle["name"] == "KnockRummy.app"
    assert bundle["version"] == pyproject_version()
    assert bundle["info_plist"]["CFBundleShortVersionString"] == pyproject_version()
    assert Path(bundle["icon"]).read_bytes()[:4] == b"icns"


def test_committed_icon_is_a_256_pixel_square_png():
    data = (ROOT / "assets" / "icon.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert struct.unpack(">II", data[16:24]) == (256, 256)


def desktop_entry() -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string((ROOT / "build" / "knockrummy.desktop").read_text(encoding="utf-8"))
    return dict(parser["Desktop Entry"])


def test_desktop_entry_launches_the_executable_from_the_games_menu():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Knock Rummy"
    assert entry["Exec"].split()[0] == "KnockRummy"
    assert entry["Icon"] == "knockrummy"
    assert entry["Terminal"] == "false"
    assert {"Game", "CardGame"} <= set(entry["Categories"].rstrip(";").split(";"))


WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_release_workflow_builds_on_all_three_systems_from_a_version_tag():
    text = WORKFLOW.read_text()
    systems = re.findall(r"^\s*- os: (\S+)", text, re.M)
    assert {s.split("-")[0] for s in systems} == {"ubuntu", "windows", "macos"}
    assert "runs-on: ${{ matrix.os }}" in text
    assert re.search(r'^  push:\n    tags: \["v\*"\]', text, re.M)
    assert "pyinstaller --noconfirm build/packaging.spec" in text


def test_release_workflow_parses_as_yaml():
    import yaml

    workflow = yaml.safe_load(WORKFLOW.read_text())
    trigger = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare on as true
    assert trigger == {"push": {"tags": ["v*"]}}
    matrix = workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
    assert len(matrix) == 3


def test_pyproject_lists_every_package_of_the_game():
    import tomllib

    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "knockrummy").rglob("__init__.py")
    }
    assert "knockrummy.bench" in found
    assert found <= listed


def test_the_wheel_carries_no_research_module():
    import tomllib

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert (ROOT / "research" / "__init__.py").is_file()
    # the packages are listed, never found: only the game's own go in the wheel
    assert all(name.split(".")[0] == "knockrummy" for name in setuptools["packages"])
    assert set(setuptools["package-dir"]) == {"knockrummy.assets"}


def test_the_game_never_imports_the_research():
    import ast

    importing = []
    for path in sorted((ROOT / "knockrummy").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names = [node.value] if node.value.startswith("research.") else []
            if any(name == "research" or name.startswith("research.") for name in names):
                importing.append(str(path.relative_to(ROOT)))
    assert importing == []
