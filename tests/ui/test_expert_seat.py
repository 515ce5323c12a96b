"""Expert is a research level New game does not offer, yet a save, a deal code or the
last game's seats naming it still seat it, and it plays."""

from __future__ import annotations

import pytest

from knockrummy.ai import LEVELS, OFFERED
from knockrummy.engine.session import new_session
from knockrummy.records.deal_codes import Deal
from knockrummy.settings import Settings
from knockrummy.ui.game import Game
from knockrummy.ui.loop import App
from knockrummy.ui.navigator import Navigator
from knockrummy.ui.scenes.title import TitleScreen
from knockrummy.ui.seats import HUMAN, SeatConfig
from knockrummy.ui.table.controller import TableScene

from .conftest import run_until, step
from .test_deal_codes_in_window import new_game_screen, type_code

PROFILE, SEED = "knock-rummy", 31


def _expert_first() -> tuple[str, ...]:
    """The seats of a two-player deal on ``SEED`` with expert in the seat that moves
    first, so the table must let it play before anyone else can."""
    first = new_session(PROFILE, 2, SEED).to_move
    return tuple("expert" if seat == first else HUMAN for seat in range(2))


def _the_expert_plays(app, seat: int) -> bool:
    table = app.scene
    assert isinstance(table, TableScene)
    return run_until(app, lambda: any(s == seat for s, _ in app.scene.source.state.log), limit=3000)


def test_expert_is_a_level_a_seat_may_name_but_new_game_does_not_offer():
    assert "expert" in LEVELS and "expert" not in OFFERED
    assert set(OFFERED) < set(LEVELS)


@pytest.mark.slow  # the expert's judgements at the table
def test_a_deal_code_naming_expert_seats_it_and_it_plays(tmp_path):
    import pygame

    from .conftest import key

    kinds = _expert_first()
    game, app, screen = new_game_screen(tmp_path)
    type_code(app, screen, Deal(PROFILE, kinds, SEED).code)
    step(app, events=[key(pygame.K_RETURN)])
    seat = kinds.index("expert")
    row = game.store.session(app.scene.session_id)
    assert (row.seats[seat].kind, row.seats[seat].level) == ("computer", "expert")
    assert _the_expert_plays(app, seat)


@pytest.mark.slow  # the expert's judgements at the table
def test_a_saved_game_with_an_expert_seat_continues_and_the_expert_plays(tmp_path):
    kinds = _expert_first()
    seat = kinds.index("expert")
    seats = [
        SeatConfig("You", HUMAN) if kind == HUMAN else SeatConfig("Ada", level="expert")
        for kind in kinds
    ]
    first = Game.open(str(tmp_path / "data"))
    session_id, _ = first.start(PROFILE, seats, seed=SEED)
    first.store.close()

    game = Game.open(str(tmp_path / "data"))
    game.settings = Settings(speed="instant")
    app = App((1280, 800))
    Navigator(app, game)
    app.push(TitleScreen(game))
    step(app)
    title = app.scene
    assert title.resume_id == session_id
    title.continue_game()
    assert isinstance(app.scene, TableScene) and app.scene.session_id == session_id
    assert [s.level for s in game.store.session(session_id).seats][seat] == "expert"
    assert _the_expert_plays(app, seat)
