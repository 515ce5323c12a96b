"""``knockrummy verify``: recompute a hand of a deal code from its seed, so anyone can check
that the cards were fixed before play began and never changed.

Every hand's seed follows from the session seed the code names and the hand's number; the
table shows the seed's SHA-256 fingerprint before the hand and the seed after it. This
prints both and the cards as dealt (every seat still in: in Knock Rami, after an
elimination, ``knockrummy replay`` shows who was dealt in).
"""

from __future__ import annotations

import argparse
import json

from ..engine.profiles import PROFILES
from ..records.deal_codes import DealCodeError, decode
from ..records.replay import Start, dealt_hand


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``verify``'s options."""
    from . import cli

    parser.description = __doc__.split("\n\n", 1)[0]
    parser.add_argument("--deal", required=True, help="the deal code, e.g. 831Z-ZZZZ-ZH")
    parser.add_argument(
        "--hand", type=cli.count(1, 10_000), default=1, help="the hand number (from 1)"
    )
    parser.add_argument("--json", action="store_true", help="the hand as JSON")


def start_json(start: Start) -> dict:
    """``{"fingerprint", "seed", "hands", "upcard", "stock", "seats", "dealer"}``."""
    return {
        "fingerprint": start.fingerprint,
        "seed": start.seed,
        "hands": [[str(c) for c in hand] for hand in start.hands],
        "upcard": str(start.upcard),
        "stock": [str(c) for c in start.stock],
        "seats": list(start.seats),
        "dealer": start.dealer,
    }


def run(args: argparse.Namespace) -> int:
    """Print the hand the deal code and hand number name."""
    try:
        deal = decode(args.deal)
    except DealCodeError as exc:
        args.parser.error(str(exc))
    start = dealt_hand(deal.profile_id, deal.players, deal.seed, args.hand)
    if args.json:
        print(json.dumps(start_json(start)))
        return 0
    profile = PROFILES[deal.profile_id].name
    print(f"Deal {deal.code}, {profile}, hand {args.hand}")
    print(f"  fingerprint shown before the hand: {start.fingerprint}")
    print(f"  seed shown after it:               {start.seed}")
    for position, hand in enumerate(start.hands):
        seat = start.seats[position]
        dealer = " (dealer)" if seat == start.dealer else ""
        print(f"  seat {seat + 1}{dealer}: {' '.join(c.symbol for c in hand)}")
    print(f"  upcard: {start.upcard.symbol}")
    print(f"  stock, top first: {' '.join(c.symbol for c in start.stock)}")
    return 0
