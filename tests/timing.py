"""The tests' processor time, for keeping the suites' budgets (docs/testing.md):

    python -m pytest -m "not slow" -p tests.timing

prints, after the run, the processor time every test took in its worker (its setup, call
and teardown; processes it starts are not counted) and the slowest tests by it. Unlike
``--durations``, which gives the time on the clock, it changes little when other programs
keep the machine busy. ``--timing-top N`` sets how many are listed (25).
"""

from __future__ import annotations

import time

import pytest

CPU = "processor seconds"
_START = pytest.StashKey[float]()
_TIMES: dict[str, float] = {}
"""Each test's processor time, by its node id (in the main process)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--timing-top", type=int, default=25, help="slowest tests listed")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem):
    item.stash[_START] = time.process_time()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    # the time so far, carried by the report (to the main process under pytest-xdist)
    spent = time.process_time() - item.stash[_START]
    item.user_properties[:] = [(k, v) for k, v in item.user_properties if k != CPU]
    item.user_properties.append((CPU, spent))
    yield


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown":
        _TIMES[report.nodeid] = dict(report.user_properties).get(CPU, 0.0)


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    if not _TIMES:
        return
    write = terminalreporter.write_line
    top = sorted(_TIMES.items(), key=lambda pair: -pair[1])[: config.getoption("timing_top")]
    terminalreporter.section("processor time")
    write(f"{len(_TIMES)} tests, {sum(_TIMES.values()):.1f} s of processor time in all")
    for nodeid, seconds in top:
        write(f"{seconds:6.2f}s {nodeid}")
