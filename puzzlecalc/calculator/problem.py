"""A Calculator level as a search problem: its states, its moves and its buttons, compiled.

A search state holds what the level can change. On a level whose buttons change the display
alone (no Store, ``[+]N`` or Lock, no cursor button or arrow pad) it is the display itself,
and each button is compiled to a function of the display
(:meth:`~puzzlecalc.calculator.ops.base.ValueOp.display_function`). On the other levels it is a
``(value, influence, store, lock)`` tuple, each button compiled by
:meth:`~puzzlecalc.calculator.ops.base.Op.step` for what the level can hold: for each ``[+]N``
total the search meets (one, without ``[+]N`` buttons), and with no lock without Lock. A
cursor button is tried at every position the display has, the arrow pad once for each display
it can make.

>>> from puzzlecalc import Level
>>> problem = LevelProblem(Level(start=1, goal=2, moves=1, buttons=["+1", "x2"]))
>>> problem.initial(), problem.successors(problem.initial())
(1, [(((0, 'press'),), 2), (((1, 'press'),), 2)])
>>> held = LevelProblem(Level(start=1, goal=11, moves=2, buttons=["Store"]))
>>> held.initial(), held.successors(held.initial())
((1, 0, None, None), [(((0, 'hold'),), (1, 0, 1, None))])

The goal works backwards. A press may tell the displays it can show the goal from
(:meth:`~puzzlecalc.calculator.ops.base.Op.sources`, when no portal or lock changes what a
press shows): :meth:`LevelProblem.goal_successors` makes such a press only from those. When
every press of a level can tell, :meth:`LevelProblem.within` tells which displays the goal is
within some moves of, so that a breadth-first search keeps only the states that can still
finish. Both work the goal's sources out only for a search wide enough to pay for them: a
search of a few states filters their moves. (On a level with ``[+]N`` buttons the sources
change with the total: each total's are worked out when a state of that total first asks,
however few states the search has.)
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Collection
from fractions import Fraction
from typing import Any, Final, NamedTuple, TypeAlias, cast

from puzzlecalc import caches, search
from puzzlecalc._checks import iterable, shown
from puzzlecalc.caches import clear_caches as clear_caches  # (its old home)
from puzzlecalc.calculator.level import Level, checked_level
from puzzlecalc.calculator.ops import Influence, Lock, Op, Press, ValueOp
from puzzlecalc.calculator.ops.base import At, Portal, ValueFunction, checked_rules, checked_state
from puzzlecalc.calculator.rules import DEFAULT_RULES, Rules
from puzzlecalc.calculator.solution import PressRecord
from puzzlecalc.calculator.state import GameState, StateTuple, Value, format_value
from puzzlecalc.errors import InvalidArgumentError, InvalidTypeError

__all__ = ["LevelProblem", "Move", "SearchState"]

#: A move of the search: the presses it makes. One press, or with a free Store hold,
#: the hold and the press that follows it.
Move: TypeAlias = tuple[PressRecord, ...]

#: A state of a search: the display alone, or the ``(value, influence, store, lock)`` tuple.
SearchState: TypeAlias = Value | StateTuple

_Moves: TypeAlias = Callable[[Any], list[tuple[Move, Any]]]
_GoalMoves: TypeAlias = Callable[[Any], tuple[list[tuple[Move, Any]], int]]
#: A press as the goal's side asks it for its sources: the button, how, and at what ``[+]N``
#: total.
_Press: TypeAlias = tuple[Op, Press, int]
#: The sources of a display of each press of a level, in order (``None``: the press cannot
#: tell them).
_EachSources: TypeAlias = list[Collection[Value] | None]
#: The kinds of :class:`_Unit`.
_VALUE, _STEP, _CURSOR, _EXPANDER = range(4)


class _Unit(NamedTuple):
    """A button compiled for a tuple search: ``(_VALUE, display function, move)`` for a
    button that changes the display alone, on a level with no portal or lock; ``(_STEP,
    step, move)``; ``(_CURSOR, step_each, move of each position or arrow string)``; or
    ``(_EXPANDER, expander, None)``, the expander giving every move. (What the function
    takes and returns follows from the kind, which mypy cannot see: ``Any``.)"""

    kind: int
    step: Callable[[Any], Any]
    move: Any


class LevelProblem:
    """A level as a :class:`puzzlecalc.search.Problem` (see the module for its states).

    The moves are in button order, a cursor button's by position. When
    ``rules.hold_costs_move`` is false a Store hold is free: it is made together with the
    press that follows it, as one move, or alone first where it shows the goal (the game
    ends there, at no cost). ``start`` is the state to search from (with its store,
    influence and lock), by default the level's start. A word goal's search stops when the
    display shows its number (the ``ABC`` press comes after).

    ``goals`` are the displays of a search for several goals at once
    (:func:`~puzzlecalc.calculator.solver.solve_goals`), by default the level's goal alone.
    Each is the goal of a level of its own: a free hold may end on any of them, and a press
    may follow a hold that shows one.

    :raises InvalidTypeError: if ``goals`` is not a list of displays.
    """

    def __init__(
        self,
        level: Level,
        rules: Rules = DEFAULT_RULES,
        start: GameState | None = None,
        *,
        goals: Collection[Value] | None = None,
    ) -> None:
        self.level = checked_level(level)
        self.rules = checked_rules(rules)
        self.start = level.initial_state(rules) if start is None else checked_state(start, "start")
        if not rules.min_value <= self.start.value <= rules.max_value:
            raise InvalidArgumentError(
                f"start {format_value(self.start.value)} is not on the display of these rules "
                f"(from {rules.min_value} to {rules.max_value})"
            )
        #: The display that solves the level (a word goal's number).
        self.goal = goal = level.target
        ends = frozenset([goal] if goals is None else _goals(goals))
        portal = None if level.portal is None else level.portal.apply
        #: Whether a state is the display alone.
        self.display_only = _display_only(level, self.start)
        #: What of a state is the display: ``None`` when the state is the display.
        self.key = None if self.display_only else operator.itemgetter(0)
        #: Whether a state shows the goal.
        self.is_goal: Callable[[SearchState], bool]
        if self.display_only:
            self.is_goal = functools.partial(operator.eq, goal)
            self.successors, self._goal = _display_moves(level, rules, portal, goal)
        else:
            self.is_goal = lambda state: state[0] == goal  # type: ignore[index]
            self.successors, self._goal = _tuple_moves(level, rules, portal, self.start, goal, ends)

    #: Every allowed move from a state, in button order, with its result (a function made
    #: for the level, called once per state a search expands).
    successors: _Moves

    def initial(self) -> SearchState:
        """The start state: the level's start after the portal, or the state given."""
        return self.start.value if self.display_only else self.start.as_tuple()

    def goal_successors(self, expanding: int) -> _GoalMoves | None:
        """The moves from a state that show the goal, and how many states it made to find
        them, for a search's last layer of ``expanding`` states, where only the goal
        matters; ``None`` when the goal's sources, not yet worked out, would cost more than
        filtering every move of those states.

        A press that can tell its sources is made only from them.

        >>> problem = LevelProblem(Level(start=3, goal=10, moves=2, buttons=["+1", "x2"]))
        >>> problem.goal_successors(100)(5)  # (+1 is not made: it shows 10 from 9 alone)
        ([(((1, 'press'),), 10)], 1)
        """
        return self._goal.moves_for(expanding)

    def within(self, moves: int, expanding: int) -> Callable[[Any], bool] | None:
        """Whether the goal may show within ``moves`` moves of a state; ``None`` when that
        is unknown, or would cost more to tell than expanding ``expanding`` states.

        The displays it allows are found backwards from the goal by the buttons'
        :meth:`~puzzlecalc.calculator.ops.base.Op.sources`, so a breadth-first search that
        drops the other states still finds the path it would have: the search meets the
        goal halfway.

        >>> problem = LevelProblem(Level(start=1, goal=10, moves=3, buttons=["+1", "x2"]))
        >>> near = problem.within(1, 100)
        >>> near(5), near(9), near(6)
        (True, True, False)
        """
        displays = self._goal.within(moves, expanding)
        if displays is None:
            return None
        if self.display_only:
            return displays.__contains__
        return lambda state: state[0] in displays

    def in_no_moves(self, goal: Value) -> list[search.Path[SearchState, Move]]:
        """The paths of no move to ``goal``: the start, where it shows it; else each run of
        free Store holds from the start that shows it (the game ends there, at no cost). A
        search of no moves would not make these runs: each is a move of the problem.

        >>> LevelProblem(Level(start=5, goal=5, moves=0, buttons=["+1"])).in_no_moves(5)
        [Path(states=(5,), moves=())]
        >>> held = Level(start=10, goal=1, moves=0, buttons=["Store"], portal=[1, 0])
        >>> free = Rules(hold_costs_move=False)  # (the portal moves the 1 of 10 when held)
        >>> LevelProblem(held, free).in_no_moves(1)[0].moves
        (((0, 'hold'),),)
        """
        start = self.initial()
        if self.display(start) == goal:
            return [search.Path((start,), ())]
        cost = self.rules.press_cost
        return [
            search.Path((start, reached), (move,))
            for move, reached in self.successors(start)
            if self.display(reached) == goal and not any(cost(press[1]) for press in move)
        ]

    def display(self, state: SearchState) -> Value:
        """What the display shows in ``state``."""
        return state[0] if isinstance(state, tuple) else state

    def game_state(self, state: SearchState) -> GameState:
        """``state`` as a :class:`~puzzlecalc.calculator.state.GameState`."""
        return GameState(*state) if isinstance(state, tuple) else GameState(state)


@caches.register
def _forget_compiled() -> None:
    """Forget the compiled buttons (:func:`puzzlecalc.caches.clear_caches` calls this)."""
    _compiled.cache_clear()
    _compiled_display.cache_clear()


def _goals(goals: Collection[Value]) -> list[Value]:
    """``goals`` if it is a list of displays.

    :raises InvalidTypeError: if it is not.
    """
    listed = list(iterable(goals, "goals", "a list of displays"))
    for goal in listed:
        if isinstance(goal, bool) or not isinstance(goal, (int, Fraction)):
            raise InvalidTypeError(f"goals must be a list of displays, not {shown(goals)}")
    return listed


def _display_only(level: Level, start: GameState) -> bool:
    """Whether every state of a search of ``level`` from ``start`` is known by its display."""
    if (start.influence, start.store, start.lock) != (0, None, None):
        return False
    for button in level.buttons:
        if not button.changes_display_only or button.target != "nothing":
            return False  # (a cursor button is pressed everywhere at once: on a whole state)
    return True


class _GoalSide:
    """What the goal tells of a level, worked out when a search first asks.

    ``presses`` are the level's, in the order of its moves (``None``: no press may tell its
    sources, a portal or lock changing what it shows); ``sourced`` makes the goal successors
    from the sources of each (``None`` for a press that cannot tell), and the displays any
    press may show the goal from (``None`` unless every press can tell); it is ``None``
    when ``presses`` is.
    """

    def __init__(
        self,
        rules: Rules,
        goal: Value,
        presses: list[_Press] | None,
        filtered: _GoalMoves,
        sourced: Callable[[_EachSources, frozenset[Value] | None], _GoalMoves] | None,
    ) -> None:
        self.rules, self.goal = rules, goal
        # (each press's [+]N total as its button sees it: worked out once, not per display)
        self.presses = None if presses is None else [
            (button, how, influence if button.is_influenced(rules) else 0)
            for button, how, influence in presses
        ]  # fmt: skip
        self.filtered, self.sourced = filtered, sourced
        self._moves: _GoalMoves | None = None
        self._first_sources: tuple[_EachSources, frozenset[Value] | None] | None = None
        #: ``sets[moves]``: the displays within ``moves`` moves of the goal, once known
        self.sets: list[frozenset[Value]] | None = None

    def moves_for(self, expanding: int) -> _GoalMoves | None:
        """:meth:`moves`, or ``None`` if the goal's sources are still to be worked out and
        would cost more than expanding ``expanding`` states."""
        return None if self._unknown_costs_more(expanding) else self.moves()

    def moves(self) -> _GoalMoves:
        """The goal successors: made only of the presses whose sources hold the display,
        those that can tell (the others are made from every display)."""
        if self._moves is None:
            first = self._first()
            sourced = self.sourced
            if first is not None and sourced is not None and any(s is not None for s in first[0]):
                self._moves = sourced(*first)
            else:
                self._moves = self.filtered
        return self._moves

    def within(self, moves: int, expanding: int) -> frozenset[Value] | None:
        """The displays within ``moves`` moves of the goal; ``None`` when some press cannot
        tell, or when the next set costs more than expanding ``expanding`` states."""
        if self.sets is None:
            if self._unknown_costs_more(expanding):
                return None  # (a wider search may ask again)
            first = self._first()
            if first is None or first[1] is None:
                return None  # (some press cannot tell)
            self.sets = [frozenset([self.goal]), first[1] | {self.goal}]
        sets = self.sets
        while len(sets) <= moves:
            last = sets[-1]
            if len(last) * _SOURCES_COST > expanding:
                return None  # (a wider search may ask again)
            grown = set(last)  # (a press may keep the display: fewer moves do)
            for value in last:
                told = _told(self._sources(value))
                if told is None:
                    self.presses = None  # (no more sets: they cannot be told)
                    return None
                grown.update(*told)
            sets.append(frozenset(grown))
        return sets[moves]

    def _unknown_costs_more(self, expanding: int) -> bool:
        """Whether the goal's sources are still to be worked out, at a cost above expanding
        ``expanding`` states."""
        return (
            self._first_sources is None
            and self.presses is not None
            and (_GOAL_SOURCES_COST > expanding)
        )

    def _first(self) -> tuple[_EachSources, frozenset[Value] | None] | None:
        """The sources of the goal of each press, and all of them (``None`` if one cannot
        tell); ``None`` if no press may tell."""
        if self._first_sources is None:
            each = self._sources(self.goal)
            if each is not None:
                told = _told(each)
                self._first_sources = (each, None if told is None else frozenset().union(*told))
        return self._first_sources

    def _sources(self, display: Value) -> _EachSources | None:
        """The sources of ``display`` of each press (:meth:`Op.sources
        <puzzlecalc.calculator.ops.base.Op.sources>` without checking its arguments, which
        the level's are: a search asks it of every press); ``None`` if no press may tell."""
        if self.presses is None:
            return None
        rules = self.rules
        if not rules.min_value <= display <= rules.max_value:
            return [()] * len(self.presses)
        return [
            button._sources(display, rules, how, None, influence)
            for button, how, influence in self.presses
        ]


def _told(each: _EachSources | None) -> list[Collection[Value]] | None:
    """The sources of each press, if every press can tell them."""
    if each is None or any(sources is None for sources in each):
        return None
    return cast(list[Collection[Value]], each)


#: What a press's sources cost, in states expanded (a display's sources against its presses).
_SOURCES_COST: Final = 4

#: What the goal's sources cost, in states expanded: the first a search asks for, of every
#: press (a search of fewer states filters their moves instead).
_GOAL_SOURCES_COST: Final = 16


def _filtered(successors: _Moves, goal: Value, key: Callable[[Any], Value] | None) -> _GoalMoves:
    """The goal successors made by filtering every successor."""

    def goal_successors(state: Any) -> tuple[list[tuple[Move, Any]], int]:
        moves = successors(state)
        return [
            (move, new) for move, new in moves if (new if key is None else key(new)) == goal
        ], len(moves)

    return goal_successors


# -- the display alone ---------------------------------------------------------------------


def _display_moves(
    level: Level, rules: Rules, portal: Portal | None, goal: Value
) -> tuple[_Moves, _GoalSide]:
    """The successors of a display (each button's function, then the display limit and the
    portal), and the goal's side."""
    lowest, highest = rules.min_value, rules.max_value
    functions: list[tuple[Move, ValueFunction]] = [
        (((index, "press"),), _compiled_display(button, rules, None))
        for index, button in enumerate(level.buttons)
    ]

    def successors(value: Value) -> list[tuple[Move, Value]]:
        found: list[tuple[Move, Value]] = []
        keep = found.append
        for move, function in functions:
            new = function(value)
            if new is not None and lowest <= new <= highest:
                keep((move, new if portal is None else portal(new)))
        return found

    def sourced(sources: _EachSources, near: frozenset[Value] | None) -> _GoalMoves:
        nothing: tuple[list[tuple[Move, Value]], int] = ([], 0)
        listed = list(zip(functions, sources, strict=True))

        def goal_successors(value: Value) -> tuple[list[tuple[Move, Value]], int]:
            if near is not None and value not in near:
                return nothing
            found: list[tuple[Move, Value]] = []
            made = 0
            for (move, function), froms in listed:
                if froms is None or value in froms:
                    made += 1
                    if function(value) == goal:  # (the goal is a display: within the limit)
                        found.append((move, goal))
            return found, made

        return goal_successors

    presses: list[_Press] | None = [(button, "press", 0) for button in level.buttons]
    side = _GoalSide(
        rules, goal, None if portal else presses, _filtered(successors, goal, None), sourced
    )
    return successors, side


@functools.lru_cache(maxsize=4096)
def _compiled_display(button: ValueOp, rules: Rules, at: At, influence: int = 0) -> ValueFunction:
    """A button's function of the display: levels that share buttons share the work."""
    return button.display_function(rules, at, influence)


# -- the whole state -----------------------------------------------------------------------


def _tuple_moves(
    level: Level,
    rules: Rules,
    portal: Portal | None,
    start: GameState,
    goal: Value,
    ends: frozenset[Value],
) -> tuple[_Moves, _GoalSide]:
    """The successors of a ``(value, influence, store, lock)`` state, and the goal's side: the
    buttons compiled for each ``[+]N`` total the search meets."""
    lock = start.lock is not None or any(isinstance(button, Lock) for button in level.buttons)
    if not any(isinstance(button, Influence) for button in level.buttons):
        return _moves_at(level, rules, portal, lock, goal, ends, start.influence)  # one total
    totals = _Totals(functools.partial(_moves_at, level, rules, portal, lock, goal, ends))
    # (no sets backwards from the goal: the sources change with the total)
    return totals.successors, _GoalSide(rules, goal, None, totals.goal_successors, None)


class _Totals:
    """The moves of a level with ``[+]N`` buttons: its buttons compiled for each total, when
    a state of that total first asks (``moves_at``, :func:`_moves_at` for the level)."""

    def __init__(self, moves_at: Callable[[int], tuple[_Moves, _GoalSide]]) -> None:
        self.moves_at = moves_at
        self.tables: dict[int, tuple[_Moves, _GoalSide]] = {}

    def at(self, influence: int) -> tuple[_Moves, _GoalSide]:
        """The successors and the goal's side of the states whose total is ``influence``."""
        table = self.tables.get(influence)
        if table is None:
            table = self.moves_at(influence)
            if len(self.tables) < _KEPT_TOTALS:
                self.tables[influence] = table
        return table

    def successors(self, state: StateTuple) -> list[tuple[Move, StateTuple]]:
        return self.at(state[1])[0](state)

    def goal_successors(self, state: StateTuple) -> tuple[list[tuple[Move, StateTuple]], int]:
        return self.at(state[1])[1].moves()(state)


#: How many ``[+]N`` totals a search keeps its buttons compiled for (it meets a handful).
_KEPT_TOTALS: Final = 64


def _moves_at(
    level: Level,
    rules: Rules,
    portal: Portal | None,
    lock: bool,
    goal: Value,
    ends: frozenset[Value],
    influence: int,
) -> tuple[_Moves, _GoalSide]:
    """:func:`_tuple_moves` for the states whose ``[+]N`` total is ``influence``: those of
    ``goal``'s search, or with free Store holds, of a search that ``ends`` on any of those
    displays."""
    on_display = portal is None and not lock  # (else the end of a press is more than a limit)
    units: list[_Unit] = []
    holds: list[_Unit] = []
    presses: list[_Press] | None = [] if on_display else None
    for index, button in enumerate(level.buttons):
        for press in button.presses:
            unit: _Unit
            if on_display and button.changes_display_only and button.target == "nothing":
                function = _compiled_display(button, rules, None, influence)
                unit = _Unit(_VALUE, function, ((index, press),))
            else:
                kind, step = _compiled(button, rules, press, portal, influence, lock)
                move = _CursorMoves(index, press) if kind == _CURSOR else ((index, press),)
                unit = _Unit(kind, step, move)
            if not rules.press_cost(press):
                holds.append(unit)
                presses = None  # (a free hold is a move with the press after it)
            else:
                units.append(unit)
            if presses is not None:
                presses.append((button, press, influence))
    if holds:
        stops = ends if ends == {goal} else frozenset()  # (several goals: each is a level)
        plain = _expander(units, rules)
        units = [_Unit(_EXPANDER, _with_holds(holds, plain, ends, stops), None)]
    successors = _expander(units, rules)
    filtered = _filtered(successors, goal, operator.itemgetter(0))
    sourced = functools.partial(_sourced_moves, units, rules, goal)
    return successors, _GoalSide(rules, goal, presses, filtered, sourced)


def _sourced_moves(
    units: list[_Unit],
    rules: Rules,
    goal: Value,
    sources: _EachSources,
    near: frozenset[Value] | None,
) -> _GoalMoves:
    """The goal successors of :func:`_moves_at`'s ``units``, each made only from its
    ``sources`` (``None``: from any display), and none from a display not ``near``."""
    nothing: tuple[list[tuple[Move, StateTuple]], int] = ([], 0)
    listed = [
        (unit, _expander([unit], rules), froms) for unit, froms in zip(units, sources, strict=True)
    ]

    def goal_successors(state: StateTuple) -> tuple[list[tuple[Move, StateTuple]], int]:
        display = state[0]
        if near is not None and display not in near:
            return nothing
        found: list[tuple[Move, StateTuple]] = []
        made = 0
        for unit, moves_of, froms in listed:
            if froms is not None and display not in froms:
                continue
            if unit.kind == _VALUE:  # only the display matters: no state made but a goal
                made += 1
                if unit.step(display) == goal:  # (the goal is a display: within the limit)
                    found.append((unit.move, (goal, state[1], state[2], None)))
                continue
            moves = moves_of(state)
            made += len(moves)
            found += [(move, reached) for move, reached in moves if reached[0] == goal]
        return found, made

    return goal_successors


@functools.lru_cache(maxsize=4096)
def _compiled(
    button: Op, rules: Rules, press: Press, portal: Portal | None, influence: int, lock: bool
) -> tuple[int, Callable[[StateTuple], Any]]:
    """A button compiled for a search: levels that share buttons share the work.

    The compiled functions hold no state, so they can be shared; the cache holds at most
    4096 of them.
    """
    if button.target == "nothing":
        return _STEP, button.step(rules, press, None, portal, influence=influence, lock=lock)
    return _CURSOR, button.step_each(rules, press, portal)


def _expander(units: list[_Unit], rules: Rules) -> _Moves:
    """The successors that ``units`` give, in order, as one function."""
    lowest, highest = rules.min_value, rules.max_value
    display_only, whole_state, cursor = _VALUE, _STEP, _CURSOR  # (local: the hot loop)

    def expand(state: StateTuple) -> list[tuple[Move, StateTuple]]:
        result: list[tuple[Move, StateTuple]] = []
        append = result.append
        for kind, step, move in units:
            if kind == display_only:
                value = step(state[0])
                if value is not None and lowest <= value <= highest:
                    append((move, (value, state[1], state[2], None)))
            elif kind == whole_state:
                reached = step(state)
                if reached is not None:
                    append((move, reached))
            elif kind == cursor:  # step_each: a move for each position or arrow string
                for at, reached in step(state):
                    append((move[at], reached))
            else:  # _EXPANDER: it gives its moves
                result += step(state)
        return result

    return expand


class _CursorMoves(dict[Any, Move]):
    """The move of each position (or arrow string) of a cursor button, made when first asked."""

    def __init__(self, index: int, press: Press) -> None:
        super().__init__()
        self.index, self.press = index, press

    def __missing__(self, at: int | str) -> Move:
        move: Move = ((self.index, self.press, at),)  # type: ignore[assignment]
        self[at] = move
        return move


def _held(
    holds: list[_Unit], state: StateTuple, stops: frozenset[Value]
) -> list[tuple[Move, StateTuple]]:
    """Each run of free Store holds from ``state`` in which every hold changes the state,
    with the state it reaches, in button order (a run just before the runs it begins); none
    goes on from a display of ``stops`` (the game ends there).

    A hold saves the display. It changes the display only as the first press, where the
    portal acts after it on the start (:attr:`~puzzlecalc.calculator.rules.Rules.portal_start`),
    so a second hold may then save the new display. A hold that changes nothing is no move.
    """
    runs: list[tuple[Move, StateTuple]] = []
    todo: list[tuple[Move, tuple[StateTuple, ...]]] = [((), (state,))]
    while todo:
        move, seen = todo.pop()
        at = seen[-1]
        for _, hold_step, hold_move in holds:
            held = hold_step(at)
            if held is None or held in seen:
                continue
            runs.append((move + hold_move, held))
            if held[0] != at[0] and held[0] not in stops:  # (a new display, to save)
                todo.append((move + hold_move, (*seen, held)))
    runs.sort(key=lambda run: run[0])
    return runs


def _with_holds(
    holds: list[_Unit], then: _Moves, ends: frozenset[Value], stops: frozenset[Value]
) -> _Moves:
    """The moves of a level whose Store holds are free: each run of holds (:func:`_held`)
    that shows one of the displays ``ends``, first (the game ends there, at no cost); the
    presses ``then`` makes; and each run with each press that can follow it, as one move,
    but for a run that shows a display of ``stops``."""

    def moves(state: StateTuple) -> list[tuple[Move, StateTuple]]:
        shown = state[0]
        runs = _held(holds, state, stops)
        ending = [(move, held) for move, held in runs if held[0] != shown and held[0] in ends]
        return [
            *ending,
            *then(state),
            *(
                (move + pressed, reached)
                for move, held in runs
                if held[0] == shown or held[0] not in stops
                for pressed, reached in then(held)
            ),
        ]

    return moves
