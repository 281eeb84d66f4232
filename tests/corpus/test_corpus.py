"""Files from anyone (issue 15): every file of the corpus (tests/corpus/cases.py) gets its verdict,
the same one, through `python -m rules validate` and through the client's `--open` path (but for a
save that replays differently: validate reports it, the client opens it as far as it replays the same
and says so, rules.engine.saves.load_game_recovering).

Both paths run in this process for every file (the cheap way to cover them all in `make test`); a few
files (the ones that once hung, exhausted memory or read outside the project, plus a battle with
autoplay) also go through `python -m game --open FILE --screenshot PNG` in a subprocess held to 20 s
of CPU and 1 GiB of memory. CORPUS_SUBPROCESS=all sends every file through the subprocess.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from rules.tools.validate import check_file
from tests.corpus.cases import CASES, REPO, Case, build_corpus

LIMIT_S = 20
LIMIT_BYTES = 1 << 30
SUBPROCESS_SAMPLE = ("map_dense_water.toml", "save_nested_keys.toml", "scenario_map_dev_zero.toml", "save_ok.toml")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Case, Path]]:
    return {case.name: (case, path) for case, path in build_corpus(tmp_path_factory.mktemp("corpus"))}


def _agrees(case: Case, accepted: bool, message: str) -> bool:
    return accepted if not case.expect else (not accepted and case.expect in message)


def _client_agrees(case: Case, verdict: str) -> bool:
    opened = verdict.startswith("opened: ")
    return (opened and case.client in verdict) if case.client else _agrees(case, opened, verdict)


def test_the_corpus_is_big_and_covers_every_kind() -> None:
    assert len(CASES) >= 60
    for kind in ("map", "scenario", "design", "save", "profiles"):
        named = [c for c in CASES if c.name.startswith(kind + "_")]
        assert any(not c.expect for c in named) and sum(bool(c.expect) for c in named) >= 4, kind


def test_every_file_gets_its_verdict_from_validate(corpus: dict[str, tuple[Case, Path]]) -> None:
    wrong = []
    for case, path in corpus.values():
        start = time.process_time()
        problems = check_file(path)
        spent = time.process_time() - start
        message = ": ".join(problems[0]) if problems else ""
        if not _agrees(case, not problems, message) or spent > LIMIT_S:
            wrong.append(f"{case.name}: expected {case.expect or 'accepted'!r}, got {message or 'accepted'!r} "
                         f"in {spent:.1f} s")
        if problems:
            assert message.startswith(str(path)) or "refers to" in message or case.name.startswith("save_"), message
    assert not wrong, "\n".join(wrong)


def test_every_file_gets_the_same_verdict_through_the_client(corpus: dict[str, tuple[Case, Path]],
                                                             tmp_path: Path) -> None:
    """open_file, as `python -m game --open` calls it; the scene it opens is drawn too."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import App
    from game.open_file import open_file

    app = App((1024, 700), headless=True, saves_dir=tmp_path)
    wrong = []
    try:
        for case, path in corpus.values():
            app.stack = []
            start = time.process_time()
            verdict = open_file(app, path)
            app.draw()
            spent = time.process_time() - start
            if not _client_agrees(case, verdict) or spent > LIMIT_S:
                wrong.append(f"{case.name}: expected {case.expect or 'accepted'!r}, got {verdict!r} in {spent:.1f} s")
    finally:
        pygame.display.quit()
    assert not wrong, "\n".join(wrong)


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (LIMIT_S, LIMIT_S))


def _open_in_a_subprocess(case: Case, path: Path, shot: Path) -> str:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    autoplay = ["--autoplay", "1"] if case.name == "save_ok.toml" else []
    r = subprocess.run([sys.executable, "-m", "game", "--open", str(path), *autoplay, "--screenshot", str(shot)],
                       cwd=REPO, env=env, capture_output=True, text=True, preexec_fn=_limits, timeout=120)
    verdict = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    problems = []
    if r.returncode != 0:
        problems.append(f"exit status {r.returncode} (a negative one is a signal: the memory or CPU limit)")
    if "Traceback" in r.stderr:
        problems.append(f"a traceback: {r.stderr[-400:]}")
    if not shot.is_file():
        problems.append("no screenshot")
    if not _client_agrees(case, verdict):
        problems.append(f"expected {case.expect or 'accepted'!r}, got {verdict!r}")
    return f"{case.name}: {'; '.join(problems)}" if problems else ""


def test_the_open_entry_point_within_20_s_and_1_gib(corpus: dict[str, tuple[Case, Path]], tmp_path: Path) -> None:
    names = list(corpus) if os.environ.get("CORPUS_SUBPROCESS") == "all" else SUBPROCESS_SAMPLE
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda n: _open_in_a_subprocess(*corpus[n], tmp_path / f"{n}.png"), names))
    assert not [r for r in results if r], "\n".join(r for r in results if r)
