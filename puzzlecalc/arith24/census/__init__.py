"""Censuses: which selections or hands reach which targets, and the tables people quote.

:func:`~.api.countdown_census` goes through the Countdown selections (six of the number
tiles) and every target; :func:`~.api.hand_census` through the hands of a card game against
every target at once. Both spread their work over the machine's cores, or over any
:class:`concurrent.futures.Executor` (a Dask cluster's ``Client(...).get_executor()``),
write one row per selection or hand to a file as the results arrive, and can ``resume`` a
run from that file: a run stopped by Ctrl-C, a crash or a lost worker loses at most the
work in flight, and the resumed run gives exactly the tables of an uninterrupted one. They
keep counts, not results, so memory stays flat however large the census.

>>> census = countdown_census(large=[4], jobs=1)
>>> f"{census.rows[0].percent:.2f}%"
'88.40%'

The modules, one concern each: :mod:`~.deck` (the tiles and their selections),
:mod:`~.results` (what one item reaches), :mod:`~.tables` (the counts and the tables),
:mod:`~.rows` (the rows file), :mod:`~.run` (running the work) and :mod:`~.api` (the
census functions).
"""

from __future__ import annotations

from puzzlecalc.arith24.census.api import (
    COUNTDOWN_TARGETS,
    TARGETS,
    arith24_census,
    countdown_census,
    hand_census,
)
from puzzlecalc.arith24.census.deck import Deck, Selection, selections
from puzzlecalc.arith24.census.results import HOUSE_RULES, NEAR, HandResult, SelectionResult
from puzzlecalc.arith24.census.run import DEFAULT_MAX_ITEMS, DEFAULT_MAX_TARGETS, RunSettings
from puzzlecalc.arith24.census.tables import Census, CensusRow, CountdownCensus, HandCensus

__all__ = [
    "COUNTDOWN_TARGETS",
    "DEFAULT_MAX_ITEMS",
    "DEFAULT_MAX_TARGETS",
    "HOUSE_RULES",
    "NEAR",
    "TARGETS",
    "Census",
    "CensusRow",
    "CountdownCensus",
    "Deck",
    "HandCensus",
    "HandResult",
    "RunSettings",
    "Selection",
    "SelectionResult",
    "arith24_census",
    "countdown_census",
    "hand_census",
    "selections",
]
