"""Speech for a player who cannot see the screen: what the game says goes to the screen
reader the player runs (through ``prism``), or into a file for checks.

Nothing here knows the game's rules: the table's announcer (:mod:`.announcer`) and the
screens' reader (:mod:`.voice`) hand the :class:`~.speaker.Speaker` whole sentences made
by the catalogue, and the speaker hands them to one backend (:mod:`.backends`).

Glossary:
    backend     where speech goes: a screen reader or the system's voice through prism, a
                recording (a file of JSON lines, for checks), or nothing (silence).
    interrupt   a sentence that cuts off what is being said: the echo of the player's own
                key. The table's events queue behind one another instead.
    history     every sentence said, kept so the player can step back through them.
    verbosity   ``brief`` or ``full``: how much the table says of each event.
"""

from .backends import RECORD_ENV, Backend, open_backend, recording_file
from .speaker import Speaker

__all__ = ["RECORD_ENV", "Backend", "Speaker", "open_backend", "recording_file"]
