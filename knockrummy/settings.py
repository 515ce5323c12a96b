"""Player settings: animation speed, reduced motion, deck colours, sound, card size,
window mode. Plain data with checked values; reading and saving them is the persistence
layer's job (``persistence/schema.py`` checks a settings file's types)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

SPEEDS = {"normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Animation speed name -> duration factor."""
CARD_SCALES = (0.85, 1.0, 1.2)
WINDOW_MODES = ("windowed", "fullscreen")


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

    def __post_init__(self) -> None:
        if self.speed not in SPEEDS:
            raise SettingsError(f"speed must be one of {', '.join(SPEEDS)}, not {self.speed!r}")
        if self.card_scale not in CARD_SCALES:
            raise SettingsError(f"card size must be one of {CARD_SCALES}, not {self.card_scale!r}")
        if self.window_mode not in WINDOW_MODES:
            raise SettingsError(
                f"window mode must be windowed or fullscreen, not {self.window_mode!r}"
            )
        w, h = self.window_size
        if not (640 <= int(w) <= 8192 and 480 <= int(h) <= 8192):
            raise SettingsError(f"window size {w}x{h} is out of range")

    @property
    def duration_factor(self) -> float:
        return SPEEDS[self.speed]

    def to_json(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data
