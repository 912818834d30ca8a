"""Make every number: each target's solution checked by the referee, the targets reached
those the hand's values hold."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples
from strategies24 import every_rule

from puzzlecalc.arith24 import HouseRules, check
from puzzlecalc.arith24.every import MAX_TARGETS, every_target
from puzzlecalc.arith24.solutions import reachable_values
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError


@settings(max_examples=examples(60))
@given(st.lists(st.integers(1, 9), min_size=1, max_size=4), every_rule, st.integers(0, 40))
def test_each_target_reached_has_a_solution_the_referee_takes(
    cards: list[int], rules: HouseRules, high: int
) -> None:
    table = every_target(cards, high, rules=rules)
    made = reachable_values(cards, rules=rules)
    assert table.reached == [target for target in range(high + 1) if target in made]
    missed = [target for target in range(high + 1) if target not in made]
    assert table.first_missed == (missed[0] if missed else None)
    for target, found in table.solutions.items():
        assert found is None or check(str(found), cards, target, rules=rules).ok


def test_the_table_reads_as_a_table() -> None:
    table = every_target([4, 4, 4, 4], 12, low=8)
    assert str(table).splitlines() == [
        "     8  4*4-4-4",
        "     9  4/4+4+4",
        "    10  -",
        "    11  -",
        "    12  (4-4/4)*4",
        "3 of 5 made; first missed: 10",
    ]
    assert str(every_target([1, 2], 3, low=1)).splitlines()[-1] == "3 of 3 made; all of 1 to 3"


def test_the_targets_are_bounded() -> None:
    with pytest.raises(SearchLimitError, match=f"max_targets={MAX_TARGETS}") as raised:
        every_target([1, 2, 3, 4], MAX_TARGETS)
    assert raised.value.limit == "max_targets"
    assert len(every_target([1, 2], 30, max_targets=31).solutions) == 31
    with pytest.raises(InvalidArgumentError, match="up_to"):
        every_target([1, 2], 3, low=5)
