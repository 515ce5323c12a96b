"""The relay's own few words with a host (never a game message: those it forwards unread).

A host's link (``/t/CODE/host``) starts with ``{"type": "host", "token": T}``; the relay
answers ``{"type": "hosting"}`` or ``{"type": "refused", "reason": R}`` and then, for each
guest that arrives at ``/t/CODE``, ``{"type": "guest", "id": N, "address": A}``. The host
answers that with a connection of its own to ``/t/CODE/pair/N`` that starts with
``{"type": "pair", "token": T}``; from then on the relay forwards every frame between
the guest's connection and that one, as they are.
"""

from __future__ import annotations

import json
from typing import Any

MAX = 512
"""The longest relay message read."""

GUEST_CLOSE = {4404: "no-table", 4429: "too-many", 4503: "no-host"}
"""How a relay closes a guest's connection it cannot serve: no table has that code, this
address has made too many connections or attempts, the table's host did not answer."""


def host_message(token: str) -> str:
    return json.dumps({"type": "host", "token": token})


def pair_message(token: str) -> str:
    return json.dumps({"type": "pair", "token": token})


def read(wire: Any) -> dict:
    """A relay message, or ``{}`` if ``wire`` is not one (never raises)."""
    if not isinstance(wire, str) or len(wire) > MAX:
        return {}
    try:
        value = json.loads(wire, parse_constant=lambda word: None)
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}
