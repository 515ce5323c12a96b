"""What online play says to people, in their language: why a table ended or refused, the
chat's phrases, a line of chat."""

from __future__ import annotations

from ..language import N_, _

PHRASE_WORDS = {
    # Translators: a fixed phrase of the chat between players online.
    "good-game": N_("Good game!"),
    # Translators: a fixed phrase of the chat between players online.
    "your-turn": N_("Your turn."),
    # Translators: a fixed phrase of the chat between players online.
    "one-moment": N_("One moment, please."),
    # Translators: a fixed phrase of the chat between players online.
    "well-played": N_("Well played!"),
    # Translators: a fixed phrase of the chat between players online.
    "thanks": N_("Thanks!"),
    # Translators: a fixed phrase of the chat between players online.
    "hello": N_("Hello!"),
}
"""The chat's fixed phrases by code (:data:`~.protocol.PHRASES`)."""

_ENDED = {
    "over": N_("The game is over."),
    "hands": N_("The host has played the hands it was asked to."),
    "host-left": N_("The host closed the table."),
    "gone": N_("The table cannot be reached any more."),
    "left": N_("You left the table."),
    "replaced": N_("Your seat was taken up from another window or machine."),
    "token": N_("The table closed this connection: it sent something the table does not allow."),
    "flood": N_("The table closed this connection: it sent too much at once."),
    "refused:full": N_("This table has no free seat."),
    "refused:started": N_(
        "This game has started: only a player coming back with their seat's code may join."
    ),
    "refused:token": N_("That seat's code is not one of this table's."),
    "refused:code": N_("That join code is not this table's."),
    "refused:name": N_("That name cannot be used at this table."),
    "refused:watching": N_("This table does not let anyone watch."),
    "refused:busy": N_("The table is busy: try again in a moment."),
}


def ended_words(ended: str) -> str:
    """Why a guest's table ended (see :class:`~.guest.GuestSource`'s ``ended``)."""
    if ended.startswith("version:"):
        # Translators: another version of the game hosts the table; {version} the
        # version number of the messages it needs.
        return _("This table needs version {version} of the game's messages.").format(
            version=ended.partition(":")[2][:8]
        )
    words = _ENDED.get(ended)
    if words is None:
        return _("The table closed.")
    return _(words)


def chat_words(phrase: str | None, text: str | None) -> str:
    """A line of chat as shown: a phrase in the reader's language, or the text as typed."""
    if phrase is not None:
        words = PHRASE_WORDS.get(phrase)
        if words is None:
            # Translators: in the chat, for a fixed phrase a newer version of the game sent.
            return _("(a phrase this version does not know)")
        return _(words)
    return text or ""
