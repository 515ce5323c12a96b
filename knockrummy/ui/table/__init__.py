"""The table: one session played out, animated, for 2 to 6 seats and every profile.

Each module holds one job:

    controller  the scene: the table's mode, every move between modes, what each asks for
    modes       the modes and the one function that decides between them
    policies    who decides for a seat: the person here, a computer, a lesson's script
    worker      the one worker for computer moves, hints and the advisor's estimates
    hooks       what the screen that opens the table gives it, as one frozen value
    input       keys, clicks and drags become intents
    layout      where things go on the table (geometry, the hand's order)
    motion      the animations (flights, the deal, bubbles) and their snapshot
    panel       the hand-end panel and its face
    frame       one picture of the table as plain values
    painter     draws a frame and nothing else, keeping its own caches
"""
