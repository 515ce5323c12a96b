"""The table's one worker: computer moves, hints and the advisor go through it, and a table
driven step by step starts no thread and waits for none."""

from __future__ import annotations

import threading

import pygame

from knockrummy.workers import HeldWorker, InlineWorker

from .conftest import key, make_table, run_until


def test_a_driven_table_plays_computers_hints_and_knocks_without_a_thread():
    before = {t.ident for t in threading.enumerate()}
    app, scene = make_table(players=3, seed=5, confirm_knock="risky")
    assert isinstance(scene.worker.executor, InlineWorker)
    assert run_until(app, lambda: scene.can_act)
    app.step(1 / 60, [key(pygame.K_s)])
    run_until(app, lambda: not scene.busy)
    app.step(1 / 60, [key(pygame.K_h)])
    assert scene.hint.startswith("Hint")
    hand = scene.view.hand_number
    while scene.view.hand_number == hand and scene.panel is None:
        if scene.can_act:
            scene.try_action(scene.view.legal_actions[0])
        app.step(1 / 60, [])
    assert {t.ident for t in threading.enumerate()} <= before


def test_the_inline_worker_hands_a_failure_to_the_future():
    def fails():
        raise ValueError("no move")

    future = InlineWorker().submit(fails)
    assert future.done() and isinstance(future.exception(), ValueError)


def test_a_held_job_is_done_only_when_told_in_order():
    held = HeldWorker()
    done = []
    first = held.submit(lambda: done.append(1) or "a")
    second = held.submit(lambda: done.append(2) or "b")
    assert not first.done() and done == []
    assert held.finish() == 2
    assert (first.result(), second.result(), done) == ("a", "b", [1, 2])
