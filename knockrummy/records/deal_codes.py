"""Deals a person can share: deal codes, the daily deal, and the fingerprint of a hand.

Glossary:
    deal code    a short text of letters and digits that names a profile, who sits in each
                 seat (a human or a computer level) and the session seed, ending in a check
                 character, e.g. ``4F2Q-8M1Z-C7``. Two players who play the same code get
                 the same cards in the same order.
    alphabet     Crockford's base 32: digits and the letters but I, L, O and U, so nothing
                 reads as something else; reading a code, case and dashes do not matter and
                 O, I and L are taken for 0, 1 and 1.
    check        the last character, by the Luhn mod 32 algorithm: any single mistyped
                 character and any swap of two neighbours but 0 and Z is caught.
    daily deal   one code per calendar day and profile, the same on every machine: the
                 player against the hard level.
    fingerprint  the SHA-256 hash of a hand's seed, shown before the hand; the seed is shown
                 after it, so anyone can check the cards were fixed before play began.
    secret seed  a new game's session seed (:func:`new_seed`), drawn over 63 bits. Its deal
                 code deals every hand, the ones still to come too, so it is shown only once
                 the session is over; a hand's seed deals that hand only (see docs/manual.md,
                 "fair deals", for why neither leads back to the session seed).

The bit layout of a code, most significant first: profile (3 bits, the profile's
``deal_code``), players less two (3),
one seat kind per seat (2 bits each: human, easy, medium, hard), then the seed in every
remaining bit. A code is as short as its seed allows.

A table with a seat of a later level (``expert``) has the long form: profile (3), the
mark ``LONG`` (3, a players field no table has), players less two (3), one seat kind per
seat (3 bits each, an index of ``SEAT_KINDS``), then the seed. A deal has one code only:
a table the short form can name is never written in the long form, and a long code that
names such a table is refused. A version of the game from before the long form says the
code is not one of its own.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass

from ..engine.profiles import PROFILES, get_profile, profile_by_deal_code
from ..language import N_, _

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32."""
_READ_AS = {"O": "0", "I": "1", "L": "1"}
SEAT_KINDS = ("human", "easy", "medium", "hard", "expert")
"""What a seat of a deal code can be: a human, or a computer at one of the levels."""
SHORT_KINDS = 4
"""The seat kinds the short form can name (2 bits): the first four of ``SEAT_KINDS``."""
LONG = 7
"""The players field that marks the long form (see the module's docstring)."""
MAX_SEED = 2**63 - 1
"""The largest session seed a deal code holds (63 bits)."""
DAILY_LEVEL = "hard"
GROUP = 4
"""Characters between dashes when a code is written out."""
# Translators: said where a deal code would be while its game is not over.
DEAL_CODE_LATER = N_(
    "The deal code is shown when the game is over: it deals every hand of the game, the "
    "ones still to come too."
)
"""What Details and the ledger say where a session's deal code is withheld."""


class DealCodeError(ValueError):
    """The text is not a deal code; the message says what is wrong."""


@dataclass(frozen=True)
class Deal:
    """What a deal code names."""

    profile_id: str
    seats: tuple[str, ...]
    """By seat: ``human`` or a computer level."""
    seed: int
    """The session seed: every hand's cards follow from it."""

    def __post_init__(self) -> None:
        if self.profile_id not in PROFILES:
            raise DealCodeError(f"unknown profile {self.profile_id!r}")
        get_profile(self.profile_id).check_players(len(self.seats))
        for kind in self.seats:
            if kind not in SEAT_KINDS:
                raise DealCodeError(f"a seat is human, easy, medium, hard or expert, not {kind!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise DealCodeError("the seed must be a whole number")
        if not 0 <= self.seed <= MAX_SEED:
            raise DealCodeError(f"the seed must be between 0 and {MAX_SEED}")

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def code(self) -> str:
        return encode(self)


def _check_character(digits: list[int]) -> int:
    """Luhn mod 32: the digit that makes the whole code's weighted sum divisible by 32."""
    total = 0
    for i, digit in enumerate(reversed(digits)):
        value = digit * 2 if i % 2 == 0 else digit
        total += value // 32 + value % 32
    return (32 - total % 32) % 32


def encode(deal: Deal) -> str:
    """The deal code of ``deal``, in groups of four characters."""
    header = get_profile(deal.profile_id).deal_code
    kinds = [SEAT_KINDS.index(kind) for kind in deal.seats]
    if max(kinds) < SHORT_KINDS:
        header = header << 3 | (deal.players - 2)
        for kind in kinds:
            header = header << 2 | kind
        header_bits = 6 + 2 * deal.players
    else:
        header = (header << 3 | LONG) << 3 | (deal.players - 2)
        for kind in kinds:
            header = header << 3 | kind
        header_bits = 9 + 3 * deal.players
    length = 1
    while 5 * length - header_bits < max(deal.seed.bit_length(), 1):
        length += 1
    seed_bits = 5 * length - header_bits
    value = header << seed_bits | deal.seed
    digits = [value >> 5 * (length - 1 - k) & 31 for k in range(length)]
    digits.append(_check_character(digits))
    text = "".join(ALPHABET[d] for d in digits)
    return "-".join(text[i : i + GROUP] for i in range(0, len(text), GROUP))


def decode(text: str) -> Deal:
    """The deal a code names; :class:`DealCodeError` if it is mistyped or not a code."""
    if not isinstance(text, str):
        raise DealCodeError("a deal code is text")
    cleaned = "".join(text.split()).replace("-", "").upper()
    if not 3 <= len(cleaned) <= 40:
        raise DealCodeError("a deal code is 3 to 40 letters and digits")
    digits = []
    for char in cleaned:
        char = _READ_AS.get(char, char)
        if char not in ALPHABET:
            raise DealCodeError(f"{char!r} is not a letter or digit of a deal code")
        digits.append(ALPHABET.index(char))
    *body, check = digits
    if _check_character(body) != check:
        raise DealCodeError("this deal code has a mistyped character (its check does not match)")
    value = 0
    for digit in body:
        value = value << 5 | digit
    total = 5 * len(body)
    profile_number = value >> (total - 3)
    players = (value >> (total - 6) & 7) + 2
    long = players - 2 == LONG
    if long:
        players = (value >> (total - 9) & 7) + 2
        seed_bits = total - 9 - 3 * players
        width = 3
    else:
        seed_bits = total - 6 - 2 * players
        width = 2
    profile = profile_by_deal_code(profile_number)
    if profile is None or seed_bits < 1:
        raise DealCodeError("this is not a deal code of this version of Knock Rummy")
    mask = (1 << width) - 1
    kinds = [value >> (seed_bits + width * (players - 1 - s)) & mask for s in range(players)]
    if long and (max(kinds) >= len(SEAT_KINDS) or max(kinds) < SHORT_KINDS):
        # a seat kind this version does not know, or a table the short form names
        raise DealCodeError("this is not a deal code of this version of Knock Rummy")
    seats = tuple(SEAT_KINDS[kind] for kind in kinds)
    seed = value & ((1 << seed_bits) - 1)
    try:
        return Deal(profile.id, seats, seed)
    except ValueError as exc:
        raise DealCodeError(f"this deal code names an impossible table ({exc})") from exc


def new_seed() -> int:
    """A new session's seed: drawn from the system's secure source (``secrets``) over every
    seed a deal code holds, 0 to ``MAX_SEED``, so that no one can guess it or try every
    seed against what the table shows (see docs/manual.md, "fair deals")."""
    return secrets.randbelow(MAX_SEED + 1)


def daily_deal(profile_id: str, day: datetime.date) -> Deal:
    """The day's deal for ``profile_id``: the same on every machine, you against hard."""
    digest = hashlib.sha256(f"knockrummy/daily/{day.isoformat()}/{profile_id}".encode()).digest()
    seed = int.from_bytes(digest[:4], "big") & 0x7FFF_FFFF
    return Deal(profile_id, ("human", DAILY_LEVEL), seed)


def fingerprint(hand_seed: int) -> str:
    """The SHA-256 hash (hex) of a hand's seed, as shown before the hand is played."""
    return hashlib.sha256(f"knockrummy/hand-seed/{hand_seed}".encode()).hexdigest()


def code_of(profile_id: str, seats, seed: int) -> str:
    """The deal code of a session: ``seats`` have a ``kind`` (human, computer, or a
    friend online, a person too) and a ``level``, as saved seats do."""
    kinds = tuple(s.level if s.kind == "computer" else "human" for s in seats)
    return Deal(profile_id, kinds, seed).code


def fairness_details(
    whole: str, hand_seed: int | None, code: str | None = None, later: bool = False
) -> tuple[str, ...]:
    """The table's Details: while a hand is played, the whole fingerprint of its seed
    (``whole``); once it is over, the seed itself (``hand_seed``, whose hash is that
    fingerprint); and once the whole session is over, the deal code ``code`` that deals it
    again. Before then the code is withheld, as it deals the hands still to come; with
    ``later`` a line says when it will be shown. A hand's seed deals that hand only. Each
    value comes with a line saying what it is for."""
    if hand_seed is None:
        return (
            # Translators: the table's Details, while a hand is played; its hexadecimal
            # fingerprint follows on two lines.
            _("This hand's deal fingerprint"),
            whole[:32],
            whole[32:],
            _(
                "It is fixed before the first card is dealt; the hand's seed, shown when the "
                "hand is over, proves it."
            ),
        )
    lines = (
        # Translators: the table's Details once a hand is over; {seed} is a whole number.
        _("This hand's seed: {seed}").format(seed=hand_seed),
        # Translators: the seed's hexadecimal fingerprint follows on two lines.
        _("Its fingerprint"),
        whole[:32],
        whole[32:],
    )
    if code is None:
        return (*lines, _(DEAL_CODE_LATER)) if later else lines
    return (
        *lines,
        # Translators: {code} is a deal code ("4F2Q-8M1Z-C7").
        _("Deal code {code}").format(code=code),
        _("Enter it in New game to play these deals again."),
    )
