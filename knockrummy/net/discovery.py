"""Tables open on this network, found without typing: each direct host announces itself by
mDNS (``zeroconf``) as a ``_knockrummy._tcp`` service, and Join a game lists them.

Best effort: a network that drops multicast, or a system that refuses it (macOS asks the
player first, see the app's Info.plist), simply lists nothing, and typing a code or an
address always works. Nothing here raises: a failure is logged and reads as no table.

Glossary:
    service   one table: its name is the join code; its properties the code, the
              host's player name, the rules and the messages' version.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlparse

from ..play.wire import VERSION

log = logging.getLogger("knockrummy.net")

SERVICE = "_knockrummy._tcp.local."


@dataclass(frozen=True)
class Found:
    """A table announced on this network."""

    code: str
    host: str
    """The host's player name (as it announces it: shown, never trusted)."""
    profile: str
    url: str


class Announcement:
    """A table announced until :meth:`close`."""

    def __init__(self, zeroconf, info) -> None:
        self._zeroconf = zeroconf
        self._info = info

    def close(self) -> None:
        try:
            self._zeroconf.unregister_service(self._info)
            self._zeroconf.close()
        except Exception as exc:  # best effort (see the module)
            log.info("could not withdraw the table's announcement: %s", exc)


def advertise(code: str, url: str, host: str, profile: str, interfaces=None) -> Announcement | None:
    """Announce the table listening at ``url``; None if it cannot be announced."""
    try:
        from zeroconf import ServiceInfo, Zeroconf

        parsed = urlparse(url)
        address = parsed.hostname or "127.0.0.1"
        info = ServiceInfo(
            SERVICE,
            f"{code}.{SERVICE}",
            addresses=[socket.inet_pton(_family(address), address)],
            port=parsed.port,
            properties={"code": code, "host": host[:40], "profile": profile, "v": str(VERSION)},
        )
        zeroconf = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()
        zeroconf.register_service(info, allow_name_change=True)
        return Announcement(zeroconf, info)
    except Exception as exc:  # best effort (see the module)
        log.info("could not announce the table: %s", exc)
        return None


def _family(address: str) -> int:
    return socket.AF_INET6 if ":" in address else socket.AF_INET


class Browser:
    """The tables announced on this network, followed as they come and go."""

    def __init__(self, interfaces=None) -> None:
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self._zeroconf = None
        self._browser = None
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            self._zeroconf = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()
            self._browser = ServiceBrowser(self._zeroconf, SERVICE, handlers=[self._changed])
        except Exception as exc:  # best effort (see the module)
            log.info("cannot look for tables on this network: %s", exc)

    def _changed(self, zeroconf, service_type, name, state_change) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except Exception:
            info = None
        found = _read(info)
        if found is not None:
            with self._lock:
                self._found[name] = found

    @property
    def tables(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: f.code)

    def find(self, code: str, timeout: float = 3.0) -> Found | None:
        """The table announced under ``code``, waiting up to ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while True:
            for found in self.tables:
                if found.code == code:
                    return found
            if time.monotonic() > end or self._zeroconf is None:
                return None
            time.sleep(0.1)

    def close(self) -> None:
        try:
            if self._browser is not None:
                self._browser.cancel()
            if self._zeroconf is not None:
                self._zeroconf.close()
        except Exception as exc:
            log.info("could not stop looking for tables: %s", exc)


def _read(info) -> Found | None:
    """A service's table, its properties checked (None if it is not one of ours)."""
    if info is None or not info.port:
        return None
    props = {}
    for key, value in (info.properties or {}).items():
        if isinstance(key, bytes) and isinstance(value, bytes) and len(value) <= 80:
            props[key.decode("ascii", "replace")] = value.decode("utf-8", "replace")
    from .codes import read_join_code
    from .limits import NAME_LENGTH, clean_text

    code = read_join_code(props.get("code"))
    if code is None or props.get("v") != str(VERSION):
        return None
    addresses = info.parsed_addresses()
    if not addresses:
        return None
    address = addresses[0]
    host = f"[{address}]" if ":" in address else address
    return Found(
        code,
        clean_text(props.get("host", ""), NAME_LENGTH),
        clean_text(props.get("profile", ""), 20),
        f"ws://{host}:{info.port}",
    )
