"""Every public function given a wrong value or type for one argument: it raises the
library's own error (an InvalidTypeError, also a TypeError, for a wrong type), saying what
is wrong, or it copes; never a traceback from deep inside (AttributeError, KeyError,
ZeroDivisionError, OverflowError, a raw TypeError, Python's ValueError for a number of too
many digits...)."""

from __future__ import annotations

import datetime
import importlib
import inspect
import io
import itertools
import json
import math
import pkgutil
import random
import re
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import examples

import puzzlecalc
from puzzlecalc import GameState, Level, Rules, caches, search
from puzzlecalc.arith24 import census, expr, game, grading, referee, solutions, years
from puzzlecalc.arith24.census.pictures import census_svg, hand_census_svg
from puzzlecalc.arith24.census.results import house_rules_over
from puzzlecalc.arith24.every import every_target
from puzzlecalc.arith24.fours import fours
from puzzlecalc.arith24.krypto import check_krypto_deal, deal_krypto, krypto
from puzzlecalc.arith24.pictures import expr_svg
from puzzlecalc.arith24.rules import HouseRules
from puzzlecalc.arith24.sets import countdown_set, digits_set, hand_set, ten_set, year_set
from puzzlecalc.arith24.ten import digits, ten, ten_census
from puzzlecalc.arith24.years import iter_years
from puzzlecalc.calculator import grading as press_grading
from puzzlecalc.calculator import maker, notation
from puzzlecalc.calculator.level import checked_level
from puzzlecalc.calculator.ops import (
    Add,
    Append,
    Cut,
    Delete,
    DigitAdd,
    DigitSet,
    DigitSubtract,
    Divide,
    Influence,
    Insert,
    Multiply,
    Power,
    Replace,
    Shift,
    Sort,
    Store,
    Subtract,
)
from puzzlecalc.calculator.pictures import level_svg, reach_svg, solution_svg
from puzzlecalc.calculator.problem import LevelProblem
from puzzlecalc.calculator.reach import reach
from puzzlecalc.calculator.sets import level_set
from puzzlecalc.calculator.solution import Pressed
from puzzlecalc.calculator.state import format_value
from puzzlecalc.daily import daily_set, share_line, stars, today
from puzzlecalc.errors import (
    IllegalPressError,
    InvalidArgumentError,
    InvalidTypeError,
    PuzzlecalcError,
)
from puzzlecalc.sets import check_settings, split_of, unsolvable_at

# (the package names functions after these modules: the modules themselves)
countdown = importlib.import_module("puzzlecalc.arith24.countdown")
difficulty = importlib.import_module("puzzlecalc.arith24.difficulty")
equivalence = importlib.import_module("puzzlecalc.arith24.equivalence")
numbers = importlib.import_module("puzzlecalc.arith24.numbers")
rules_module = importlib.import_module("puzzlecalc.arith24.rules")
levels_module = importlib.import_module("puzzlecalc.calculator.levels")
solver_module = importlib.import_module("puzzlecalc.calculator.solver")

LEVEL = Level(start=0, goal=4, moves=3, buttons=["+1", "x2"])
SOLUTION = puzzlecalc.solve_level(LEVEL)
RNG = random.Random(1)
DAY = daily_set(datetime.date(2026, 12, 2))

#: Each public function, with arguments it takes: the fuzz puts a wrong value in each.
CALLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "Level": (Level, {"start": 0, "goal": 4, "moves": 3, "buttons": ["+1"], "portal": None}),
    "Portal": (puzzlecalc.Portal, {"entrance": 2, "exit": 0}),
    "GameState": (GameState, {"value": 1, "influence": 0, "store": None, "lock": None}),
    "Rules": (
        Rules,
        {
            "hold_costs_move": True,
            "max_value": 999999,
            "min_value": -99999,
            "influence": "arithmetic",
            "influence_sign": "magnitude",
            "cut_influenced": True,
            "power_influenced": False,
            "division": "exact",
            "digit_minus": "mod",
            "shift": "mixed",
            "shift_zeros": "each",
            "lock_exempt": False,
            "lock_order": "after-portal",
            "relock": True,
            "rounding": "half-up",
            "portal_start": False,
        },
    ),
    "solve_level": (
        puzzlecalc.solve_level,
        {"level": LEVEL, "rules": Rules(), "method": "bfs", "max_states": 1000, "start": None},
    ),
    "solve_goals": (
        puzzlecalc.solve_goals,
        {"levels": [LEVEL], "rules": Rules(), "max_states": 1000},
    ),
    "iter_solutions": (
        lambda **k: list(puzzlecalc.iter_solutions(**k)),
        {"level": LEVEL, "rules": Rules(), "max_states": 1000, "start": None},
    ),
    "count_solutions": (
        puzzlecalc.count_solutions,
        {"level": LEVEL, "rules": Rules(), "max_states": 1000, "start": None},
    ),
    "advise": (
        puzzlecalc.advise,
        {"level": LEVEL, "presses": ["+1"], "rules": Rules(), "max_states": 1000},
    ),
    "level_difficulty": (
        puzzlecalc.level_difficulty,
        {"level": LEVEL, "rules": Rules(), "max_states": 1000},
    ),
    "parse_button": (notation.parse_button, {"label": "+1"}),
    "parse_press": (notation.parse_press, {"text": "Delete@1"}),
    "format_button": (notation.format_button, {"op": Add(1)}),
    "game_level": (puzzlecalc.game_level, {"number": 1, "game": 1}),
    "game_levels": (puzzlecalc.game_levels, {"game": 1}),
    "find_levels": (
        puzzlecalc.find_levels,
        {"game": 2, "start": 54, "goal": 49, "buttons": ["lock"]},
    ),
    "read_levels": (puzzlecalc.read_levels, {"source": io.StringIO(json.dumps(LEVEL.to_dict()))}),
    "word_value": (puzzlecalc.word_value, {"word": "ODD"}),
    "checked_moves": (maker.checked_moves, {"moves": (3, 7)}),
    "generate": (
        maker.generate,
        {
            "rng": RNG,
            "game": 1,
            "moves": 3,
            "buttons": ["+1", "x2"],
            "unique": False,
            "rules": Rules(),
            "most_in_a_row": 4,
            "band": None,
            "max_tries": 5,
        },
    ),
    "Add": (Add, {"n": 1}),
    "Op.apply": (
        Delete().apply,
        {"state": GameState(123), "rules": Rules(), "press": "press", "at": 1, "portal": None},
    ),
    "Op.label": (
        Add(1).label,
        {"state": GameState(1), "rules": Rules(), "press": "press", "at": None},
    ),
    "Store.apply": (
        Store().apply,
        {"state": GameState(12), "rules": Rules(), "press": "hold", "at": None, "portal": None},
    ),
    "Level.replay": (LEVEL.replay, {"presses": [(0, "press")], "rules": Rules(), "start": None}),
    "Level.replay, one press": (lambda press: LEVEL.replay([press]), {"press": (0, "press")}),
    "Level.replay_labels": (
        LEVEL.replay_labels,
        {"labels": ["+1"], "rules": Rules(), "start": None},
    ),
    "Level.before_portal": (
        Level(
            start=613, goal=227, moves=1, buttons=["x2"], portal=puzzlecalc.Portal(3, 0)
        ).before_portal,
        {"state": GameState(613), "record": (0, "press"), "rules": Rules()},
    ),
    "format_value": (format_value, {"value": 12}),
    "Shift.results": (Shift().results, {"value": 100203, "rules": Rules()}),
    "GameState.from_tuple": (GameState.from_tuple, {"state": (3, 0, None, None)}),
    "Pressed.of": (Pressed.of, {"record": (2, "press", 1), "what": "the press"}),
    "Level.press": (
        LEVEL.press,
        {"state": GameState(0), "index": 0, "rules": Rules(), "press": "press", "at": None},
    ),
    "Level.from_dict": (Level.from_dict, {"data": LEVEL.to_dict(), "goal": 0}),
    "Level.is_solved_by": (LEVEL.is_solved_by, {"solution": SOLUTION}),
    "Level.each_goal": (Level.each_goal, {"data": LEVEL.to_dict()}),
    "breadth_first": (
        search.breadth_first,
        {"problem": LevelProblem(LEVEL), "max_depth": 3, "max_states": 1000, "prune": None},
    ),
    "iterative_deepening": (
        search.iterative_deepening,
        {"problem": LevelProblem(LEVEL), "max_depth": 3, "max_states": 1000, "prune": None},
    ),
    "level_svg": (level_svg, {"level": LEVEL, "goals": [4, "ODD"]}),
    "solution_svg": (solution_svg, {"solution": SOLUTION}),
    "solve": (
        solutions.solve,
        {
            "cards": [3, 3, 8, 8],
            "target": 24,
            "rules": None,
            "nearest": False,
            "max_steps": 100_000,
            "progress": None,
        },
    ),
    "count": (
        solutions.count,
        {
            "cards": [3, 3, 8, 8],
            "target": 24,
            "rules": HouseRules(),
            "max_steps": 100_000,
            "progress": None,
        },
    ),
    "solvable": (
        solutions.solvable,
        {"cards": [3, 3, 8, 8], "target": 24, "rules": HouseRules(), "max_steps": 100_000},
    ),
    "reachable_values": (
        solutions.reachable_values,
        {"cards": [3, 8], "rules": HouseRules(), "max_steps": 100_000},
    ),
    "HouseRules": (
        HouseRules,
        {
            "ops": "+-*/",
            "integer_only": False,
            "non_negative": False,
            "natural": False,
            "use_all": True,
            "distinct": "4nums",
            "in_order": False,
            "unary": "",
            "unary_on": "all",
            "unary_depth": 1,
            "concat": False,
            "decimal": False,
            "max_digits": 30,
            "max_cards": None,
        },
    ),
    "check": (
        referee.check,
        {"answer": "3*8", "cards": [3, 8], "target": 24, "rules": HouseRules(), "max_steps": 10**6},
    ),
    "parse": (expr.parse, {"text": "3*8"}),
    "narrowed": (expr.narrowed, {"text": "３*8"}),
    "hint": (
        game.hint,
        {"cards": [3, 8], "target": 24, "level": 1, "rules": HouseRules(), "max_steps": 100_000},
    ),
    "deal": (
        game.deal,
        {
            "rng": RNG,
            "cards": 4,
            "low": 1,
            "high": 13,
            "difficulty": None,
            "target": 24,
            "rules": HouseRules(),
            "solvable": True,
            "max_deals": 50,
            "max_steps": 10**6,
            "progress": None,
        },
    ),
    "deal, a band": (
        lambda bound: game.deal(RNG, difficulty=(bound, 9.0), max_deals=5),
        {"bound": 0.0},
    ),
    "Opponent": (
        game.Opponent,
        {"name": "x", "ops": "+-", "slip": 0.1, "seconds": 1.0, "patience": 120.0},
    ),
    "Opponent.attempt": (
        game.TEACHER.attempt,
        {"cards": [3, 8], "rng": RNG, "target": 24, "rules": HouseRules(), "max_steps": 10**6},
    ),
    "difficulty": (difficulty.difficulty, {"cards": [3, 8], "target": 24, "rules": HouseRules()}),
    "countdown": (
        countdown.countdown,
        {"numbers": [2, 3, 4], "target": 24, "distinct": "4nums", "max_steps": 100_000},
    ),
    "reachable": (
        countdown.reachable,
        {"numbers": [2, 3, 4], "use_all": False, "natural": True, "max_steps": 10**6},
    ),
    "reachable_between": (
        countdown.reachable_between,
        {"numbers": [2, 3, 4], "low": 1, "high": 50},
    ),
    "count_expressions": (
        countdown.count_expressions,
        {"numbers": [2, 3, 4], "use_all": False, "max_steps": 10**6},
    ),
    "countdown_census": (
        census.countdown_census,
        {
            "large": [4],
            "low": 101,
            "high": 200,
            "jobs": 1,
            "max_items": 100,
            "deck": census.Deck(),
            "use_all": False,
            "weighted": False,
            "uncapped_run": False,
            "rows": None,
            "progress": None,
        },
    ),
    "hand_census": (
        census.hand_census,
        {
            "low": 1,
            "high": 4,
            "cards": 3,
            "targets": range(20, 25),
            "target": 24,
            "jobs": 1,
            "rules": None,
            "max_steps": 10_000,
        },
    ),
    "arith24_census": (
        census.arith24_census,
        {
            "low": 1,
            "high": 4,
            "cards": 3,
            "targets": [24],
            "rules": None,
            "max_steps": 10_000,
            "max_items": 100,
            "max_targets": 10,
        },
    ),
    "Deck": (census.Deck, {"large": (25, 50), "small": (1, 2, 3, 4), "size": 4}),
    "expr_svg": (expr_svg, {"expr": expr.parse("3*8")}),
    "ten": (ten, {"text": "1199", "target": 10, "rules": None, "max_steps": 10_000}),
    "ten_census": (
        ten_census,
        {"length": 2, "target": 10, "rules": None, "max_steps": 10_000, "max_length": 2},
    ),
    "digits": (digits, {"text": "1199"}),
    "krypto": (
        krypto,
        {"cards": [2, 4, 7, 8, 14], "target": 2, "rules": None, "max_steps": 10_000},
    ),
    "deal_krypto": (
        deal_krypto,
        {"rng": RNG, "solvable_only": True, "rules": None, "max_deals": 5, "max_steps": 10**6},
    ),
    "check_krypto_deal": (check_krypto_deal, {"cards": [2, 4, 7, 8, 14], "target": 2}),
    "digits_round": (countdown.digits_round, {"rng": RNG, "low": 20, "high": 99}),
    "one_step_values": (countdown.one_step_values, {"numbers": [2, 3]}),
    "split_of": (split_of, {"puzzle_id": "24-0", "test_share": 0.2}),
    "unsolvable_at": (unsolvable_at, {"place": 3, "share": 0.25}),
    "fours": (
        fours,
        {
            "up_to": 10,
            "digit": 4,
            "count": 2,
            "low": 0,
            "rules": None,
            "max_steps": 10_000,
            "max_targets": 20,
        },
    ),
    "grade": (
        grading.grade,
        {"text": "3*8", "cards": (3, 8), "target": 24, "rules": HouseRules(), "max_steps": 10**6},
    ),
    "find_answer": (
        grading.find_answer,
        {"text": "I think 3*8", "target": 24, "cards": (3, 8), "rules": HouseRules()},
    ),
    "grade_presses": (
        press_grading.grade_presses,
        {"text": "no solution", "level": LEVEL, "rules": Rules(), "max_states": 10**6},
    ),
    "grade_all_presses": (
        lambda **k: list(press_grading.grade_all_presses(**k)),
        {
            "answers": [press_grading.PressAnswer("no solution", LEVEL)],
            "jobs": 1,
            "executor": None,
            "max_states": 10**6,
        },
    ),
    "PressAnswer": (
        lambda **k: list(press_grading.grade_all_presses([press_grading.PressAnswer(**k)])),
        {"text": "+1", "level": LEVEL, "rules": Rules()},
    ),
    "hand_set": (
        lambda **k: list(itertools.islice(hand_set(**k), 1)),
        {
            "count": 1,
            "seed": 1,
            "cards": 3,
            "low": 1,
            "high": 6,
            "target": 6,
            "rules": HouseRules(),
            "least": 1,
            "most": None,
            "exactly": None,
            "unsolvable": 0.0,
            "band": None,
            "rate": False,
            "test_share": 0.2,
            "max_draws": 20,
            "max_steps": 10**6,
            "jobs": 1,
            "executor": None,
        },
    ),
    "level_set": (
        lambda **k: list(itertools.islice(level_set(**k), 1)),
        {
            "count": 1,
            "seed": 1,
            "game": 1,
            "moves": 2,
            "unique": False,
            "most_in_a_row": 4,
            "band": None,
            "unsolvable": 0.0,
            "test_share": 0.2,
            "max_tries": 50,
            "max_draws": 20,
            "jobs": 1,
            "executor": None,
        },
    ),
    "iter_years": (
        lambda **k: list(iter_years(**k)),
        {"years": [6, 7], "cards": (3, 2, 1), "rules": None, "max_steps": 10_000, "max_years": 10},
    ),
    "reach": (reach, {"level": LEVEL, "rules": Rules(), "per_layer": 2, "max_states": 1000}),
    "reach_svg": (reach_svg, {"reach": reach(LEVEL)}),
    "selections": (census.selections, {"large": [4], "size": 6}),
    "daily_set": (daily_set, {"date": datetime.date(2026, 12, 2), "tz": "UTC"}),
    "grade_all": (
        lambda **k: list(grading.grade_all(**k)),
        {
            "answers": [grading.Answer("8/(3-8/3)", (3, 3, 8, 8))],
            "jobs": 1,
            "executor": None,
            "max_steps": 10**6,
        },
    ),
    "every_target": (
        every_target,
        {
            "cards": [1, 2, 3],
            "up_to": 10,
            "low": 0,
            "rules": None,
            "max_steps": 10_000,
            "max_targets": 100,
        },
    ),
    "year_puzzle": (
        years.year_puzzle,
        {
            "years": [6, 7],
            "cards": [3, 2, 1],
            "rules": None,
            "max_steps": 10_000,
            "max_years": 10,
        },
    ),
    "Num": (expr.Num, {"number": 3, "card": 0}),
    "BinOp": (expr.BinOp, {"op": "+", "left": expr.Num(1), "right": expr.Num(2)}),
    "HouseRules.evolve": (HouseRules().evolve, {"ops": "+-", "distinct": "none"}),
    "house_rules": (rules_module.house_rules, {"rules": None, "options": {"ops": "+-"}}),
    "check_ops": (rules_module.check_ops, {"ops": "+-"}),
    "Deck.draw": (census.Deck().draw, {"rng": RNG, "large": 2}),
    "Deck.weight": (census.Deck().weight, {"selection": (1, 2, 3, 4, 25, 50)}),
    "Deck.holds": (census.Deck().holds, {"numbers": [1, 2, 3, 4, 25, 50]}),
    "Deck.count": (census.Deck().count, {"large": [1, 2]}),
    "Deck.large_count": (census.Deck().large_count, {"selection": (1, 2, 3, 4, 25, 50)}),
    "Deck.check_large": (census.Deck().check_large, {"large": 2}),
    "number": (numbers.number, {"value": 3, "what": "a card"}),
    "hand": (numbers.hand, {"cards": [3, 8], "in_order": False, "max_cards": None}),
    "check_range": (numbers.check_range, {"low": 1, "high": 13}),
    "key": (equivalence.key, {"expr": expr.parse("3*8"), "level": "4nums", "max_steps": 100}),
    "Portal.apply": (puzzlecalc.Portal(2, 0).apply, {"value": 1234}),
    "depth_first": (
        search.depth_first,
        {"problem": LevelProblem(LEVEL), "max_depth": 3, "max_states": 1000, "prune": None},
    ),
    "breadth_first_each": (
        search.breadth_first_each,
        {
            "problem": LevelProblem(LEVEL),
            "targets": {4: 3},
            "key": lambda s: s,
            "max_states": 1000,
            "prune": None,
        },
    ),
    "layers": (search.layers, {"problem": LevelProblem(LEVEL), "max_depth": 3, "max_states": 1000}),
    "count_paths": (
        search.count_paths,
        {"problem": LevelProblem(LEVEL), "max_depth": 3, "max_states": 1000, "prune": None},
    ),
    "iter_paths": (
        lambda **k: list(search.iter_paths(**k)),
        {"problem": LevelProblem(LEVEL), "max_depth": 3, "max_states": 1000, "prune": None},
    ),
    "NumberedLevel.from_dict": (
        puzzlecalc.NumberedLevel.from_dict,
        {"data": LEVEL.to_dict(), "number": 1, "game": 1},
    ),
    "check_game": (levels_module.check_game, {"game": 1}),
    "search_depth": (solver_module.search_depth, {"level": LEVEL}),
    "LevelProblem": (
        LevelProblem,
        {"level": LEVEL, "rules": Rules(), "start": None, "goals": [LEVEL.goal, 5]},
    ),
    "rates": (difficulty.rates, {"rules": HouseRules()}),
    "check_band": (difficulty.check_band, {"band": (3, 5), "rules": HouseRules(), "name": "band"}),
    "ranks": (difficulty.ranks, {"values": [3, 1, 2]}),
    "spearman": (difficulty.spearman, {"xs": [1, 2, 3], "ys": [3, 1, 2]}),
    "Attempt": (game.Attempt, {"answer": "3*8", "seconds": 2.0}),
    "HandCensus.share": (
        census.hand_census(low=1, high=3, cards=2, targets=range(6, 7), jobs=1).share,
        {"rule": "any", "target": 6, "weighted": False},
    ),
    "house_rules_over": (house_rules_over, {"rules": HouseRules()}),
    "hand_census_svg": (
        hand_census_svg,
        {"census": census.hand_census(low=1, high=3, cards=2, targets=range(6, 7), jobs=1)},
    ),
    "census_svg": (
        census_svg,
        {"census": census.countdown_census(large=[4], low=101, high=110, jobs=1)},
    ),
    "Subtract": (Subtract, {"n": 1}),
    "Multiply": (Multiply, {"n": 2}),
    "Divide": (Divide, {"n": 2}),
    "Power": (Power, {"n": 2}),
    "Influence": (Influence, {"n": 1}),
    "DigitAdd": (DigitAdd, {"n": 1}),
    "DigitSubtract": (DigitSubtract, {"n": 1}),
    "Append": (Append, {"digits": "12"}),
    "Cut": (Cut, {"digits": "1"}),
    "Insert": (Insert, {"digits": "5"}),
    "DigitSet": (DigitSet, {"digits": "5"}),
    "Replace": (Replace, {"old": "1", "new": "2"}),
    "Sort": (Sort, {"order": "asc"}),
    "checked_level": (checked_level, {"level": LEVEL}),
    "countdown_set": (
        lambda **k: list(itertools.islice(countdown_set(**k), 1)),
        {
            "count": 1,
            "seed": 1,
            "large": 1,
            "least_steps": 2,
            "test_share": 0.2,
            "max_draws": 20,
            "max_steps": 10**6,
            "jobs": 1,
            "executor": None,
        },
    ),
    "digits_set": (
        lambda **k: list(itertools.islice(digits_set(**k), 1)),
        {
            "count": 1,
            "seed": 1,
            "low": 20,
            "high": 99,
            "test_share": 0.2,
            "max_draws": 20,
            "max_steps": 10**6,
            "jobs": 1,
            "executor": None,
        },
    ),
    "ten_set": (
        lambda **k: list(itertools.islice(ten_set(**k), 1)),
        {
            "count": 1,
            "seed": 1,
            "length": 3,
            "target": 10,
            "least": 1,
            "most": None,
            "exactly": None,
            "unsolvable": 0.0,
            "test_share": 0.2,
            "max_draws": 20,
            "max_steps": 10**6,
            "jobs": 1,
            "executor": None,
        },
    ),
    "year_set": (
        lambda **k: list(itertools.islice(year_set(**k), 1)),
        {
            "count": 1,
            "seed": 1,
            "cards": (3, 2, 1),
            "low": 1,
            "high": 9,
            "least": 1,
            "most": None,
            "unsolvable": 0.0,
            "test_share": 0.2,
            "max_draws": 20,
            "max_steps": 10**6,
            "jobs": 1,
            "executor": None,
        },
    ),
    "check_settings": (
        check_settings,
        {"count": 1, "test_share": 0.2, "max_draws": 10, "unsolvable": 0.0, "seed": 0},
    ),
    "share_line": (share_line, {"number": 1, "level": True, "hand": None, "stars": [3, None, 1]}),
    "stars": (stars, {"target": 24, "value": 24}),
    "today": (today, {"tz": "UTC", "now": None}),
    "check_card_count": (numbers.check_card_count, {"cards": 4}),
    "Numeral": (expr.Numeral, {"text": "12", "parts": (expr.Num(1), expr.Num(2))}),
    "UnOp": (expr.UnOp, {"op": "√", "operand": expr.Num(4)}),
    "Answer": (
        lambda **k: list(grading.grade_all([grading.Answer(**k)])),
        {"text": "3*8", "cards": (3, 8), "target": 24, "rules": HouseRules()},
    ),
    "register": (caches.register, {"clear": lambda: None}),
    "Deck.selections": (census.Deck().selections, {"large": [1]}),
    "DigitsRound.stars": (DAY.rounds[0].stars, {"value": 100}),
    "HouseRules.hand": (HouseRules().hand, {"cards": [1, 2, 3]}),
    "Level.find_press": (LEVEL.find_press, {"label": "+1", "state": None, "rules": Rules()}),
    "Level.initial_state": (LEVEL.initial_state, {"rules": Rules()}),
    "Op.check_press": (Delete().check_press, {"press": "press", "at": 1, "optional": False}),
    "Op.sources": (
        Add(2).sources,
        {"goal": 5, "rules": Rules(), "press": "press", "at": None, "influence": 0},
    ),
    "Rules.press_cost": (Rules().press_cost, {"press": "hold"}),
    "HandCensus.weight": (
        census.hand_census(cards=3, low=1, high=4, targets=range(1, 5), jobs=1).weight,
        {"hand": (1, 2, 3)},
    ),
    "Expr.parse": (expr.Expr.parse, {"text": "8/(3-8/3)"}),
    "RunSettings": (
        census.run.RunSettings,
        {
            "executor": None,
            "jobs": 1,
            "rows": None,
            "resume": False,
            "progress": None,
            "max_items": 10,
            "max_targets": 10,
        },
    ),
}

#: Wrong values: of another type, out of any range, or absurd.
WRONG: list[Any] = [
    None,
    "24",
    1.5,
    True,
    -1,
    0,
    10**5000,
    -(10**5000),
    math.nan,
    [],
    {},
    object(),
    [None],
    [[]],
]

#: What a wrong value may raise: the library's error (for a wrong type, InvalidTypeError,
#: which is also a TypeError, as Python's convention asks). A raw TypeError from inside
#: ("'int' object is not iterable") is a failure too.
ALLOWED = (PuzzlecalcError,)


def _cases() -> list[Any]:
    return [
        pytest.param(name, argument, wrong, id=f"{name}-{argument}-{type(wrong).__name__}{i}")
        for name, (_, arguments) in CALLS.items()
        for argument in arguments
        for i, wrong in enumerate(WRONG)
    ]


@pytest.mark.parametrize(("name", "argument", "wrong"), _cases())
def test_a_wrong_argument_is_refused_by_name_or_coped_with(
    name: str, argument: str, wrong: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # (a census given rows="24" writes that file)
    function, arguments = CALLS[name]
    try:
        function(**{**arguments, argument: wrong})
    except ALLOWED as error:
        message = str(error)
        assert message and len(message) < 2000, message[:200]
    except RecursionError:  # pragma: no cover - a failure, shown as one
        pytest.fail(f"{name}({argument}=...) recursed too deeply")


#: Wrong values of any shape: atoms of every kind, and lists, tuples and dicts of them.
JUNK: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.fractions()
    | st.text(max_size=8) | st.binary(max_size=4) | st.just(object()),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=2), inner, max_size=2),
    max_leaves=6,
)  # fmt: skip


@st.composite
def _wrong_call(draw: st.DrawFn) -> tuple[str, str, Any]:
    """A function of the table, one of its arguments, and a wrong value for it: junk, or
    (for a list) the good list with one item junk."""
    name = draw(st.sampled_from(sorted(CALLS)))
    argument = draw(st.sampled_from(sorted(CALLS[name][1])))
    good = CALLS[name][1][argument]
    if type(good) in (list, tuple) and good and draw(st.booleans()):
        items = list(good)
        items[draw(st.integers(0, len(items) - 1))] = draw(JUNK)
        return name, argument, type(good)(items)
    return name, argument, draw(JUNK)


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(call=_wrong_call())
def test_a_wrong_value_of_any_shape_is_refused_by_name_or_coped_with(
    call: tuple[str, str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fixed wrong values above, widened at random: a list holding a list found the
    deck's faults that the twelve values had missed."""
    monkeypatch.chdir(tmp_path)
    name, argument, wrong = call
    function, arguments = CALLS[name]
    try:
        function(**{**arguments, argument: wrong})
    except ALLOWED:
        pass


def _taking_a_level() -> list[Any]:
    return [
        pytest.param(name, argument, id=f"{name}-{argument}")
        for name, (_, arguments) in CALLS.items()
        for argument, good in arguments.items()
        if isinstance(good, Level)
        or (isinstance(good, (list, tuple)) and good and all(isinstance(g, Level) for g in good))
    ]


@pytest.mark.parametrize(("name", "argument"), _taking_a_level())
@pytest.mark.parametrize(
    ("numbered", "told"),
    [(puzzlecalc.game_level(3), "its .puzzle"), (puzzlecalc.game_level(9, game=2), ".puzzles")],
)
def test_a_numbered_level_given_for_a_level_is_told_its_puzzle(
    name: str, argument: str, numbered: puzzlecalc.NumberedLevel, told: str
) -> None:
    """``solve_level(game_level(155))`` is a natural first call: the message says how to get
    the Level from it (its ``.puzzle``, or one of its ``.puzzles`` for several goals)."""
    function, arguments = CALLS[name]
    with pytest.raises(InvalidTypeError, match=rf"not {re.escape(repr(numbered))}: pass .*{told}"):
        function(**{**arguments, argument: numbered})


def test_the_abc_press_of_a_word_goal_names_no_button_press() -> None:
    """It was an ``assert``, gone under ``python -O``; a press of no button made then."""
    with pytest.raises(IllegalPressError, match="the press is not"):
        Pressed.of((None, "ABC"))


#: The public names the table leaves out, by the reason.
LEFT_OUT_BECAUSE: dict[str, list[str]] = {
    "the engine's own steps, on values the library has checked: a check would slow every "
    "search": [
        "apply", "outcomes", "power", "power_bases", "power_exponents", "square_root", "unary",
        "factorial", "factorials_of", "fits", "exact", "card_digits", "decimal_value",
        "number_text", "move_features", "moves", "digit_count", "finisher", "grown",
        "on_digits", "signed_label", "subtracted",
    ],
    "the engine's steps of a button, a level or the house rules, on what the search has "
    "checked": [
        "Op.step", "Op.step_each", "Op.is_influenced", "ValueOp.display_function",
        "DigitOp.transform", "PositionOp.positions", "HouseRules.allowed", "HouseRules.allows",
        "HouseRules.writings", "LevelProblem.display", "LevelProblem.game_state",
        "LevelProblem.goal_successors", "LevelProblem.within", "LevelProblem.in_no_moves",
    ],
    "a button's validator: the table gives the buttons wrong values": [
        "check_int", "check_digits", "check_digits_or_empty",
    ],
    "a protocol: the table holds the searches that take one": [
        "Problem", "Problem.is_goal", "Problem.successors",
    ],
    "a result the library makes and hands back, not an argument": [
        "Advice", "LevelDifficulty", "NumberedLevel", "Solution", "Pressed", "Layer", "Reach",
        "Layers", "Path", "LevelRecord", "SetRecord", "Verdict", "Grade", "PressGrade", "TargetTable",
        "KryptoDeal", "Year", "TenCensus", "DailySet", "DigitsRound", "HandResult",
        "SelectionResult", "Census", "CensusRow", "CountdownCensus", "HandCensus",
    ],
    "a census's inner workings, on what its public call has checked": [
        "CountdownSpec", "HandSpec", "RowFormat", "RowsFile", "Tally", "Work", "run",
        "settings_of", "hand_results", "selection_results", "countdown_rows", "hand_rows",
        "CountdownCensus.add", "HandCensus.add", "Tally.add", "RowsFile.earlier",
        "RunSettings.check_size",
    ],
    "the pictures' pen: they hand it text and colours they have checked": [
        "Drawing", "Drawing.circle", "Drawing.line", "Drawing.path", "Drawing.rect",
        "Drawing.text", "Drawing.title",
    ],
}  # fmt: skip
LEFT_OUT = {name: reason for reason, names in LEFT_OUT_BECAUSE.items() for name in names}


def _public_callables() -> dict[str, Callable[..., object]]:
    """Every function and class a public module of the package names in its ``__all__``
    and defines, by name, and every method a class defines first (not one it overrides),
    as ``Class.method``; but the command line's, which its own tests give wrong flags, the
    exceptions, and what takes no argument."""
    found: dict[str, Callable[..., object]] = {}
    for module_info in pkgutil.walk_packages(puzzlecalc.__path__, "puzzlecalc."):
        parts = module_info.name.split(".")
        if parts[1] == "cli" or any(part.startswith("_") for part in parts):
            continue
        module = importlib.import_module(module_info.name)
        for name in module.__all__:
            value = getattr(module, name)
            if not (inspect.isroutine(value) or inspect.isclass(value)):
                continue  # (a constant or a type alias)
            if typing.is_typeddict(value):
                continue  # (keywords: the functions that take them check them)
            if not value.__module__.startswith("puzzlecalc"):
                continue
            if isinstance(value, type) and issubclass(value, BaseException):
                continue
            if inspect.isclass(value):
                found.update(_own_methods(value))
            if _takes_arguments(value):  # (not clear_caches, nor Reverse)
                assert found.setdefault(name, value) is value, f"two public {name}s"
    return found


def _own_methods(kind: type) -> dict[str, Callable[..., object]]:
    """The public methods ``kind`` defines first, by ``Class.method``, that take an
    argument."""
    found: dict[str, Callable[..., object]] = {}
    for name, method in vars(kind).items():
        if isinstance(method, (staticmethod, classmethod)):
            method = method.__func__
        if name.startswith("_") or not inspect.isroutine(method):
            continue
        if any(name in vars(base) for base in kind.__mro__[1:]):
            continue  # (an override: its first definition stands for it)
        if len(inspect.signature(method).parameters) > 1 or isinstance(
            vars(kind)[name], staticmethod
        ):
            found[f"{kind.__name__}.{name}"] = method
    return found


def _takes_arguments(value: Callable[..., object]) -> bool:
    try:
        return bool(inspect.signature(value).parameters)
    except ValueError:  # (a class mypyc compiled shows none: it is asked of all the same)
        return True


def test_the_table_holds_every_public_function_or_says_why_not() -> None:
    """A new public function or method is given wrong values as soon as it is public, or
    the reason it is not stands here."""
    public = _public_callables()
    called = {name.split(",")[0] for name in CALLS}
    assert set(public) - called - set(LEFT_OUT) == set()
    assert set(LEFT_OUT) <= set(public), "a name left out that is no longer public"
    assert not set(LEFT_OUT) & called, "a name both left out and in the table"


def test_the_table_gives_every_argument_of_a_function_it_holds() -> None:
    """An argument left out of a function's row is never given a wrong value: ``band`` of
    ``hand_set`` took ``"24"`` to a raw ``TypeError`` from inside, and ``deal``'s
    ``progress`` a number, until every argument stood here."""
    public = _public_callables()
    given: dict[str, set[str]] = {}
    for name, (function, arguments) in CALLS.items():
        given.setdefault(name.split(",")[0], set()).update(arguments)
        public.setdefault(name, function)  # (an override, as Store.apply, is not public)
    left_out = {}
    for name, taken in given.items():
        try:
            parameters = inspect.signature(public[name]).parameters.values()
        except ValueError:  # pragma: no cover - (a class mypyc compiled shows none)
            continue
        named = {
            parameter.name
            for parameter in parameters
            if parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
            and parameter.name not in ("self", "cls")
        }
        if named - taken:
            left_out[name] = sorted(named - taken)
    assert left_out == {}


def test_a_cache_that_is_no_function_is_not_registered() -> None:
    with pytest.raises(InvalidTypeError, match="clear must be a function, not None"):
        caches.register(None)  # type: ignore[arg-type]
    caches.clear_caches()  # (a None registered would fail here, and at every later call)


#: Arguments of one plain type each: a value of another type is the type error, a value of
#: that type out of range the value error, whichever function takes them.
TYPED: dict[str, Any] = {
    "rng": None,
    "rules": None,
    "max_depth": -1,
    "max_steps": 0,
    "max_states": 0,
    "max_deals": 0,
    "max_tries": 0,
    "most_in_a_row": 0,
    "max_targets": 0,
    "max_items": 0,
    "max_solutions": -1,
    "jobs": 0,
}


def _typed_cases() -> list[Any]:
    return [
        pytest.param(name, argument, id=f"{name}-{argument}")
        for name, (_, arguments) in CALLS.items()
        for argument in arguments
        if argument in TYPED
    ]


@pytest.mark.parametrize(("name", "argument"), _typed_cases())
def test_a_wrong_type_is_the_type_error_and_a_wrong_value_the_value_error(
    name: str, argument: str
) -> None:
    function, arguments = CALLS[name]
    with pytest.raises(InvalidTypeError, match=argument):
        function(**{**arguments, argument: object()})
    with pytest.raises(InvalidTypeError, match=argument):
        function(**{**arguments, argument: "7"})
    wrong_value = TYPED[argument]
    if wrong_value is not None:
        with pytest.raises(InvalidArgumentError, match=argument) as raised:
            function(**{**arguments, argument: wrong_value})
        assert not isinstance(raised.value, TypeError)
