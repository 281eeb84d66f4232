"""Shared test helpers. Keep this small; add fixtures by appending."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parents[1]
# The read-only reference material sits beside the repository (../shared), in CI too.
SHARED = REPO.parent / "shared"

# A property test judges results, never time: on a busy 2-core machine (CI, parallel workers) hypothesis'
# default 200 ms deadline failed geometry and dice properties that pass alone.
settings.register_profile("no_deadline", deadline=None)
settings.load_profile("no_deadline")


@pytest.fixture
def shared_file():
    """Return a function giving a file under ../shared, skipping the test if it is absent."""

    def get(relative: str) -> Path:
        path = SHARED / relative
        if not path.is_file():
            pytest.skip(f"reference file {path} is not present (expected beside the repository at ../shared)")
        return path

    return get
