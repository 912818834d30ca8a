"""The levels shipped in the package, levels by number and level files."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from shared_data import load
from strategies import levels

from puzzlecalc import (
    InvalidArgumentError,
    InvalidLevelError,
    Level,
    NumberedLevel,
    game_level,
    game_levels,
    read_levels,
    solve_goals,
)

#: The fields of a level definition: what the package may ship (the data's README says so).
DEFINITION = (
    "level",
    "start",
    "goal",
    "goals",
    "moves",
    "min_moves",
    "buttons",
    "portal",
    "source",
)


@pytest.mark.parametrize(("game", "file"), [(1, "ctg1/levels.json"), (2, "ctg2/levels.json")])
def test_the_package_ships_the_reference_definitions(game: Any, file: str) -> None:
    """Each shipped level is the reference level's definition, nothing added or changed."""
    reference = load(file)
    shipped = game_levels(game)
    assert len(shipped) == len(reference)
    for level, data in zip(shipped, reference, strict=True):
        assert level.game == game and level.number == data["level"]
        assert level.source == data["source"]
        definition = {key: data[key] for key in DEFINITION if key in data}
        del definition["source"]
        assert level.to_dict() == definition


@pytest.mark.parametrize("game", [1, 2])
def test_levels_are_numbered_from_one(game: Any) -> None:
    levels = game_levels(game)
    assert [level.number for level in levels] == list(range(1, len(levels) + 1))
    assert game_level(len(levels), game) is levels[-1]
    assert all(None not in level.min_moves for level in levels)


@pytest.mark.parametrize(
    ("number", "game", "message"),
    [
        (0, 1, "game 1 has levels 1 to 199, not 0"),
        (200, 1, "not 200"),
        (110, 2, "game 2 has levels 1 to 109 and 184, not 110"),
        ("5", 1, "not '5'"),
        (True, 1, "not True"),
        (1, 3, "game must be 1 or 2, not 3"),
        (1, True, "game must be a whole number, not True"),
    ],
)
def test_no_such_level(number: Any, game: Any, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        game_level(number, game)


def test_a_level_of_several_goals_has_no_single_puzzle() -> None:
    level = game_level(9, 2)
    assert [puzzle.goal for puzzle in level.puzzles] == [96, 63, 33]
    with pytest.raises(InvalidLevelError, match="level 9 has 3 goals"):
        _ = level.puzzle
    assert game_level(155).puzzle.goal == 3001


@pytest.mark.parametrize("level", [*game_levels(1)[:20], *game_levels(2)[:20]], ids=str)
def test_to_dict_reads_back(level: NumberedLevel) -> None:
    again = NumberedLevel.from_dict(level.to_dict(), 1, level.game)
    assert again == NumberedLevel(level.number, level.puzzles, level.min_moves, level.game)


@given(levels())
def test_any_level_reads_back_from_its_dict(level: Level) -> None:
    numbered = NumberedLevel(3, (level,), (None,))
    assert NumberedLevel.from_dict(numbered.to_dict(), 1) == numbered


def test_read_levels_reads_each_format(tmp_path: Path) -> None:
    first, second = game_level(1).to_dict(), game_level(9, 2).to_dict()
    texts = {
        "one.json": json.dumps(first),
        "list.json": json.dumps([first, second]),
        "lines.jsonl": json.dumps(first) + "\n\n" + json.dumps(second) + "\n",
    }
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        read = read_levels(tmp_path / name)
        assert read[0] == NumberedLevel(1, game_level(1).puzzles, (2,)), name
        if len(read) == 2:
            assert read[1].puzzles == game_level(9, 2).puzzles
    assert read_levels(io.StringIO(texts["list.json"])) == read_levels(str(tmp_path / "list.json"))


def test_levels_without_numbers_are_numbered_by_place() -> None:
    text = '[{"start": 1, "goal": 2, "moves": 1, "buttons": ["+1"]}, {"start": 1, "goal": 3, "moves": 2, "buttons": ["+1"]}]'
    read = read_levels(io.StringIO(text))
    assert [(level.number, level.min_moves, level.source) for level in read] == [
        (1, (None,), None),
        (2, (None,), None),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "cannot read levels from 'typed'"),
        ("{", "cannot read levels from 'typed'"),
        ("[]", "no levels in 'typed'"),
        ('[{"start": 1}]', "level 1 of 'typed': level is missing goal, moves, buttons"),
        ('{"start": 1, "goal": 2, "moves": 1, "buttons": ["+1"], "min_moves": "1"}', "min_moves must be an integer"),
        ('{"start": 1, "goal": 2, "moves": 1, "buttons": ["+1"], "level": 1.5}', "number must be an integer"),
        ('{"start": 1, "goal": 2, "moves": 1, "buttons": ["+%"]}', "'\\+%'"),
    ],
)  # fmt: skip
def test_bad_level_files_are_named(text: str, message: str) -> None:
    source = io.StringIO(text)
    source.name = "typed"
    with pytest.raises(InvalidLevelError, match=message):
        read_levels(source)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(InvalidLevelError, match=r"cannot read levels from .*nowhere\.json"):
        read_levels(tmp_path / "nowhere.json")


def test_a_game_level_reads_as_a_person_and_pastes_back_as_code() -> None:
    level = game_level(155)
    assert repr(level) == "game_level(155)" and eval(repr(level)) == level
    assert repr(game_level(9, game=2)) == "game_level(9, game=2)"
    assert str(level) == "level 155: 9 -> 3001 in 9 moves, buttons 39=>93 /3 Store 31=>00"
    assert "(table row)" in str(game_level(9, game=2)) and "(table row)" not in str(
        game_level(184, 2)
    )
    puzzle = level.puzzle
    assert eval(repr(puzzle), {"Level": Level}) == puzzle
    assert str(puzzle) == "9 -> 3001 in 9 moves, buttons 39=>93 /3 Store 31=>00"
    assert level._repr_svg_().startswith("<svg")
    several = game_level(9, game=2)
    assert not hasattr(several, "puzzle") and hasattr(level, "puzzle")
    assert "GOAL: 96 / 63 / 33" in several._repr_svg_()


def test_a_level_of_a_file_reprs_its_fields() -> None:
    numbered = NumberedLevel(7, (Level(0, 4, 3, ["+2"]),), (None,))
    assert eval(repr(numbered)) == numbered


def test_level_184_of_calculator_2_is_the_games_own() -> None:
    level = game_level(184, game=2)
    assert level.game_number == 184 and [p.goal for p in level.puzzles] == [49, 11]
    assert "calfzhou" in (level.source or "")
    assert all(p.moves == 3 for p in level.puzzles)
    assert [len(s) for s in solve_goals(list(level.puzzles)) if s is not None] == [3, 3]
    assert game_level(9, game=2).game_number is None and game_level(9).game_number == 9
