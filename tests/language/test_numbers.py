"""Scores, numbers and dates as each language writes them."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from knockrummy import language
from knockrummy.language.numbers import decimal, long_date, percent, score, whole

DAY = datetime.date(2026, 12, 4)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", ["37½", "-7¼", "18¾", "⅜", "12⅓", "25", "-3", "½", "12,500", "379¹¹⁄₁₆"]),
        ("fr", ["37½", "-7¼", "18¾", "⅜", "12⅓", "25", "-3", "½", "12\u202f500", "379¹¹⁄₁₆"]),
        ("es", ["37½", "-7¼", "18¾", "⅜", "12⅓", "25", "-3", "½", "12.500", "379¹¹⁄₁₆"]),
    ],
)
def test_an_exact_score_is_written_exact_in_each_language(code, expected):
    language.use(code)
    values = [
        Fraction(75, 2),
        Fraction(-29, 4),
        Fraction(75, 4),
        Fraction(3, 8),
        Fraction(37, 3),
        25,
        -3,
        Fraction(1, 2),
        12500,
        Fraction(6075, 16),
    ]
    assert [score(v) for v in values] == expected


def read_back(text: str) -> Fraction:
    """A score as written, read back exactly (the test's own reading of its one style)."""
    from knockrummy.language.numbers import FRACTION_SLASH, VULGAR

    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("-").replace("\u202f", "").replace(",", "").replace(".", "")
    glyphs = {glyph: part for part, glyph in VULGAR.items()}
    if text[-1] in glyphs:
        return sign * (int(text[:-1] or 0) + glyphs[text[-1]])
    if FRACTION_SLASH not in text:
        return sign * Fraction(int(text))
    head, low = text.split(FRACTION_SLASH)
    raised = "".join(c for c in head if c in "⁰¹²³⁴⁵⁶⁷⁸⁹")
    units = head[: len(head) - len(raised)]
    top = int(raised.translate(str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")))
    bottom = int(low.translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")))
    return sign * (int(units or 0) + Fraction(top, bottom))


@pytest.mark.parametrize("code", ["en", "fr", "es"])
def test_a_score_is_never_rounded_and_every_fraction_is_written_one_way(code):
    language.use(code)
    for denominator in (2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 32, 64):
        for numerator in range(-3 * denominator, 3 * denominator + 1, 1 + denominator // 7):
            value = Fraction(numerator, denominator)
            text = score(value)
            assert read_back(text) == value, (value, text)
            if value.denominator > 1:  # the part of one: never a decimal, never "n/d"
                assert not any(mark in text for mark in ("/", ".", ",", " ")), text


@pytest.mark.parametrize(
    ("code", "average", "share", "four", "five"),
    [
        ("en", "12.3", "45%", "1250", "12,500"),
        ("fr", "12,3", "45\u00a0%", "1250", "12\u202f500"),
        ("es", "12,3", "45\u00a0%", "1250", "12.500"),
    ],
)
def test_measured_numbers_use_each_languages_marks(code, average, share, four, five):
    language.use(code)
    assert decimal(12.34) == average
    assert percent(0.45) == share
    assert whole(1250) == four and whole(12500) == five
    assert decimal(-0.04) == decimal(0.0)  # no "-0.0"


@pytest.mark.parametrize(
    ("code", "written"),
    [("en", "December 4, 2026"), ("fr", "4 décembre 2026"), ("es", "4 de diciembre de 2026")],
)
def test_a_date_is_written_out_in_the_language_not_the_c_locale(code, written):
    language.use(code)
    assert long_date(DAY) == written


def test_every_month_has_its_name_in_each_language():
    for code in ("fr", "es"):
        language.use(code)
        names = [long_date(datetime.date(2026, month, 1)) for month in range(1, 13)]
        language.use("en")
        english = [long_date(datetime.date(2026, month, 1)) for month in range(1, 13)]
        assert all(a != b for a, b in zip(names, english, strict=True))
        assert len(set(names)) == 12
