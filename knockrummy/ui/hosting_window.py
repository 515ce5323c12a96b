"""Online play's screens in the window: hosting (the lobby, then the table), joining (the
tables found, then the table fed by its network source), each table with the online keys
(:mod:`.online`) and saved as every session is; once a session is over, a rematch
(:mod:`.rematch`) opens the next session's table over the same online table.

Glossary:
    announced  a table hosted directly is announced on this network (mDNS) while it is
               open, so friends here find it in Join a game without typing.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from ..language import _
from ..language.message import shown
from ..net.limits import PING_SECONDS
from ..persistence import online
from ..persistence.store import SaveError
from .online import HostSource, OnlineKeys
from .rematch import GuestRematch, HostRematch
from .sound import Sounds
from .table.controller import TableScene
from .table.hooks import TableHooks
from .tables import wake_window

log = logging.getLogger("knockrummy")


def host(nav, profile: str, seats, stake=None, resumed=None, options=None) -> None:
    """Host ``seats`` (friends among them): the lobby, or a resumed table at once.
    ``options``: the command line's (``knockrummy host`` without --headless)."""
    from ..net import hosting
    from ..net.discovery import advertise
    from .scenes.lobby import LobbyScreen

    game = nav.game
    bind = getattr(options, "bind", "0.0.0.0")
    port = getattr(options, "port", 0)
    relay = getattr(options, "relay", None)
    secrets = None
    if resumed is not None:
        secrets = online.hosted(game.store, resumed[0])
    network = hosting.new_network(
        secrets.code if secrets else getattr(options, "code", None),
        bind,
        port,
        relay,
        getattr(options, "ping", None) or PING_SECONDS,
        secrets.host_token if secrets else None,
    )
    hosted = hosting.Hosting(
        game,
        profile,
        seats,
        network,
        stake,
        resumed=(resumed[0], resumed[1], secrets) if resumed and secrets else None,
    )
    try:
        url = network.start()
    except OSError as exc:
        nav.title()
        # Translators: {reason} why the network refused (the system's own words).
        notice = _("The table could not be hosted: {reason}").format(reason=exc)
        nav.app.scene.notices = [notice]
        return
    announced = None
    if relay is None:
        announced = advertise(network.code, url, game.settings.player_name, profile)

    def close_announcement() -> None:
        if announced is not None:
            announced.close()

    def start() -> None:
        play(hosted.start(wake_window))

    def play(local, chat_seen: int = 0) -> None:
        """The table of the session ``local`` holds (a rematch's too, see :mod:`.rematch`)."""
        source = HostSource(local, hosted.table, chat_seen)
        hosted.table.wake = wake_window
        names = lambda: tuple(local.state.names)  # noqa: E731
        keys = OnlineKeys(source, names, host=True)

        def deal() -> None:
            scene.source_goes_on = True  # the online table stays open for the next
            play(hosted.rematch(wake_window), len(hosted.table.chat))

        rematch = HostRematch(hosted.table, names, deal)

        def leave() -> None:
            close_announcement()
            if local.state.is_over:
                nav.game_over(local.state, list(hosted.seats))
            else:
                nav.title()

        hooks = TableHooks(
            on_leave=leave,
            on_settings=lambda s: game.change_settings(
                replace(s, tips_seen=game.settings.tips_seen)
            ),
            session_id=hosted.session_id,
            on_key=keys.key,
            keys_help=keys.help,
            status=keys.status,
            game_over=rematch.over,
            on_update=rematch.follow,
        )
        scene = TableScene(source, game.settings, Sounds(game.settings.sound), hooks=hooks)
        keys.scene = scene
        nav.app.replace(scene)

    if hosted.resumed:
        start()
        return

    def back() -> None:
        close_announcement()
        nav.title()

    nav.app.replace(LobbyScreen(game, hosted, url, start, back))


def join(nav, table: str | None = None, options=None) -> None:
    """Join a game: the screen that finds or takes a table, then its lobby."""
    from ..net.discovery import Browser
    from ..net.guest import GuestLink, GuestSource
    from ..net.played import keep_played
    from .scenes.join import JoinScreen

    game = nav.game

    def connect(url: str, code: str | None):
        kept = online.seat_key(game.store, url) or (code and online.seat_key(game.store, code))
        link = GuestLink(
            url,
            getattr(options, "name", None) or game.settings.player_name,
            watch=getattr(options, "watch", False),
            token=kept[2] if kept else None,
            code=code,
            wake=wake_window,
        )
        source = GuestSource(link)
        source.place = url

        def keep(record) -> None:
            newest = source.newest
            if source.seat is None or newest is None:
                return
            result = keep_played(
                game.store, record, source.seat, newest.view, source.places, source.code
            )
            if isinstance(result, str):
                log.warning("the session played online was not saved: %s", result)

        source.on_record = keep
        link.start()
        return source

    screen = JoinScreen(game, Browser(), connect, getattr(options, "relay", None))
    nav.app.replace(screen)
    if table:
        screen.typed = table
        screen.join_typed()


def guest_table(nav, source) -> None:
    """The table of a game joined (its seat's token kept, to come back to it)."""
    game = nav.game
    if source.token and source.seat is not None:
        try:
            online.remember_seat(game.store, source.place, source.code, source.seat, source.token)
        except SaveError as exc:
            log.warning("the seat's code could not be kept: %s", shown(exc.message))
    keys = OnlineKeys(source, lambda: tuple(p.name for p in source.places), host=False)

    def reopen() -> None:
        scene.source_goes_on = True  # the connection stays open for the next session
        guest_table(nav, source)

    rematch = GuestRematch(source, reopen)
    hooks = TableHooks(
        on_leave=nav.title,
        on_key=keys.key,
        keys_help=keys.help,
        status=keys.status,
        game_over=rematch.over,
        on_update=rematch.follow,
    )
    scene = TableScene(source, game.settings, Sounds(game.settings.sound), hooks=hooks)
    keys.scene = scene
    nav.app.replace(scene)
