"""What a level's presses reach, layer by layer: why nothing shorter solves it.

Layer ``k`` holds the displays of the states that ``k`` presses reach and no fewer do.
The goal first shows in the layer of the shortest solution's length, and in none before:
that is the proof that nothing shorter exists, and :func:`reach` gives it with a shortest
path through the layers. (Where holding Store costs no move, a level that free holds
alone solve, in no move, shows its goal in layer 1: the hold is a press.) In Jupyter a
:class:`Reach` shows it as a picture (:func:`~puzzlecalc.calculator.pictures.reach_svg`).

>>> from puzzlecalc import Level
>>> found = reach(Level(start=0, goal=4, moves=3, buttons=["+1", "x2"]))
>>> [layer.values for layer in found.layers]
[(0,), (1,), (2,), (3, 4)]
>>> found.path, found.goal_layer
((0, 1, 2, 4), 3)
"""

from __future__ import annotations

from typing import Final

import attrs

from puzzlecalc import search
from puzzlecalc._checks import instance, whole_number
from puzzlecalc.calculator.level import Level, checked_level
from puzzlecalc.calculator.problem import LevelProblem, SearchState
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solver import DEFAULT_MAX_STATES, search_depth
from puzzlecalc.calculator.state import Value

__all__ = ["DEFAULT_PER_LAYER", "MAX_PER_LAYER", "Layer", "Reach", "reach"]

#: How many displays of a layer :func:`reach` keeps unless asked otherwise.
DEFAULT_PER_LAYER: Final = 8
#: The most displays of a layer it keeps (the others are counted).
MAX_PER_LAYER: Final = 1000


@attrs.frozen
class Layer:
    """The displays first reached after ``presses`` presses: how many, and the first
    ``per_layer`` of them in order of value (with the shortest path's, if it is there).

    Each display is a number (a display's value).
    """

    presses: int
    count: int
    values: tuple[Value, ...]


@attrs.frozen
class Reach:
    """A level's displays, layer by layer from the start, and a shortest path through them.

    :param level: the level.
    :param layers: the layers, from 0 presses (the start) on.
    :param path: the display after each press of a shortest solution (the start first),
        or ``()`` if there is none within the move limit.
    :param goal_layer: the layer in which the goal first shows (the shortest solution's
        length; of a word goal, the number that spells it, and ``ABC`` is one press
        more), or ``None``.
    """

    level: Level
    layers: tuple[Layer, ...]
    path: tuple[Value, ...]
    goal_layer: int | None

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (:func:`~puzzlecalc.calculator.pictures.reach_svg`)."""
        from puzzlecalc.calculator.pictures import reach_svg  # (pictures draw the models)

        return reach_svg(self)


def reach(
    level: Level,
    rules: Rules = DEFAULT_RULES,
    *,
    per_layer: int = DEFAULT_PER_LAYER,
    max_states: int = DEFAULT_MAX_STATES,
) -> Reach:
    """The displays ``level``'s presses reach, layer by layer, up to the layer where the
    goal first shows (or the move limit), and a shortest path to the goal.

    :param per_layer: how many displays of each layer to keep (the rest are counted), at
        most :data:`MAX_PER_LAYER`.
    :param max_states: the search's limit, as for :func:`~puzzlecalc.calculator.solver.solve_level`.
    :raises SearchLimitError: if the search would go past ``max_states``.
    """
    checked_level(level)
    instance(rules, "rules", Rules, "Rules")
    whole_number(per_layer, "per_layer", low=1, high=MAX_PER_LAYER)
    problem = LevelProblem(level, rules)
    depth = search_depth(level)  # (a word goal keeps its last move for ABC)
    found = search.layers(problem, max_depth=max(depth, 0), max_states=max_states)
    searched = found.ways if depth >= 0 else []
    if depth == 0 and not problem.is_goal(problem.initial()):
        # (free Store holds alone may show the goal, a press later at no cost)
        held = {path.states[-1]: 1 for path in problem.in_no_moves(problem.goal)}
        searched = [*searched, held] if held else searched
    goal_layer = next(
        (k for k, states in enumerate(searched) if any(map(problem.is_goal, states))), None
    )
    ways = found.ways if goal_layer is None else searched[: goal_layer + 1]
    path = () if goal_layer is None else _shortest_path(problem, ways)
    layers = []
    for presses, states in enumerate(ways):
        displays = sorted({problem.display(state) for state in states})
        kept = displays[:per_layer]
        if path and path[presses] not in kept:
            kept[-1] = path[presses]
        layers.append(Layer(presses, len(displays), tuple(sorted(kept))))
    return Reach(level, tuple(layers), path, goal_layer)


def _shortest_path(problem: LevelProblem, ways: list[dict[SearchState, int]]) -> tuple[Value, ...]:
    """The displays of a shortest path to the goal, which shows first in the last layer:
    walked back from the goal, each state a successor of one in the layer before."""
    state = next(each for each in ways[-1] if problem.is_goal(each))
    backwards = [state]
    for layer in reversed(ways[:-1]):
        state = next(
            each
            for each in layer
            if any(reached == state for _, reached in problem.successors(each))
        )
        backwards.append(state)
    return tuple(problem.display(each) for each in reversed(backwards))
