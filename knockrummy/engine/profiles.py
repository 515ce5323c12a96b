"""The five rule profiles as data, with a registry looked up by id.

Glossary:
    profile     one rule set of knock rummy (``poker-rum``, ``knock-rummy``, ``gin-rummy``,
                ``gin-classic``, ``knock-rami``), from ``RULES.md``.
    knock limit the highest deadwood a knock may keep (None: any deadwood).
    exhaustion  how a hand ends when the stock runs out: ``decline`` (the player to move
                declines the discard, or every player has had a turn since the stock ran
                out) or ``two-left`` (a draw once the stock is down to two cards).
    settlement  how a finished hand is scored: ``ledger`` (zero-sum transfers),
                ``points`` (points scored, lay-offs), ``gin`` (two-player gin scoring),
                ``cumulative`` (each player adds their own deadwood).
    session     how hands make a whole game: ``rotation`` (one hand dealt by each player),
                ``to-target`` (first to 100), ``gin-box`` / ``gin-line`` (to 100 with bonuses),
                ``elimination`` (out at 100, pot to the last player standing).
"""

from __future__ import annotations

from dataclasses import dataclass


class UnknownProfileError(ValueError):
    """No profile has this id."""


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
    exhaustion: str = "decline"
    """``decline`` or ``two-left`` (see the glossary)."""
    settlement: str = "ledger"
    """``ledger``, ``points``, ``gin`` or ``cumulative``."""
    session: str = "rotation"
    """``rotation``, ``to-target``, ``gin-box``, ``gin-line`` or ``elimination``."""
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
    def is_gin(self) -> bool:
        """Knocking at zero deadwood is called gin (rum in ``poker-rum``)."""
        return self.settlement in ("points", "gin")

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


_COMMON_RESOLVED = (
    "A card taken from the discard pile cannot be discarded in the same turn, "
    "not even as the knocking discard.",
)

PROFILES: dict[str, Profile] = {
    p.id: p
    for p in (
        Profile(
            id="poker-rum",
            name="Poker Rum (point ledger)",
            summary="Knock any time with any count; lowest count collects the differences. "
            "No lay-offs; a beaten knocker pays 10 more. One deal by each player.",
            min_players=2,
            max_players=5,
            hand_sizes={2: 10, 3: 7, 4: 7, 5: 7},
            settlement="ledger",
            session="rotation",
            knock_penalty=10,
            gin_bonus=25,
            resolved=_COMMON_RESOLVED
            + (
                "When the stock is empty the hand also stops once every player has had "
                "one turn since it ran out.",
            ),
        ),
        Profile(
            id="knock-rummy",
            name="Knock Rummy (lay-offs, to 100)",
            summary="Knock any time; opponents lay off onto your melds. An undercut scores "
            "10 more, gin 25 more. First to 100 wins.",
            min_players=2,
            max_players=6,
            hand_sizes={2: 10, 3: 7, 4: 7, 5: 6, 6: 6},
            layoffs=True,
            settlement="points",
            session="to-target",
            undercut_bonus=10,
            gin_bonus=25,
            resolved=_COMMON_RESOLVED
            + (
                "Opponents lay off independently of each other onto the knocker's melds.",
                "The knocker's melds are the best arrangement; among equal arrangements, "
                "the one that accepts the fewest lay-offs.",
                "With several undercutters, every opponent tied at the lowest count scores.",
                "Gin scores the 25 bonus once, not once per opponent.",
                "When the stock is empty and the player to move declines the discard (or "
                "every player has had a turn since it ran out), the hand is a draw.",
            ),
        ),
        Profile(
            id="gin-rummy",
            name="Gin Rummy (box bonus)",
            summary="Two players, knock at 10 or less. Undercut and gin score 25 more. "
            "To 100, then 100 game bonus and 25 per hand won.",
            min_players=2,
            max_players=2,
            hand_sizes={2: 10},
            knock_limit=10,
            layoffs=True,
            exhaustion="two-left",
            settlement="gin",
            session="gin-box",
            undercut_bonus=25,
            gin_bonus=25,
            game_bonus=100,
            hand_bonus=25,
            resolved=_COMMON_RESOLVED,
        ),
        Profile(
            id="gin-classic",
            name="Gin Rummy, classic (upcard offer, shutout)",
            summary="Two players, knock at 10 or less; the first upcard is offered to each "
            "player. To 100, then game bonus 100 (doubled for a shutout) and 20 a hand won.",
            min_players=2,
            max_players=2,
            hand_sizes={2: 10},
            knock_limit=10,
            layoffs=True,
            upcard_offer=True,
            exhaustion="two-left",
            settlement="gin",
            session="gin-line",
            undercut_bonus=25,
            gin_bonus=25,
            game_bonus=100,
            hand_bonus=20,
            shutout_doubles=True,
            resolved=_COMMON_RESOLVED
            + ("When the stock is down to two cards with no knock, the hand is a draw.",),
        ),
        Profile(
            id="knock-rami",
            name="Grenoble Knock Rami (jokers, pot)",
            summary="Two jokers, everyone adds their own count each round (a clean hand takes "
            "10 off). Out at 100, one buy-back each; the last player standing takes the pot.",
            min_players=2,
            max_players=5,
            hand_sizes={2: 10, 3: 7, 4: 7, 5: 7},
            jokers=2,
            first_round_no_knock=True,
            settlement="cumulative",
            session="elimination",
            zero_deadwood_reward=10,
            default_stake=10,
            resolved=_COMMON_RESOLVED
            + (
                "A round also ends by stock exhaustion once every player has had a turn "
                "since the stock ran out, and is scored the same way as a knock.",
                "The buy-back is offered at the moment of elimination, before the next deal; "
                "half of an odd pot is kept exact as a fraction.",
                "If every remaining player would be out after the same round, those with "
                "the lowest score stay in.",
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
