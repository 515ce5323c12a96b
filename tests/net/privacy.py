"""What a seat was told, checked against what it may know (see test_sessions)."""

from __future__ import annotations

import json
from pathlib import Path

from knockrummy.net import protocol as p

from .cards import cards_in, known


def check_sent(table) -> int:
    """Every message the host sent a seat (or a spectator) names only cards that seat
    may know at that moment (in its hand, or public; once the session is over, every
    card is), and never the session's seed, its deal code before the session is over, or
    another seat's token. How many messages were checked."""
    tokens = [t for t in table.hosting.table.seats.tokens if t]
    checked = 0
    for sent in table.sent:
        state = sent.state
        if state is None:
            continue
        kind, value = p.decode(sent.wire, p.HOST_KINDS)
        assert str(state.seed) not in sent.wire, kind
        mine = table.hosting.table.seats.tokens[sent.seat] if sent.seat is not None else None
        for token in tokens:
            assert token == mine or token not in sent.wire, f"another seat's token in {kind}"
        if state.is_over:
            continue  # the deal code is told: every card is public
        assert table.hosting.source.deal_code not in sent.wire
        allowed = known(state, sent.seat) | known(sent.before, sent.seat)
        named = set(cards_in(value, sent.seat))
        assert named <= allowed, (kind, sent.seat, sorted(map(str, named - allowed)))
        checked += 1
    return checked


def check_trace(path: Path) -> int:
    """A guest's trace: one JSON object a line, ``dir``, ``hand`` and ``msg``, its tokens
    blanked, its cards the engine's two-character codes. How many lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for line in lines:
        entry = json.loads(line)
        assert set(entry) == {"dir", "hand", "msg"}
        assert entry["dir"] in ("sent", "received") and isinstance(entry["hand"], int)
        msg = entry["msg"]
        if isinstance(msg, dict) and "token" in msg:
            assert msg["token"] in ("", None)
        if isinstance(msg, dict) and msg.get("type") == "welcome":
            assert msg["token"] in ("", None)
    return len(lines)
