"""The table's messages as JSON: every value a seat is sent reads back equal, and the
strict reader refuses anything else with a clear error."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.ai import make_bot
from knockrummy.commands.sim import play_session
from knockrummy.engine.actions import Discard, DrawStock, Knock
from knockrummy.engine.cards import Card
from knockrummy.engine.profiles import PROFILES, get_profile
from knockrummy.engine.refusals import Refusal
from knockrummy.engine.session import SessionState
from knockrummy.engine.views import FaceDownKnock, player_view, spectator_view
from knockrummy.play.loopback import read_action, read_update, update_message
from knockrummy.play.stream import Moved, Refused, Update
from knockrummy.play.wire import (
    MAX_DEPTH,
    WireError,
    decode_message,
    encode_message,
    from_plain,
    to_plain,
)


def states_of(profile_id: str, players: int, seed: int, every: int = 7) -> list[SessionState]:
    """States met along a whole session of easy players, one in ``every``, and the last."""
    seen: list[SessionState] = []
    count = [0]

    def keep(state: SessionState) -> None:
        count[0] += 1
        if count[0] % every == 0 or state.is_over:
            seen.append(state)

    bots = [make_bot("easy", seed * 10 + s) for s in range(players)]
    play_session(profile_id, players, seed, bots, on_step=keep)
    return seen


def round_trip(update: Update) -> Update:
    return decode_message(update_message(update), {"update": read_update})


@pytest.mark.parametrize("profile_id", list(PROFILES))
def test_every_view_of_a_session_reads_back_equal(profile_id):
    players = get_profile(profile_id).max_players
    for number, state in enumerate(states_of(profile_id, players, seed=3)):
        for seat in [*range(state.players), None]:
            view = spectator_view(state) if seat is None else player_view(state, seat)
            update = Update(seat, view, (), number, 2**62 + number, "ab" * 32, None, None)
            assert round_trip(update) == update


def test_news_reads_back_with_the_face_down_knock_and_exact_amounts():
    state = states_of("knock-rami", 3, seed=5)[-1]
    view = player_view(state, 1)
    news = (
        Moved(0, FaceDownKnock(), ()),
        Moved(1, Knock(Card.parse("7H")), ()),
        Moved(None, DrawStock(), ()),
        Refused(2, Discard(Card.parse("TD")), Refusal("hand-over")),
    )
    update = Update(1, view, news, 9, 1, "", 12345, "ABCD")
    assert round_trip(update) == update
    assert any("/" in str(e.amount) for e in view.hand_entries) or view.hand_entries


def test_an_action_message_reads_back_as_the_action():
    wire = encode_message("action", action="discard 7H", seat=1, number=4)
    assert decode_message(wire, {"action": read_action}) == (Discard(Card.parse("7H")), 1, 4)


BAD = [
    (b"\xff\xfe", "UTF-8"),
    ("not json", "not JSON"),
    ("[1, 2]", "not an object"),
    ('{"v": 1, "type": "action", "v": 2}', "twice"),
    ('{"v": NaN, "type": "action"}', "not a number"),
    ('{"v": 1.5, "type": "action"}', "fraction"),
    ('{"v": 2, "type": "action"}', "version"),
    ('{"v": true, "type": "action"}', "version"),
    ('{"v": 1, "type": "launch"}', "no kind"),
    ('{"v": 1, "type": "action", "action": "discard 7H", "seat": 0}', "exactly"),
    ('{"v": 1, "type": "action", "action": "discard ZZ", "seat": 0, "number": 1}', "action"),
    ('{"v": 1, "type": "action", "action": "discard 7H", "seat": 1e999, "number": 1}', "fraction"),
    ('{"v": 1, "type": "action", "action": "discard 7h", "seat": 0, "number": 1}', "action"),
    (
        '{"v": 1, "type": "action", "action": "draw", "seat": 0, "number": ' + "9" * 30 + "}",
        "range",
    ),
    ('{"v": 1, "type": "action", "action": "draw", "seat": "0", "number": 1}', "whole"),
    ('{"v": 1, "type": "action", "action": "draw", "seat": true, "number": 1}', "whole"),
    ("[" * 5000 + "]" * 5000, "read|deep|object"),
    (
        '{"v": 1, "type": "action", "x": ' + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2) + "}",
        "deep",
    ),
]


@pytest.mark.parametrize(("wire", "said"), BAD)
def test_a_bad_message_is_refused_in_words(wire, said):
    with pytest.raises(WireError, match=said):
        decode_message(wire, {"action": read_action})


def test_a_value_names_only_a_type_of_the_fixed_list():
    view = player_view(states_of("gin-rummy", 2, seed=1)[0], 0)
    plain = to_plain(view)
    for name in ("SessionState", "os.system", "HandState", "Update"):
        with pytest.raises(WireError):
            from_plain({**plain, "t": name}, type(view))
    extra = {**plain, "seed": 1}
    with pytest.raises(WireError, match="exactly its fields"):
        from_plain(extra, type(view))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_are_refused_or_read_never_anything_else(raw):
    try:
        action, seat, number = decode_message(raw, {"action": read_action})
    except WireError:
        return
    assert isinstance(number, int) and (seat is None or isinstance(seat, int))
    assert str(action) in raw.decode()


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_mutated_update_is_read_whole_or_refused_plainly(data):
    state = states_of("knock-rummy", 3, seed=2, every=11)[1]
    update = Update(0, player_view(state, 0), (), 1, 1, "", None, None)
    body = json.loads(update_message(update))
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, (*path, key))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, (*path, index))

    walk(body, ())
    path = data.draw(st.sampled_from(paths[1:]))
    junk = data.draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(),
            st.text(max_size=5),
            st.lists(st.integers(), max_size=3),
            st.just({"t": "Card"}),
        )
    )
    node = body
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    try:
        read = decode_message(json.dumps(body), {"update": read_update})
    except WireError:
        return
    assert isinstance(read, Update) and round_trip(read) == read
