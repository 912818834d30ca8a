"""The command line, run in-process."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from shared_data import DATA, load

from puzzlecalc.cli import main


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


def test_shared_level_file() -> None:
    load("ctg1/levels.json")
    status, out = run(
        "level", "--file", str(DATA / "ctg1" / "levels.json"), "--number", "155", "--json"
    )
    assert status == 0 and json.loads(out)["solutions"][0]["moves"] == 9


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["level", "--start", "0", "--goal", "1", "+1"], "moves"),
        (["level", "--start", "0", "--goal", "1", "--moves", "1", "frob"], "'frob'"),
        (["level", "--file", "/nonexistent/levels.json"], "cannot read levels"),
        (
            ["level", "--start", "0", "--goal", "1", "--moves", "1", "--portal", "0", "2", "+1"],
            "portal",
        ),
    ],
)
def test_bad_input_is_a_clear_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run(*argv)
    assert status == 2
    assert message in capsys.readouterr().err


def test_python_dash_m_help_lists_subcommands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "puzzlecalc", "--help"], capture_output=True, text=True, check=True
    )
    assert "level" in result.stdout


def test_24_prints_the_solutions() -> None:
    status, out = run("24", "3", "3", "8", "8")
    assert status == 0
    assert out.splitlines() == ["3 3 8 8 -> 24: 1 distinct solution (4nums)", "  8/(3-8/3) = 24"]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["24", "1", "2", "3", "4", "--count"], "3"),
        (["24", "1", "2", "3", "4", "--count", "--distinct", "none"], "242"),
        (["24", "1", "2", "3", "4", "--count", "--ops", "+-", "--target", "10"], "1"),
        (["24", "3", "3", "8", "8", "--count", "--integer-only"], "0"),
        (["24", "1", "2", "5", "8", "--count", "--distinct", "none", "--non-negative"], "62"),
    ],
)
def test_24_options(argv: list[str], expected: str) -> None:
    _, out = run(*argv)
    assert out.strip() == expected


def test_24_json_and_no_solution() -> None:
    status, out = run("24", "1", "2", "3", "4", "--json", "--ops", "+-", "--target", "10")
    assert status == 0 and json.loads(out) == {
        "cards": "1 2 3 4",
        "target": "10",
        "solutions": ["4+3+2+1"],
    }
    status, out = run("24", "1", "1", "1", "1")
    assert status == 1 and "no way to make 24" in out


def test_24_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("24", "1", "2", "--ops", "^")[0] == 2
    assert "ops must be" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        run("24", "one", "two")


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
    first, second = json.loads(out)
    assert first["goal"] == 17 and first["solutions"][0]["solution_indices"] == [
        [0, "press", 1],
        [0, "press", 1],
    ]
    assert second["solutions"][0]["solution"] == ["Delete@0"]


def test_level_bad_rule_value() -> None:
    status, out = run(
        "level", "--start", "1", "--goal", "2", "--moves", "1", "--min-value", "-5", "+1"
    )
    assert status == 2 and out == ""
