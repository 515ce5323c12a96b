"""How the computer levels play each profile: one row per profile, every figure in it.

A profile's rules are its data row (:mod:`..engine.profiles`); what the levels were tuned
or measured to do in it is its row here. A profile without a row is an error when a level
plays it (:class:`~..engine.profiles.MissingProfileEntryError`), never a default: a new
profile's row is chosen on purpose, and measured (``docs/adding-a-profile.md``).

Glossary:
    threshold   the medium level knocks at this count or less; it starts at
                ``medium_start`` and falls by one every two rounds of the hand, never below
                ``medium_floor`` (nor above the profile's knock limit).
    knock at    the count at or below which the players of the hard level's one-round
                play-on estimate knock, itself included (see :mod:`.estimate`).
    match       the hard level values its knocks by the change in the chance of winning the
                game or session (``match_model``, see :mod:`.match`) rather than by the
                hand's points.
    bound       the hard level's samples keep to each opponent's bound, its last discard a
                least-count one (see :mod:`.inference`).
    likely      the hard level weighs its samples by the likelihood of each opponent's
                takes, passes and throws (see :mod:`.inference`).
    knock cap   the highest count at which the hard level (and the hint) weighs a knock at
                all; None: any count.
    judge       how the judge (:mod:`.judge`) prices a decision here: its rollout policy
                (:mod:`.rollout`), the samples every option is first played out over at
                two players, and how it chooses its best: the hard level's choice unless
                another option is clearly better, or the option of the highest value with
                the hard level's call on whether to knock. Measured by ``python -m
                research departures`` (docs/strength.md, *Following the rollouts*).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.profiles import ProfileTable
from .match import (
    KNOCK_RUMMY_POINTS,
    RAMI_COUNTS,
    ROTATION_SPREAD,
    FirstToTarget,
    HeadsUpGame,
    LastStanding,
    Rotation,
    SessionModel,
)


@dataclass(frozen=True)
class Tuning:
    """How the computer levels play one profile (see the glossary). Every field is given
    in every row: none has a default."""

    medium_start: int
    """The medium level's knock threshold in the first rounds."""
    medium_floor: int
    """The medium level's threshold never falls below this."""
    knock_at: int
    """Counts at or below which the players of a play-on round knock."""
    match: bool
    """The shipped hard level values knocks by ``match_model``."""
    bound: bool
    """The hard level's samples keep to each opponent's bound."""
    likely: bool
    """The hard level's samples are weighed by each opponent's likely play."""
    knock_cap: int | None
    """The highest count at which a knock is weighed at all (None: any)."""
    match_model: SessionModel | None
    """How the game or session is won, for the match value (None: no model, the hand's
    points are used even where the match value is asked for)."""
    judge_policy: str
    """The judge's rollout policy (``greedy`` or ``patient``)."""
    judge_samples: int
    """Samples every option of a two-player judgement is first played out over (fewer
    in proportion at a larger table)."""
    judge_best: str
    """How the judge chooses its best (:mod:`.judge`): ``usual``, the hard level's choice
    unless another option is clearly better, confirmed; ``rollouts``, the option of the
    highest value, whether to knock being the hard level's call."""


_HEADS_UP = HeadsUpGame()

TUNING: ProfileTable[Tuning] = ProfileTable(
    "the computer levels' tuning (knockrummy/ai/tuning.py)",
    {
        # The match value won fewer games against the Neller port than the hand's points
        # in poker-rum and knock-rummy (README, *The match value in every profile*). The
        # bound won games against it in each profile but knock-rami; the likely samples in
        # the races and knock-rummy, and nothing outside the noise in knock-rami and
        # poker-rum (docs/strength.md). In knock-rami, where every player adds their own
        # count, a cap of 20 won the most of 10, 15, 20, 25 and none at five players.
        # In gin-rummy the judge's top option with patient rollouts over 256 samples beat
        # the hard level's choice when the hand was played on by hard (+2.3 points a
        # departure, +0.8 a decision); greedy rollouts did not show a gain there, and the
        # other profiles were not measured so: their judge keeps the hard level's choice.
        # Played whole, the patient rollouts' best waited for gin (its opponent knocks at
        # once in them): there the hard level decides whether to knock.
        "poker-rum": Tuning(
            medium_start=6,
            medium_floor=2,
            knock_at=5,
            match=False,
            bound=True,
            likely=False,
            knock_cap=None,
            match_model=Rotation(ROTATION_SPREAD),
            judge_policy="greedy",
            judge_samples=32,
            judge_best="usual",
        ),
        "knock-rummy": Tuning(
            medium_start=6,
            medium_floor=2,
            knock_at=5,
            match=False,
            bound=True,
            likely=True,
            knock_cap=None,
            match_model=FirstToTarget(KNOCK_RUMMY_POINTS),
            judge_policy="greedy",
            judge_samples=32,
            judge_best="usual",
        ),
        "gin-rummy": Tuning(
            medium_start=10,
            medium_floor=4,
            knock_at=10,
            match=True,
            bound=True,
            likely=True,
            knock_cap=None,
            match_model=_HEADS_UP,
            judge_policy="patient",
            judge_samples=64,
            judge_best="rollouts",
        ),
        "gin-classic": Tuning(
            medium_start=10,
            medium_floor=4,
            knock_at=10,
            match=True,
            bound=True,
            likely=True,
            knock_cap=None,
            match_model=_HEADS_UP,
            judge_policy="patient",
            judge_samples=64,
            judge_best="rollouts",
        ),
        "knock-rami": Tuning(
            medium_start=9,
            medium_floor=3,
            knock_at=8,
            match=True,
            bound=False,
            likely=False,
            knock_cap=20,
            match_model=LastStanding(RAMI_COUNTS),
            judge_policy="greedy",
            judge_samples=32,
            judge_best="usual",
        ),
    },
)
"""Every profile's tuning, by profile id."""


def tuning_of(profile_id: str) -> Tuning:
    """The tuning of ``profile_id``; MissingProfileEntryError if it has none."""
    return TUNING[profile_id]
