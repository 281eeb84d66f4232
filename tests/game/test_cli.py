"""`python -m game --screenshot PATH [--scenario FILE]` writes the battle's first frame and exits."""

from __future__ import annotations

import subprocess
import sys

import pygame

from tests.conftest import REPO


def test_screenshot_of_a_scenario(tmp_path):
    out = tmp_path / "first.png"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-m", "game", "--screenshot", str(out), "--scenario",
                        "maps/scenarios/arena_duel.toml"], cwd=REPO, env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 800)
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 800, 29)}
    assert len(colours) > 20, "a drawn board, not a blank frame"


def test_bad_scenario_is_one_line_and_exit_1(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-m", "game", "--screenshot", str(tmp_path / "x.png"), "--scenario",
                        str(tmp_path / "missing.toml")], cwd=REPO, env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr and r.stderr.strip()


def test_autoplay_drives_men_on_foot_too(app) -> None:
    """--open SCENARIO --autoplay N with pedestrians on the map: each man decides by the people foe (the
    vehicle foe was asked and failed with "no vehicle 'red_north'")."""
    from pathlib import Path

    from game.open_file import open_file

    got = open_file(app, Path("maps/scenarios/arena_gunners.toml"), autoplay=2)
    assert got.startswith("opened: ") and "2 turn(s) autoplayed" in got, got
