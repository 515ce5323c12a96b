"""The in-game rules of each profile, in plain words, with every point RULES.md resolves.

Each profile's page is the common rules followed by its own; the house rules in force
(``Profile.resolved``) are listed at the end so players know exactly what they play.
"""

from __future__ import annotations

from .engine.profiles import get_profile

COMMON = [
    (
        "The cards",
        "A 52-card deck (Grenoble Knock Rami adds two jokers). Aces are low only: "
        "A-2-3 is a run, Q-K-A and K-A-2 are not. Ace counts 1, 2 to 10 their value, "
        "J Q K 10; an unmatched joker 25.",
    ),
    (
        "Melds",
        "A set is 3 or 4 cards of one rank; a run is 3 or more cards in sequence in "
        "one suit. A card belongs to one meld only. Melds stay in your hand until the hand "
        "ends. At the end each hand is arranged to leave the least deadwood (the game does "
        "this for you).",
    ),
    (
        "The deal",
        "The first dealer is chosen at random; the player on the dealer's right "
        "cuts, and cards are dealt one at a time clockwise from the dealer's left. The next "
        "card starts the discard pile; the rest is the stock. The deal moves one seat left "
        "after every hand.",
    ),
    (
        "A turn",
        "Draw the top card of the stock or of the discard pile, then discard a card "
        "face up, or face down to knock: the hand ends at once. A card taken from the "
        "discard pile cannot be thrown back in the same turn, not even to knock.",
    ),
]

OWN = {
    "poker-rum": [
        ("Players", "2 to 5; 10 cards each for two players, 7 for three to five."),
        (
            "Knocking",
            "Allowed on any turn, the first included, with any count. "
            "Nobody lays off cards on anyone else's melds.",
        ),
        (
            "Settling",
            "The lowest count wins and every other player pays them the difference. "
            "A knocker beaten by a lower count pays 10 more. A knocker tied for lowest pays and "
            "receives nothing, and the other tied players collect. Several lowest players share "
            "the winnings exactly (fractions such as 7/2 are kept). Knocking at zero is rum: it "
            "wins even against another zero and every opponent pays their count + 25.",
        ),
        (
            "Empty stock",
            "When the stock is empty and the player to move declines the discard, "
            "hands are compared with no penalty and no rum bonus.",
        ),
        (
            "The session",
            "One full round of deals (each player deals once). The highest net "
            "ledger wins; ties share the win. Points always sum to zero.",
        ),
    ],
    "knock-rummy": [
        (
            "Players",
            "2 to 6; 10 cards each for two players, 7 for three or four, 6 for five or six.",
        ),
        ("Knocking", "Allowed on any turn with any count; knocking at zero is gin."),
        (
            "Lay-offs",
            "After a knock (not after gin) each opponent may lay deadwood onto the "
            "knocker's melds: a fourth card on a set, cards extending a run at either end, "
            "several in a row.",
        ),
        (
            "Scoring",
            "Knocker lower than everyone: scores the difference with each opponent. "
            "Undercut (an opponent equal or lower): that opponent scores the difference + 10 and "
            "the knocker nothing. Gin: the knocker scores every opponent's count + 25.",
        ),
        (
            "The game",
            "First to 100 wins; if several pass 100 in one hand the highest wins, ties share.",
        ),
    ],
    "gin-rummy": [
        ("Players", "Two, 10 cards each. The non-dealer plays first."),
        ("Knocking", "Only when the 10 cards you keep count 10 or less; gin at zero."),
        (
            "Lay-offs",
            "The defender lays off onto the knocker's melds after a knock, never "
            "after gin; the knocker never lays off.",
        ),
        (
            "Scoring",
            "Knocker lower: the difference. Undercut (defender equal or lower): the "
            "defender scores the difference + 25. Gin: the defender's count + 25.",
        ),
        ("Stock", "When the stock is down to two cards with no knock, the hand is a draw."),
        (
            "The game",
            "To 100. The winner adds a 100-point game bonus and each player 25 per "
            "hand won (box bonus).",
        ),
    ],
    "gin-classic": [
        ("Players", "Two, 10 cards each."),
        (
            "The upcard",
            "The non-dealer may take the first upcard; if they pass, the dealer "
            "may; if both pass, the non-dealer draws from the stock.",
        ),
        ("Knocking", "At 10 or less; gin at zero. Lay-offs as in Gin Rummy, never against gin."),
        (
            "Scoring",
            "Knocker lower: the difference. Gin: the difference + 25. Undercut: the "
            "defender scores the difference + 25.",
        ),
        (
            "The game",
            "To 100, then a 100-point game bonus (doubled for a shutout, when the "
            "loser scored nothing) and a line bonus of 20 per hand won for each player.",
        ),
    ],
    "knock-rami": [
        (
            "Players",
            "2 to 5; 10 cards each for two players, 7 for three to five; 54 cards "
            "with two jokers. A joker stands for any card, one joker per meld at most; it cannot "
            "extend a run past A or K, and a set holds at most 4 cards, joker included.",
        ),
        ("The pot", "Before play every player puts the agreed stake into the pot."),
        ("Knocking", "With any count, but nobody may knock until every player has had a turn."),
        (
            "Scoring",
            "Every player adds their own count to their score (an unmatched joker "
            "25); a player with no deadwood takes 10 off instead.",
        ),
        (
            "Elimination",
            "At 100 or more a player is out. Once per game an eliminated player "
            "may buy back in by paying half of the pot into it, returning with the highest "
            "score among the players still in. The last player standing takes the pot.",
        ),
    ],
}


def rules_page(profile_id: str) -> list[tuple[str, str]]:
    """Headed paragraphs for one profile's rules page (a newline starts a new line)."""
    profile = get_profile(profile_id)
    resolved = [("House rules in force", "\n".join(f"• {r}" for r in profile.resolved))]
    return COMMON + OWN[profile_id] + resolved
