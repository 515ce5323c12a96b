"""The command line: ``knockrummy sim`` and the README's quick start."""

from __future__ import annotations

import builtins
import collections
import ctypes
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knockrummy.app import main

ROOT = Path(__file__).resolve().parent.parent


def run_module(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "knockrummy", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


@pytest.mark.slow  # a command or the game in a subprocess
@pytest.mark.parametrize(
    ("profile", "players"),
    [("poker-rum", 5), ("knock-rummy", 2), ("gin-classic", 2), ("knock-rami", 4)],
)
def test_sim_json_prints_one_object_per_session(profile, players):
    out = run_module(
        "sim",
        "--profile",
        profile,
        "--players",
        str(players),
        "--sessions",
        "2",
        "--seed",
        "5",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["seed"] for r in rows] == [5, 6]
    for row in rows:
        assert row["profile"] == profile and row["players"] == players
        assert row["hands_played"] == sum(row["result_counts"].values()) > 0
        assert len(row["scores"]) == players
        assert row["winners"] and all(0 <= w < players for w in row["winners"])
        scores = [Fraction(s) for s in row["scores"]]
        if profile == "poker-rum":
            assert sum(scores) == 0
        if profile == "knock-rami":
            assert Fraction(row["pot"]) >= 4 * 10 and row["buy_backs"] >= 0
        else:
            assert "pot" not in row


def test_sim_is_deterministic_for_a_seed(capsys):
    main(["sim", "--profile", "knock-rummy", "--players", "3", "--seed", "9", "--json"])
    first = capsys.readouterr().out
    main(["sim", "--profile", "knock-rummy", "--players", "3", "--seed", "9", "--json"])
    assert capsys.readouterr().out == first


@pytest.mark.slow  # a command or the game in a subprocess
def test_sim_refuses_a_table_size_the_profile_does_not_allow():
    out = run_module("sim", "--profile", "gin-rummy", "--players", "3")
    assert out.returncode == 2
    assert "2 to 2 players" in out.stderr


def test_a_session_stops_at_the_first_state_the_stop_condition_accepts():
    from knockrummy.ai.simple import SimpleBot
    from knockrummy.commands.sim import play_session

    def bots():
        return [SimpleBot(seed=s) for s in range(3)]

    whole = play_session("knock-rummy", 3, 4, bots())
    seen = []
    part = play_session(
        "knock-rummy", 3, 4, bots(), on_step=seen.append, until=lambda s: s.hand_number == 2
    )
    assert whole.is_over and len(whole.records) > 2
    assert not part.is_over and part.hand_number == 2 and len(part.records) == 1
    assert seen[-1] is part and [s.hand_number for s in seen].count(2) == 1
    assert part.log == whole.log[: len(part.log)]  # the same play, cut short


def test_ci_runs_exactly_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    command = ci.split("# test-command", 1)[1].splitlines()[1].strip()
    assert command.startswith("python -m pip install")
    assert re.search(re.escape(command) + r"\s*$", readme, re.MULTILINE)


@pytest.mark.slow  # whole sessions of computer levels
def test_sim_seats_take_levels_and_external_bots(capsys):
    args = ["sim", "--profile", "gin-rummy", "--players", "2", "--seed", "3", "--json"]
    assert main([*args, "--seats", "hard,tests.ai.helpers:FirstLegalBot"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["winners"] == [0]  # the first-legal-action bot never wins against hard


@pytest.mark.slow  # a command or the game in a subprocess
def test_sim_refuses_an_unknown_bot_or_the_wrong_number_of_seats():
    out = run_module("sim", "--profile", "poker-rum", "--players", "3", "--seats", "hard,easy")
    assert out.returncode == 2 and "names 2 bots for 3 players" in out.stderr
    out = run_module("sim", "--profile", "poker-rum", "--players", "2", "--seats", "nosuch")
    assert out.returncode == 2 and "unknown bot" in out.stderr


def test_commands_run_where_there_is_no_stdout(monkeypatch):
    # a windowed Windows executable starts with sys.stdout and sys.stderr set to None
    monkeypatch.setattr("sys.stdout", None)
    monkeypatch.setattr("sys.stderr", None)
    code = main(["sim", "--profile", "poker-rum", "--players", "2", "--json"])
    assert code == 0


class FakeKernel32:
    """Stands in for Windows' kernel32: ``AttachConsole`` answers ``attached``."""

    def __init__(self, attached: bool) -> None:
        self.attached = attached
        self.calls: list[int] = []

    def AttachConsole(self, process: int) -> int:  # noqa: N802 (the Windows name)
        self.calls.append(process)
        return int(self.attached)


def windowed_windows(monkeypatch, attached: bool) -> tuple[FakeKernel32, io.StringIO]:
    """A windowed Windows executable: no stdout or stderr, and a parent console only
    when ``attached``; returns the kernel stand-in and what reaches the console."""
    kernel = FakeKernel32(attached)
    console = io.StringIO()
    real_open = builtins.open

    def open_console(path, *args, **kwargs):
        return console if path == "CONOUT$" else real_open(path, *args, **kwargs)

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel), raising=False)
    monkeypatch.setattr(builtins, "open", open_console)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    return kernel, console


def test_a_windowed_windows_build_prints_in_the_terminal_that_started_it(monkeypatch):
    kernel, console = windowed_windows(monkeypatch, attached=True)
    assert main(["--version"]) == 0
    assert kernel.calls == [0xFFFFFFFF]  # ATTACH_PARENT_PROCESS
    assert console.getvalue().startswith("knockrummy")
    assert sys.stderr is console


def test_a_windowed_windows_build_started_by_a_double_click_writes_nowhere(monkeypatch):
    kernel, console = windowed_windows(monkeypatch, attached=False)
    assert main(["--version"]) == 0
    assert kernel.calls == [0xFFFFFFFF]
    assert console.getvalue() == ""
    assert sys.stdout.name == os.devnull and sys.stderr.name == os.devnull
    sys.stdout.close()
    sys.stderr.close()


# --- one parser: subcommands, the default command, and refusals -----------------------


def test_help_lists_every_command_with_a_line_each(capsys):
    from knockrummy.app import COMMANDS

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert re.search(rf"^\s+{command.name}\s+{re.escape(command.summary)}$", out, re.M)


def test_bench_help_lists_every_bench(capsys):
    from knockrummy.bench import BENCHES

    assert main(["bench", "--help"]) == 0
    out = capsys.readouterr().out
    for bench in BENCHES:
        assert re.search(rf"^\s+{bench.name}\b", out, re.M)


class Started:
    """Stands in for everything that would open a window or run long, and records it."""

    ENTRY_POINTS = (
        ("knockrummy.ui.runner", "run_game"),
        ("knockrummy.commands.demo", "play_demo"),
        ("knockrummy.commands.sim", "run_sessions"),
        ("knockrummy.bench.melds", "bench_melds"),
        ("knockrummy.bench.frames", "bench_frames"),
        ("knockrummy.bench.idle", "bench_idle"),
        ("knockrummy.bench.ai", "bench"),
    )

    TABLES = ("melds", "ai")
    """The benches whose printed table needs a real result."""

    def __init__(self, monkeypatch) -> None:
        import importlib

        self.calls: list[tuple[str, tuple]] = []
        for module, name in self.ENTRY_POINTS:
            monkeypatch.setattr(importlib.import_module(module), name, self.recorder(module))
        for name in self.TABLES:
            bench = importlib.import_module(f"knockrummy.bench.{name}")
            monkeypatch.setattr(bench, "_table", lambda result: "(table)")

    def recorder(self, module: str):
        def record(*args, **kwargs):
            self.calls.append((module, args))
            result = collections.defaultdict(int)  # frames and idle print figures directly
            result["open_spiel"] = None
            return result

        return record


@pytest.fixture
def started(monkeypatch, tmp_path):
    """The entry points stubbed, and the user's folders moved into an empty ``home``."""
    home = tmp_path / "home"
    home.mkdir()
    for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home))
    return Started(monkeypatch)


def test_data_dir_alone_means_play_with_that_folder(started, tmp_path):
    from knockrummy.ui import runner

    folder = str(tmp_path / "saves")
    assert main(["--data-dir", folder]) == 0
    assert main(["play", "--data-dir", folder]) == 0
    assert main([]) == 0
    assert started.calls == [
        ("knockrummy.ui.runner", (folder, None, 2, None, "medium", None)),
        ("knockrummy.ui.runner", (folder, None, 2, None, "medium", None)),
        ("knockrummy.ui.runner", (None, None, 2, None, "medium", None)),
    ]
    assert runner.run_game is not None


def test_play_deal_deals_the_codes_profile_seats_and_seed(started):
    from knockrummy.records.deal_codes import Deal

    deal = Deal("gin-rummy", ("human", "hard"), 77)
    assert main(["play", "--deal", deal.code.lower()]) == 0
    ((module, args),) = started.calls
    assert module == "knockrummy.ui.runner" and args[5] == deal


def test_a_seed_at_the_top_of_the_range_is_accepted(started):
    assert main(["--profile", "gin-rummy", "--seed", str(2**63 - 1)]) == 0
    assert started.calls[0][1][3] == 2**63 - 1


def test_sim_and_bench_accept_simple_and_external_bots(started):
    external = "tests.ai.helpers:FirstLegalBot"
    argv = ["sim", "--profile", "poker-rum", "--players", "3", "--seats", f"simple,hard,{external}"]
    assert main(argv) == 0
    argv = ["bench", "ai", "--profile", "poker-rum", "--seats", f"simple,{external}"]
    assert main(argv) == 0
    assert [module for module, _ in started.calls] == [
        "knockrummy.commands.sim",
        "knockrummy.bench.ai",
    ]


def test_a_file_error_while_running_ends_in_a_plain_sentence(monkeypatch, tmp_path, capsys):
    from knockrummy.ui import runner

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(runner, "run_game", full_disk)
    assert main(["--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == "knockrummy play: [Errno 28] No space left on device\n"


FILE = "{file}"
"""Stands for a file that exists in the test's folder."""
DATA = "{data}"
"""Stands for the test's (empty) data folder."""

BAD_COMMAND_LINES = [
    # (argv, words the message must hold)
    (["nonsense"], "invalid choice"),
    (["--nonsense"], "unrecognized arguments"),
    (["play", "stray"], "unrecognized arguments"),
    (["play", "--seed", "99999999999999999999"], "--seed"),
    (["--seed", "-1"], "--seed"),
    (["play", "--seed", "seven"], "--seed"),
    (["play", "--seed", "9" * 5000], "--seed"),
    (["--data-dir", ""], "--data-dir"),
    (["--data-dir", "   "], "--data-dir"),
    (["--data-dir", FILE], "is a file"),
    (["--data-dir", FILE + "/saves"], "cannot be made"),
    (["--data-dir", "a\0b"], "NUL"),
    (["--data-dir", "~nosuchuser/saves"], "unknown home folder"),
    (["--data-dir", "x" * 5000], "--data-dir"),
    (["--data-dir", "\udc00\ud800"], "--data-dir"),
    (["play", "--level", "nonsense"], "unknown level"),
    (["play", "--profile", "gin-rummy", "--level", "tests.ai.helpers:FirstLegalBot"], "level"),
    (["play", "--profile", "gin-rummy", "--level", "simple"], "unknown level"),
    (["play", "--profile", "gin-rummy", "--players", "3"], "2 to 2 players"),
    (["play", "--profile", "gin-rummy", "--players", "-4"], "players"),
    (["play", "--profile", "nosuch"], "invalid choice"),
    (["play", "--players", "two"], "--players"),
    (["demo", "--players", "2"], "--profile"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--size", "0x0"], "out of range"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--size", "99999x99999"], "range"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--size", "-1280x800"], "--size"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--size", "1280x"], "--size"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--size", "big"], "--size"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--size", "1e3x800"], "--size"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--screenshot", DATA], "folder"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--screenshot", ""], "--screenshot"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--screenshot", FILE + "/a.png"], "file"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--level", "nonsense"], "unknown level"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--level", "a.b:C"], "unknown level"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--hands", "0"], "--hands"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--hands", "-1"], "--hands"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--hands", "10000000"], "--hands"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--seed", "1" * 30], "--seed"),
    (["demo", "--profile", "knock-rummy", "--players", "99"], "players"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--speed", "warp"], "--speed"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--data-dir", FILE], "is a file"),
    (["play", "--deal", "132D-P"], "mistyped"),
    (["play", "--deal", "!!!"], "--deal"),
    (["play", "--deal", "832D-P", "--profile", "gin-rummy"], "not both"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--seats", "hard"], "names 1 levels"),
    (["demo", "--profile", "gin-rummy", "--players", "2", "--seats", "hard,simple"], "level"),
    (["replay", "--hand", "1"], "--session"),
    (["replay", "--session", "0", "--hand", "1"], "--session"),
    (["replay", "--session", "one", "--hand", "1"], "--session"),
    (["replay", "--session", "1"], "--hand"),
    (["replay", "--session", "1", "--hand", "0"], "--hand"),
    (["replay", "--session", "1", "--hand", "1"], "no saved games"),
    (["replay", "--session", "1", "--hand", "1", "--data-dir", FILE], "is a file"),
    (["review", "--session", "1"], "--seat"),
    (["review", "--session", "1", "--seat", "7"], "--seat"),
    (["review", "--session", "1", "--seat", "1", "--hand", "0"], "--hand"),
    (["review", "--session", "1", "--seat", "1"], "no saved games"),
    (["sim", "--profile", "gin-rummy", "--players", "2", "--seats", "nosuch"], "unknown bot"),
    (["sim", "--profile", "gin-rummy", "--players", "2", "--seats", "hard,"], "unknown bot"),
    (["sim", "--profile", "gin-rummy", "--players", "2", "--seats", "nosuch.mod:Bot"], "import"),
    (["sim", "--profile", "gin-rummy", "--players", "2", "--seats", "os:path"], "cannot make"),
    (["sim", "--profile", "poker-rum", "--players", "3", "--seats", "hard,easy"], "names 2 bots"),
    (["sim", "--profile", "gin-rummy", "--players", "2", "--sessions", "0"], "--sessions"),
    (["sim", "--profile", "gin-rummy", "--players", "2", "--sessions", "-5"], "--sessions"),
    (["sim", "--profile", "gin-rummy", "--players", "2", "--sessions", "1" * 13], "--sessions"),
    (["sim", "--profile", "gin-rummy", "--players", "2", "--seed", "2" * 20], "--seed"),
    (["sim", "--profile", "gin-rummy", "--players", "1"], "players"),
    (["sim", "--players", "2"], "--profile"),
    (["ledger", "--data-dir", ""], "--data-dir"),
    (["ledger", "--data-dir", FILE], "is a file"),
    (["ledger", "--json", "--csv"], "not allowed with"),
    (["bench"], "COMMAND"),
    (["bench", "nosuch"], "invalid choice"),
    (["bench", "frames", "--frames", "-1"], "--frames"),
    (["bench", "frames", "--frames", "0"], "--frames"),
    (["bench", "frames", "--frames", "1" * 12], "--frames"),
    (["bench", "frames", "--players", "7"], "--players"),
    (["bench", "frames", "--size", "0x0"], "out of range"),
    (["bench", "melds", "--seconds", "0"], "--seconds"),
    (["bench", "melds", "--seconds", "-1"], "--seconds"),
    (["bench", "melds", "--seconds", "nan"], "--seconds"),
    (["bench", "melds", "--seconds", "inf"], "--seconds"),
    (["bench", "melds", "--seconds", "1e9"], "--seconds"),
    (["bench", "idle", "--seconds", "0"], "--seconds"),
    (["bench", "idle", "--screen", "menu"], "--screen"),
    (["bench", "ai", "--profile", "gin-rummy", "--seats", "hard,medium", "--games", "0"], "games"),
    (["bench", "ai", "--profile", "gin-rummy", "--seats", "hard,medium", "--games", "-3"], "games"),
    (
        ["bench", "ai", "--profile", "gin-rummy", "--seats", "hard,medium", "--games", "1e9"],
        "games",
    ),
    (["bench", "ai", "--profile", "gin-rummy", "--seats", "hard,nonsense"], "unknown bot"),
    (["bench", "ai", "--profile", "gin-rummy", "--seats", "hard,medium,easy"], "2 to 2 players"),
    (["bench", "ai", "--seats", "hard,medium"], "--profile and --seats are required"),
    (["bench", "ai", "--merge", FILE], "cannot merge"),
]


@pytest.mark.parametrize(("argv", "words"), BAD_COMMAND_LINES)
def test_a_bad_command_line_is_refused_plainly_and_changes_nothing(
    argv, words, started, tmp_path, capsys
):
    data = tmp_path / "data"
    data.mkdir()
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    argv = [a.replace(FILE, str(tmp_path / "file")).replace(DATA, str(data)) for a in argv]
    if argv[0] in ("play", "demo", "ledger", "replay", "review") and "--data-dir" not in argv:
        argv += ["--data-dir", str(data)]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (1, 2)
    assert words in err
    assert "Traceback" not in err and "Traceback" not in out
    assert started.calls == [], "nothing starts"
    assert list(data.iterdir()) == [] and list((tmp_path / "home").iterdir()) == []
    assert (tmp_path / "file").read_text(encoding="utf-8") == "not a folder"


OPTIONS = (
    "--data-dir",
    "--profile",
    "--players",
    "--seed",
    "--level",
    "--hands",
    "--speed",
    "--screenshot",
    "--size",
    "--four-colour",
    "--headless",
    "--resume",
    "--sessions",
    "--json",
    "--csv",
    "--seats",
    "--levels",
    "--games",
    "--deals",
    "--frames",
    "--seconds",
    "--screen",
    "--merge",
    "--session",
    "--hand",
    "--seat",
    "--deal",
    "--help",
    "--version",
    "--",
    "-x",
)
VALUES = st.one_of(
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "2",
            "7",
            "1e400",
            "nan",
            "inf",
            str(2**63),
            str(2**63 - 1),
            "9" * 40,
            "1280x800",
            "0x0",
            "99999x99999",
            "gin-rummy",
            "knock-rami",
            "poker-rum",
            "hard",
            "simple",
            "hard,medium",
            "hard-sighted-50",
            "tests.ai.helpers:FirstLegalBot",
            "nosuch.module:Bot",
            "title",
            ".",
            "/",
            "/dev/null",
            "/dev/null/x",
            "\x00",
            "\udc80",
            "ｈａｒｄ",
            "٣",
            "🂡",
            "832D-P",
            "132D-P",
        ]
    ),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(max_size=12),
)
COMMAND_WORDS = [
    [],
    ["play"],
    ["demo"],
    ["sim"],
    ["ledger"],
    ["replay"],
    ["review"],
    ["verify"],
    ["bench"],
    ["nonsense"],
] + [["bench", name] for name in ("melds", "frames", "idle", "ai")]


@pytest.mark.slow  # 300 Hypothesis examples
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    command=st.sampled_from(COMMAND_WORDS),
    words=st.lists(st.one_of(st.sampled_from(OPTIONS), VALUES), max_size=8),
)
def test_no_command_line_ends_in_anything_but_a_clean_exit(command, words):
    # the stubs and folders are set up once per example; fixtures are per test
    with pytest.MonkeyPatch.context() as monkeypatch, tempfile.TemporaryDirectory() as home:
        for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
            monkeypatch.setenv(name, home)
        monkeypatch.setattr(sys, "stdout", io.StringIO())
        monkeypatch.setattr(sys, "stderr", io.StringIO())
        Started(monkeypatch)
        code = main([*command, *words])
        assert code in (0, 1, 2), sys.stderr.getvalue()
        assert "Traceback" not in sys.stderr.getvalue()


# --- what starting the game loads, and import circles --------------------------------


def test_starting_the_game_or_sim_imports_no_benchmark(tmp_path):
    code = f"""
import sys
from knockrummy.ui import loop
loop.App.run = lambda self: None  # everything up to the window's loop runs for real
from knockrummy.app import main
assert main(["--data-dir", {str(tmp_path)!r}]) == 0
assert main(["play", "--profile", "gin-rummy", "--seed", "3", "--data-dir", {str(tmp_path)!r}]) == 0
assert main(["sim", "--profile", "knock-rummy", "--players", "3", "--json"]) == 0
assert main(["--help"]) == 0
assert "knockrummy.ui.table.controller" in sys.modules
print(sorted(m for m in sys.modules if m.startswith("knockrummy.bench") or m == "pyspiel"))
"""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


def import_graph() -> dict[str, set[str]]:
    """Every knockrummy module and the knockrummy modules it imports, at the top or inside a
    function (a lazy import still ties the two together)."""
    import ast

    package = ROOT / "knockrummy"
    names = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    graph = {}
    for name, path in names.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    edges.add(
                        f"{target}.{alias.name}" if f"{target}.{alias.name}" in names else target
                    )
        graph[name] = {e for e in edges if e in names and e != name}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that reach each other through imports (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while True:
                other = stack.pop()
                group.add(other)
                if other == module:
                    break
            if len(group) > 1:
                circles.append(group)

    for module in graph:
        if module not in index:
            visit(module)
    return circles


def test_the_command_line_benches_and_logs_sit_in_no_import_circle():
    graph = import_graph()
    mine = {
        name
        for name in graph
        if name.startswith("knockrummy.bench")
        or name
        in {
            "knockrummy",
            "knockrummy.__main__",
            "knockrummy.app",
            "knockrummy.commands.cli",
            "knockrummy.commands.sim",
            "knockrummy.commands.ledger",
            "knockrummy.logs",
            "knockrummy.commands.demo",
            "knockrummy.ui.sound",
        }
    }
    assert len(mine) > 15
    assert [group for group in import_circles(graph) if group & mine] == []


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [{"a", "b", "c"}]
