"""Where the shared reference data lives, and a skip when it is absent."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

#: ``../shared/data`` from the project root, or ``$PUZZLECALC_SHARED_DATA``.
SHARED_DATA = Path(
    os.environ.get(
        "PUZZLECALC_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"
    )
)


def load(relative: str) -> Any:
    """Parse a JSON file of the shared data, or skip the test if it is not there."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"shared game data not found at {path} (set PUZZLECALC_SHARED_DATA)")
    return json.loads(path.read_text(encoding="utf-8"))


def text(relative: str) -> str:
    """Read a text file of the shared data, or skip the test if it is not there."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"shared game data not found at {path} (set PUZZLECALC_SHARED_DATA)")
    return path.read_text(encoding="utf-8")
