"""Asking before a risky knock: K knocks at once only when the knock is safe enough, or the
player chose never to be asked; otherwise a small dialog asks, and its Knock button (or K
again) knocks.

Glossary:
    risky      the knock advisor's estimate says the knock is beaten more than a third of
               the time, or that playing on is expected to score more than knocking now.
    pending    the knock the table has asked about: the view it was asked in and the card;
               it holds only while that view is the table's and that card is lifted.
    setting    ``confirm_knock``: ``always`` asks before every knock, ``risky`` asks when
               the advisor finds it risky, ``never`` knocks at once. Gin and rum (no
               deadwood) never ask: nothing can beat them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.advisor import Advice
from ..engine.cards import Card
from ..engine.melds import discard_points
from ..engine.profiles import get_profile
from ..engine.views import PlayerView
from ..language import _, ngettext
from ..language.cards import card_words
from .hints import beaten_words, score_words
from .wording import going_out_kind

RISKY_CHANCE = 1 / 3
"""A knock beaten more often than this is risky."""

KNOCK, ASK, ADVISE = "knock", "ask", "advise"
"""What K does now: knock, ask first, or ask the advisor whether to ask."""


def knock_is_risky(advice: Advice) -> bool:
    """Whether the advisor's estimate makes knocking now risky (see the glossary)."""
    if advice.risk is None or advice.expected_knock is None:
        return False
    return advice.risk > RISKY_CHANCE or advice.expected_knock < advice.expected_play_on


def kept_deadwood(view: PlayerView, card: Card) -> int | None:
    """The count a knock with ``card`` keeps (None if the card may not be thrown)."""
    return discard_points(list(view.hand), forbidden=view.taken).get(card)


def question(view: PlayerView, card: Card, advice: Advice | None) -> tuple[str, ...]:
    """The knock confirmation's words: the question with the deadwood kept and the card
    thrown, and, with the advisor's estimate, the chance of being beaten and what playing
    on is worth."""
    count = kept_deadwood(view, card)
    lines = [
        # Translators: the knock confirmation's question; {count} the deadwood kept.
        ngettext(
            "Knock now with {count} deadwood?", "Knock now with {count} deadwood?", count
        ).format(count=count),
        # Translators: {card} the card a knock throws face down.
        _("You throw {card} face down and the hand ends.").format(card=card_words(card)),
    ]
    if advice is not None and advice.risk is not None:
        beaten = beaten_words(view, advice.risk)
        # Translators: {beaten} who could beat the knock and how often ("Ben undercuts you
        # about one time in four"), as a sentence of its own.
        lines.append(_("{beaten}.").format(beaten=beaten[0].upper() + beaten[1:]))
        # Translators: {outcome} what playing on is worth ("score about 7").
        text = _("Playing on instead, you should {outcome}.")
        lines.append(text.format(outcome=score_words(advice.expected_play_on)))
    return tuple(lines)


@dataclass
class KnockCheck:
    """The table's knock confirmation: what K does, and the knock asked about."""

    pending: tuple[PlayerView, Card] | None = None

    def request(self, view: PlayerView, card: Card, setting: str) -> str:
        """What K with ``card`` lifted does now: ``KNOCK``, ``ASK`` or ``ADVISE``."""
        if self.pending is not None and self.pending[0] is view and self.pending[1] == card:
            self.pending = None
            return KNOCK  # the second K: the player has read the question
        self.pending = None
        count = kept_deadwood(view, card)
        if setting == "never" or going_out_kind(get_profile(view.profile_id), count) != "knock":
            return KNOCK  # gin and rum cannot be beaten
        return ASK if setting == "always" else ADVISE

    def ask(self, view: PlayerView, card: Card) -> None:
        """The table has asked about this knock; the next K with the same card knocks."""
        self.pending = (view, card)
