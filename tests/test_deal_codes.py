"""Deal codes, the daily deal and hand fingerprints."""

from __future__ import annotations

import datetime
import hashlib
import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockrummy.engine.profiles import PROFILES, get_profile, registered
from knockrummy.engine.session import hand_seed
from knockrummy.records.deal_codes import (
    ALPHABET,
    MAX_SEED,
    SEAT_KINDS,
    Deal,
    DealCodeError,
    code_of,
    daily_deal,
    decode,
    encode,
    fingerprint,
    new_seed,
)
from knockrummy.records.replay import dealt_hand


@st.composite
def deals(draw):
    profile = draw(st.sampled_from(list(PROFILES)))
    players = draw(st.sampled_from(list(get_profile(profile).player_counts)))
    seats = tuple(draw(st.sampled_from(SEAT_KINDS)) for _ in range(players))
    seed = draw(st.one_of(st.integers(0, 2**31 - 1), st.integers(0, 2**63 - 1)))
    return Deal(profile, seats, seed)


@pytest.mark.parametrize(
    ("profile_id", "code"),
    [
        ("poker-rum", "01C1-SK"),
        ("knock-rummy", "41C1-SB"),
        ("gin-rummy", "81C1-S3"),
        ("gin-classic", "C1C1-SV"),
        ("knock-rami", "G1C1-SJ"),
    ],
)
def test_codes_already_shared_keep_naming_the_same_deal(profile_id, code):
    deal = Deal(profile_id, ("human", "easy"), 12345)
    assert encode(deal) == code
    assert decode(code) == deal


def test_an_expert_seat_is_named_by_the_long_form_and_read_back_as_expert():
    deal = Deal("gin-rummy", ("human", "expert"), 12345)
    code = encode(deal)
    assert decode(code) == deal
    assert code != encode(Deal("gin-rummy", ("human", "hard"), 12345))
    six = Deal("knock-rummy", ("expert", "human", "easy", "medium", "hard", "expert"), 2**63 - 1)
    assert decode(encode(six)) == six


def _long_code(profile_number: int, kinds: list[int], seed: int) -> str:
    """A long-form code written by hand (see the module's bit layout)."""
    from knockrummy.records.deal_codes import LONG, _check_character

    value = (profile_number << 3 | LONG) << 3 | (len(kinds) - 2)
    for kind in kinds:
        value = value << 3 | kind
    header_bits = 9 + 3 * len(kinds)
    length = (header_bits + max(seed.bit_length(), 1) + 4) // 5
    value = value << (5 * length - header_bits) | seed
    digits = [value >> 5 * (length - 1 - k) & 31 for k in range(length)]
    return "".join(ALPHABET[d] for d in [*digits, _check_character(digits)])


def test_a_long_code_is_refused_when_the_short_form_names_its_table_or_a_kind_is_unknown():
    number = get_profile("gin-rummy").deal_code
    assert decode(_long_code(number, [0, 4], 99)) == Deal("gin-rummy", ("human", "expert"), 99)
    for kinds in ([0, 3], [0, 5], [7, 4]):
        with pytest.raises(DealCodeError, match="not a deal code of this version"):
            decode(_long_code(number, kinds, 99))


def test_a_profile_registered_later_has_codes_of_its_own_number():
    from dataclasses import replace

    extra = replace(get_profile("knock-rummy"), id="knock-rummy-short", deal_code=5, target=50)
    with registered(extra):
        deal = Deal("knock-rummy-short", ("human", "easy"), 12345)
        code = encode(deal)
        assert decode(code) == deal
        assert code != encode(Deal("knock-rummy", ("human", "easy"), 12345))
    with pytest.raises(DealCodeError):  # once the profile is gone, its codes name nothing
        decode(code)


@settings(max_examples=300, deadline=None)
@given(deals())
def test_a_deal_code_reads_back_as_the_same_deal(deal):
    code = encode(deal)
    assert set(code.replace("-", "")) <= set(ALPHABET)
    assert decode(code) == deal
    assert decode(code.lower().replace("-", " ")) == deal


@settings(max_examples=300, deadline=None)
@given(deals(), st.data())
def test_a_single_mistyped_character_is_caught(deal, data):
    text = encode(deal).replace("-", "")
    i = data.draw(st.integers(0, len(text) - 1))
    wrong = data.draw(st.sampled_from([c for c in ALPHABET if c != text[i]]))
    with pytest.raises(DealCodeError):
        decode(text[:i] + wrong + text[i + 1 :])


@settings(max_examples=300, deadline=None)
@given(deals(), st.data())
def test_two_swapped_neighbours_are_caught(deal, data):
    # Luhn mod 32 misses one swap only: of 0 and Z (0 and 31)
    text = encode(deal).replace("-", "")
    i = data.draw(st.integers(0, len(text) - 2))
    if text[i] == text[i + 1] or {text[i], text[i + 1]} == {"0", "Z"}:
        return
    with pytest.raises(DealCodeError):
        decode(text[:i] + text[i + 1] + text[i] + text[i + 2 :])


def test_a_two_player_code_is_short_enough_to_read_out():
    code = encode(Deal("gin-rummy", ("human", "hard"), 2**31 - 1))
    assert len(code.replace("-", "")) <= 10, code


def test_letters_that_look_alike_read_as_digits():
    code = encode(Deal("knock-rummy", ("human", "medium"), 101))
    assert decode(code.replace("0", "o").replace("1", "l")) == decode(code)


@pytest.mark.parametrize("text", ["", "!!!!", "UUUU-UUUU", "Z" * 50, "00"])
def test_text_that_is_no_code_is_refused_in_words(text):
    with pytest.raises(DealCodeError):
        decode(text)


def test_the_daily_deal_is_the_same_for_the_same_date_and_differs_by_day_and_profile():
    day = datetime.date(2026, 12, 1)
    assert daily_deal("gin-rummy", day) == daily_deal("gin-rummy", datetime.date(2026, 12, 1))
    assert daily_deal("gin-rummy", day).seed != daily_deal("gin-rummy", day.replace(day=2)).seed
    assert daily_deal("gin-rummy", day).seed != daily_deal("knock-rami", day).seed
    assert daily_deal("knock-rami", day).seats == ("human", "hard")


def test_a_fingerprint_is_the_sha256_of_the_hand_seed():
    assert fingerprint(42) == hashlib.sha256(b"knockrummy/hand-seed/42").hexdigest()
    assert fingerprint(42) != fingerprint(43)


def test_a_saved_table_with_an_expert_seat_shares_a_code_that_seats_expert():
    from knockrummy.ui.seats import seats_for_deal

    seats = [
        SimpleNamespace(kind="human", level="medium"),
        SimpleNamespace(kind="computer", level="expert"),
    ]
    deal = decode(code_of("knock-rummy", seats, 77))
    assert deal.seats == ("human", "expert")
    assert [s.level for s in seats_for_deal(deal.seats) if not s.is_human] == ["expert"]


def _spread(seeds: list[int]) -> None:
    """Seeds drawn over 63 bits: every one a deal code holds, each bit seen both ways (64
    draws miss a bit only once in 2**64), none twice."""
    assert all(0 <= seed <= MAX_SEED for seed in seeds)
    assert len(set(seeds)) == len(seeds)
    for bit in range(63):
        assert any(seed >> bit & 1 for seed in seeds), f"bit {bit} is never set"
        assert not all(seed >> bit & 1 for seed in seeds), f"bit {bit} is always set"


def test_a_new_seed_is_drawn_over_every_bit_a_deal_code_holds():
    _spread([new_seed() for _ in range(64)])


def test_a_game_started_without_a_seed_draws_it_over_63_bits(tmp_path):
    from knockrummy.ui.game import Game
    from knockrummy.ui.seats import default_seats

    game = Game.open(str(tmp_path))
    seeds = [game.start("gin-rummy", default_seats(2))[1].seed for _ in range(64)]
    _spread(seeds)
    assert decode(code_of("gin-rummy", default_seats(2), max(seeds))).seed == max(seeds)
    # an explicit seed (a deal code's, --seed) is kept as it is
    assert game.start("gin-rummy", default_seats(2), seed=12345)[1].seed == 12345


def test_a_code_shared_before_secret_seeds_deals_the_same_hands():
    # dealt and written down by the version that drew seeds from 2**31 values
    deal = decode("41C1-SB")
    first, second = (dealt_hand(deal.profile_id, 2, deal.seed, n) for n in (1, 2))
    assert (first.seed, first.dealer, second.seed) == (7868917077338812037, 1, 5244528205313663596)
    assert fingerprint(first.seed).startswith("9deac1314bccb826")
    assert " ".join(str(c) for c in first.hands[0]) == "4C 7S 5C 3S AH 9C 6S QD 5H QS"


def test_the_daily_deal_is_dealt_as_before():
    deal = daily_deal("gin-rummy", datetime.date(2026, 12, 1))
    assert (deal.seed, deal.code) == (88354388, "832M-8BJM-E")
    first = dealt_hand(deal.profile_id, 2, deal.seed, 1)
    assert first.seed == 4984668823682403302
    assert " ".join(str(c) for c in first.hands[0]) == "8D 7D 6D KD 6H 5D JH AD 4S JS"


@pytest.mark.parametrize("session_seed", [0, 12345, 2**31 - 1, MAX_SEED])
def test_a_hand_seed_reaches_the_session_seed_only_through_sha512(session_seed):
    # the fair deals' argument (docs/manual.md): Python seeds its generator with a text and
    # the text's SHA-512 digest, so a hand's seed leads back to the session seed only by
    # trying session seeds; a Python that seeded otherwise would need the argument again
    text = f"knockrummy/{session_seed}/hand/3".encode()
    keyed = random.Random(int.from_bytes(text + hashlib.sha512(text).digest(), "big"))
    assert hand_seed(session_seed, 3) == keyed.getrandbits(63)
    assert hand_seed(session_seed, 3) != hand_seed(session_seed ^ 1 << 62, 3)
