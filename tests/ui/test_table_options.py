"""What a table tells whoever drives it (the demo): values, never the table itself."""

from __future__ import annotations

import pygame

from knockrummy.engine.session import new_session
from knockrummy.settings import Settings
from knockrummy.ui.loop import App
from knockrummy.ui.runner import default_seats
from knockrummy.ui.table.controller import TableOptions
from knockrummy.ui.table.frame import PanelShown, TableFrame
from knockrummy.ui.table.painter import Marks, draw_table
from knockrummy.ui.tables import table_scene

from .conftest import run_until


def test_a_finished_panel_is_told_to_the_tables_listeners_with_the_frame_shown():
    told = []
    app = App((1024, 640))
    scene = table_scene(
        new_session("knock-rummy", 2, 3),
        default_seats(2, humans=0, level="easy"),
        Settings(speed="instant", window_size=(1024, 640)),
        TableOptions(autoplay=True),
    )
    scene.listen(lambda news: told.append(news) if isinstance(news, PanelShown) else None)
    app.push(scene)
    assert run_until(app, lambda: told, limit=6000)
    shown, *_ = told
    frame = shown.frame
    assert not shown.over and shown.hand == 1  # the hand that ended
    assert isinstance(frame, TableFrame) and frame.panel is not None
    # the frame alone draws the panel: the picture a demo saves
    picture = pygame.Surface((1024, 640))
    marks = Marks()
    draw_table(frame, picture, marks)
    assert any(m.group == "panel" for m in marks)
