"""`python -m game` opens the title scene; `--screenshot PATH [--scenario FILE]` renders the battle's
first frame to a PNG and exits."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game", description="Car Wars table: the pygame client")
    p.add_argument("--screenshot", metavar="PATH", help="render the battle's first frame to a PNG and exit")
    p.add_argument("--scenario", metavar="FILE", help="scenario for --screenshot or to start straight away")
    p.add_argument("--size", default="1280x800", help="window size, WxH")
    args = p.parse_args(argv)
    try:
        w, h = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        print(f"--size: expected WxH, got {args.size!r}", file=sys.stderr)
        return 1
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
        from rules.errors import DataError

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


if __name__ == "__main__":
    raise SystemExit(main())
