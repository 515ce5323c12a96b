"""``knockrummy demo`` plays at the table and saves a screenshot of the last hand end."""

from __future__ import annotations

import pygame
import pytest

from knockrummy.app import main


@pytest.mark.slow  # whole hands of computers at the table
def test_demo_plays_the_hands_asked_for_and_saves_a_png(tmp_path, capsys):
    shot = tmp_path / "shots" / "end.png"
    code = main(
        [
            "demo", "--profile", "knock-rami", "--players", "3", "--hands", "2",
            "--speed", "instant", "--seed", "4", "--screenshot", str(shot), "--headless",
            "--data-dir", str(tmp_path / "data"),
        ]
    )  # fmt: skip
    assert code == 0
    assert "2 hands played" in capsys.readouterr().err
    assert (tmp_path / "data" / "knockrummy.sqlite3").exists()
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)


def test_demo_refuses_a_table_size_the_profile_does_not_allow(capsys):
    assert main(["demo", "--profile", "gin-classic", "--players", "4", "--headless"]) == 2
    assert "2 to 2 players" in capsys.readouterr().err
