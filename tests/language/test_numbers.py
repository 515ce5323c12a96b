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
        ("en", ["37½", "-7¼", "18¾", "0.375", "12 1/3", "25", "-3", "½", "12,500"]),
        ("fr", ["37½", "-7¼", "18¾", "0,375", "12 1/3", "25", "-3", "½", "12\u202f500"]),
        ("es", ["37½", "-7¼", "18¾", "0,375", "12 1/3", "25", "-3", "½", "12.500"]),
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
    ]
    assert [score(v) for v in values] == expected


def test_a_score_is_never_rounded():
    language.use("fr")
    assert score(Fraction(1, 3)) == "1/3"
    assert Fraction(score(Fraction(1, 64)).replace(",", ".")) == Fraction(1, 64)


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
