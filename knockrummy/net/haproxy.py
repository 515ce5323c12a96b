"""HAProxy in front of several relays: the configuration docs/relay.md gives, made here for
the relay's bench and checks (``haproxy -f FILE``).

Every request for ``/t/CODE...`` (a host's link and pairs, its guests) is sent to one relay
by the table's code: ``balance uri depth 2`` hashes ``/t/CODE`` and nothing after it, and
``hash-type consistent`` moves only the codes of a relay that goes down (and only back when
it returns). A relay is checked every half second and taken out after two failures; the
tables it held come back on another relay as their hosts link again.
"""

from __future__ import annotations


def haproxy_config(listen: str, relays: list[str], tls_pem: str | None = None) -> str:
    """The configuration of HAProxy listening on ``listen`` (``ADDRESS:PORT``) in front of
    ``relays`` (``ADDRESS:PORT`` each); with ``tls_pem`` it ends TLS (``wss://``)."""
    bind = f"bind {listen}" + (f" ssl crt {tls_pem}" if tls_pem else "")
    servers = "\n".join(
        f"    server relay{n} {address} check inter 500ms fall 2 rise 2"
        for n, address in enumerate(relays, 1)
    )
    return f"""global
    maxconn 8000

defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    # a websocket stays open: the relays' pings keep it busy well within this
    timeout tunnel 1h

frontend tables
    {bind}
    default_backend relays

backend relays
    balance uri depth 2
    hash-type consistent
{servers}
"""
