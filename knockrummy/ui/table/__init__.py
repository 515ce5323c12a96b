"""The table: one session seen from one seat, animated, for 2 to 6 seats and every profile.

The table is fed by a source (:mod:`...play`) and sees only a seat's view, the news as
that seat saw it, and its own legal actions. Each module holds one job:

    controller     the scene: the table's mode, every move between modes
    modes          the modes, what is open over the table, the one choice between them
    seat_view      whose view is shown, the source's news taken in, the hand-off
    news           what the table shows happening, as its listeners are told it
    reactions      the table's own listeners: words, animations, celebrations, tips
    buttons        the buttons, enabled as the engine allows, worded, placed
    intents        what the person asks for, turned into actions for the source
    knock_question the knock confirmation
    hand_end       a hand's deal and its hand-end panel
    looks          the look the table is drawn in, changed a step at a time
    worker         the one worker for hints and the advisor's estimates
    hooks          what the screen that opens the table gives it, as one frozen value
    input          keys, clicks and drags become intents
    layout         where things go on the table (geometry, the hand's order)
    motion         the animations (flights, the deal, bubbles) and their snapshot
    panel          the hand-end panel, its layout and face; panel_words its words
    frame          one picture of the table as plain values and words
    frame_builder  makes each frame from the view and the table's state
    painter        draws a frame and nothing else (with seat_painter, panel_painter,
                   overlays, marks, and redraw: the kept layer and the window mended)
"""
