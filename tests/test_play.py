"""``play``: the games in the terminal, driven by scripted input and by a pseudo-terminal."""

from __future__ import annotations

import io
import os
import pty
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from children import ctrl_c_as_on_a_terminal

from puzzlecalc import find_levels, game_level, solve_level
from puzzlecalc.arith24 import HouseRules, deal, hint, solve
from puzzlecalc.arith24.census import Deck
from puzzlecalc.arith24.countdown import countdown
from puzzlecalc.cli import EXIT_INTERRUPTED, main
from puzzlecalc.cli.play import countdown as countdown_play
from puzzlecalc.cli.play.countdown import SCORING, points
from puzzlecalc.cli.play.game24 import WHOLE_HINT
from puzzlecalc.cli.play.terminal import Terminal


def play(lines: list[str], *argv: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """Run ``play ARGV`` in-process with ``lines`` as its input; the status and the output."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    status = main(["play", *argv], out)
    return status, out.getvalue()


class SlowInput:
    """A player who takes ``pause`` seconds to type each line of ``text``."""

    def __init__(self, text: str, pause: float) -> None:
        self.lines, self.pause = io.StringIO(text), pause

    def readline(self) -> str:
        time.sleep(self.pause)
        return self.lines.readline()


def _shortest(number: int, game: int = 1, goal: int = 0) -> list[str]:
    solution = solve_level(game_level(number, game).puzzles[goal])  # type: ignore[arg-type]
    assert solution is not None
    return solution.labels


# -- Calculator levels ---------------------------------------------------------------------


def test_a_level_is_solved_by_its_shortest_solution_typed_as_labels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out = play([*_shortest(155), "quit"], "155", monkeypatch=monkeypatch)
    assert status == 0
    assert "solved in 9 moves (the shortest: 9 moves)" in out
    assert "next: level 156 (Enter, or quit)" in out
    assert out.splitlines()[:7] == [
        "level 155                     moves 0 of 9",
        "+------------+",
        "|          9 |",
        "+------------+",
        "goal 3001",
        "1: 39=>93     2: /3         3: Store",
        "4: 31=>00",
    ]


def test_buttons_are_pressed_by_number_hold_included(monkeypatch: pytest.MonkeyPatch) -> None:
    numbers = ["3(hold)", "2", "3", "1", "3(hold)", "3", "1", "2", "4"]  # 155's shortest
    status, out = play(numbers, "155", monkeypatch=monkeypatch)
    assert status == 0 and "solved in 9 moves" in out
    assert "> 3(hold)\nStore(hold)" in out


def test_enter_goes_on_to_the_next_level_and_the_end_of_input_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out = play([*_shortest(198), "", *_shortest(199), ""], "198", monkeypatch=monkeypatch)
    assert status == 0
    assert out.count("solved in") == 2
    assert "level 199" in out and out.rstrip().endswith(
        "that was the last level\nin all: 2 of 2 goals solved"
    )


def test_undo_clear_show_and_help(monkeypatch: pytest.MonkeyPatch) -> None:
    _status, out = play(
        ["2", "2", "undo", "undo", "undo", "2", "clear", "show", "help", "quit"],
        "155",
        monkeypatch=monkeypatch,
    )
    lines = out.splitlines()
    assert "undone                  3   moves 1 of 9" in lines
    assert "undone                  9   moves 0 of 9" in lines
    assert "nothing to undo" in lines
    assert "cleared                 9   moves 0 of 9" in lines
    assert sum(line == "+------------+" for line in lines) == 4  # drawn at the start and on show
    assert any(line.startswith("press a button by its label") for line in lines)


def test_a_hint_is_the_next_press_or_how_many_to_take_back(monkeypatch: pytest.MonkeyPatch) -> None:
    _status, out = play(
        ["hint", "39=>93", "hint", "undo", "/3", "hint", "quit"], "155", monkeypatch=monkeypatch
    )
    assert "hint: Store(hold) (9 more moves from here; 9 left)" in out
    assert "from here the goal needs at least 9 more moves; 8 are left: undo 1 press" in out
    assert "from here the goal cannot be reached in 9 moves: undo 1 press" in out


def test_the_solution_is_shown_when_asked_for_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    _status, out = play(
        ["solution", "hint", "solution", "solution", "/3", "/3", "solution", "solution", "quit"],
        "155",
        monkeypatch=monkeypatch,
    )
    assert out.count("type solution again to see a shortest way on") == 3  # (a hint between: again)
    assert (
        "from here: Store(hold), /3, Store, 39=>93, Store(hold), Store, 39=>93, /3, 31=>00 (9 moves)"
        in out
    )
    assert "from the start (clear first): Store(hold), /3" in out


def test_presses_not_allowed_or_past_the_limit_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    _status, out = play(["Store", "9", "x", "+1", "quit"], "155", monkeypatch=monkeypatch)
    assert "press 1 ('Store') is not allowed" in out or "not allowed" in out
    assert "no button 9: the grid has 4" in out
    assert "no button shows 'x': type a label or a button's number" in out
    _status, out = play(
        ["1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "quit"], "155", monkeypatch=monkeypatch
    )
    assert "no moves left: undo, clear or hint" in out
    assert "no moves left: undo, clear or hint (9 used)" in out


def test_a_search_limit_is_said_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = play(
        ["hint", *_shortest(155)], "155", "--max-states", "10", monkeypatch=monkeypatch
    )
    assert status == 0
    assert "search limit: the level 9 -> 3001 in 9 moves" in out and "(--max-states)" in out
    assert "solved in 9 moves\n" in out  # (the shortest is past the limit: not said)


def test_next_skips_and_quit_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = play(["next", "quit"], "155", monkeypatch=monkeypatch)
    assert status == 0 and "level 156" in out and "solved" not in out


def test_the_goals_of_a_sequel_level_in_turn_with_lock_and_a_cursor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = _shortest(184, 2, 0)
    assert first == ["Sort asc", "Lock@1", "/5"]
    typed = ["2", "1@1", "3", "", "Lock@1", "Sort asc", "/5"]
    status, out = play(typed, "184", "--game", "2", monkeypatch=monkeypatch)
    assert status == 0
    assert "Calculator 2 level 184, goal 1 of 2" in out and "goal 2 of 2" in out
    assert out.count("solved in 3 moves (the shortest: 3 moves)") == 2
    assert "next: the next goal, 11 in 3 moves (Enter, or quit)" in out
    assert "Lock@1                 45   moves 2 of 3   lock on position 1" in out
    assert "|         10 |" in out.replace("\x1b", "")  # (the positions of the digits, under them)


def test_a_cursor_button_without_its_position_asks_for_one_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lock by its number or its label alone: the positions it may take, in words; the
    arrow pad: its arrows."""
    _status, out = play(["1", "lock", "Lock@1", "show", "quit"], "184", "--game", "2",
                        monkeypatch=monkeypatch)  # fmt: skip
    assert out.count("Lock needs a position: 1@0 or 1@1 (Lock@0, ...)") == 2
    assert "|         10 | positions" in out and "|         L  | L: locked" in out
    shift = find_levels(2, buttons=["shift"])[0]
    index = shift.puzzles[0].labels().index("Shift") + 1
    _status, out = play([str(index), "quit"], str(shift.number), "--game", "2",
                        monkeypatch=monkeypatch)  # fmt: skip
    assert f"Shift needs arrows: {index}@< or {index}@>" in out


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("1@9", "Delete needs a position: 1@0 or 1@1 (Delete@0, ...)"),
        ("1@<", "Delete needs a position: 1@0 or 1@1 (Delete@0, ...)"),
        ("1@5", "Delete needs a position: 1@0 or 1@1 (Delete@0, ...)"),
        ("2@3", "+1 takes no position: type 2"),
        ("2(hold)", "+1 is not held: type 2"),
        ("4@2(hold)", "Store takes no position: type 4(hold)"),
        ("3@9", "Shift needs arrows: 3@< or 3@>"),
    ],
)
def test_a_press_its_button_cannot_take_says_what_to_type_as_the_grid_numbers(
    typed: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not the library's "button 0: ..." of a replay, numbered from 0 where the grid
    numbers from 1."""
    _status, out = play([typed, "quit"], "--start", "12", "--goal", "1", "--moves", "2",
                        "Delete", "+1", "Shift", "Store", monkeypatch=monkeypatch)  # fmt: skip
    assert said in out and "button 0" not in out and "moves 1 of 2" not in out


def test_after_the_goals_of_a_level_a_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    typed = [*_shortest(184, 2, 0), "", "next", "quit"]
    _status, out = play(typed, "184", "--game", "2", monkeypatch=monkeypatch)
    assert "Calculator 2 level 184: 1 of 2 goals solved (49 in 3 moves, 11 skipped)" in out
    assert out.rstrip().endswith("in all: 1 of 2 goals solved")


def test_saying_a_goal_cannot_be_reached_is_right_where_its_level_has_no_solution(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A set may hold levels with no solution (generate calculator --unsolvable): the
    player can say so, and is told whether that is right."""
    file = tmp_path / "levels.jsonl"
    file.write_text('{"start": 0, "goal": [7, 4], "moves": 2, "buttons": ["+2"]}\n')
    typed = ["No solution!", "", "It is impossible.", "+2", "+2"]
    _status, out = play(typed, "--file", str(file), monkeypatch=monkeypatch)
    assert out.count("right: the level has no solution") == 1
    assert "there is a solution: keep trying (hint, or solution twice)" in out
    assert "level 1: 2 of 2 goals solved (7: no solution, 4 in 2 moves)" in out
    _status, out = play(["none", "quit"], "--start", "0", "--goal", "3", "--moves", "3", "+1",
                        monkeypatch=monkeypatch)  # fmt: skip
    assert "there is a solution" in out and "right:" not in out


def test_a_level_by_its_parts_with_a_word_goal(monkeypatch: pytest.MonkeyPatch) -> None:
    _status, out = play(
        ["Sort desc", "Cut 8", "ABC"], "--start", "2825", "--goal", "ODD", "--moves", "3",
        "Sort desc", "Cut 8", monkeypatch=monkeypatch,
    )  # fmt: skip
    assert "goal ODD (522, then ABC: it shows the word, a move)" in out
    assert "ABC                   ODD   moves 3 of 3" in out
    assert "solved in 3 moves" in out


def test_a_level_file_from_a_chosen_level(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "levels.jsonl"
    file.write_text(
        '{"level": 7, "start": 0, "goal": 2, "moves": 2, "buttons": ["+1"]}\n'
        '{"level": 8, "start": 1, "goal": 4, "moves": 2, "buttons": ["x2"]}\n'
    )
    _status, out = play(
        ["1", "1", ""], "--file", str(file), "--number", "8", monkeypatch=monkeypatch
    )
    assert "level 8" in out and "level 7" not in out and "solved in 2 moves" in out


def test_level_24_of_the_first_game_is_play_24_with_its_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _status, out = play([*_shortest(24), "quit"], "24", "--game", "1", monkeypatch=monkeypatch)
    assert "level 24" in out and "solved in 5 moves" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["24", "--large", "2"], "--large goes with play countdown, not play 24"),
        (["countdown", "--opponent", "1"], "--opponent goes with play 24, not play countdown"),
        (["155", "--seed", "1"], "--seed goes with play 24 or countdown"),
        (["155", "--ops", "+-"], "--ops goes with play 24, not play level"),
        (["countdown", "--min-value", "-99999"], "--min-value goes with play level"),
        ([], "play needs a level number, 24, countdown, --file, or a level's parts"),
        (["300"], "game 1 has levels 1 to 199"),
        (["--start", "1", "+1"], "missing --goal, --moves"),
        (["9", "--number", "3"], "--number picks a level of --file"),
        (["countdwn"], "no game 'countdwn': did you mean play countdown?"),
        (["155", "/3"], "a level's number takes no buttons: '155 /3' (as buttons, missing"),
        (["-5"], "no level '-5': levels are numbered from 1 (as a button, missing --start"),
        (["+4", "x2"], "buttons '+4 x2' alone: a level of parts needs --start, --goal, --moves"),
        (["--rounds", "0", "24"], "--rounds: must be at least 1, not 0"),
        (["countdown", "--rounds", "-1"], "--rounds: must be at least 1, not -1"),
    ],
)
def test_options_of_another_game_are_refused(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["play", *argv], io.StringIO())
    assert status == 2
    assert said in capsys.readouterr().err


# -- 24 and Countdown ----------------------------------------------------------------------


def test_24_takes_a_right_answer_a_wrong_one_a_hint_and_a_skip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = deal(random.Random(5))
    answer = str(solve(first)[0])
    status, out = play(
        ["hint", "hint", "1+1", "no solution", answer, "skip", "quit"],
        "24",
        "--seed",
        "5",
        "--rounds",
        "3",
        monkeypatch=monkeypatch,
    )
    assert status == 0
    assert f"Round 1: {' '.join(map(str, first))}" in out
    assert "hint: Start with" in out and "hint: Make" in out
    assert "not quite: it " in out and "correct!" in out
    assert "not quite: it says there is no solution, but there is one" in out  # (dealt: solvable)
    assert "skipped; a solution:" in out
    assert (
        "final score" in out
        and "  you                     1" in out
        and "  skipped                 1" in out
    )


def test_24_an_answer_after_the_hint_that_shows_it_scores_no_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = deal(random.Random(5))
    whole = hint(first, level=WHOLE_HINT).split(" = ")[0]
    _status, out = play(["hint"] * WHOLE_HINT + [whole], "24", "--seed", "5", "--rounds", "1",
                        monkeypatch=monkeypatch)  # fmt: skip
    assert "correct, as the hint showed: no point" in out and "correct!" not in out
    assert "round 1: shown by a hint in " in out
    assert "  you                     0" in out and "  shown by a hint         1" in out


def test_24_says_each_rounds_time_and_the_score_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    first = deal(random.Random(5))
    _status, out = play([str(solve(first)[0]), "skip", "quit"], "24", "--seed", "5",
                        monkeypatch=monkeypatch)  # fmt: skip
    assert re.search(r"round 1: won by you in \d+ s; you 1\n", out)
    assert re.search(r"round 2: skipped in \d+ s; you 1, skipped 1\n", out)
    assert "Round 3:" in out and "round 3:" not in out  # (quit: the round adds no row)


class Interrupted:
    """A player who types ``lines``, then presses Ctrl-C."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)

    def readline(self) -> str:
        if not self.lines:
            raise KeyboardInterrupt
        return self.lines.pop(0) + "\n"


@pytest.mark.parametrize(
    "game", [["24", "--seed", "5"], ["countdown", "--no-clock", "--rounds", "2"]]
)
def test_ctrl_c_ends_the_game_with_its_score(
    game: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", Interrupted(["skip" if game[0] == "24" else "pass"]))
    out = io.StringIO()
    assert main(["play", *game], out) == EXIT_INTERRUPTED
    shown = out.getvalue().rstrip()
    assert ("  you                     0" in shown and "  skipped                 1" in shown
            if game[0] == "24" else shown.endswith("0 points in 1 round"))  # fmt: skip
    assert "interrupted" in capsys.readouterr().err


def test_the_opponent_answers_first_when_the_player_is_slow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", SlowInput("\nquit\n", 0.5))
    out = io.StringIO()
    main(["play", "24", "--seed", "2", "--opponent", "3", "--speed", "1000"], out)
    assert "= 24! (press Enter)" in out.getvalue()
    assert "  Ada (champion)          2" in out.getvalue()  # (two rounds, then quit)


def _round(seed: int, large: int) -> tuple[list[int], int]:
    rng = random.Random(seed)
    return list(Deck().draw(rng, large)), rng.randint(100, 999)


def test_countdown_scores_as_the_show_does(monkeypatch: pytest.MonkeyPatch) -> None:
    numbers, target = _round(4, 2)
    best = countdown(numbers, target)[0]
    _status, out = play(
        [str(best)],
        "countdown",
        "--seed",
        "4",
        "--large",
        "2",
        "--no-clock",
        monkeypatch=monkeypatch,
    )
    assert f"Round 1: {' '.join(map(str, numbers))}   target {target}   (no clock)" in out
    assert SCORING in out  # (said as the round starts)
    gained = points(target, int(best.value))
    assert f": {gained} points" in out and f"best: {best} = {best.value}" in out
    assert out.rstrip().endswith(f"{gained} points in 1 round")


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("7-8", "not an answer: it "),  # (breaks the rules: a negative step)
        ("75*(7", "not an answer: it "),  # (cannot be read)
        ("", "type your working, or hint, pass, help, quit"),
        ("help", "every step must be a positive whole number"),
        ("no solution", "the closest counts here: type your working for it, or pass"),
    ],
)
def test_countdown_asks_again_after_a_line_that_is_no_answer(
    typed: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _status, out = play([typed, "pass"], "countdown", "--seed", "1", "--no-clock",
                        monkeypatch=monkeypatch)  # fmt: skip
    assert said in out and out.index(said) < out.index("no answer: 0 points")  # (then the pass)
    assert out.rstrip().endswith("0 points in 1 round")


def test_countdown_hints_step_by_step_and_every_step_shown_scores_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    numbers, target = _round(2, 1)
    best = countdown(numbers, target)[0]
    steps = best.working()
    _status, out = play(["hint"] * (len(steps) + 1) + [str(best)], "countdown", "--seed", "2",
                        "--no-clock", monkeypatch=monkeypatch)  # fmt: skip
    for number, step in enumerate(steps[:-1], 1):
        assert f"hint, step {number} of the best answer: {step}" in out
    assert f"hint, the last step of the best answer: {steps[-1]}" in out
    assert "the hints have shown every step" in out
    assert "but the hints showed every step: 0 points" in out


def test_countdown_quit_leaves_with_the_score_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    numbers, target = _round(6, 1)
    best = countdown(numbers, target)[0]
    gained = points(target, int(best.value))
    status, out = play([str(best), "quit"], "countdown", "--seed", "6", "--rounds", "3",
                       "--no-clock", monkeypatch=monkeypatch)  # fmt: skip
    assert status == 0 and "Round 2:" in out and "Round 3:" not in out
    assert out.rstrip().endswith(f"{gained} points in 1 round")


def test_countdown_on_a_pipe_says_the_time_left_with_each_prompt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _status, out = play(["", "pass"], "countdown", "--seed", "1", monkeypatch=monkeypatch)
    assert "[30 s] > " in out and "time left:" not in out


def test_an_answer_after_the_clock_is_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    numbers, target = _round(3, 1)
    answer = str(countdown(numbers, target)[0])

    monkeypatch.setattr(countdown_play, "CLOCK_SECONDS", 0.1)
    monkeypatch.setattr(sys, "stdin", SlowInput(answer + "\n", 0.3))
    out = io.StringIO()
    main(["play", "countdown", "--seed", "3"], out)
    assert "time! no more answers" in out.getvalue()
    assert "time is up: no answer taken, 0 points" in out.getvalue()
    assert out.getvalue().rstrip().endswith("0 points in 1 round")


@pytest.mark.parametrize(
    ("value", "expected"), [(642, 10), (637, 7), (647, 7), (652, 5), (653, 0), (None, 0)]
)
def test_the_points_of_an_answer(value: int | None, expected: int) -> None:
    assert points(642, value) == expected


# -- the terminal --------------------------------------------------------------------------


class Tty(io.StringIO):
    """An output that says it is a terminal: play colours what it writes there."""

    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_and_never_with_no_color() -> None:
    assert Terminal.of(io.StringIO(), Tty(), {"TERM": "xterm"}).colour
    assert not Terminal.of(io.StringIO(), Tty(), {"TERM": "xterm", "NO_COLOR": ""}).colour
    assert not Terminal.of(io.StringIO(), Tty(), {"TERM": "dumb"}).colour
    assert not Terminal.of(io.StringIO(), io.StringIO(), {"TERM": "xterm"}).colour


def test_colour_keeps_the_columns_of_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    typed = "".join(f"{label}\n" for label in _shortest(155)[:3])
    shown = {}
    for colour in (True, False):
        monkeypatch.setenv("TERM", "xterm")
        if colour:
            monkeypatch.delenv("NO_COLOR", raising=False)
        else:
            monkeypatch.setenv("NO_COLOR", "1")
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        out = Tty()
        main(["play", "155"], out)
        shown[colour] = out.getvalue()
    assert "\x1b[" in shown[True] and "\x1b[" not in shown[False]
    assert re.sub(r"\x1b\[[0-9;]*m", "", shown[True]) == shown[False]


def _pty_session(
    argv: list[str], typed: list[str], until: str, env: dict[str, str] | None = None
) -> str:
    """Run ``python -m puzzlecalc ARGV`` on a pseudo-terminal, type each line when the prompt
    shows, and read until ``until`` shows; everything the terminal showed."""
    master, slave = pty.openpty()
    environment = {name: value for name, value in os.environ.items() if name != "NO_COLOR"}
    environment.update({"TERM": "xterm", **(env or {})})
    process = subprocess.Popen(
        [sys.executable, "-m", "puzzlecalc", *argv], stdin=slave, stdout=slave, stderr=slave,
        env=environment, close_fds=True,
    )  # fmt: skip
    os.close(slave)
    shown = b""
    pending = list(typed)
    deadline = time.monotonic() + 60
    try:
        while until.encode() not in shown and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    shown += os.read(master, 4096)
                except OSError:
                    break
            if pending and shown.rstrip().endswith(b">"):
                os.write(master, (pending.pop(0) + "\n").encode())
                time.sleep(0.05)
    finally:
        process.kill()
        process.wait()
        os.close(master)
    return shown.decode(errors="replace")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal of Linux")
def test_a_level_in_a_pseudo_terminal() -> None:
    shown = _pty_session(["play", "155"], _shortest(155), "solved")
    assert "solved in 9 moves" in shown
    assert "\x1b[1m" in shown  # (bold digits: a terminal shows colour)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal of Linux")
def test_24_and_countdown_in_a_pseudo_terminal() -> None:
    answer = str(solve(deal(random.Random(8)))[0])
    shown = _pty_session(
        ["play", "24", "--seed", "8", "--rounds", "1"], [answer], "final score", {"NO_COLOR": "1"}
    )
    assert "correct!" in shown and "\x1b[" not in shown
    numbers, target = _round(8, 1)
    best = countdown(numbers, target)[0]
    shown = _pty_session(["play", "countdown", "--seed", "8"], [str(best)], "round\r\n")
    assert f"best: {best}" in shown and "time left: 30 s" in shown


# -- the sessions the docs show ------------------------------------------------------------

#: Each session the Play page shows: its file, the command's arguments and what is typed.
SESSIONS = [
    ("level155.txt", ["play", "155"], ["hint", "Store(hold)", "/3", "undo", "2", "hint", "3", "39=>93",
                                       "3(hold)", "3", "1", "2", "4", "quit"]),
    ("sequel184.txt", ["play", "184", "--game", "2"],
     ["2", "1", "Lock@1", "show", "3", "", "hint", "1@1", "2", "/5", "quit"]),
    ("game24.txt", ["play", "24", "--seed", "1", "--rounds", "2"], ["hint", "hint", "1+2", "(8+5)*2-2", "skip"]),
    ("countdown.txt", ["play", "countdown", "--seed", "7", "--large", "2", "--no-clock"], ["75*7-25*2"]),
]  # fmt: skip
SESSION_FOLDER = Path(__file__).parents[1] / "docs" / "sessions"


def _session(argv: list[str], typed: list[str]) -> str:
    """A session as the docs show it: the command, then all it prints."""
    shown = "".join(f"{line}\\n" for line in typed).replace("'", "'\\''")
    result = subprocess.run(
        [sys.executable, "-m", "puzzlecalc", *argv], input="".join(f"{line}\n" for line in typed),
        capture_output=True, text=True, timeout=120, check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},
    )  # fmt: skip
    return f"$ printf '{shown}' | python -m puzzlecalc {' '.join(argv)}\n{result.stdout}"


@pytest.mark.parametrize(("name", "argv", "typed"), SESSIONS)
def test_the_docs_show_each_session_as_play_plays_it(
    name: str, argv: list[str], typed: list[str]
) -> None:
    recorded = _session(argv, typed)
    if os.environ.get("PUZZLECALC_RECORD_SESSIONS"):  # (to record them again: set it, run this)
        (SESSION_FOLDER / name).write_text(recorded, encoding="utf-8")
    assert (SESSION_FOLDER / name).read_text(encoding="utf-8") == recorded


def test_ctrl_c_leaves_with_one_line_and_no_traceback() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "puzzlecalc", "play", "155"], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},
        preexec_fn=ctrl_c_as_on_a_terminal,
    )  # fmt: skip
    assert process.stdout is not None and process.stdin is not None
    while not process.stdout.readline().startswith("4: 31=>00"):  # (drawn: the game waits)
        pass
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == EXIT_INTERRUPTED
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_24_in_a_fixed_order_deals_as_drawn_and_refuses_a_card_moved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = HouseRules(in_order=True)
    first = deal(random.Random(5), rules=rules)
    answer = str(solve(first, rules=rules)[0])
    moved = "+".join(map(str, reversed(first)))  # (the cards in another order)
    status, out = play(
        [moved, answer, "quit"], "24", "--seed", "5", "--in-order", monkeypatch=monkeypatch
    )
    assert status == 0 and "House rules: operators + - * /, the cards in the order dealt" in out
    assert f"Round 1: {' '.join(map(str, first))}" in out
    assert "out of order" in out and "correct!" in out


def test_24_under_the_familys_rules_says_them_and_takes_an_answer_that_uses_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = HouseRules(ops="+-*/^", unary="√", concat=True)
    first = deal(random.Random(5), rules=rules)
    answer = str(solve(first, rules=rules)[0])
    flags = ("--ops", "+-*/^", "--unary", "sqrt", "--concat")
    status, out = play([answer, "quit"], "24", "--seed", "5", *flags, monkeypatch=monkeypatch)
    assert (
        status == 0 and "House rules: operators + - * / ^, also √, cards side by side (44)" in out
    )
    assert f"Round 1: {' '.join(map(str, first))}" in out and "correct!" in out
