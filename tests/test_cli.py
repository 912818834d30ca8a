"""The command line, run in-process."""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import json
import os
import re
import stat
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import attrs
import pytest
from shared_data import DATA, load

from puzzlecalc import __version__, game_level
from puzzlecalc.arith24.numbers import Number
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.calculator.rules import Rules
from puzzlecalc.cli import main, text
from puzzlecalc.cli import records as cli_records
from puzzlecalc.cli.arguments import card, rule_flags, rules_from
from puzzlecalc.cli.main import SUBCOMMANDS
from puzzlecalc.cli.main import parser as main_parser
from puzzlecalc.cli.puzzles import read_puzzles
from puzzlecalc.cli.text import progress_bar, steady_rate
from puzzlecalc.errors import InvalidArgumentError, InvalidHandError


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_level_prints_the_display_after_each_press() -> None:
    status, out = run(
        "level", "--start", "9", "--goal", "3001", "--moves", "9", "39=>93", "/3", "Store", "31=>00"
    )
    assert status == 0
    assert "shortest: 9 moves" in out
    lines = out.splitlines()
    assert lines[2].split() == ["start", "9"]
    assert lines[3].split() == ["Store(hold)", "9"]
    assert lines[-1].split() == ["31=>00", "3001"]


def test_level_with_portal_all_and_json() -> None:
    status, out = run(
        "level",
        "--start",
        "99",
        "--goal",
        "10",
        "--moves",
        "3",
        "--portal",
        "2",
        "0",
        "--all",
        "--json",
        "1",
        "-1",
    )
    assert status == 0
    record = json.loads(out)
    assert record["portal"] == [2, 0]
    assert [s["solution"] for s in record["solutions"]] == [["1", "1", "-1"], ["-1", "1", "1"]]


def test_level_rules_options() -> None:
    status, out = run(
        "level", "--start", "1", "--goal", "1111", "--moves", "2", "--free-hold", "Store"
    )
    assert status == 0 and "shortest: 2 moves" in out
    status, out = run(
        "level",
        "--start",
        "3",
        "--goal",
        "10",
        "--moves",
        "3",
        "--division",
        "decimal",
        "/2",
        "+1",
        "x4",
    )
    assert status == 0 and "1.5" in out
    status, out = run(
        "level",
        "--start",
        "22",
        "--goal",
        "33",
        "--moves",
        "2",
        "--influence",
        "all",
        "1=>2",
        "[+]1",
    )
    assert status == 0 and "2=>3" in out
    status, out = run(
        "level",
        "--start",
        "-99999",
        "--goal",
        "-999990",
        "--moves",
        "1",
        "--min-value",
        "-99999",
        "0",
    )
    assert status == 1 and "no solution" in out


def test_level_file(tmp_path: Path) -> None:
    path = tmp_path / "levels.json"
    path.write_text(
        json.dumps([{"level": 7, "start": 0, "goal": 2, "moves": 2, "buttons": ["+1"]}])
    )
    status, out = run("level", "--file", str(path), "--number", "7")
    assert status == 0 and out.startswith("level 7: 0 -> 2")


def test_level_by_number() -> None:
    status, out = run("level", "155")
    assert status == 0 and out.startswith("level 155: 9 -> 3001 in 9 moves, buttons 39=>93")
    assert "shortest: 9 moves" in out


def test_a_sequel_level_by_number_solves_each_goal() -> None:
    status, out = run("level", "19", "--game", "2", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [(r["level"], r["goal"]) for r in records] == [
        (19, 96),
        (19, 63),
        (19, 33),
    ]
    assert [r["solutions"][0]["moves"] for r in records] == [3, 3, 3]


def test_levels_lists_a_game_and_finds_a_level_by_what_it_shows() -> None:
    status, out = run("levels", "--game", "2")
    assert status == 0 and len(out.splitlines()) == 200
    assert out.splitlines()[183] == (
        "level 184: 54 -> 49 in 3 moves or 11 in 3 moves, buttons Lock Sort asc /5"
    )
    assert run("levels", "--game", "2", "--button", "lock", "--button", "sort")[1].splitlines() == [
        str(game_level(184, 2)),
        str(game_level(189, 2)),
    ]
    assert run("levels", "--game", "2", "--start", "54", "--goal", "11")[0] == 0
    assert run("levels", "--game", "2", "--start", "54", "--goal", "12") == (1, "")


def test_level_json_reads_back_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    path.write_text(run("level", "4", "--game", "2", "--json")[1] + run("level", "30", "--json")[1])
    status, out = run("level", "--file", str(path), "--number", "30")
    assert status == 0 and out.startswith("level 30: ")


def test_every_level_of_a_game() -> None:
    status, out = run("level", "--game", "2", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(records) == 341
    assert all(record["solutions"] for record in records)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["level", "200"], "game 1 has levels 1 to 199, not 200"),
        (["level", "0", "--game", "2"], "game 2 has levels 1 to 200, not 0"),
        (["level", "+4"], "buttons '+4' alone: a level of parts needs --start, --goal, --moves"),
        (["level", "--file", "x.json", "+4"], "--file gives the levels"),
    ],
)
def test_bad_level_numbers(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv)[0] == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "status", "lines"),
    [
        (["155", "--after", "Store(hold)", "/3"], 0,
         ["level 155: after Store(hold), /3 the display shows 3; the goal can be reached in 7 "
          "more moves (7 left)", "next press: Store"]),
        (["155", "--after", "/3", "/3"], 1,
         ["level 155: after /3, /3 the display shows 1; the goal cannot be reached in the 7 "
          "moves left: undo 2 presses"]),
        (["155", "--hint"], 0, ["Store(hold)"]),
        (["155", "--after", "Store(hold)", "--hint"], 0, ["/3"]),
        (["155", "--after", "/3", "/3", "--hint"], 1, ["-"]),
        (["--start", "0", "--goal", "12", "--moves", "4", "+3", "x4", "--after", "+3", "x4"], 0,
         ["level: after +3, x4 the display shows 12: solved"]),
        (["19", "--game", "2", "--hint"], 0, ["<<", "+12", "+12"]),
    ],
)  # fmt: skip
def test_level_after_presses(argv: list[str], status: int, lines: list[str]) -> None:
    assert run("level", *argv) == (status, "".join(line + "\n" for line in lines))


def test_level_after_presses_json() -> None:
    status, out = run("level", "155", "--after", "/3", "/3", "--json")
    record = json.loads(out)
    assert status == 1 and record["level"] == 155 and record["after"] == ["/3", "/3"]
    assert (record["moves_left"], record["reachable"], record["hint"]) == (7, False, None)
    assert (record["undo"], record["finish"]) == (2, None)
    status, out = run("level", "155", "--after", "Store(hold)", "--json")
    finish = json.loads(out)["finish"]
    assert status == 0 and finish["moves"] == 8 and finish["solution"][0] == "/3"
    status, out = run("level", "155", "--after", "Store(hold)", "--hint", "--json")
    record = json.loads(out)  # (a hint: the next press, not the way on)
    assert status == 0 and (record["hint"], record["finish"]) == ("/3", None)


def test_level_after_a_press_that_cannot_be_made(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("level", "155", "--after", "+3")[0] == 3
    assert "press 1: no button shows '+3' at this point" in capsys.readouterr().err


def test_shared_level_file() -> None:
    load("ctg1/levels.json")
    status, out = run(
        "level", "--file", str(DATA / "ctg1" / "levels.json"), "--number", "155", "--json"
    )
    assert status == 0 and json.loads(out)["solutions"][0]["moves"] == 9


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["level", "--start", "0", "--goal", "1", "+1"], 2, "moves"),
        (["level", "155", "/3"], 2, "a level's number takes no buttons: '155 /3'"),
        (["level", "-5"], 2, "no level '-5': levels are numbered from 1"),
        (["level", "--start", "0", "--goal", "1", "--moves", "1", "frob"], 3, "'frob'"),
        (["level", "--file", "/nonexistent/levels.json"], 3, "cannot read levels"),
        (
            ["level", "--start", "0", "--goal", "1", "--moves", "1", "--portal", "0", "2", "+1"],
            3,
            "portal",
        ),
        (["level", "--start", "0", "--goal", "1", "--moves", "1", "--max-states", "0", "+1"], 2, "--max-states: must be at least 1"),
        (["level", "--start", "0", "--goal", "2", "--moves", "40", "--all", "+1", "-1"], 4, "solutions"),
        (["level", "--start", "0", "--goal", "999999", "--moves", "9", "--max-states", "50", "1", "2"], 4, "max_states=50"),
        (["level", "--start", "0", "--goal", "1", "--moves", "1", "--min-value", "-5", "+1"], 2, "min_value"),
        (["census", "24", "--cards", "-1"], 2, "cards"),
        (["census", "24", "--low", "1", "--high", "3", "--csv", "/nonexistent/out.csv"], 2, "does not exist"),
        (["census", "24", "--low", "1", "--high", "3", "--csv", "/tmp"], 2, "directory"),
        (["census", "countdown", "--large", "9"], 2, "large"),
        (["census", "countdown", "--jobs", "0"], 2, "jobs"),
        (["24", "1", "2", "--ops", "%"], 2, "ops"),
        (["countdown", "-1", "2", "3", "--target", "5", "--any"], 3, "positive whole"),
        (["ten", "12a"], 3, "digits"),
        (["ten", "123456789", "--no-in-order"], 3, "at most 8 cards can be played"),
        (["ten", "1" * 33], 3, "at most 32 digits"),
        (["ten"], 2, "needs the digits"),
        (["ten", "1199", "--census"], 2, "--census"),
        (["ten", "1199", "--length", "3"], 2, "--length goes with --census"),
        (["ten", "--census", "--length", "7"], 4, "max_length=5"),
        (["ten", "--census", "--length", "2", "--max-length", "1"], 4, "max_length=1"),
        (["ten", "--census", "--explain"], 2, "--census"),
        (["krypto", "1", "2"], 2, "needs 5 cards"),
        (["krypto", "1", "2", "3", "4"], 2, "needs 5 cards"),
        (["krypto", "1", "2", "3", "4", "--target", "5"], 3, "is 5 cards"),
        (["krypto", "25", "25", "1", "2", "3", "--target", "4"], 3, "holds 25 once"),
        (["krypto", "--deal", "1", "2", "3", "4", "5"], 2, "--deal deals"),
        (["krypto", "1", "2", "3", "4", "5", "--target", "6", "--seed", "3"], 2, "go with --deal"),
        (["every", "1", "2", "--up-to", "100000"], 4, "max_targets=10000"),
        (["every", "1", "2", "--up-to", "3", "--low", "5"], 2, "up_to must be at least 5"),
        (["every"], 2, "the following arguments are required: cards"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_a_status(
    argv: list[str], status: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv)[0] == status
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "content", ["[]", "{}", '[{"start": 0, "goal": 1, "moves": 1, "buttons": ["+1"], "portal": 20}]',
                '[{"start": 0, "goal": 1, "moves": 1, "buttons": {"+1": 1}}]', "[1]", "nope"],
)  # fmt: skip
def test_bad_level_files_are_data_errors(
    tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "levels.json"
    path.write_text(content)
    assert run("level", "--file", str(path), "--json")[0] == 3
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "number", ["1e100000000", "1e5000", "2**100000", "9" * 31, "1/0", "0x10", "nan", "inf"]
)
def test_absurd_numbers_are_refused_at_once(
    number: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("24", number, "1")[0] == 2
    err = capsys.readouterr().err
    assert "not a number" in err or "over zero" in err


@pytest.mark.parametrize(
    ("word", "value"),
    [("12", 12), (" -3 ", -3), ("+7", 7), ("0", 0), ("9" * 30, int("9" * 30)), ("4/2", 2),
     ("3/2", Fraction(3, 2)), ("-0.5", Fraction(-1, 2)), ("2.0", 2)],
)  # fmt: skip
def test_a_card_of_a_file_is_exact_and_whole_ones_are_ints(word: str, value: Number) -> None:
    assert card(word) == value
    assert type(card(word)) is type(value)


@pytest.mark.parametrize("word", ["9" * 31, "1/0", "x", "", "1e3", "--2"])
def test_a_card_of_a_file_that_is_no_number_is_the_argument_error(word: str) -> None:
    with pytest.raises(InvalidArgumentError):
        card(word)


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["countdown", "100", "75", "50", "25", "6", "3", "--target", "952"], 0),
        (["countdown", "2", "3", "4", "--target", "100", "--any"], 1),  # only the nearest value
        (["countdown", "2", "3", "4", "--target", "100", "--any", "--json"], 1),
        (["24", "1", "1", "1", "1"], 1),
        (["24", "(1/2)", "3"], 2),
        (["24", "1/2", "3/2", "5", "--target", "7", "--integer-only"], 0),
        (["ten", "1199"], 0),
        (["ten", "1158"], 1),
        (["ten", "1158", "--no-in-order"], 0),
        (["ten", "1158", "--json"], 1),
    ],
)
def test_exit_statuses(argv: list[str], status: int) -> None:
    assert run(*argv)[0] == status


def test_a_broken_pipe_ends_quietly() -> None:
    command = [sys.executable, "-m", "puzzlecalc", "level", "--start", "0", "--goal", "2",
               "--moves", "16", "--all", "+1", "-1"]  # (more than a pipe holds)  # fmt: skip
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()  # as `| head -1` does
        error = process.stderr.read()
        assert process.wait(timeout=60) == 141
    assert b"Traceback" not in error and b"Error" not in error


def test_python_dash_m_help_lists_subcommands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "puzzlecalc", "--help"], capture_output=True, text=True, check=True
    )
    listed = result.stdout.split("subcommands:")[1]
    firsts = [line.split()[0] for line in listed.splitlines() if line.strip()]
    assert [name for name in firsts if name in ("level", "24", "countdown", "census")] == [
        "level", "24", "countdown", "census",
    ]  # fmt: skip
    assert "solve a Countdown numbers round" in listed


def test_24_prints_the_solutions() -> None:
    status, out = run("24", "3", "3", "8", "8")
    assert status == 0
    assert out.splitlines() == ["3 3 8 8 -> 24: 1 distinct solution (4nums)", "  8/(3-8/3) = 24"]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["24", "1", "2", "3", "4", "--count"], "1 2 3 4 -> 24: 3 distinct solutions (4nums)"),
        (
            ["24", "1", "2", "3", "4", "--count", "--distinct", "none"],
            "1 2 3 4 -> 24: 242 distinct solutions (none)",
        ),
        (
            ["24", "1", "2", "3", "4", "--count", "--ops", "+-", "--target", "10"],
            "1 2 3 4 -> 10: 1 distinct solution (4nums)",
        ),
        (
            ["24", "3", "3", "8", "8", "--count", "--integer-only"],
            "3 3 8 8 -> 24: 0 distinct solutions (4nums)",
        ),
        (
            ["24", "1", "2", "5", "8", "--count", "--distinct", "none", "--non-negative"],
            "1 2 5 8 -> 24: 62 distinct solutions (none)",
        ),
    ],
)
def test_24_options(argv: list[str], expected: str) -> None:
    _, out = run(*argv)
    assert out.strip() == expected


def test_24_json_and_no_solution() -> None:
    status, out = run("24", "1", "2", "3", "4", "--json", "--ops", "+-", "--target", "10")
    assert status == 0 and json.loads(out) == {
        "numbers": [1, 2, 3, 4],
        "target": 10,
        "solutions": ["4+3+2+1"],
    }
    status, out = run("24", "1", "1", "1", "1")
    assert status == 1 and "no way to make 24" in out


def test_24_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("24", "1", "2", "--ops", "%")[0] == 2
    assert "ops must be" in capsys.readouterr().err
    assert run("24", "one", "two")[0] == 2
    assert "not a number" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "status", "shown"),
    [
        (
            ["--start", "54", "--goal", "49", "11", "--moves", "3", "/5", "Shift >", "Lock"],
            0,
            ["goal 49:", "Lock@1", "goal 11:"],
        ),
        (
            ["--start", "2825", "--goal", "odd", "--moves", "3", "Sort desc", "Cut 8"],
            0,
            ["ABC", "ODD"],
        ),
        (
            ["--start", "35", "--goal", "13", "--moves", "3", "Lock", "Insert 7", "SUM"],
            0,
            ["Lock@"],
        ),
        (
            [
                "--start",
                "35",
                "--goal",
                "13",
                "--moves",
                "3",
                "--lock-exempt",
                "Lock",
                "Insert 7",
                "SUM",
            ],
            1,
            ["no solution"],
        ),
        (
            ["--start", "12345", "--goal", "34512", "--moves", "1", "--shift", "one-way", "Shift"],
            0,
            ["Shift@<<"],
        ),
        (
            ["--start", "125", "--goal", "120", "--moves", "1", "--rounding", "half-even", "Round"],
            0,
            ["Round@1"],
        ),
    ],
)
def test_level_sequel_buttons_goals_and_rules(
    argv: list[str], status: int, shown: list[str]
) -> None:
    code, out = run("level", *argv)
    assert code == status
    assert all(text in out for text in shown), out


def test_level_json_shows_positions_and_several_goals(tmp_path: Path) -> None:
    path = tmp_path / "sequel.json"
    level = {"level": 3, "start": 1357, "buttons": ["Delete"], "goals": [
        {"goal": 17, "moves": 2}, {"goal": 135, "moves": 1}]}  # fmt: skip
    path.write_text(json.dumps([level]))
    status, out = run("level", "--file", str(path), "--json")
    assert status == 0
    first, second = map(json.loads, out.splitlines())  # JSON Lines: one object per goal
    assert first["goal"] == 17 and first["solutions"][0]["solution_indices"] == [
        [0, "press", 1],
        [0, "press", 1],
    ]
    assert second["solutions"][0]["solution"] == ["Delete@0"]


def test_each_value_a_rule_takes_from_a_list_its_flag_takes() -> None:
    """As the rules hold it: ``--max-value``'s values are numbers, which the parser
    compared with the text typed, so it took neither."""
    _each_listed_value_is_taken(Rules)
    _each_listed_value_is_taken(HouseRules)


ListedRules = TypeVar("ListedRules", Rules, HouseRules)


def _each_listed_value_is_taken(rules: type[ListedRules]) -> None:
    parser = argparse.ArgumentParser()
    rule_flags(parser, rules)
    listed = [field for field in attrs.fields(rules) if hasattr(field.validator, "options")]
    assert listed
    for field in listed:
        for value in field.validator.options:
            parsed = parser.parse_args([f"--{field.name.replace('_', '-')}", str(value)])
            assert rules_from(parsed, rules) == rules(**{field.name: value})


def test_level_shows_eight_digits_along_the_way_under_max_value() -> None:
    level = ["level", "--start", "999999", "--goal", "1", "--moves", "2", "+1", "Sum"]
    status, out = run(*level, "--max-value", "99999999")
    assert status == 0 and "  +1             1000000" in out
    assert run(*level)[0] == 1  # (1000000 does not fit on six digits)


def test_level_bad_rule_value() -> None:
    status, out = run(
        "level", "--start", "1", "--goal", "2", "--moves", "1", "--min-value", "-5", "+1"
    )
    assert status == 2 and out == ""


@pytest.mark.parametrize(
    ("argv", "lines"),
    [
        (["24", "3", "3", "8", "8"], ["3 3 8 8 -> 24: 1 distinct solution (4nums)", "  8/(3-8/3) = 24"]),
        (["24", "1", "2", "3", "4", "--count", "--distinct", "none"], ["1 2 3 4 -> 24: 242 distinct solutions (none)"]),
        (["24", "3", "3", "8", "8", "--integer-only"], ["3 3 8 8 -> 24: no way to make 24; 23 and 25 are the closest"]),
        (["countdown", "100", "75", "50", "25", "6", "3", "--target", "952"],
         ["100 75 50 25 6 3 -> 952: 2 distinct solutions (4nums)", "  (100+3)*75*6/50+25 = 952"]),
        (["census", "countdown", "--large", "4", "--jobs", "1"],
         ["large  selections   solvable    targets  percent",
          "    4          55      43710      49445   88.40%"]),
        (["census", "24", "--low", "1", "--high", "6", "--targets", "1", "50"],
         ["126 hands of 4 cards from 1 to 6"]),
        (["census", "24", "--low", "1", "--high", "6", "--targets", "24", "24", "--ops", "+-*/^"],
         ["126 hands of 4 cards from 1 to 6, HouseRules(ops='+-*/^')",
          "           any              115   91.27%   97.50%"]),
        (["level", "--start", "0", "--goal", "4", "--moves", "3", "+1", "x2"],
         ["level: 0 -> 4 in 3 moves, buttons +1 x2", "shortest: 3 moves", "  x2                   4"]),
    ],
)  # fmt: skip
def test_each_subcommand_prints_its_answer(argv: list[str], lines: list[str]) -> None:
    status, out = run(*argv)
    assert status in (0, 1)
    for line in lines:
        assert line in out.splitlines(), out


def test_census_writes_rows_tables_and_json(tmp_path: Path) -> None:
    rows, tables, data = tmp_path / "rows.csv", tmp_path / "tables", tmp_path / "tables.json"
    tables.mkdir()
    argv = ["census", "24", "--low", "1", "--high", "6", "--targets", "1", "50", "--jobs", "1"]
    status, out = run(
        *argv, "--csv", str(rows), "--tables", str(tables), "--tables-json", str(data)
    )
    assert status == 0 and "making 24:" in out
    lines = rows.read_text().splitlines()
    assert (
        lines[0]
        == "hand,solutions,reached:any,reached:integer_only,reached:non_negative,reached:classroom"
    )
    assert len(lines) == 1 + 126
    targets = (tables / "targets.csv").read_text().splitlines()
    assert targets[0] == "target,any,integer_only,non_negative,classroom" and targets[
        24
    ].startswith("24,105,")
    assert json.loads(data.read_text())["rules"][0] == {
        "rule": "any", "hands": 105, "percent": 83.3333, "weighted_percent": 91.2855,
    }  # fmt: skip
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == ["rows.csv", "rows.csv.settings.json", "tables", "tables.json"]


def test_version_and_the_program_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("--version")[0] == 0
    assert capsys.readouterr().out.strip() == f"python -m puzzlecalc {__version__}"
    assert importlib.metadata.version("puzzlecalc") == __version__  # one source
    result = subprocess.run(
        [sys.executable, "-m", "puzzlecalc", "lvl"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2 and result.stderr == (
        "puzzlecalc: error: unknown subcommand 'lvl' (did you mean level?); "
        "see 'python -m puzzlecalc --help'\n"
    )


def test_one_move_is_one_move() -> None:
    out = run("level", "--start", "0", "--goal", "1", "--moves", "1", "+1")[1]
    assert out.splitlines()[:2] == ["level: 0 -> 1 in 1 move, buttons +1", "shortest: 1 move"]


@pytest.mark.parametrize(
    ("argv", "status", "lines"),
    [
        (["24", "check", "8/(3-8/3)", "3", "3", "8", "8"], 0, ["3 3 8 8 -> 24: correct: 8/(3-8/3) = 24"]),
        (["24", "check", "3*8+1", "3", "8"], 1, ["3 8 -> 24: not accepted: uses 1, which was not dealt"]),
        (["24", "check", "no solution", "1", "1", "1", "1"], 0, ["1 1 1 1 -> 24: correct: there is no solution"]),
        (["24", "check", "Impossible.", "3", "8"], 1,
         ["3 8 -> 24: not accepted: says there is no solution, but there is one"]),
        (["24", "check", "8*3", "3", "3", "8", "8"], 1, ["3 3 8 8 -> 24: not accepted: leaves out 3 and 8"]),
        (["24", "check", "8*(3", "3", "8"], 1, ["3 8 -> 24: not accepted: cannot read the answer: "
                                                "missing ')' at position 4 in '8*(3'"]),
        (["24", "check", "3*5", "3", "5", "--target", "15", "--ops", "+-"], 1,
         ["3 5 -> 15: not accepted: uses *, which is not allowed here (allowed: + -)"]),
        (["24", "check", "8/(3-8/3)", "3", "3", "8", "8", "--integer-only"], 1,
         ["3 3 8 8 -> 24: not accepted: 8/3 gives 8/3, and no fractions are allowed along the way"]),
        (["24", "3", "3", "8", "8", "--hint", "3"], 0,
         ["3 3 8 8 -> 24:", "  hint 1: Start with 8 and 3.", "  hint 2: Make 3-8/3, which is 1/3.",
          "  hint 3: 8/(3-8/3) = 24"]),
        (["24", "3", "3", "8", "8", "--hint", "1", "--difficulty"], 0,
         ["3 3 8 8 -> 24:", "  hint 1: Start with 8 and 3.", "  difficulty 7.81"]),
        (["24", "1", "1", "1", "1", "--hint", "2", "--difficulty"], 1,
         ["1 1 1 1 -> 24: no way to make 24; 4 is the closest"]),
        (["24", "4", "3", "2", "1", "--target", "10", "--in-order", "--difficulty"], 0,
         ["4 3 2 1 -> 10:", "  difficulty 3.13"]),
    ],
)  # fmt: skip
def test_24_check_hint_and_difficulty(argv: list[str], status: int, lines: list[str]) -> None:
    assert run(*argv) == (status, "".join(line + "\n" for line in lines))


def test_24_json_of_check_hint_and_difficulty() -> None:
    assert json.loads(run("24", "check", "3*8", "3", "8", "--json")[1]) == {
        "numbers": [3, 8], "target": 24, "answer": "3*8", "ok": True, "reason": "correct",
        "claims_none": False, "same_as": None,
    }  # fmt: skip
    assert json.loads(run("24", "check", "none", "1", "1", "--json")[1]) == {
        "numbers": [1, 1], "target": 24, "answer": "none", "ok": True, "reason": "correct",
        "claims_none": True, "same_as": None,
    }  # fmt: skip
    status, out = run("24", "3", "3", "8", "8", "--difficulty", "--hint", "1", "--json")
    assert status == 0 and json.loads(out) == {
        "numbers": [3, 3, 8, 8], "target": 24, "solvable": True,
        "hints": ["Start with 8 and 3."], "difficulty": 7.81,
    }  # fmt: skip
    status, out = run("24", "3", "3", "8", "8", "--difficulty", "--integer-only", "--json")
    assert status == 1 and json.loads(out)["difficulty"] is None


@pytest.mark.parametrize(
    ("rules", "size", "band"),
    [
        ([], [], None),
        (["--integer-only", "--non-negative"], [], None),
        ([], ["--cards", "5", "--high", "9"], None),
        ([], ["--cards", "4", "--high", "9"], (0.0, 4.0)),
        (["--ops", "+-*", "--target", "10"], [], (2.0, 6.0)),
    ],
)
@pytest.mark.parametrize("seed", ["1", "2"])
def test_24_deal_honours_the_rules_and_the_seed(
    rules: list[str], size: list[str], band: tuple[float, float] | None, seed: str
) -> None:
    banded = ["--band", *map(str, band)] if band else []
    status, out = run("24", "deal", "--seed", seed, *rules, *size, *banded)
    assert status == 0 and run("24", "deal", "--seed", seed, *rules, *size, *banded)[1] == out
    cards = out.split()
    assert len(cards) == (int(size[size.index("--cards") + 1]) if size else 4)
    assert run("24", *cards, *rules, "--count")[0] == 0  # solvable under the same rules
    if band:
        rating = run("24", *cards, *rules, "--difficulty", "--json")[1]
        assert band[0] <= json.loads(rating)["difficulty"] <= band[1]


@pytest.mark.parametrize(("ascii", "card"), [([], "7\u20442"), (["--ascii"], "7/2")])
def test_a_fraction_card_is_written_alike_in_the_heading_and_the_solutions(
    ascii: list[str], card: str
) -> None:
    status, out = run("24", "3.5", "3", "8", "8", *ascii)
    heading, solution = out.splitlines()
    assert status == 0 and heading.startswith(f"{card} 3 8 8 -> 24: ")
    assert f"({card})" in solution and ("/" in card or "7/2" not in out)


def test_24_deal_in_a_band_says_it_is_searching(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("24", "deal", "--seed", "1", "--band", "2", "3.5")[0] == 0
    assert "searching for a hand rated 2 to 3.5..." in capsys.readouterr().err
    assert run("24", "deal", "--seed", "1")[0] == 0
    assert "searching" not in capsys.readouterr().err  # (no band: no wait)


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (["24", "deal", "3"], "takes no cards"),
        (["24", "check", "3*8"], "needs an answer and the cards"),
        (["24", "check", "3*8", "x", "8"], "not a number"),
        (["24", "deal", "--cards", "0"], "cards must be from 1"),
        (["24", "deal", "--band", "6", "2"], "--band must be a (least, most) pair, not [6.0, 2.0]"),
        (["play", "24", "--band", "6", "2"], "--band must be a (least, most) pair"),
        (["play", "24", "--band", "nan", "2"], "--band must be a (least, most) pair"),
        (["play", "countdown", "--large", "9"], "large must be from 0 to 4, not 9"),
        (["generate", "24", "--band", "6", "2"], "--band must be a (least, most) pair"),
        (["generate", "calculator", "--band", "6", "2"], "--band must be a (least, most) pair"),
        (
            ["24", "deal", "--band", "2", "6", "--ops", "+-*/^"],
            "a difficulty band needs rules the model rates",
        ),
        (
            ["24", "1", "2", "3", "4", "--difficulty", "--unary", "!"],
            "difficulty rates hands played with + - * /",
        ),
        (
            ["play", "24", "--band", "2", "6", "--concat"],
            "a difficulty band needs rules the model rates, not HouseRules(concat=True)",
        ),
        (["24", "deal", "--low", "9", "--high", "2"], "9"),
    ],
)
def test_24_check_and_deal_bad_input(
    argv: list[str], shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv) == (2, "")
    assert shown in capsys.readouterr().err


def test_24_deal_gives_up_after_max_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("24", "deal", "--band", "0", "0", "--max-deals", "3", "--seed", "1") == (4, "")
    assert "met the conditions in 3 deals; widen the band" in capsys.readouterr().err
    assert run("24", "deal", "--max-deals", "0")[0] == 2


#: Commands that search, as a user runs them; each of their limits is lowered to 1 below.
LIMITED = [
    ["level", "155"],
    ["make-level", "--buttons", "+/-"],
    ["24", "1", "2", "3", "4", "5", "6"],
    ["24", "deal", "--band", "6", "7"],
    ["ten", "1234"],
    ["years", "2000", "2010"],
    ["krypto", "--deal", "--solvable", "--ops", "*"],
    ["every", "1", "2", "3", "4", "5"],
    ["fours"],
    ["countdown", "--deal"],
    ["census", "24"],
    ["generate", "24", "--count", "3"],
    ["generate", "years", "--count", "2"],
    ["generate", "calculator", "--count", "2"],
    ["generate", "countdown", "--count", "2"],
]


@pytest.mark.parametrize("argv", LIMITED, ids=" ".join)
def test_each_limit_a_command_takes_is_used_and_each_it_names_is_its_own(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A search past its limit names the flag that raises it: the flag is the command's
    own (``krypto`` named ``--max-deals``, ``generate`` ``--max-steps``, which they did not
    take), and a command given ``--max-steps 1`` or ``--max-states 1`` stops there (``24
    deal`` took ``--max-steps`` and searched with the default)."""
    command = argv[:2] if argv[:2] == ["24", "deal"] else argv[:1]
    assert run(*command, "--help")[0] == 0
    own = set(re.findall(r"--max-[a-z-]+", capsys.readouterr().out))
    limits = own - {"--max-cards", "--max-digits", "--max-value", "--max-solutions"}
    assert limits
    for flag in sorted(limits):
        status = run(*argv, flag, "1")[0]
        said = capsys.readouterr().err
        assert set(re.findall(r"\((--max-[a-z-]+)\)", said)) <= own, (flag, said)
        if flag in ("--max-steps", "--max-states") and status != 2:  # (2: not with this)
            assert status == 4 and f"raise the limit ({flag})" in said, (flag, said)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["make-level", "--buttons", "+/-", "--max-tries", "1"], "found in 1 try; raise"),
        (["generate", "24", "--max-draws", "1"], "met the conditions in 1 draw (puzzle"),
        (["24", "deal", "--band", "0", "0", "--max-deals", "1"], "the conditions in 1 deal; widen"),
    ],
)
def test_a_limit_of_one_is_said_in_the_singular(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv)[0] == 4
    assert said in capsys.readouterr().err


def test_24_deal_searches_its_hands_within_max_steps(capsys: pytest.CaptureFixture[str]) -> None:
    """``--max-steps`` bounds the search of each hand dealt, as it bounds a hand solved:
    the deal took the default whatever was asked."""
    assert run("24", "deal", "--seed", "1", "--max-steps", "5")[0] == 4
    assert "more than max_steps=5 steps; raise the limit (--max-steps)" in capsys.readouterr().err
    assert run("24", "deal", "--seed", "1", "--max-steps", "100000000") == run(
        "24", "deal", "--seed", "1"
    )


@pytest.mark.parametrize(
    ("argv", "status", "shown"),
    [
        (["2", "3", "4", "--target", "100"], 3, "2 3 4 is not a Countdown draw"),
        (["7", "7", "7", "1", "2", "3", "--target", "500"], 3, "not a Countdown draw"),
        (["100", "100", "1", "2", "3", "4", "--target", "500"], 3, "not a Countdown draw"),
        (["1", "2", "3", "4", "5", "6", "--target", "50"], 3, "target 50 is not from 100 to 999"),
        (["1", "2", "3", "4", "5", "6", "--target", "1000"], 3, "--any allows any target"),
        (["1", "2", "3"], 2, "needs the numbers and --target"),
        (["--deal", "1", "2"], 2, "give neither"),
        (["--deal", "--target", "500"], 2, "give neither"),
        (["--deal", "--large", "5"], 2, "large must be from 0 to 4"),
    ],
)
def test_countdown_refuses_a_draw_the_show_cannot_deal(
    argv: list[str], status: int, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("countdown", *argv) == (status, "")
    assert shown in capsys.readouterr().err


@pytest.mark.parametrize("large", ["0", "1", "2", "3", "4"])
def test_countdown_deals_a_legal_round_again_from_its_seed(large: str) -> None:
    status, out = run("countdown", "--deal", "--large", large, "--seed", "5", "--json")
    assert run("countdown", "--deal", "--large", large, "--seed", "5", "--json") == (status, out)
    record = json.loads(out)
    numbers, target = record["numbers"], record["target"]
    assert sum(n in (25, 50, 75, 100) for n in numbers) == int(large)
    assert 100 <= target <= 999
    expected = run("countdown", *map(str, numbers), "--target", str(target), "--json")
    assert expected == (status, out)  # the round dealt is the round solved
    shown = run("countdown", "--deal", "--large", large, "--seed", "5")[1].splitlines()[0]
    assert shown.startswith(f"{' '.join(map(str, numbers))} -> {target}: ")


@pytest.mark.parametrize(
    ("argv", "lines"),
    [
        (["24", "3", "3", "8", "8", "--explain"],
         ["3 3 8 8 -> 24: 1 distinct solution (4nums)", "  8/(3-8/3) = 24",
          "      3-8/3 = 1/3", "      8/(1/3) = 24"]),
        (["countdown", "2", "3", "4", "--target", "100", "--any", "--explain"],
         ["2 3 4 -> 100: cannot be reached; nearest 24 (76 away): 1 distinct solution (4nums)",
          "  4*3*2 = 24", "      4*3 = 12", "      12*2 = 24"]),
        (["level", "--start", "0", "--goal", "4", "--moves", "3", "+1", "x2", "--explain"],
         ["level: 0 -> 4 in 3 moves, buttons +1 x2", "shortest: 3 moves", "  start                0",
          "  +1                   1", "  +1                   2", "  x2                   4",
          "  proven: the search tried every sequence of up to 2 presses; none reaches the goal"]),
        (["level", "--start", "0", "--goal", "2", "--moves", "3", "+2", "--explain"],
         ["level: 0 -> 2 in 3 moves, buttons +2", "shortest: 1 move", "  start                0",
          "  +2                   2", "  proven: the start is not the goal"]),
        (["level", "--start", "0", "--goal", "2", "--moves", "2", "+1", "x3", "--explain"],
         ["level: 0 -> 2 in 2 moves, buttons +1 x3", "shortest: 2 moves", "  start                0",
          "  +1                   1", "  +1                   2",
          "  proven: the search tried every sequence of up to 1 press; none reaches the goal"]),
        (["level", "--start", "1", "--goal", "1111", "--moves", "3", "Store", "--free-hold",
          "--explain"],
         ["level: 1 -> 1111 in 3 moves, buttons Store", "shortest: 2 moves",
          "  start                1", "  Store(hold)          1", "  Store               11",
          "  Store(hold)         11", "  Store             1111",
          "  proven: the search tried every sequence of up to 1 move, a Store hold costing none;"
          " none reaches the goal"]),
        (["level", "--start", "39", "--goal", "6", "--moves", "2", "--portal", "1", "0", "Store",
          "+1", "--free-hold", "--explain"],
         ["level: 39 -> 6 in 2 moves, buttons Store +1, portal from position 1 to 0",
          "shortest: 1 move", "  start               39", "  Store(hold)   39 portal 3",
          "  Store         339 portal 6",
          "  proven: the start is not the goal, nor does a Store hold show it"]),
    ],
)  # fmt: skip
def test_explain_shows_the_working_and_the_proof(argv: list[str], lines: list[str]) -> None:
    assert run(*argv)[1].splitlines() == lines


def test_json_lines_with_numbers_as_numbers_and_fractions_as_text() -> None:
    status, out = run("24", "1/2", "3/2", "5", "--target", "7", "--count", "--json")
    assert status == 0 and json.loads(out) == {
        "numbers": ["1/2", "3/2", 5],
        "target": 7,
        "count": 3,
    }
    status, out = run("24", "3", "4", "--target", "3/4", "--json")
    assert json.loads(out) == {"numbers": [3, 4], "target": "3/4", "solutions": ["3/4"]}
    _, out = run("24", "deal", "--seed", "1", "--json")
    assert list(json.loads(out)) == ["numbers", "target"]
    _, out = run("countdown", "2", "3", "4", "--target", "24", "--any", "--json")
    assert list(json.loads(out))[:2] == ["numbers", "target"]
    argv = ["level", "--start", "0", "--goal", "2", "3", "--moves", "3", "+1", "--json"]
    lines = run(*argv)[1].splitlines()
    assert [json.loads(line)["goal"] for line in lines] == [2, 3]


@pytest.mark.parametrize(
    ("text", "target_last", "expected"),
    [
        ("3 3 8 8\n\n# a comment\n1,2,3,4  # easy\n", False,
         [(["3", "3", "8", "8"], None), (["1", "2", "3", "4"], None)]),
        ("100 75 50 25 6 3 952\n", True, [(["100", "75", "50", "25", "6", "3"], "952")]),
        ('[[3, 3, 8, 8], {"numbers": [1, "1/2"], "target": 3}]', False,
         [(["3", "3", "8", "8"], None), (["1", "1/2"], "3")]),
        ('{"numbers": [1, 2]}\n\n{"numbers": [3], "target": 3}\n', False,
         [(["1", "2"], None), (["3"], "3")]),
        ("a,b,c,d,target\n3,3,8,8,24\n\n1,2,3,4,10\n", False,
         [(["3", "3", "8", "8"], "24"), (["1", "2", "3", "4"], "10")]),
        ("Cards,Target\r\n3 3 8 8,\r\n1 2 3,6\r\n", True,  # (the header says; a spreadsheet's CRLF)
         [(["3", "3", "8", "8"], None), (["1", "2", "3"], "6")]),
        ("card 1,card 2,card 3\n1,2,\n", False, [(["1", "2"], None)]),
    ],
)  # fmt: skip
def test_puzzle_files_in_each_form(
    text: str, target_last: bool, expected: list[tuple[list[str], str | None]]
) -> None:
    puzzles = read_puzzles(text, "f", target_last=target_last)
    assert [(p.numbers, p.target) for p in puzzles] == expected


@pytest.mark.parametrize(
    ("text", "target_last", "shown"),
    [
        ('[{"cards": [1]}]', False, "f item 1: expected a list of numbers"),
        ('{"numbers": [true]}', False, "f line 1: not a number: True"),
        ('{"numbers": [1]', False, "f line 1: not valid JSON"),
        ('{"numbers": 3}', False, "f line 1: expected"),
        ('"3 3 8 8"', False, None),  # plain text: a line of one word
        ("952\n", True, "f line 1: expected the numbers, then the target"),
        ("[1, 2]", False, "f item 1: expected"),
        ("a,b\n1,2,3\n", False, "f line 2: 3 cells, but the header names 2 columns"),
        ("cards\n1,2\n", False, "f line 2: 2 cells, but the header names 1 column"),
    ],
)
def test_puzzle_files_that_cannot_be_read(text: str, target_last: bool, shown: str | None) -> None:
    if shown is None:
        assert read_puzzles(text, "f", target_last=target_last)[0].numbers == ['"3', "3", "8", '8"']
        return
    with pytest.raises(InvalidHandError) as error:
        read_puzzles(text, "f", target_last=target_last)
    assert shown in str(error.value)


def test_a_csv_file_of_answers_has_an_answer_column() -> None:
    text = 'a,b,c,d,answer\n3,3,8,8,"8/(3-8/3)"\n'
    assert read_puzzles(text, "f", answers=True)[0].answer == "8/(3-8/3)"
    with pytest.raises(InvalidHandError, match="f line 1: a CSV file of answers needs an 'answer'"):
        read_puzzles("a,b\n1,2\n", "f", answers=True)
    with pytest.raises(InvalidHandError, match="f line 2: no answer in the 'answer' column"):
        read_puzzles("a,answer\n1,\n", "f", answers=True)


def test_the_sample_file_of_hands_is_read_as_the_readme_says() -> None:
    status, out = run(
        "24", "--file", str(Path(__file__).parents[1] / "examples" / "hands.csv"), "--count"
    )
    assert status == 1 and out.splitlines()[0] == "3 3 8 8 -> 24: 1 distinct solution (4nums)"
    assert "1 2 3 4 -> 10: " in out and "1 1 1 1 -> 24: 0 distinct solutions" in out


def test_batches_from_a_file_and_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("3 3 8 8\n1 1 1 1\n1,2,3,4\n")
    assert run("24", "--file", str(hands), "--count") == (1,  # the worst status
        "3 3 8 8 -> 24: 1 distinct solution (4nums)\n1 1 1 1 -> 24: 0 distinct solutions (4nums)\n"
        "1 2 3 4 -> 24: 3 distinct solutions (4nums)\n")  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"numbers": [3, 8]}\n{"numbers": [4, 6]}\n'))
    status, out = run("24", "--file", "-", "--json")
    assert status == 0 and [json.loads(line)["solutions"] for line in out.splitlines()] == [
        ["8*3"], ["6*4"],
    ]  # fmt: skip
    rounds = tmp_path / "rounds.csv"
    rounds.write_text("100,75,50,25,6,3,952\n1,2,3,4,5,6,100\n")
    status, out = run("countdown", "--file", str(rounds), "--json")
    assert status == 0 and [json.loads(line)["reached"] for line in out.splitlines()] == [
        [952], [100],
    ]  # fmt: skip
    level = run("level", "--start", "0", "--goal", "4", "5", "--moves", "3", "+1", "x2", "--json")
    monkeypatch.setattr(sys, "stdin", io.StringIO(level[1]))  # its own JSON Lines read back
    status, out = run("level", "--file", "-")
    assert status == 1 and "level 2: 0 -> 5" in out and "no solution" in out


@pytest.mark.parametrize(
    ("argv", "content", "status", "shown"),
    [
        (["24", "--file", "{}"], "1 2 x\n", 3, "line 1: not a number"),
        (["24", "--file", "{}"], "", 3, "no puzzles in"),
        (["24", "1", "2", "--file", "{}"], "1 2\n", 2, "not both"),
        (["24"], "", 2, "give the cards, or --file"),
        (["countdown", "--file", "{}"], "1 2 3 4 5 6 50\n", 3, "line 1: the target 50"),
        (
            ["countdown", "--file", "{}"],
            "1 2 3 4 5 x 500\n",
            3,
            "line 1: not a whole number of at most 30 digits: 'x'",
        ),
        (["countdown", "--file", "{}", "--any"], "1 2 3 4 5 6 50\n", 0, ""),
        (["countdown", "--file", "{}", "--deal"], "1 2 3 4 5 6 500\n", 2, "give no numbers"),
        (["24", "--file", "/nonexistent/hands.txt"], "", 3, "cannot read puzzles"),
    ],
)
def test_batch_errors_name_the_line(
    tmp_path: Path,
    argv: list[str],
    content: str,
    status: int,
    shown: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(content)
    assert run(*[arg.format(path) for arg in argv])[0] == status
    assert shown in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_rate_and_time_left_on_a_terminal_only() -> None:
    assert progress_bar(io.StringIO()) is None  # a pipe or a file: nothing
    times = iter([100.0, 102.0, 103.0, 104.0])
    terminal = _Terminal()
    show = progress_bar(terminal, clock=lambda: next(times))
    assert show is not None
    show(10, 40)  # 10 in 2 s: too soon to tell the time left
    assert terminal.getvalue().endswith("] 10/40 5.0/s ...  ")
    show(15, 40)  # 5 a second since the start: 25 left take 5 s
    assert terminal.getvalue().endswith("] 15/40 5.0/s 5 s left  ")
    show(40, 40)
    assert terminal.getvalue().endswith("] 40/40 10.0/s done in 4 s  \n")


def test_the_progress_bar_gives_no_time_left_until_the_rate_is_steady() -> None:
    """A run whose first item took 3 s and the rest 1,000 a second: no estimate from the
    slow start (it said 105,138 s left for a run that ended 17 s later)."""
    clock = [0.0]
    terminal = _Terminal()
    show = progress_bar(terminal, clock=lambda: clock[0])
    assert show is not None
    clock[0] = 3.0
    show(1, 20_000)
    shown = [terminal.getvalue().rsplit("\r", 1)[-1]]
    for step in range(1, 81):
        clock[0] = 3.0 + step / 4
        show(1 + 250 * step, 20_000)
        shown.append(terminal.getvalue().rsplit("\r", 1)[-1])
    estimates = [int(line.split()[-3]) for line in shown if "s left" in line]
    assert shown[0].endswith("...  ") and shown[1].endswith("...  ")
    assert estimates and all(abs(left - (20_000 - 250 * step) / 1000) < 2 for step, left in
                             zip(range(81 - len(estimates), 81), estimates, strict=True))  # fmt: skip


@pytest.mark.parametrize(
    ("seen", "rate"),
    [
        ([(0.0, 0), (1.0, 10), (2.0, 20), (3.0, 30), (4.0, 40)], 10.0),
        ([(0.0, 0), (1.0, 10)], None),  # (too little seen)
        ([(0.0, 0), (3.0, 1), (3.5, 500), (4.0, 1000)], None),  # (a slow start)
        ([(0.0, 0), (2.0, 100), (4.0, 110)], None),  # (slowing down)
        ([(0.0, 0), (4.0, 40)], None),  # (no report between)
        ([(0.0, 0), (2.0, 20), (4.0, 21)], None),
    ],
)
def test_a_rate_is_steady_when_the_latest_quarter_runs_as_the_one_before(
    seen: list[tuple[float, int]], rate: float | None
) -> None:
    assert steady_rate(seen) == rate


@pytest.mark.parametrize(
    ("cards", "shown"), [(["1", "2", "3", "4", "5", "6"], True), (["3", "3", "8", "8"], False)]
)
def test_a_long_hand_shows_its_progress(
    cards: list[str], shown: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(text, "progress_bar", lambda stream: lambda d, t: calls.append((d, t)))
    for extra in ([], ["--count"]):
        calls.clear()
        assert run("24", *cards, *extra)[0] == 0
        assert bool(calls) == shown and (not calls or calls[-1][0] == calls[-1][1])


# -- what a new user meets: the portal, one-line errors, batches named, options refused -----


def test_a_portal_level_shows_its_portal_and_the_display_before_it() -> None:
    status, out = run("level", "195")
    lines = out.splitlines()
    assert status == 0 and lines[0].endswith(", portal from position 3 to 0")
    assert lines[3].split() == ["x2", "1226", "portal", "227"]  # 613 x2: 1226, then the 1 falls
    record = json.loads(run("level", "195", "--json")[1])
    solution = record["solutions"][0]
    assert solution["displays"] == ["227", "277", "777"]
    assert solution["before_portal"] == ["1226", "2275", "2775"]
    assert "before_portal" not in json.loads(run("level", "1", "--json")[1])["solutions"][0]


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["24", "3", "3", "8", "8", "--jsn"],
         "unrecognized arguments: --jsn (did you mean --json?); see 'python -m puzzlecalc 24 --help'"),
        (["level", "155", "--explian"], "(did you mean --explain?)"),
        (["lvl"], "unknown subcommand 'lvl' (did you mean level?)"),
        (["cencus", "24"], "unknown subcommand 'cencus' (did you mean census?)"),
        ([], "give a subcommand: level, levels, make-level, 24, ten, years, krypto, every, fours, countdown, census"),
        (["census", "24", "--targets", "1"], "argument --targets: expected 2 arguments"),
        (["24", "--target", "x", "1"], "argument --target: not a number"),
    ],
)  # fmt: skip
def test_a_usage_error_is_one_line_with_the_nearest_word(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv)[0] == 2
    err = capsys.readouterr().err
    assert line in err and err.count("\n") == 1 and err.startswith("puzzlecalc: error: "), err
    assert "usage:" not in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["census", "countdown", "--cards", "3"], "--cards does not go with census countdown"),
        (["census", "24", "--weighted"], "--weighted does not go with census 24"),
        (["census", "countdown", "--ops", "+-", "--max-steps", "9"],
         "--max-steps, --ops does not go with census countdown"),
        (["census", "24", "--unary", "!", "--max-steps", "0"], "--max-steps: must be at least 1, not 0"),
        (["census", "24", "--unary-depth", "11"], "unary_depth must be from 0 to 10, not 11"),
        (["census", "24", "--resume"], "--resume continues the rows of --csv"),
        (["census", "24", "--tables-json", "-"], "--tables-json '-': give a file's name, or /dev/stdout"),
        (["census", "24", "--csv", "-"], "--csv '-': give a file's name"),
        (["census", "24", "--targets", "10", "1"], "--targets 10 1: the first must not be above"),
        (["24", "3", "3", "8", "8", "--count", "--hint", "1"], "--count and --hint/--difficulty"),
        (["24", "3", "3", "8", "8", "--count", "--explain"], "--explain does not go with --count"),
        (["24", "3", "3", "8", "8", "--seed", "1"], "--seed does not go with solving a hand"),
        (["24", "deal", "--explain"], "--explain does not go with 24 deal"),
        (["24", "3", "3", "8", "8", "--earlier", "3*8"], "--earlier does not go with solving"),
        (["countdown", "1", "2", "--target", "3", "--seed", "1"], "--large and --seed go with --deal"),
        (["level", "155", "--all", "--hint"], "--after and --hint advise on a level"),
        (["level", "155", "--all", "--explain"], "not with --all"),
        (["level", "155", "--max-solutions", "5"], "--max-solutions goes with --all"),
        (["level", "--number", "3"], "--number picks a level of --file"),
        (["level", "--start", "1", "--goal", "2", "--moves", "1", "--game", "2", "+1"], "--game goes with"),
    ],
)  # fmt: skip
def test_options_that_do_not_apply_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv) == (2, "")
    assert message in capsys.readouterr().err


def test_census_json_prints_and_files_have_their_own_flags(tmp_path: Path) -> None:
    argv = ["census", "24", "--low", "1", "--high", "5", "--targets", "20", "24", "--jobs", "1"]
    status, out = run(*argv, "--json")
    tables = json.loads(out)
    assert status == 0 and set(tables) == {"rules", "targets", "solutions"}
    folder, data = tmp_path / "made" / "here", tmp_path / "tables.json"
    status, out = run(*argv, "--tables", str(folder), "--tables-json", str(data))
    assert status == 0 and "making 24:" in out  # text on standard output, tables in the files
    assert json.loads(data.read_text()) == tables
    assert sorted(path.name for path in folder.iterdir()) == [
        "rules.csv",
        "solutions.csv",
        "targets.csv",
    ]


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_files_are_written_with_the_users_umask(tmp_path: Path, umask: int) -> None:
    previous = os.umask(umask)
    try:
        rows, data = tmp_path / "rows.csv", tmp_path / "tables.json"
        argv = ["census", "24", "--low", "1", "--high", "4", "--targets", "20", "24", "--jobs", "1"]
        assert run(*argv, "--csv", str(rows), "--tables-json", str(data))[0] == 0
    finally:
        os.umask(previous)
    for path in (rows, data, tmp_path / "rows.csv.settings.json"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask, path


def test_batch_records_name_their_puzzles(tmp_path: Path) -> None:
    rounds = tmp_path / "rounds.txt"
    rounds.write_text("100 75 50 25 6 3 952\n1 2 3 4 5 6 100\n")
    status, out = run("countdown", "--file", str(rounds))
    headings = [line for line in out.splitlines() if not line.startswith(" ")]
    assert status == 0 and headings == [
        "100 75 50 25 6 3 -> 952: 2 distinct solutions (4nums)",
        "1 2 3 4 5 6 -> 100: 110 distinct solutions (4nums), the first 10 shown (--all: every one)",
    ]
    hands = tmp_path / "hands.txt"
    hands.write_text("3 3 8 8\n1 1 1 1\n")
    lines = run("24", "--file", str(hands), "--count", "--json")[1].splitlines()
    assert [json.loads(line) for line in lines] == [
        {"numbers": [3, 3, 8, 8], "target": 24, "count": 1},
        {"numbers": [1, 1, 1, 1], "target": 24, "count": 0},
    ]


def test_explain_and_json_carry_the_working() -> None:
    record = json.loads(run("24", "3", "3", "8", "8", "--explain", "--json")[1])
    assert record["working"] == [["3-8/3 = 1/3", "8/(1/3) = 24"]]
    record = json.loads(
        run("countdown", "2", "3", "4", "--target", "24", "--any", "--explain", "--json")[1]
    )
    assert record["working"] == [["4*3 = 12", "12*2 = 24"]]
    record = json.loads(run("level", "1", "--explain", "--json")[1])
    assert (
        record["proven"]
        == "the search tried every sequence of up to 1 press; none reaches the goal"
    )
    # a solution of no moves: none is shorter, and nothing is said (as in the text)
    record = json.loads(
        run("level", "--start", "5", "--goal", "5", "--moves", "1", "+1", "--explain", "--json")[1]
    )
    assert record["solutions"][0]["moves"] == 0 and "proven" not in record


def test_every_limit_of_the_api_has_a_flag_the_error_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _ = run("24", "1", "2", "3", "4", "5", "6", "--max-steps", "50")
    assert status == 4 and capsys.readouterr().err.rstrip().endswith(
        "raise the limit (--max-steps)"
    )
    assert run("24", "1", "2", "3", "4", "5", "6", "--max-steps", "500000", "--count")[0] == 0
    status, _ = run(
        "countdown", "100", "75", "50", "25", "6", "3", "--target", "952", "--max-steps", "5"
    )
    assert status == 4 and "(--max-steps)" in capsys.readouterr().err
    status, _ = run("24", "3", "3", "8", "8", "--hint", "1", "--max-steps", "2")
    assert status == 4 and "(--max-steps)" in capsys.readouterr().err
    status, _ = run("level", "155", "--max-states", "10")
    assert status == 4 and "(--max-states)" in capsys.readouterr().err
    status, _ = run("24", "deal", "--band", "50", "60", "--max-deals", "3")
    assert status == 4 and "(--max-deals)" in capsys.readouterr().err
    status, _ = run("census", "24", "--max-items", "10")
    assert status == 4 and "(--max-items)" in capsys.readouterr().err
    status, _ = run("census", "24", "--targets", "0", "1000000000")
    assert (
        status == 4
        and "1,000,000,001 targets, more than max_targets=100000" in capsys.readouterr().err
    )


def test_a_level_of_several_goals_picks_one_by_goal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run("level", "19", "--game", "2", "--goal", "63")
    assert status == 0 and out.startswith("level 19: 200 -> 63 in 4 moves")
    assert "goal 96" not in out
    assert run("level", "19", "--game", "2", "--goal", "64")[0] == 2
    assert "level 19 has the goals 96, 63, 33, not [64]" in capsys.readouterr().err


def test_calculator_2_numbering_is_said_and_level_184_is_the_games_own() -> None:
    status, out = run("level", "--help")
    assert status == 0  # (argparse prints the help itself)
    status, out = run("level", "184", "--game", "2")
    assert status == 0 and out.startswith("level 184 goal 49: 54 -> 49 in 3 moves")


def test_check_says_when_an_answer_is_the_same_solution_as_an_earlier_one() -> None:
    argv = ["24", "check", "(8/(3-(8/3)))", "3", "3", "8", "8", "--earlier", "8/(3-8/3)", "1+1"]
    assert run(*argv) == (1, "3 3 8 8 -> 24: correct, but the same solution as answer 1\n")
    status, out = run("24", "check", "4*3*2*1", "1", "2", "3", "4", "--earlier", "(4+2)*(3+1)")
    assert (status, out) == (0, "1 2 3 4 -> 24: correct: 4*3*2*1 = 24\n")
    argv = ["24", "check", "There is none.", "1", "1", "1", "1", "--earlier", "1+1", "impossible"]
    assert run(*argv) == (1, "1 1 1 1 -> 24: correct, but the same answer as answer 2\n")


def test_check_keys_the_earlier_answers_within_max_steps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Keying an answer of 22 different terms takes some 4,000 steps: past a lower
    ``--max-steps`` the command says so; at the default it goes through."""
    cards = [str(n) for n in range(1, 23)]
    earlier = "".join(f"{'+' if n % 2 else '-'}{n}" for n in range(1, 23))[1:]  # 1-2+3-...
    answer = "1-(2-3)" + earlier[len("1-2+3") :]
    argv = ["24", "check", answer, *cards, "--target", "-11", "--in-order", "--max-cards", "22"]
    assert run(*argv, "--earlier", earlier, "--max-steps", "1000")[0] == 4
    assert f"search limit: the key of '{earlier}' took more than" in capsys.readouterr().err
    status, out = run(*argv, "--earlier", earlier)
    same = f"{' '.join(cards)} -> -11: correct, but the same solution as answer 1\n"
    assert (status, out) == (1, same)


def test_check_takes_a_file_of_answers(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text(
        "3 3 8 8: 8/(3-8/3)\n3 3 8 8: 8/(3-(8/3))\n1 2 3 4: (1+2+3)*4\n1 2 3 4: 1+2+3+4\n"
        "1 1 1 1: no solution\n1 1 1 1: None\n"
    )
    status, out = run("24", "check", "--file", str(answers))
    assert status == 1 and out.splitlines() == [
        "3 3 8 8 -> 24: correct: 8/(3-8/3) = 24",
        f"3 3 8 8 -> 24: correct, but the same solution as {str(answers)!r} line 1",
        "1 2 3 4 -> 24: correct: (1+2+3)*4 = 24",
        "1 2 3 4 -> 24: not accepted: gives 10, not 24",
        "1 1 1 1 -> 24: correct: there is no solution",
        f"1 1 1 1 -> 24: correct, but the same answer as {str(answers)!r} line 5",
    ]
    answers.write_text('{"numbers": [3, 8], "answer": "8*3"}\n')
    record = json.loads(run("24", "check", "--file", str(answers), "--json")[1])
    assert record["ok"] and record["same_as"] is None


def test_a_hand_with_no_solution_says_how_close_one_can_get() -> None:
    status, out = run("24", "1", "1", "1", "1")
    assert (
        status == 1 and out.splitlines()[0] == "1 1 1 1 -> 24: no way to make 24; 4 is the closest"
    )
    record = json.loads(run("24", "3", "3", "8", "8", "--integer-only", "--json")[1])
    assert record["solutions"] == [] and record["nearest"] == [23, 25]
    record = json.loads(run("24", "1", "1", "1", "1", "--difficulty", "--json")[1])
    assert record["solvable"] is False and record["nearest"] == [4]


def test_ascii_writes_fraction_cards_that_paste_into_python() -> None:
    plain = run("24", "1/2", "3/2", "5", "--target", "7")[1]
    ascii = run("24", "1/2", "3/2", "5", "--target", "7", "--ascii")[1]
    assert "\u2044" in plain and "\u2044" not in ascii and ascii == plain.replace("\u2044", "/")
    record = json.loads(run("24", "1/2", "3/2", "5", "--target", "7", "--ascii", "--json")[1])
    assert record["numbers"] == ["1/2", "3/2", 5]
    assert all(eval(text) == 7 for text in record["solutions"])


RECORDS: dict[tuple[str, ...], Any] = {  # (TypedDicts: their keys are read at run time)
    ("level", "155"): cli_records.LevelRecord,
    ("level", "195"): cli_records.LevelRecord,
    ("level", "155", "--after", "/3"): cli_records.AdviceRecord,
    ("make-level", "--seed", "1", "--moves", "3"): cli_records.MadeLevelRecord,
    ("24", "3", "3", "8", "8", "--explain"): cli_records.SolutionsRecord,
    ("24", "1", "1", "1", "1"): cli_records.SolutionsRecord,
    ("24", "3", "3", "8", "8", "--count"): cli_records.CountRecord,
    ("24", "check", "3*8", "3", "8"): cli_records.CheckRecord,
    ("24", "3", "3", "8", "8", "--hint", "2", "--difficulty"): cli_records.HintRecord,
    ("24", "1", "1", "1", "1", "--hint", "2"): cli_records.HintRecord,
    ("24", "deal", "--seed", "1"): cli_records.HandRecord,
    (
        "countdown",
        "2",
        "3",
        "4",
        "--target",
        "100",
        "--any",
        "--explain",
    ): cli_records.CountdownRecord,
    ("years", "20", "30", "--cards", "4", "3", "2", "1"): cli_records.YearRecord,
    ("levels", "--game", "2", "--start", "54"): cli_records.ListedLevelRecord,
    ("levels", "--goal", "3001"): cli_records.ListedLevelRecord,
}


@pytest.mark.parametrize("argv", list(RECORDS), ids=" ".join)
def test_every_json_record_holds_to_its_schema(argv: tuple[str, ...]) -> None:
    schema = RECORDS[argv]
    for line in run(*argv, "--json")[1].splitlines():
        record = json.loads(line)
        assert (
            schema.__required_keys__
            <= set(record)
            <= schema.__required_keys__ | schema.__optional_keys__
        )
        for name in schema.__required_keys__ & {"solutions", "numbers"}:
            assert isinstance(record[name], list)


def test_ten_solves_digits_in_their_order_and_counts_the_strings() -> None:
    assert run("ten", "1199") == (
        0,
        "1 1 9 9 -> 10: 1 distinct solution (4nums)\n  (1+1/9)*9 = 10\n",
    )
    assert run("ten", "1158")[1] == "1 1 5 8 -> 10: no way to make 10 in their order\n"
    status, out = run("ten", "2023", "--target", "7", "--json", "--explain")
    record = json.loads(out)
    assert status == 0 and record["numbers"] == [2, 0, 2, 3] and record["target"] == 7
    assert record["solutions"] == ["2+0+2+3", "2*(0+2)+3"] and len(record["working"]) == 2
    status, out = run("ten", "--census", "--length", "2")
    assert (
        status == 0
        and out.splitlines()[0]
        == "11 of the 100 strings of 2 digits make 10 in their order (11.00%)"
    )
    census = json.loads(run("ten", "--census", "--length", "2", "--no-in-order", "--json")[1])
    assert census["solvable"] + len(census["unsolvable"]) == census["strings"] == 100
    assert census["in_order"] is False and "19" not in census["unsolvable"]


def test_krypto_solves_a_deal_and_deals_one() -> None:
    status, out = run("krypto", "2", "4", "7", "8", "14", "--target", "2")
    assert status == 0 and out.startswith("2 4 7 8 14 -> 2: 67 distinct solutions (4nums)\n")
    dealt = json.loads(run("krypto", "--deal", "--seed", "7", "--json")[1])
    assert (
        dealt["numbers"] == [2, 4, 7, 8, 14]
        and dealt["target"] == 2
        and len(dealt["solutions"]) == 67
    )
    solvable = json.loads(
        run("krypto", "--deal", "--seed", "1", "--solvable", "--integer-only", "--json")[1]
    )
    assert (
        solvable["solutions"]
        and run("krypto", "--deal", "--seed", "7", "--explain")[1].count(" = ") > 67
    )


def test_krypto_deals_within_the_limits_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """The limits the error names are flags of ``krypto``: ``--max-deals`` (it named a flag
    krypto did not have) and ``--max-steps`` (the deal searched with the default)."""
    dealing = ["krypto", "--deal", "--seed", "1", "--solvable"]
    assert run(*dealing, "--ops", "*", "--max-deals", "7")[0] == 4
    assert "no Krypto deal of 7 could be made" in capsys.readouterr().err
    assert run(*dealing, "--max-steps", "5")[0] == 4
    assert "more than max_steps=5 steps; raise the limit (--max-steps)" in capsys.readouterr().err
    assert run(*dealing, "--max-deals", "5000") == run(*dealing)
    assert run("krypto", "--deal", "--max-deals", "9")[0] == 2
    assert "--max-deals goes with --solvable" in capsys.readouterr().err


def test_every_lists_the_targets_and_the_first_missed() -> None:
    status, out = run("every", "4", "4", "4", "4", "--up-to", "12")
    assert status == 1 and out.splitlines()[10] == "    10  -"
    assert out.splitlines()[-1] == "11 of 13 made; first missed: 10"
    record = json.loads(run("every", "1", "2", "3", "4", "--up-to", "5", "--json")[1])
    assert record["first_missed"] is None and len(record["solutions"]) == 6 and record["low"] == 0
    assert run("every", "1", "2", "3", "4", "--up-to", "5")[0] == 0


def test_fours_lists_what_four_4s_make_under_their_own_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = run("fours", "--up-to", "12")
    assert status == 0 and out.splitlines()[11] == "    11  44/√(4*4)"
    assert out.splitlines()[-1] == "13 of 13 made; all of 0 to 12"
    status, out = run(
        "fours", "--up-to", "12", "--ops", "+-*/", "--unary", "", "--no-concat", "--no-decimal"
    )
    assert status == 1 and out.splitlines()[-1] == "11 of 13 made; first missed: 10"
    record = json.loads(run("fours", "--digit", "9", "--count", "2", "--up-to", "3", "--json")[1])
    assert record["numbers"] == [9, 9] and record["solutions"][:2] == ["9-9", "9/9"]
    assert run("fours", "--digit", "12")[0] == 2
    assert "digit must be from 0 to 9, not 12" in capsys.readouterr().err


def test_the_family_rules_have_their_flags(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run("24", "4", "4", "4", "--target", "11", "--concat", "--decimal")
    assert status == 0 and out.splitlines()[0] == "4 4 4 -> 11: 3 distinct solutions (4nums)"
    status, out = run("24", "4", "4", "--target", "48", "--unary", "!", "--unary-on", "cards")
    assert status == 0 and out.splitlines()[1] == "  4!+4! = 48"
    assert run("24", "2", "5", "--target", "32", "--ops", "^")[1].splitlines()[1] == "  2^5 = 32"
    status, out = run("24", "check", "2^5", "2", "5", "--target", "32", "--ops", "+^")
    assert status == 0
    assert run("24", "4", "--unary-depth", "99")[0] == 2
    assert "unary_depth must be from 0 to 10, not 99" in capsys.readouterr().err
    assert run("24", "9", "9", "--ops", "^", "--max-digits", "0")[0] == 2


# -- pictures: --svg -----------------------------------------------------------------------


def _svg_texts(path: Path, kind: str) -> list[str]:
    root = ElementTree.fromstring(path.read_text("utf-8"))
    return [each.text or "" for each in root.iter("{http://www.w3.org/2000/svg}text")
            if each.get("class") == kind]  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "kind", "expected"),
    [
        (["level", "155", "--explain"], "display goal", ["3001"]),
        (["level", "155"], "press", ["Store(hold)", "/3", "Store", "39=>93", "Store(hold)",
                                     "Store", "39=>93", "/3", "31=>00"]),
        (["24", "3", "3", "8", "8"], "value", None),
        (["countdown", "100", "75", "50", "25", "6", "3", "--target", "952"], "value", None),
        (["census", "24", "--high", "6", "--targets", "0", "30"], "key",
         ["any", "integer_only", "non_negative", "classroom"]),
    ],
)  # fmt: skip
def test_svg_writes_the_picture_the_library_draws(
    argv: list[str], kind: str, expected: list[str] | None, tmp_path: Path
) -> None:
    picture = tmp_path / "picture.svg"
    status, out = run(*argv, "--svg", str(picture))
    assert status == 0 and out  # (the text is printed as without --svg)
    assert picture.read_text("utf-8").startswith("<svg")
    if expected is not None:
        assert _svg_texts(picture, kind) == expected


def test_svg_of_a_level_without_a_solution_draws_the_level(tmp_path: Path) -> None:
    picture = tmp_path / "level.svg"
    status, _ = run(
        "level", "--start", "0", "--goal", "7", "--moves", "2", "+2", "--svg", str(picture)
    )
    assert status == 1 and "GOAL: 7" in picture.read_text("utf-8")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["level", "155", "--all"], "--svg draws a level's shortest solution: not with --after, --hint or --all"),
        (["level", "184", "--game", "2"], "--svg draws one puzzle"),
        (["level", "--game", "2"], "--svg draws one puzzle"),
        (["24", "--file", "hands.txt"], "--svg draws one hand's solution: not with --file"),
        (["24", "3", "3", "8", "8", "--count"], "--svg does not go with --count"),
        (["countdown", "--file", "rounds.txt"], "--svg draws one round's solution: not with --file"),
    ],
)  # fmt: skip
def test_svg_is_refused_where_there_is_no_one_picture(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv, "--svg", str(tmp_path / "x.svg"))[0] == 2
    assert said in capsys.readouterr().err and not (tmp_path / "x.svg").exists()


def test_svg_into_a_folder_that_does_not_exist_is_refused_before_the_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("census", "countdown", "--svg", str(tmp_path / "no" / "x.svg"))[0] == 2
    assert "the folder" in capsys.readouterr().err


_EXAMPLES = Path(__file__).parents[1] / "examples"

#: The least each subcommand runs with (quickly); a flag and a wrong value are added.
_RUNS_WITH: dict[str, list[str]] = {
    "level": ["3"],
    "levels": [],
    "make-level": [],
    "24": ["3", "3", "8", "8"],
    "ten": ["1199"],
    "years": [],
    "krypto": ["1", "2", "3", "4", "5", "6"],
    "every": ["1", "2", "3"],
    "fours": [],
    "countdown": ["100", "25", "1", "2", "3", "4", "952"],
    "census": ["24", "--high", "4"],
    "generate": ["24", "--count", "1"],
    "grade": [str(_EXAMPLES / "hands.csv"), str(_EXAMPLES / "answers.jsonl")],
    "daily": [],
    "play": ["24"],
}


def _flags_with_values(subcommand: str) -> list[tuple[str, int]]:
    """The flags of ``subcommand`` that take values, with how many each takes."""
    (subparsers,) = [
        action
        for action in main_parser(subcommand)._actions
        if isinstance(action, argparse._SubParsersAction)
    ]
    return [
        (action.option_strings[-1], 2 if action.nargs == 2 else 1)
        for action in subparsers.choices[subcommand]._actions
        if action.option_strings and action.nargs != 0 and "--help" not in action.option_strings
    ]


def test_every_subcommand_is_run_with_wrong_flag_values() -> None:
    assert set(_RUNS_WITH) == set(dict(SUBCOMMANDS))


@pytest.mark.parametrize("subcommand", sorted(_RUNS_WITH))
def test_every_flag_given_a_wrong_value_is_refused_in_a_line_or_taken(
    subcommand: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Each flag that takes a value, given text, a negative, an overflowing float and a
    digit of another script: taken, or refused with a line of the library's (or
    argparse's) last on standard error; never a traceback."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # (play reads its moves there)
    monkeypatch.chdir(tmp_path)  # (--svg, --csv, --tables-json write the files they name)
    for flag, count in _flags_with_values(subcommand):
        for wrong in ["x", "-1", "1e999", "٣"]:
            status = main(
                [subcommand, *_RUNS_WITH[subcommand], flag, *[wrong] * count], io.StringIO()
            )
            said = capsys.readouterr().err
            assert status in (0, 1, 2, 3, 4), (flag, wrong, status)
            assert "Traceback" not in said, (flag, wrong, said)
            if status >= 2:
                assert said.splitlines()[-1].startswith("puzzlecalc: "), (flag, wrong, said)
