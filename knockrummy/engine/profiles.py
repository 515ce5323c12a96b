"""The five rule profiles as data, with a registry looked up by id.

A profile is one data row (:class:`Profile`): its numbers, and for each way a hand or a
session can go, one of the kinds below. Everything that depends on a kind asks the
profile a question (``has_pot``, ``zero_knock_result``...), never its id; what a profile
needs beyond its row (the computer levels' tuning, its lesson, its worked examples) lives
in :class:`ProfileTable` s, where a profile without an entry is an error. ``docs/adding-a-
profile.md`` lists where each piece of a new profile goes.

Glossary:
    profile     one rule set of knock rummy (``poker-rum``, ``knock-rummy``, ``gin-rummy``,
                ``gin-classic``, ``knock-rami``), from ``RULES.md``.
    knock limit the highest deadwood a knock may keep (None: any deadwood).
    exhaustion  how a hand ends when the stock runs out (:class:`ExhaustionKind`):
                ``decline`` (the player to move declines the discard, or every player has
                had a turn since the stock ran out) or ``two-left`` (a draw once the stock
                is down to two cards).
    settlement  how a finished hand is scored (:class:`SettlementKind`): ``ledger``
                (zero-sum transfers), ``points`` (points scored, lay-offs), ``gin``
                (two-player gin scoring), ``cumulative`` (each player adds their own
                deadwood).
    session     how hands make a whole game (:class:`SessionKind`): ``rotation`` (one hand
                dealt by each player), ``to-target`` (first to 100), ``gin-box`` /
                ``gin-line`` (to 100 with bonuses), ``elimination`` (out at 100, pot to the
                last player standing).
    deal code number
                the profile's number in a deal code (0 to 7); codes already shared use it,
                so a profile keeps its number for ever.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, TypeVar

from .phases import HandResult, WordEnum


def N_(words: str) -> str:
    """Marks a row's English words for the translators' catalogue and returns them as they
    are: the engine speaks English only, and what a player reads is translated where it
    is shown (``_(profile.summary)``, ``_(rule)``). The name is the one the catalogue's
    extractor knows."""
    return words


class UnknownProfileError(ValueError):
    """No profile has this id."""


class ProfileDataError(ValueError):
    """A profile's data row contradicts itself or the registry."""


class ExhaustionKind(WordEnum):
    """How a hand ends when the stock runs out; the value is the word ``RULES.md`` uses."""

    DECLINE = "decline"
    """The player to move declines the discard, or every player has had a turn since."""
    TWO_LEFT = "two-left"
    """The hand is a draw once a discard leaves two cards or fewer in the stock."""


class SettlementKind(WordEnum):
    """How a finished hand is scored (:mod:`.scoring`)."""

    LEDGER = "ledger"
    """Zero-sum transfers: the lowest count collects the differences (``poker-rum``)."""
    POINTS = "points"
    """Points scored after lay-offs, with undercut and gin bonuses."""
    GIN = "gin"
    """Two-player gin scoring: as ``points``."""
    CUMULATIVE = "cumulative"
    """Each player adds their own deadwood to their score (``knock-rami``)."""

    @property
    def zero_knock_result(self) -> HandResult | None:
        """The result word of a knock at zero deadwood: ``rum`` (ledger), ``gin`` (points
        and gin), or None where it is a plain knock (cumulative)."""
        return _ZERO_KNOCK_RESULTS[self]

    @property
    def zero_sum(self) -> bool:
        """Every point one player wins another pays: the scores always add up to zero."""
        return self is SettlementKind.LEDGER

    @property
    def counts_against(self) -> bool:
        """A score is the deadwood a player has added: the lower, the better."""
        return self is SettlementKind.CUMULATIVE


_ZERO_KNOCK_RESULTS = {
    SettlementKind.LEDGER: HandResult.RUM,
    SettlementKind.POINTS: HandResult.GIN,
    SettlementKind.GIN: HandResult.GIN,
    SettlementKind.CUMULATIVE: None,
}


class SessionKind(WordEnum):
    """How hands make a whole game (:mod:`.session`)."""

    ROTATION = "rotation"
    """One hand dealt by each player; the highest net wins."""
    TO_TARGET = "to-target"
    """The first to the target wins."""
    GIN_BOX = "gin-box"
    """To the target, then a game bonus and a box bonus per hand won (two players)."""
    GIN_LINE = "gin-line"
    """To the target, then a game bonus and a line bonus per hand won (two players)."""
    ELIMINATION = "elimination"
    """Out at the target, one buy-back each; the last player standing takes the pot."""

    @property
    def one_deal_each(self) -> bool:
        """The session is one hand dealt by each player."""
        return self is SessionKind.ROTATION

    @property
    def won_at_target(self) -> bool:
        """The first player to reach the target wins (hands won are worth showing)."""
        return self in (SessionKind.TO_TARGET, SessionKind.GIN_BOX, SessionKind.GIN_LINE)

    @property
    def hand_bonus_name(self) -> str | None:
        """``box bonus`` or ``line bonus``: what the bonus per hand won is called where the
        game ends with a game bonus and one; None elsewhere."""
        return _HAND_BONUS_NAMES.get(self)

    @property
    def has_pot(self) -> bool:
        """Players stake chips into a pot; reaching the target puts a player out, and the
        last player standing takes the pot."""
        return self is SessionKind.ELIMINATION


_HAND_BONUS_NAMES = {
    SessionKind.GIN_BOX: N_("box bonus"),
    SessionKind.GIN_LINE: N_("line bonus"),
}


@dataclass(frozen=True)
class Profile:
    """One rule profile. Every rule the engine applies is read from here."""

    id: str
    """Registry key, e.g. ``"poker-rum"``."""
    name: str
    """Display name."""
    summary: str
    """One sentence a player reads in the new-game screen."""
    min_players: int
    max_players: int
    hand_sizes: dict[int, int]
    """Cards dealt to each player, by number of players."""
    deal_code: int
    """The profile's number in a deal code (see the glossary): never reuse or change one."""
    jokers: int = 0
    """Jokers added to the 52-card deck."""
    knock_limit: int | None = None
    """Highest deadwood a knock may keep; None allows any."""
    layoffs: bool = False
    """Opponents lay off onto the knocker's melds (never after gin)."""
    upcard_offer: bool = False
    """``gin-classic``: the first upcard is offered to the non-dealer, then the dealer."""
    first_round_no_knock: bool = False
    """``knock-rami``: nobody may knock until every player has had one turn."""
    exhaustion: ExhaustionKind = ExhaustionKind.DECLINE
    """See the glossary; a data row may give the word."""
    settlement: SettlementKind = SettlementKind.LEDGER
    """See the glossary; a data row may give the word."""
    session: SessionKind = SessionKind.ROTATION
    """See the glossary; a data row may give the word."""
    target: int = 100
    """Score that ends the session (or eliminates, in ``knock-rami``)."""
    knock_penalty: int = 10
    """``poker-rum``: extra paid by a beaten knocker."""
    undercut_bonus: int = 0
    """Bonus to a player who undercuts the knocker."""
    gin_bonus: int = 0
    """Bonus for a knock at zero deadwood (gin or rum)."""
    zero_deadwood_reward: int = 0
    """``knock-rami``: subtracted from the running score for a round at zero deadwood."""
    game_bonus: int = 0
    """Added to the game winner's score at the end (gin)."""
    hand_bonus: int = 0
    """Added per hand won at the end: box bonus 25 or line bonus 20 (gin)."""
    shutout_doubles: bool = False
    """``gin-classic``: the game bonus doubles if the loser scored nothing."""
    default_stake: int = 0
    """``knock-rami``: chips each player puts into the pot."""
    resolved: tuple[str, ...] = ()
    """The points RULES.md decides where the source is silent; shown on the rules page."""

    def __post_init__(self) -> None:
        for name, kind in (
            ("exhaustion", ExhaustionKind),
            ("settlement", SettlementKind),
            ("session", SessionKind),
        ):
            try:
                object.__setattr__(self, name, kind(getattr(self, name)))
            except ValueError:
                words = ", ".join(k.value for k in kind)
                raise ProfileDataError(
                    f"{self.id}: {name} {getattr(self, name)!r} is not one of {words}"
                ) from None
        for problem in self._problems():
            raise ProfileDataError(f"{self.id}: {problem}")

    def _problems(self) -> Iterator[str]:
        """What makes this row contradict itself (the engine relies on each)."""
        if sorted(self.hand_sizes) != list(self.player_counts):
            yield "hand_sizes must give a hand size for each number of players"
        if not 0 <= self.deal_code <= MAX_DEAL_CODE:
            yield f"deal_code must be 0 to {MAX_DEAL_CODE}"
        if self.session.hand_bonus_name and self.max_players != 2:
            yield f"a {self.session} session is played by two players"
        if self.session.has_pot != (self.default_stake > 0):
            yield "a default stake is needed exactly where the session has a pot"
        if self.settlement.counts_against != self.session.has_pot:
            yield "a score that counts against its player needs a session that puts out"

    @property
    def short_name(self) -> str:
        """The display name without its parenthesis: ``"Gin Rummy, classic"``."""
        return self.name.split(" (")[0]

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players`` players."""
        self.check_players(players)
        return self.hand_sizes[players]

    def check_players(self, players: int) -> None:
        """Raise ValueError unless this profile is played by ``players`` players."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )

    @property
    def zero_knock_result(self) -> HandResult | None:
        """The result word of a knock at zero deadwood (``gin``, ``rum``), or None."""
        return self.settlement.zero_knock_result

    @property
    def is_gin(self) -> bool:
        """Knocking at zero deadwood is called gin (rum in ``poker-rum``)."""
        return self.zero_knock_result is HandResult.GIN

    @property
    def has_pot(self) -> bool:
        """The players stake into a pot the last one standing takes (``knock-rami``)."""
        return self.session.has_pot

    @property
    def counts_against(self) -> bool:
        """Points are bad for whoever gets them (``knock-rami``: out at the target)."""
        return self.settlement.counts_against

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


MAX_DEAL_CODE = 7
"""A deal code gives the profile three bits."""

_COMMON_RESOLVED = (
    N_(
        "A card taken from the discard pile cannot be discarded in the same turn, "
        "not even as the knocking discard."
    ),
)

PROFILES: dict[str, Profile] = {
    p.id: p
    for p in (
        Profile(
            id="poker-rum",
            deal_code=0,
            name="Poker Rum (point ledger)",
            summary=N_(
                "Knock any time with any count; lowest count collects the differences. "
                "No lay-offs; a beaten knocker pays 10 more. One deal by each player."
            ),
            min_players=2,
            max_players=5,
            hand_sizes={2: 10, 3: 7, 4: 7, 5: 7},
            settlement=SettlementKind.LEDGER,
            session=SessionKind.ROTATION,
            knock_penalty=10,
            gin_bonus=25,
            resolved=_COMMON_RESOLVED
            + (
                N_(
                    "When the stock is empty the hand also stops once every player has had "
                    "one turn since it ran out."
                ),
            ),
        ),
        Profile(
            id="knock-rummy",
            deal_code=1,
            name="Knock Rummy (lay-offs, to 100)",
            summary=N_(
                "Knock any time; opponents lay off onto your melds. An undercut scores "
                "10 more, gin 25 more. First to 100 wins."
            ),
            min_players=2,
            max_players=6,
            hand_sizes={2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
            layoffs=True,
            settlement=SettlementKind.POINTS,
            session=SessionKind.TO_TARGET,
            undercut_bonus=10,
            gin_bonus=25,
            resolved=_COMMON_RESOLVED
            + (
                N_("Opponents lay off independently of each other onto the knocker's melds."),
                N_(
                    "The knocker's melds are the best arrangement; among equal arrangements, "
                    "the one that accepts the fewest lay-offs."
                ),
                N_("With several undercutters, every opponent tied at the lowest count scores."),
                N_("Gin scores the 25 bonus once, not once per opponent."),
                N_(
                    "When the stock is empty and the player to move declines the discard (or "
                    "every player has had a turn since it ran out), the hand is a draw."
                ),
            ),
        ),
        Profile(
            id="gin-rummy",
            deal_code=2,
            name="Gin Rummy (box bonus)",
            summary=N_(
                "Two players, knock at 10 or less. Undercut and gin score 25 more. "
                "To 100, then 100 game bonus and 25 per hand won."
            ),
            min_players=2,
            max_players=2,
            hand_sizes={2: 10},
            knock_limit=10,
            layoffs=True,
            exhaustion=ExhaustionKind.TWO_LEFT,
            settlement=SettlementKind.GIN,
            session=SessionKind.GIN_BOX,
            undercut_bonus=25,
            gin_bonus=25,
            game_bonus=100,
            hand_bonus=25,
            resolved=_COMMON_RESOLVED,
        ),
        Profile(
            id="gin-classic",
            deal_code=3,
            name="Gin Rummy, classic (upcard offer, shutout)",
            summary=N_(
                "Two players, knock at 10 or less; the first upcard is offered to each "
                "player. To 100, then game bonus 100 (doubled for a shutout) and 20 a hand won."
            ),
            min_players=2,
            max_players=2,
            hand_sizes={2: 10},
            knock_limit=10,
            layoffs=True,
            upcard_offer=True,
            exhaustion=ExhaustionKind.TWO_LEFT,
            settlement=SettlementKind.GIN,
            session=SessionKind.GIN_LINE,
            undercut_bonus=25,
            gin_bonus=25,
            game_bonus=100,
            hand_bonus=20,
            shutout_doubles=True,
            resolved=_COMMON_RESOLVED
            + (N_("When the stock is down to two cards with no knock, the hand is a draw."),),
        ),
        Profile(
            id="knock-rami",
            deal_code=4,
            name="Grenoble Knock Rami (jokers, pot)",
            summary=N_(
                "Two jokers, everyone adds their own count each round (a clean hand takes "
                "10 off). Out at 100, one buy-back each; the last player standing takes the pot."
            ),
            min_players=2,
            max_players=5,
            hand_sizes={2: 10, 3: 7, 4: 7, 5: 7},
            jokers=2,
            first_round_no_knock=True,
            settlement=SettlementKind.CUMULATIVE,
            session=SessionKind.ELIMINATION,
            zero_deadwood_reward=10,
            default_stake=10,
            resolved=_COMMON_RESOLVED
            + (
                N_(
                    "A round also ends by stock exhaustion once every player has had a turn "
                    "since the stock ran out, and is scored the same way as a knock."
                ),
                N_(
                    "The buy-back is offered at the moment of elimination, before the next deal; "
                    "half of an odd pot is kept exact as a fraction."
                ),
                N_(
                    "If every remaining player would be out after the same round, those with "
                    "the lowest score stay in."
                ),
            ),
        ),
    )
}
"""Every profile by id, in the order the new-game screen lists them."""


def get_profile(profile_id: str) -> Profile:
    """The profile with this id; UnknownProfileError lists the known ids."""
    try:
        return PROFILES[profile_id]
    except KeyError:
        known = ", ".join(PROFILES)
        raise UnknownProfileError(
            f"unknown profile {profile_id!r}; choose one of {known}"
        ) from None


def profile_by_deal_code(number: int) -> Profile | None:
    """The profile a deal code's number names, or None."""
    return next((p for p in PROFILES.values() if p.deal_code == number), None)


def _check_registry(profiles: Mapping[str, Profile]) -> None:
    """Raise ProfileDataError where two profiles share an id's key or a deal code number."""
    codes: dict[int, str] = {}
    for key, profile in profiles.items():
        if key != profile.id:
            raise ProfileDataError(f"{profile.id} is registered as {key!r}")
        if profile.deal_code in codes:
            raise ProfileDataError(
                f"{profile.id} and {codes[profile.deal_code]} share deal code {profile.deal_code}"
            )
        codes[profile.deal_code] = profile.id


_check_registry(PROFILES)


@contextmanager
def registered(profile: Profile) -> Iterator[Profile]:
    """``profile`` in the registry for the ``with`` block only: a throwaway profile a test
    builds from existing kinds (it needs its :class:`ProfileTable` entries too)."""
    if profile.id in PROFILES:
        raise ProfileDataError(f"a profile {profile.id!r} is registered already")
    _check_registry({**PROFILES, profile.id: profile})
    PROFILES[profile.id] = profile
    try:
        yield profile
    finally:
        del PROFILES[profile.id]


V = TypeVar("V")


class MissingProfileEntryError(LookupError):
    """A profile has no entry in a table every profile needs one in."""


class ProfileTable(Mapping[str, V], Generic[V]):
    """One value per profile, by profile id: what a profile needs beyond its data row (its
    computer levels' tuning, its lesson, its worked examples). Looking up a profile without
    an entry raises :class:`MissingProfileEntryError` naming the table: never a default.
    Iterates in the order the entries are given."""

    tables: list[ProfileTable] = []
    """Every table made, for the test that each profile has an entry in each."""

    def __init__(self, what: str, entries: Mapping[str, V]) -> None:
        self.what = what
        """What the table holds, for the error's message (``the computer levels' tuning``)."""
        self._entries = dict(entries)
        ProfileTable.tables.append(self)

    def __getitem__(self, profile_id: str) -> V:
        try:
            return self._entries[profile_id]
        except KeyError:
            raise MissingProfileEntryError(
                f"{self.what} has no entry for the profile {profile_id!r}"
            ) from None

    def __contains__(self, profile_id: object) -> bool:
        return profile_id in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def missing(self) -> list[str]:
        """The registered profiles without an entry here."""
        return [pid for pid in PROFILES if pid not in self._entries]

    @contextmanager
    def added(self, profile_id: str, value: V) -> Iterator[V]:
        """``value`` as ``profile_id``'s entry for the ``with`` block only (see
        :func:`registered`)."""
        if profile_id in self._entries:
            raise ProfileDataError(f"{self.what} has an entry for {profile_id!r} already")
        self._entries[profile_id] = value
        try:
            yield value
        finally:
            del self._entries[profile_id]
