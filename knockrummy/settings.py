"""Player settings: the language and the cards' letters, animation speed, reduced motion,
deck colours, sound, card size, window mode, felt and card back; the player's name, when to
confirm a knock, the hand's sort order and where the window was; the place in a lesson left
half-way, and which rule tips have been shown. Plain data with checked values; reading and saving
them is the persistence layer's job (``persistence/schema.py`` checks a settings file's
types).

Glossary:
    deck        the colour scheme of the card faces: ``classic`` or ``high-contrast``, with
                ``four_colour`` on top (the F key's toggle); ``deck_name`` is the result.
    felt, back  keys of the table cloths and card backs drawn by the window.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from .engine.profiles import PROFILES
from .language import LANGUAGE_CHOICES
from .language.cards import LETTER_CHOICES
from .teaching.tips import TIP_NAMES

SPEEDS = {"normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Animation speed name -> duration factor."""
CARD_SCALES = (0.85, 1.0, 1.2, 1.45)
WINDOW_POSITION_LIMIT = 16384
"""The farthest from the screen's origin a kept window position may be, either way."""
"""Small, normal, large and extra large (for players who read cards from further away)."""
DECK_BASES = ("classic", "high-contrast")
"""The deck schemes under the four-colour toggle."""
DECK_NAMES = ("classic", "four-colour", "high-contrast")
"""Every deck a player can end up with, in the order the Settings screen offers them."""
FELT_CHOICES = ("green", "blue", "burgundy")
BACK_CHOICES = ("red", "blue", "green")
WINDOW_MODES = ("windowed", "fullscreen")
KNOCK_CONFIRMS = ("always", "risky", "never")
"""When knocking asks for confirmation: always, when the advisor finds it risky, never."""
SORT_ORDERS = ("melds", "rank", "suit")
DISPLAY_SCALES = ("auto", "1", "1.25", "1.5", "1.75", "2", "2.5", "3")
"""How much larger than a pixel a point looks where the desktop says nothing (X11):
``auto`` follows the desktop's hint, a number overrides it (see ``ui.display``)."""
"""How the hand is sorted at the table (the table's Sort button cycles them)."""
NAME_LENGTH = 16
"""The longest player name."""
LEVEL_NAMES = ("easy", "medium", "hard", "expert")
"""The computer levels a remembered seat may have (``ai.LEVELS``'s names)."""
SEAT_KINDS = ("human", "computer", "friend")
"""The kinds New game remembers: a person here, a computer level, a friend online."""
MAX_SEATS = 6
"""The most seats any game has."""
LESSON_STEPS = 100
"""More steps than any lesson has (a lesson's place is checked against it)."""


class SettingsError(ValueError):
    """A setting has a value outside its choices."""


@dataclass(frozen=True)
class Settings:
    speed: str = "normal"
    """``normal``, ``fast`` or ``instant``."""
    reduced_motion: bool = False
    """Cards appear in place instead of flying; no bouncing."""
    four_colour: bool = False
    """Spades black, hearts red, diamonds blue, clubs green."""
    sound: bool = True
    card_scale: float = 1.0
    """Card size: one of ``CARD_SCALES``."""
    window_mode: str = "windowed"
    window_size: tuple[int, int] = (1280, 800)
    player_name: str = "You"
    """The name the game gives the player's seat; ``You`` is spoken to ("You deal")."""
    confirm_knock: str = "risky"
    """One of ``KNOCK_CONFIRMS``; gin and rum never ask."""
    sort_order: str = "melds"
    """One of ``SORT_ORDERS``: the hand's order at the table, kept from game to game."""
    window_position: tuple[int, int] | None = None
    """Where the window's top-left corner was (None: wherever the system puts it)."""
    window_maximized: bool = False
    deck: str = "classic"
    """The scheme under ``four_colour``: one of ``DECK_BASES`` (``four-colour`` given here
    becomes ``four_colour`` on over ``classic``)."""
    felt: str = "green"
    """The table cloth: one of ``FELT_CHOICES``."""
    back: str = "red"
    """The card back: one of ``BACK_CHOICES``."""
    lesson: str = ""
    """The profile whose lesson was left half-way ("" when none was)."""
    lesson_step: int = 0
    """The step of ``lesson`` to resume at."""
    rule_tips: bool = True
    """Show a rule's words at the table the first time its situation comes up."""
    tips_seen: tuple[str, ...] = ()
    """The rule tips already shown (each is shown once): names from ``TIP_NAMES``."""
    display_scale: str = "auto"
    """One of ``DISPLAY_SCALES``; used at the next start, where windows are sized in
    pixels (X11, Windows)."""
    new_game_profile: str = ""
    """The rules last dealt from New game ("" before the first), chosen there next time."""
    new_game_seats: tuple[tuple[str, str, str], ...] = ()
    """The seats last dealt from New game as (name, kind, level), set there next time."""
    language: str = "auto"
    """One of ``LANGUAGE_CHOICES``: ``auto`` follows the system's language (see
    ``language.system``), a code (``en``, ``fr``, ``es``) is the player's choice."""
    card_letters: str = "language"
    """One of ``LETTER_CHOICES``: the courts' letters on the faces and in the text, the
    language's (French decks print V D R) or J Q K (``jqk``) in every language."""

    def __post_init__(self) -> None:
        if self.speed not in SPEEDS:
            raise SettingsError(f"speed must be one of {', '.join(SPEEDS)}, not {self.speed!r}")
        if self.card_scale not in CARD_SCALES:
            raise SettingsError(f"card size must be one of {CARD_SCALES}, not {self.card_scale!r}")
        if self.window_mode not in WINDOW_MODES:
            raise SettingsError(
                f"window mode must be windowed or fullscreen, not {self.window_mode!r}"
            )
        if self.deck == "four-colour":
            # a file or a caller naming the four-colour deck means the F key's toggle on
            object.__setattr__(self, "deck", "classic")
            object.__setattr__(self, "four_colour", True)
        for value, choices, words in (
            (self.deck, DECK_BASES, "deck"),
            (self.felt, FELT_CHOICES, "felt"),
            (self.back, BACK_CHOICES, "card back"),
        ):
            if value not in choices:
                raise SettingsError(f"{words} must be one of {', '.join(choices)}, not {value!r}")
        w, h = self.window_size
        if not (640 <= int(w) <= 8192 and 480 <= int(h) <= 8192):
            raise SettingsError(f"window size {w}x{h} is out of range")
        name = self.player_name
        if not name.strip() or len(name) > NAME_LENGTH or not name.isprintable():
            raise SettingsError(
                f"the player's name must be 1 to {NAME_LENGTH} printable characters, not {name!r}"
            )
        if self.confirm_knock not in KNOCK_CONFIRMS:
            raise SettingsError(
                f"knock confirmation must be always, risky or never, not {self.confirm_knock!r}"
            )
        if self.display_scale not in DISPLAY_SCALES:
            raise SettingsError(
                f"display scale must be one of {', '.join(DISPLAY_SCALES)}, "
                f"not {self.display_scale!r}"
            )
        if self.language not in LANGUAGE_CHOICES:
            raise SettingsError(
                f"language must be one of {', '.join(LANGUAGE_CHOICES)}, not {self.language!r}"
            )
        if self.card_letters not in LETTER_CHOICES:
            raise SettingsError(
                f"card letters must be one of {', '.join(LETTER_CHOICES)}, "
                f"not {self.card_letters!r}"
            )
        if self.sort_order not in SORT_ORDERS:
            raise SettingsError(f"sort order must be melds, rank or suit, not {self.sort_order!r}")
        if self.window_position is not None:
            x, y = self.window_position
            limit = WINDOW_POSITION_LIMIT
            if not (-limit <= int(x) <= limit and -limit <= int(y) <= limit):
                raise SettingsError(f"window position {x},{y} is out of range")

        if self.lesson and self.lesson not in PROFILES:
            raise SettingsError(f"no game has a lesson called {self.lesson!r}")
        if not (0 <= self.lesson_step < LESSON_STEPS):
            raise SettingsError(f"a lesson has no step {self.lesson_step!r}")
        if self.new_game_profile and self.new_game_profile not in PROFILES:
            raise SettingsError(f"there is no game called {self.new_game_profile!r}")
        check_seats(self.new_game_seats)
        unknown = [name for name in self.tips_seen if name not in TIP_NAMES]
        if unknown:
            raise SettingsError(f"there is no rule tip called {unknown[0]!r}")

    @property
    def duration_factor(self) -> float:
        return SPEEDS[self.speed]

    @property
    def deck_name(self) -> str:
        """The deck the cards are drawn in: four-colour when toggled on, else ``deck``."""
        return "four-colour" if self.four_colour else self.deck

    def with_deck(self, name: str) -> Settings:
        """These settings drawing cards in the deck ``name`` (one of ``DECK_NAMES``)."""
        if name not in DECK_NAMES:
            raise SettingsError(f"deck must be one of {', '.join(DECK_NAMES)}, not {name!r}")
        return replace(self, four_colour=False, deck=name)

    def to_json(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        data["tips_seen"] = list(self.tips_seen)
        if self.window_position is not None:
            data["window_position"] = list(self.window_position)
        data["new_game_seats"] = [list(seat) for seat in self.new_game_seats]
        return data


def check_seats(seats: tuple[tuple[str, str, str], ...]) -> None:
    """Remembered seats: none, or 2 to 6 of (name, kind, level), each name 1 to
    ``NAME_LENGTH`` printable characters and every name different."""
    if not seats:
        return
    if not 2 <= len(seats) <= MAX_SEATS:
        raise SettingsError(f"a game has 2 to {MAX_SEATS} seats, not {len(seats)}")
    for name, kind, level in seats:
        if not name.strip() or len(name) > NAME_LENGTH or not name.isprintable():
            raise SettingsError(
                f"a seat's name must be 1 to {NAME_LENGTH} printable characters, not {name!r}"
            )
        if kind not in SEAT_KINDS:
            raise SettingsError(f"a seat is human, computer or friend, not {kind!r}")
        if level not in LEVEL_NAMES:
            raise SettingsError(f"a level is easy, medium, hard or expert, not {level!r}")
    if len({name for name, _, _ in seats}) != len(seats):
        raise SettingsError("two remembered seats have the same name")
