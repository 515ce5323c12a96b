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

from ..language import _
from ..language.games import full_name
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
    # Translators: `knockrummy verify`'s first line: {code} is a deal code, {game} the
    # game's name, {hand} a hand's number.
    head = _("Deal {code}, {game}, hand {hand}")
    print(head.format(code=deal.code, game=full_name(deal.profile_id), hand=args.hand))
    # Translators: {fingerprint} is a long hexadecimal code shown before the hand is played.
    print("  " + _("fingerprint shown before the hand: {fingerprint}").format(
        fingerprint=start.fingerprint))  # fmt: skip
    # Translators: {seed} is the hand's shuffle seed, a whole number shown after the hand.
    print("  " + _("seed shown after it: {seed}").format(seed=start.seed))
    for position, hand in enumerate(start.hands):
        seat = start.seats[position]
        cards = " ".join(c.symbol for c in hand)
        if seat == start.dealer:
            # Translators: a seat's cards as dealt; {seat} is its number, {cards} its cards.
            line = _("seat {seat} (dealer): {cards}")
        else:
            # Translators: a seat's cards as dealt; {seat} is its number, {cards} its cards.
            line = _("seat {seat}: {cards}")
        print("  " + line.format(seat=seat + 1, cards=cards))
    # Translators: {card} is the first upcard ("8♦").
    print("  " + _("upcard: {card}").format(card=start.upcard.symbol))
    # Translators: {cards} lists the stock's cards, the top one first.
    stock = _("stock, top first: {cards}").format(cards=" ".join(c.symbol for c in start.stock))
    print("  " + stock)
    return 0
