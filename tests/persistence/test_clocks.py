"""What the game writes it reads back, whatever the clock says: a clock set before 1970
(or past 9999) still writes sessions that load, Continue and list as healthy."""

from __future__ import annotations

import datetime
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.persistence import schema
from knockrummy.persistence.store import open_store

from ..serialize import session_to_json
from .damaged import play


@pytest.mark.parametrize("clock", [-1.0, -86_400.0 * 365 * 30, -1e12, 1e13, float("nan")])
def test_a_session_written_under_a_strange_clock_reads_back(tmp_path, monkeypatch, clock):
    monkeypatch.setattr(time, "time", lambda: clock)
    store = open_store(tmp_path / "k.sqlite3").store
    sid, state = play(store, "knock-rummy", 3, until_hands=1)
    store.mark_daily(sid, "knock-rummy", datetime.date(1969, 12, 31).isoformat())
    store.close()
    again = open_store(tmp_path / "k.sqlite3").store
    assert again.problem(sid) is None
    (summary,) = again.summaries()
    assert summary.problem is None
    assert schema.MIN_TIME <= summary.created <= summary.updated <= schema.MAX_TIME
    assert again.last_unfinished() == sid
    assert session_to_json(again.load(sid)[0]) == session_to_json(state)
    assert again.daily_sessions("knock-rummy") == [("1969-12-31", sid)]


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(-(2**70), 2**70),
    )
)
def test_every_clock_reading_is_stored_as_a_time_that_reads_back(moment):
    assert schema.is_time(schema.stored_time(moment))


def test_a_sensible_clock_is_stored_as_it_reads():
    assert schema.stored_time(1_700_000_000.5) == 1_700_000_000.5
