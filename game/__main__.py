"""`python -m game` opens the title scene.

    python -m game [--scenario FILE] [--screenshot PATH]
    python -m game --open FILE [--autoplay N] [--screenshot PATH]

`--screenshot PATH [--scenario FILE]` renders the battle's first frame to a PNG and exits. `--open`
opens any file where it belongs (game.open_file): a map in the editor, a scenario as a battle, a
save where it was left, a vehicle as its record sheet; `--autoplay N` lets scripted foes drive every
vehicle for N turns first; with `--screenshot` the last frame is written and the program exits 0. A
broken file shows its message on screen (and in the screenshot) and the exit status is still 0.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game", description="Car Wars table: the pygame client")
    p.add_argument("--screenshot", metavar="PATH", help="render the frame to a PNG and exit")
    p.add_argument("--scenario", metavar="FILE", help="scenario for --screenshot or to start straight away")
    p.add_argument("--open", metavar="FILE", dest="open_path",
                   help="open a map, scenario, save or vehicle file where it belongs")
    p.add_argument("--autoplay", metavar="N", type=int, default=0, help="with --open: foes drive every vehicle N turns")
    p.add_argument("--size", default="1280x800", help="window size, WxH")
    args = p.parse_args(argv)
    try:
        w, h = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        print(f"--size: expected WxH, got {args.size!r}", file=sys.stderr)
        return 1
    if args.open_path:
        return open_main(Path(args.open_path), args.autoplay, args.screenshot, (w, h))
    if args.screenshot:
        from game.shots import screenshot

        try:
            screenshot(Path(args.screenshot), args.scenario, (w, h))
        except Exception as exc:  # noqa: BLE001 - CLI: one line, exit 1
            print(f"{args.scenario or 'quick duel'}: screenshot: {exc}", file=sys.stderr)
            return 1
        return 0
    from game.app import App
    from game.scenes.title import TitleScene

    app = App((w, h))
    app.push(TitleScene(app))
    if args.scenario:
        from game.session import Session, setup_from_scenario
        from rules.core.errors import DataError

        try:
            setup, title = setup_from_scenario(args.scenario)
            session = Session.start(setup, title, app.saves_dir)
        except DataError as exc:  # a bad scenario or map file: `path: where: what`
            print(exc, file=sys.stderr)
            return 1
        except Exception as exc:  # noqa: BLE001
            print(f"{args.scenario}: {exc}", file=sys.stderr)
            return 1
        app.flow.battle(session)
    app.run()
    return 0


def open_main(path: Path, autoplay: int, screenshot: str | None, size: tuple[int, int]) -> int:
    """--open: the verdict on stdout, the file's scene on screen (or in the screenshot); exit 0."""
    if screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import App
    from game.open_file import open_file
    from game.scenes.title import TitleScene

    # a screenshot run is a look at the file, not a game of the player's: it autosaves nothing
    app = App(size, saves_dir=None) if screenshot else App(size)
    app.push(TitleScene(app))
    print(open_file(app, path, autoplay), flush=True)
    if not screenshot:
        app.run()
        return 0
    for _ in range(3):  # let the scene settle its layout (no foe is asked to think here)
        app.update(0.05)
    app.draw()
    out = Path(screenshot)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.surface, str(out))
    except (OSError, pygame.error) as exc:
        print(f"{out}: screenshot: cannot write: {exc}", file=sys.stderr)
        return 1
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
