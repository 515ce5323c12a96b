"""The table: one session played out, animated, for 2 to 6 seats and every profile.

Each module holds one job:

    controller  the scene: the table's mode and every move between modes
    input       keys, clicks and drags become intents
    layout      where things go on the table (geometry, the hand's order)
    motion      the animations: flights, the deal, words in bubbles
    panel       the hand-end panel
    painter     draws a frame and changes nothing
"""
