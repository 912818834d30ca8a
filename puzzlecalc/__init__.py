"""puzzlecalc: exact solvers for number puzzles that explain their answers.

Calculator: The Game and Calculator 2 live in ``puzzlecalc.calculator``, whose names the
top-level package re-exports (:class:`~puzzlecalc.calculator.level.Level`,
:func:`~puzzlecalc.calculator.solver.solve_level`); the 24 game and its family in
``puzzlecalc.arith24``. The names are imported when first used, so ``import puzzlecalc``
(and ``python -m puzzlecalc``'s start) stays quick.
"""

import sys  # (the first lines set the Ctrl-C handler: no import before them may search the disk)

if sys.argv[:1] == ["-m"]:  # python -m puzzlecalc is starting (the package runs first)
    import _signal  # type: ignore[import-not-found]  # (built in: signal loads enum, slowly)
    import os as _os

    def _interrupted(signum: int, frame: object) -> None:
        """A Ctrl-C while ``python -m puzzlecalc`` loads, before the command line's own
        handling is in place: one line and status 130, not a traceback from an import.
        (``import puzzlecalc`` sets no handler.)"""
        _os.write(2, b"puzzlecalc: interrupted\n")
        _os._exit(130)

    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:  # (not if ignored)
        _signal.signal(_signal.SIGINT, _interrupted)

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from puzzlecalc.calculator import (
        DEFAULT_RULES,
        Advice,
        At,
        GameState,
        Level,
        LevelDifficulty,
        NumberedLevel,
        Op,
        Portal,
        Press,
        PressRecord,
        Rules,
        Solution,
        advise,
        count_solutions,
        find_levels,
        format_button,
        game_level,
        game_levels,
        iter_solutions,
        level_difficulty,
        parse_button,
        parse_press,
        read_levels,
        solve_goals,
        solve_level,
        word_value,
    )
    from puzzlecalc.errors import (
        IllegalPressError,
        InvalidArgumentError,
        InvalidButtonError,
        InvalidExpressionError,
        InvalidHandError,
        InvalidLevelError,
        InvalidTypeError,
        PuzzlecalcError,
        SearchLimitError,
        WorkLostError,
    )

__all__ = [
    "DEFAULT_RULES",
    "Advice",
    "At",
    "GameState",
    "IllegalPressError",
    "InvalidArgumentError",
    "InvalidButtonError",
    "InvalidExpressionError",
    "InvalidHandError",
    "InvalidLevelError",
    "InvalidTypeError",
    "Level",
    "LevelDifficulty",
    "NumberedLevel",
    "Op",
    "Portal",
    "Press",
    "PressRecord",
    "PuzzlecalcError",
    "Rules",
    "SearchLimitError",
    "Solution",
    "WorkLostError",
    "advise",
    "clear_caches",
    "count_solutions",
    "find_levels",
    "format_button",
    "game_level",
    "game_levels",
    "iter_solutions",
    "level_difficulty",
    "parse_button",
    "parse_press",
    "read_levels",
    "solve_goals",
    "solve_level",
    "word_value",
]

__version__ = "0.1.0"

#: Where each name of ``__all__`` is defined.
_HOMES: dict[str, str] = {
    **dict.fromkeys(__all__, "puzzlecalc.calculator"),
    **{name: "puzzlecalc.errors" for name in __all__ if name.endswith("Error")},
    "clear_caches": "puzzlecalc.caches",
}


def __getattr__(name: str) -> Any:
    """A re-exported name, imported from its module when first asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'puzzlecalc' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
