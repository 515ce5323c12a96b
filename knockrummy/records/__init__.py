"""What the game keeps and shows of hands already played: replays of saved hands, deal codes
that name a deal for anyone to play again, and the coach's review of a seat's decisions."""
