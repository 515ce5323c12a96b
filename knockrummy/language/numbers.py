"""Numbers, scores and dates as the current language writes them.

Scores and chips are exact (an int or a Fraction: a Poker Rum share of 75/2, half of an
odd pot); they are shown exact too, and every fraction one way, in every language: the
whole part, then the part of one as a small fraction a player writes on a score sheet
(``37½``, ``84⅜``, ``12⅓``; one with no character of its own is raised over lowered
digits, ``379¹¹⁄₁₆``). Nothing goes through the C library's locale (it is the process's,
not the game's setting, and on many systems only English is installed).

Glossary:
    separator   the decimal mark (``.`` or ``,``) and the thousands' mark of a language.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from . import N_, _, pgettext

VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕",
    Fraction(2, 5): "⅖",
    Fraction(3, 5): "⅗",
    Fraction(4, 5): "⅘",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
    Fraction(1, 8): "⅛",
    Fraction(3, 8): "⅜",
    Fraction(5, 8): "⅝",
    Fraction(7, 8): "⅞",
}
"""The parts of one that have a character of their own (the game's font draws each)."""
RAISED = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
LOWERED = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
FRACTION_SLASH = "\u2044"
MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)
"""Month names, translated when a date is written."""
SHORT_MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)
"""Months' short names (``May`` is one entry with the long name's: it is short)."""


def _marks() -> tuple[str, str]:
    """The current language's decimal and thousands marks, from its catalogue: numbers
    of five digits or more are grouped (French with a narrow no-break space, U+202F;
    Spanish with a point; four digits stay ungrouped in every language)."""
    # Translators: the decimal mark of your language (a comma in French and Spanish).
    decimal_mark = pgettext("decimal mark", ".")
    # Translators: the mark between thousands in 12,500 (French: a narrow no-break space
    # U+202F; Spanish: a point).
    thousands_mark = pgettext("thousands mark", ",")
    return decimal_mark, thousands_mark


def whole(value: int) -> str:
    """A whole number: ``-3``, ``1250``, ``12,500`` / ``12 500`` / ``12.500``."""
    text = str(abs(int(value)))
    if len(text) > 4:
        mark = _marks()[1]
        groups = []
        while text:
            groups.insert(0, text[-3:])
            text = text[:-3]
        text = mark.join(groups)
    return f"-{text}" if value < 0 else text


def score(value: int | Fraction | str) -> str:
    """An exact score or number of chips in the current language (see the module's
    words): ``37½``, ``-7¼``, ``84⅜``, ``12⅓``, ``379¹¹⁄₁₆``; never rounded."""
    value = Fraction(value)
    if value.denominator == 1:
        return whole(value.numerator)
    sign = "-" if value < 0 else ""
    units, part = divmod(abs(value), 1)
    return f"{sign}{whole(int(units)) if units else ''}{part_of_one(part)}"


def part_of_one(part: Fraction) -> str:
    """A fraction between 0 and 1 as one small fraction: ``⅜``, or ``¹¹⁄₁₆``."""
    if part in VULGAR:
        return VULGAR[part]
    top = str(part.numerator).translate(RAISED)
    return f"{top}{FRACTION_SLASH}{str(part.denominator).translate(LOWERED)}"


def decimal(value: float, places: int = 1) -> str:
    """A measured number (an average) rounded to ``places``: ``12.3`` / ``12,3``."""
    text = f"{abs(value):.{places}f}"
    units, _, digits = text.partition(".")
    out = whole(int(units))
    if digits:
        out += _marks()[0] + digits
    return f"-{out}" if value < 0 and float(text) != 0 else out


def percent(value: float) -> str:
    """A share as a whole percentage: ``45%`` / ``45 %``."""
    # Translators: a percentage; French and Spanish put a no-break space (U+00A0) before %.
    return _("{n}%").format(n=whole(round(value * 100)))


def month_name(month: int) -> str:
    """The name of ``month`` (1 to 12) in the current language."""
    return _(MONTHS[month - 1])


def short_moment(moment: datetime.datetime) -> str:
    """A day and time in few characters: ``04 Dec 2026 09:01``, ``04 déc. 2026 09:01``."""
    month = _(SHORT_MONTHS[moment.month - 1])
    # Translators: a day and a time in few characters (the ledger's list): {day} is the
    # day of the month (04), {month} a month's short name, {year} 2026 and {time} 09:01.
    return _("{day} {month} {year} {time}").format(
        day=f"{moment.day:02}", month=month, year=moment.year, time=f"{moment:%H:%M}"
    )


def long_date(day: datetime.date) -> str:
    """A day written out: ``December 4, 2026``, ``4 décembre 2026``, ``4 de diciembre de
    2026``."""
    # Translators: a date written out; {month} is a month's name (translated on its
    # own), {day} the day of the month and {year} the year, as numbers.
    return _("{month} {day}, {year}").format(
        month=month_name(day.month), day=day.day, year=day.year
    )
