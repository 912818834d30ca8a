"""The levels shipped in the package, levels by number and level files."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from shared_data import load
from strategies import levels, sequel_levels

from puzzlecalc import (
    InvalidArgumentError,
    InvalidLevelError,
    InvalidTypeError,
    Level,
    NumberedLevel,
    find_levels,
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


@pytest.mark.parametrize(
    ("game", "file"), [(1, "ctg1/levels.json"), (2, "ctg2/levels_by_number.json")]
)
def test_the_package_ships_the_reference_definitions(game: Any, file: str) -> None:
    """Each shipped level is the reference level's definition, nothing added or changed but
    the one shortest length that the library's default rules make shorter (Calculator 2's
    level 194, whose portal acts only after presses: ``Rules.portal_start``), and a note
    that says so."""
    reference = load(file)
    shipped = game_levels(game)
    assert len(shipped) == len(reference)
    for level, data in zip(shipped, reference, strict=True):
        assert level.game == game and level.number == data["level"]
        assert level.source == data["source"]
        definition = {key: data[key] for key in DEFINITION if key in data}
        del definition["source"]
        if (game, level.number) == (2, 194):
            assert definition["goals"][1] == {"goal": 5, "moves": 2, "min_moves": 3}
            definition["goals"][1]["min_moves"] = 2
            assert level.notes[:-1] == tuple(data["notes"]) and "portal_start" in level.notes[-1]
        elif game == 2:  # (the first game's notes stay in the data)
            assert level.notes == tuple(data["notes"] or ())
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
        (201, 2, "game 2 has levels 1 to 200, not 201"),
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
    level = game_level(40, 2)
    assert [puzzle.goal for puzzle in level.puzzles] == ["I", "N", "T"]
    with pytest.raises(InvalidLevelError, match="level 40 has 3 goals"):
        _ = level.puzzle
    assert game_level(155).puzzle.goal == 3001


@pytest.mark.parametrize("level", [*game_levels(1)[:20], *game_levels(2)[:20]], ids=str)
def test_to_dict_reads_back(level: NumberedLevel) -> None:
    again = NumberedLevel.from_dict(level.to_dict(), 1, level.game)
    assert again == NumberedLevel(level.number, level.puzzles, level.min_moves, level.game)


@given(levels() | sequel_levels())
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
    assert (
        str(game_level(9, game=2)) == "level 9: 125 -> 4 in 4 moves or 5 in 4 moves, buttons x2 <<"
    )
    puzzle = level.puzzle
    assert eval(repr(puzzle), {"Level": Level}) == puzzle
    assert str(puzzle) == "9 -> 3001 in 9 moves, buttons 39=>93 /3 Store 31=>00"
    assert level._repr_svg_().startswith("<svg")
    several = game_level(9, game=2)
    assert not hasattr(several, "puzzle") and hasattr(level, "puzzle")
    assert "GOAL: 4 / 5" in several._repr_svg_()


def test_a_level_of_a_file_reprs_its_fields() -> None:
    numbered = NumberedLevel(7, (Level(0, 4, 3, ["+2"]),), (None,))
    assert eval(repr(numbered)) == numbered


def test_level_184_of_calculator_2_is_the_games_own() -> None:
    """calfzhou's screenshot of level 184 shows its start, goals, moves and buttons."""
    level = game_level(184, game=2)
    assert (level.puzzles[0].start, [p.goal for p in level.puzzles]) == (54, [49, 11])
    assert level.puzzles[0].labels() == ["Lock", "Sort asc", "/5"]
    assert "calfzhou" in " ".join(level.notes) and "notonlyming" in (level.source or "")
    assert all(p.moves == 3 for p in level.puzzles)
    assert [len(s) for s in solve_goals(list(level.puzzles)) if s is not None] == [3, 3]


def test_a_player_finds_a_level_by_what_the_game_shows() -> None:
    assert [level.number for level in find_levels(2, start=54, buttons=["LOCK"])] == [184]
    assert [level.number for level in find_levels(2, goal="odd")] == [100]
    assert [level.number for level in find_levels(1, goal=3001)] == [155]
    every = find_levels(2)
    assert every == game_levels(2)
    for level in find_levels(2, buttons=["sort", "lock"]):
        labels = " ".join(level.puzzles[0].labels()).lower()
        assert "sort" in labels and "lock" in labels
    assert find_levels(2, start=-1) == ()
    with pytest.raises(InvalidArgumentError, match="game must be 1 or 2"):
        find_levels(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="a button to look for is a label"):
        find_levels(2, buttons=[3])  # type: ignore[list-item]


def test_a_level_of_word_goals_says_abc_ends_it() -> None:
    assert str(game_level(20, 2)) == (
        "level 20: 5173 -> MATH in 1 move, buttons ABC (ABC shows the word: a move)"
    )
    assert "buttons 3 /3 ABC (ABC shows the word: a move)" in str(game_level(80, 2))
    with pytest.raises(InvalidLevelError, match="at least one button"):
        Level(start=1, goal=2, moves=1, buttons=[])
