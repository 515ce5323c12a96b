"""An online rematch at the window: the game-over panel's own part at the host and at a
guest (:class:`~.table.hooks.OverPanel`), and the next session's table opened once it is
dealt, as the protocol has it (:mod:`..net.protocol`, ``rematch``).

Glossary:
    offer     the host's Rematch (R) on the game-over panel offers another session with
              the same seats to every friend; the panel then says who has accepted, who
              is still awaited and who has left, and the new session is dealt once every
              friend has accepted.
    answer    a guest's panel says who offers it, with Accept the rematch (R); Close
              (or the Menu) leaves the table, which declines it. A table the host has
              closed says so instead.
    next      the table of the new session replaces the finished one's, over the same
              online table (the host's network, the guest's connection), which stays open.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..language import N_, _, ngettext
from ..net.headless import ANSWER
from ..net.words import ended_words
from ..play.seats import SeatKind
from .table.hooks import OverChoice, OverPanel

REMATCH_KEY = pygame.K_r
"""The key of Rematch at the host, and of Accept the rematch at a guest (as Rematch (R)
on the game-over screen of a game here)."""

# Translators: the game-over panel's button at the host of an online table: another game
# with the same players.
REMATCH_LABEL = N_("Rematch")
# Translators: the game-over panel's button at a guest of an online table.
ACCEPT_LABEL = N_("Accept the rematch")


def listed(names: list[str]) -> str:
    """Names in a list, as the chat's away line lists them."""
    return ", ".join(names)


class HostRematch:
    """The host's part of the game-over panel (see the glossary's offer)."""

    def __init__(self, table, names: Callable[[], tuple[str, ...]], deal: Callable[[], None]):
        self.table = table
        """The online table (:class:`~..net.host.HostTable`)."""
        self.names = names
        self.deal = deal
        """Deal the new session and open its table."""
        self.dealt = False

    def offer(self) -> None:
        self.table.offer_rematch(ANSWER)

    def over(self) -> OverPanel:
        table = self.table
        friends = table.seats.friends
        if not friends or not table.local or not table.local.state.is_over:
            return OverPanel()
        if not table.rematch_offered:
            return OverPanel((OverChoice(_(REMATCH_LABEL), REMATCH_KEY, self.offer),))
        names = self.names()
        here = set(table.seats.peers)
        accepted = [names[s] for s in friends if s in here and s in table.ready_seats]
        waiting = [names[s] for s in friends if s in here and s not in table.ready_seats]
        left = [names[s] for s in friends if s not in here]
        notes = []
        if accepted:
            notes.append(
                # Translators: at the host, once a rematch is offered; {names} the
                # friends who have accepted it.
                ngettext(
                    "{names} has accepted the rematch.",
                    "{names} have accepted the rematch.",
                    len(accepted),
                ).format(names=listed(accepted))
            )
        if waiting:
            # Translators: at the host, once a rematch is offered; {names} the friends
            # who have not answered yet.
            notes.append(_("Rematch offered: waiting for {names}.").format(names=listed(waiting)))
        if left:
            notes.append(
                # Translators: at the host, once a rematch is offered; {names} the
                # friends whose connection is gone (leaving declines a rematch).
                ngettext(
                    "{names} has left the table: no rematch unless they come back.",
                    "{names} have left the table: no rematch unless they come back.",
                    len(left),
                ).format(names=listed(left))
            )
        return OverPanel((), tuple(notes))

    def follow(self) -> None:
        """After each update: every friend has accepted, the new session is dealt."""
        if not self.dealt and self.table.rematch_accepted:
            self.dealt = True
            self.deal()


class GuestRematch:
    """A guest's part of the game-over panel (see the glossary's answer)."""

    def __init__(self, source, reopen: Callable[[], None]) -> None:
        self.source = source
        """The guest's source (:class:`~..net.guest.GuestSource`)."""
        self.reopen = reopen
        """Open the new session's table."""
        self.sessions = source.sessions
        """The session this table shows."""

    def offered(self) -> str:
        """Who offers the rematch, in a sentence."""
        hosts = [p.name for p in self.source.places if p.kind is SeatKind.PERSON and p.name]
        if hosts:
            # Translators: at a guest of an online table, once its session is over;
            # {name} the host.
            return _("{name} offers a rematch.").format(name=hosts[0])
        # Translators: at a guest of an online table, once its session is over.
        return _("The host offers a rematch.")

    def accept(self) -> None:
        self.source.accept_rematch()

    def over(self) -> OverPanel:
        source = self.source
        if source.ended is not None:  # the host closed the table (no rematch after all)
            return OverPanel((), (ended_words(source.ended),))
        if source.rematch is None or source.seat is None or source.sessions != self.sessions:
            return OverPanel()
        if source.accepted:
            # Translators: at a guest of an online table, once it has accepted a rematch.
            waiting = _("You have accepted: the new game starts once everyone has.")
            return OverPanel((), (self.offered(), waiting))
        choice = OverChoice(_(ACCEPT_LABEL), REMATCH_KEY, self.accept)
        return OverPanel((choice,), (self.offered(),))

    def follow(self) -> None:
        """After each update: the new session's first view is here, its table opens."""
        source = self.source
        if source.sessions != self.sessions and source.started and source.ended is None:
            self.sessions = source.sessions
            self.reopen()
