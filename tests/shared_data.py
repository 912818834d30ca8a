"""The shared reference data, as copied into ``tests/data`` so that a fresh clone runs every test.

``../shared/data`` (beside the project) is the source; :func:`test_copy_matches_source` in
``test_shared_data.py`` checks that the copy has not drifted from it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: The copy of the reference data inside the repository.
DATA = Path(__file__).resolve().parent / "data"

#: ``../shared/data`` from the project root, when it is there.
SOURCE = Path(__file__).resolve().parents[2] / "shared" / "data"


def load(relative: str) -> Any:
    """Parse a JSON file of the reference data."""
    return json.loads((DATA / relative).read_text(encoding="utf-8"))


def text(relative: str) -> str:
    """Read a text file of the reference data."""
    return (DATA / relative).read_text(encoding="utf-8")
