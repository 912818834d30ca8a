"""Making levels: random levels whose shortest solution has a stated length and is the only one.

>>> import random
>>> level = generate(random.Random(7), moves=4)
>>> level.moves, len(solve_level(level)), count_solutions(level)
(4, 4, 1)

How a level is made: the buttons are drawn from the game's kinds (:data:`BUTTON_KINDS`),
two to four of them, now and then with Store, ``[+]N`` or a portal; the start is a small
number. A breadth-first pass (:func:`puzzlecalc.search.layers`) finds every value the
buttons show and the fewest moves that show it; the goal is one first shown after exactly
the chosen number of moves, by one sequence of presses only (with ``unique=True``), which
presses every button and asks for no button more than :data:`MOST_IN_A_ROW` times in a
row (the real levels never ask for more: a level whose answer is ``+4`` nine times is
rejected); goals of fewer digits are preferred. A level whose answer changes
when the display holds eight digits instead of six is rejected: its shortest solution
would be short, or unique, only because the display cuts other ways off.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

import attrs
from more_itertools import run_length

from puzzlecalc import _checks, search
from puzzlecalc._checks import instance, iterable, shown, truth, whole_number
from puzzlecalc._text import counted
from puzzlecalc.calculator.difficulty import level_difficulty
from puzzlecalc.calculator.level import MAX_MOVES, Level, Portal
from puzzlecalc.calculator.levels import Game, check_game
from puzzlecalc.calculator.notation import parse_button
from puzzlecalc.calculator.ops.base import checked_rules
from puzzlecalc.calculator.problem import LevelProblem
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solver import count_solutions, solve_level
from puzzlecalc.errors import InvalidArgumentError, SearchLimitError

__all__ = ["BUTTON_KINDS", "DEFAULT_MAX_TRIES", "MOST_IN_A_ROW", "checked_moves", "generate"]

#: How many random levels :func:`generate` tries before it gives up, unless told otherwise.
DEFAULT_MAX_TRIES: Final = 2000
#: The most times in a row a made level's solution presses one button (at one position),
#: unless told otherwise: as many as the real levels of either game ask for (the first
#: game's level 166 presses x3 four times, then SUM).
MOST_IN_A_ROW: Final = 4
#: The states one try may reach; a try that reaches more is dropped.
_MAX_STATES_PER_TRY: Final = 50_000
#: The goal is kept below this, so that it reads at a glance.
_GOAL_LIMIT: Final = 100_000
#: A display of eight digits, to see whether the six-digit display decides a level.
_WIDE_DISPLAY: Final = 99_999_999

#: How to draw a button of one kind: its label, made with the random numbers given.
_Draw = Callable[[random.Random], str]


def _digits(rng: random.Random) -> str:
    return str(rng.randint(0, 9)) if rng.random() < 0.8 else str(rng.randint(10, 99))


_FIRST_GAME_KINDS: Final[tuple[tuple[float, _Draw], ...]] = (
    (3, lambda rng: f"+{rng.randint(1, 9)}"),
    (2, lambda rng: f"-{rng.randint(1, 9)}"),
    (3, lambda rng: f"x{rng.randint(2, 9)}"),
    (0.5, lambda rng: f"x-{rng.randint(1, 5)}"),
    (2, lambda rng: f"/{rng.randint(2, 5)}"),
    (3, _digits),
    (2, lambda rng: "<<"),
    (2, lambda rng: f"{_digits(rng)}=>{_digits(rng)}"),
    (1, lambda rng: "Reverse"),
    (1, lambda rng: "SUM"),
    (0.5, lambda rng: "Shift >"),
    (0.5, lambda rng: "< Shift"),
    (0.5, lambda rng: "Mirror"),
    (1, lambda rng: "+/-"),
    (0.5, lambda rng: "Inv10"),
    (0.5, lambda rng: f"x^{rng.randint(2, 3)}"),
    (0.5, lambda rng: f"[+]{rng.randint(1, 3)}"),
    (0.5, lambda rng: "Store"),
)
_SEQUEL_KINDS: Final[tuple[tuple[float, _Draw], ...]] = (
    *_FIRST_GAME_KINDS,
    (0.5, lambda rng: rng.choice(("Sort asc", "Sort desc"))),
    (1, lambda rng: f"Cut {rng.randint(0, 9)}"),
    (1, lambda rng: "Delete"),
    (1, lambda rng: f"Insert {rng.randint(0, 9)}"),
    (0.5, lambda rng: "Round"),
    (0.5, lambda rng: f"Digit {rng.choice('+-')}{rng.randint(1, 5)}"),
    (0.5, lambda rng: f"Digit {rng.randint(0, 9)}"),
    (0.5, lambda rng: "Shift"),
    (0.5, lambda rng: "Lock"),
)
#: The kinds of button of each game, each with its weight and how to draw one.
BUTTON_KINDS: Final[dict[Game, tuple[tuple[float, Callable[[random.Random], str]], ...]]] = {
    1: _FIRST_GAME_KINDS,
    2: _SEQUEL_KINDS,
}


def checked_moves(moves: int | tuple[int, int]) -> tuple[int, int]:
    """``moves``, the length of a made level's shortest solution or the (fewest, most) to
    draw it from, as a (fewest, most) pair.

    >>> checked_moves(4), checked_moves((3, 7))
    ((4, 4), (3, 7))

    :raises InvalidArgumentError: if it is neither, or a length is not from 1 to
        :data:`~puzzlecalc.calculator.level.MAX_MOVES`.
    """
    if isinstance(moves, int):
        low, high = moves, moves
    elif isinstance(moves, (tuple, list)) and len(moves) == 2:
        low, high = moves
    else:
        raise InvalidArgumentError(f"moves must be a number or (fewest, most), not {shown(moves)}")
    for value in (low, high):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_MOVES:
            raise InvalidArgumentError(f"moves must be from 1 to {MAX_MOVES}, not {shown(moves)}")
    if low > high:
        raise InvalidArgumentError(f"moves must be (fewest, most), not {shown(moves)}")
    return low, high


def _draw_buttons(rng: random.Random, game: Game, most: int) -> list[str]:
    """Two to four buttons (at most ``most``), of different labels."""
    kinds = BUTTON_KINDS[game]
    weights = [weight for weight, _ in kinds]
    labels: list[str] = []
    wanted = min(rng.choice((2, 3, 3, 4)), most)
    while len(labels) < wanted:
        label = rng.choices(kinds, weights)[0][1](rng)
        if label not in labels:
            labels.append(label)
    return labels


def _draw_portal(rng: random.Random) -> Portal | None:
    if rng.random() >= 0.15:
        return None
    entrance = rng.randint(2, 5)
    return Portal(entrance, rng.randint(0, entrance - 1))


def _draw_start(rng: random.Random) -> int:
    chance = rng.random()
    return 0 if chance < 0.25 else rng.randint(1, 99) if chance < 0.85 else rng.randint(100, 9999)


def generate(
    rng: random.Random,
    *,
    game: Game = 1,
    buttons: Sequence[str] | None = None,
    moves: int | tuple[int, int] = (3, 7),
    unique: bool = True,
    rules: Rules = DEFAULT_RULES,
    most_in_a_row: int = MOST_IN_A_ROW,
    band: tuple[float, float] | None = None,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> Level:
    """A random level whose shortest solution takes exactly ``level.moves`` moves.

    The same seeded ``rng`` gives the same level.

    >>> level = generate(random.Random(1), game=2, moves=3, buttons=["Delete", "x3", "+1"])
    >>> level.labels(), level.moves
    (['Delete', 'x3', '+1'], 3)

    :param game: draw the buttons from the first game's kinds (1) or the sequel's too (2).
    :param buttons: the level's buttons, as labels, instead of drawn ones (no portal then).
    :param moves: the length of the shortest solution, or the (fewest, most) to draw it from.
    :param unique: whether the shortest solution must be the only one of its length.
    :param rules: the rules the level is made (and solved) under.
    :param most_in_a_row: the most times in a row the solution may press one button.
    :param band: a ``(least, most)`` pair: only a level whose difficulty
        (:func:`~puzzlecalc.calculator.difficulty.level_difficulty`'s score) lies in it.
    :param max_tries: how many random levels to try before giving up.
    :raises InvalidArgumentError: if an argument is out of range.
    :raises InvalidButtonError: if a label of ``buttons`` names no button.
    :raises SearchLimitError: if no level is found in ``max_tries`` tries.
    """
    instance(rng, "rng", random.Random, "a random.Random")
    low, high = checked_moves(moves)
    check_game(game)
    truth(unique, "unique")
    checked_rules(rules)
    whole_number(most_in_a_row, "most_in_a_row", low=1)
    whole_number(max_tries, "max_tries", low=1)
    band = _checks.band(band, "band")
    if buttons is not None:
        buttons = list(iterable(buttons, "buttons", "a list of labels"))
        if not buttons:
            raise InvalidArgumentError(f"buttons must be a list of labels, not {shown(buttons)}")
        for label in buttons:
            parse_button(label)
        if len(buttons) > high:
            raise InvalidArgumentError(
                f"a solution of at most {counted(high, 'move')} cannot press all "
                f"{len(buttons)} buttons"
            )
    wide = attrs.evolve(rules, max_value=_WIDE_DISPLAY, min_value=-_WIDE_DISPLAY)
    for _ in range(max_tries):
        depth = rng.randint(low, high)
        labels = _draw_buttons(rng, game, depth) if buttons is None else list(buttons)
        portal = _draw_portal(rng) if buttons is None else None
        start = _draw_start(rng)
        draft = Level(start, start, depth, labels, portal)
        level = _level(rng, draft, rules, unique, most_in_a_row)
        if (
            level is not None
            and _same_when_wide(level, wide, unique)
            and _in_band(level, rules, band)
        ):
            return level
    rated = "" if band is None else f" and a difficulty from {band[0]} to {band[1]}"
    raise SearchLimitError(
        f"no level with a {'unique ' if unique else ''}shortest solution of {low}..{high} "
        f"moves{rated} found in {counted(max_tries, 'try', 'tries')}; raise max_tries or "
        f"most_in_a_row ({most_in_a_row}), {'widen the band, ' if band else ''}"
        "or give other buttons",
        "max_tries",
    )


def _level(
    rng: random.Random, draft: Level, rules: Rules, unique: bool, most_in_a_row: int
) -> Level | None:
    """A level of ``draft``'s start and buttons with a goal first shown after
    ``draft.moves`` moves (by one way only, when ``unique``), pressing every button and
    none more than ``most_in_a_row`` times in a row."""
    depth = draft.moves
    problem = LevelProblem(draft, rules)
    try:
        reached = search.layers(problem, max_depth=depth, max_states=_MAX_STATES_PER_TRY)
    except SearchLimitError:
        return None
    if len(reached.ways) <= depth:
        return None
    shown_before = {problem.display(state) for layer in reached.ways[:depth] for state in layer}
    ways: dict[int, int] = {}
    for state, count in reached.ways[depth].items():
        value = problem.display(state)
        if isinstance(value, int) and value not in shown_before and abs(value) < _GOAL_LIMIT:
            ways[value] = ways.get(value, 0) + count
    goals = [value for value, count in ways.items() if count == 1 or not unique]
    goals.sort(key=lambda value: (len(str(abs(value))), rng.random()))  # short goals first
    for goal in goals[:20]:
        level = attrs.evolve(draft, goal=goal)
        solution = solve_level(level, rules)
        assert solution is not None and len(solution) == depth
        pressed = {record[0] for record in solution.indices}
        longest_run = max(times for _, times in run_length.encode(solution.labels))
        if pressed == set(range(len(level.buttons))) and longest_run <= most_in_a_row:
            return level
    return None


def _in_band(level: Level, rules: Rules, band: tuple[float, float] | None) -> bool:
    """Whether the difficulty of ``level`` lies in ``band`` (any does, where there is none)."""
    return band is None or band[0] <= level_difficulty(level, rules).score <= band[1]


def _same_when_wide(level: Level, wide: Rules, unique: bool) -> bool:
    """Whether ``level`` keeps its shortest length (and uniqueness) on an eight-digit display."""
    solution = solve_level(level, wide)
    if solution is None or len(solution) != level.moves:
        return False
    return not unique or count_solutions(level, wide) == 1
