"""The secrets of an online table: its join code, each seat's token, and how they are read
and compared.

Glossary:
    join code   six characters that name a table to the people invited to it (``K7QX-2M``
                is written ``K7QX2M``): what a friend types to find the table through a relay
                or on this network. It admits nobody to a seat by itself: a seat is taken
                once, and then only its token opens it.
    seat token  a seat's key (``secrets``, 60 bits written as three groups of four
                characters): given to the guest who takes the seat, kept with the host's
                session and in the guest's saves, and asked for again when the guest comes
                back, from the same machine or another (it is also "the seat's code" a
                person can copy). Compared in constant time.
    host token  the host's key at a relay: a join code is bound to it, so nobody else can
                take over a table's code while its host is away.
    alphabet    Crockford's base 32 (no I, L, O or U): read in any case, with or without
                dashes and spaces, O read as 0 and I or L as 1.
"""

from __future__ import annotations

import hmac
import secrets

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS = {"O": "0", "I": "1", "L": "1"}
CODE_LENGTH = 6
"""Characters in a join code (30 bits: a relay refuses guesses by rate, see :mod:`.limits`)."""
TOKEN_LENGTH = 12
"""Characters in a seat's token (60 bits)."""
HOST_TOKEN_BYTES = 24
"""Random bytes in a host's token at a relay (never typed)."""


def _random(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def new_join_code() -> str:
    """A new table's join code."""
    return _random(CODE_LENGTH)


def new_seat_token() -> str:
    """A new seat's token, written in groups (``4F2Q-8M1Z-C7KX``)."""
    raw = _random(TOKEN_LENGTH)
    return "-".join(raw[i : i + 4] for i in range(0, TOKEN_LENGTH, 4))


def new_host_token() -> str:
    return secrets.token_urlsafe(HOST_TOKEN_BYTES)


def _normal(text: object, length: int) -> str | None:
    if not isinstance(text, str) or len(text) > 4 * length:
        return None
    letters = "".join(_READ_AS.get(c, c) for c in text.upper() if c not in " -")
    if len(letters) != length or any(c not in ALPHABET for c in letters):
        return None
    return letters


def read_join_code(text: object) -> str | None:
    """The join code ``text`` names (any case, dashes and spaces ignored), or None."""
    return _normal(text, CODE_LENGTH)


def read_seat_token(text: object) -> str | None:
    """The seat token ``text`` names, written in groups, or None."""
    letters = _normal(text, TOKEN_LENGTH)
    if letters is None:
        return None
    return "-".join(letters[i : i + 4] for i in range(0, TOKEN_LENGTH, 4))


def same_secret(given: object, kept: str | None) -> bool:
    """Whether ``given`` is ``kept``, compared in constant time (None matches nothing)."""
    if kept is None or not isinstance(given, str) or len(given) > 200:
        return False
    return hmac.compare_digest(given.encode("utf-8"), kept.encode("utf-8"))
