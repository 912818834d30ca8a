"""The repository's copy of the reference data is the shared folder's, byte for byte."""

from __future__ import annotations

import pytest
from shared_data import DATA, SOURCE


def test_copy_matches_source() -> None:
    if not SOURCE.exists():
        pytest.skip(f"the shared data folder is not at {SOURCE}")
    copied = sorted(path.relative_to(DATA) for path in DATA.rglob("*") if path.is_file())
    source = sorted(path.relative_to(SOURCE) for path in SOURCE.rglob("*") if path.is_file())
    assert copied == source
    for relative in copied:
        assert (DATA / relative).read_bytes() == (SOURCE / relative).read_bytes(), relative
