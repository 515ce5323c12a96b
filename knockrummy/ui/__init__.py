"""The pygame window: loop, tweens, widgets and scenes. Imports pygame; the engine never
imports this package."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
