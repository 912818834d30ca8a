"""Refit the difficulty model and cross-validate it against 4nums.com's solved rates.

Usage: python benchmarks/fit_difficulty.py [--folds 5]

Reads tests/data/arith24/4nums_difficulty_1to10.csv (566 hands). Prints the Spearman
correlation between the shipped model (puzzlecalc.arith24.difficulty.WEIGHTS) and the
solved rate, the baseline "minus the number of solutions up to commutativity", the
weights refitted on every hand (beside the shipped ones), and a k-fold cross-validation:
the weights are refitted on k-1 folds (coordinate search on the correlation between the
model and the solved-rate ranks) and scored on the held-out fold. Takes a few minutes;
not part of ``nox -s bench``.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
from collections.abc import Sequence
from pathlib import Path

from puzzlecalc.arith24 import count
from puzzlecalc.arith24.difficulty import WEIGHTS, move_features, moves, ranks, spearman
from puzzlecalc.arith24.numbers import Number as Value

DATA = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "data"
    / "arith24"
    / "4nums_difficulty_1to10.csv"
)
NAMES = tuple(WEIGHTS)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    return cov / math.sqrt(sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys))


class Graph:
    """Every position reachable from the hands, with each move's features, built once."""

    def __init__(self, hands: list[tuple[Value, ...]], target: Value = 24) -> None:
        self.index: dict[tuple[Value, ...], int] = {}
        self.states: list[tuple[Value, ...]] = []
        self.edges: list[list[tuple[tuple[float, ...], int]]] = []
        self.roots = [self._add(hand, target) for hand in hands]
        self.target = target

    def _add(self, state: tuple[Value, ...], target: Value) -> int:
        stack = [state]
        while stack:
            current = stack.pop()
            if current in self.index:
                continue
            self.index[current] = len(self.states)
            self.states.append(current)
            self.edges.append([])
            stack.extend(after for (_, after) in moves(current) if after not in self.index)
        for state_id, current in enumerate(self.states):
            if self.edges[state_id] or len(current) == 1:
                continue
            for (result, after), op in moves(current).items():
                features = move_features(result, op, target)
                if features is not None:
                    self.edges[state_id].append(
                        (tuple(features[n] for n in NAMES), self.index[after])
                    )
        return self.index[state]

    def scores(self, weights: Sequence[float]) -> list[float]:
        chance = [0.0] * len(self.states)
        for state_id in sorted(range(len(self.states)), key=lambda s: len(self.states[s])):
            state = self.states[state_id]
            if len(state) == 1:
                chance[state_id] = 1.0 if state[0] == self.target else 0.0
                continue
            total = made = 0.0
            for features, after in self.edges[state_id]:
                weight = math.exp(-sum(w * f for w, f in zip(weights, features, strict=True)))
                total += weight
                made += weight * chance[after]
            chance[state_id] = made / total if total else 0.0
        return [-math.log(chance[r]) if chance[r] > 0 else math.inf for r in self.roots]


def fit(graph: Graph, rate_ranks: list[float], chosen: list[int]) -> list[float]:
    """Coordinate search maximising the correlation of the scores with the rate ranks."""

    def quality(weights: list[float]) -> float:
        scores = graph.scores(weights)
        return -pearson([min(scores[i], 50.0) for i in chosen], [rate_ranks[i] for i in chosen])

    weights = [0.0] * len(NAMES)
    best = quality(weights)
    for step in (1.0, 0.5, 0.25, 0.1):
        improved = True
        while improved:
            improved = False
            for k in range(len(weights)):
                for delta in (step, -step):
                    trial = weights[:]
                    trial[k] += delta
                    value = quality(trial)
                    if value > best:
                        best, weights, improved = value, trial, True
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args()
    if not DATA.exists():
        print(f"skipped: no data at {DATA}")
        return
    rows = list(csv.DictReader(DATA.open()))
    hands = [tuple(sorted(int(c) for c in row["Puzzles"].split())) for row in rows]
    rate = [float(row["Solved rate"].rstrip("%")) for row in rows]
    graph = Graph(list(hands))
    shipped = graph.scores([WEIGHTS[name] for name in NAMES])
    print(f"hands: {len(hands)}; positions: {len(graph.states)}")
    baseline = [-count(hand, distinct="commutative") for hand in hands]
    print(
        f"baseline, minus solutions up to commutativity: Spearman {spearman(baseline, rate):+.3f}"
    )
    print(f"shipped model, in-sample:                      Spearman {spearman(shipped, rate):+.3f}")
    rate_ranks = ranks(rate)
    refit = fit(graph, rate_ranks, list(range(len(hands))))
    print(
        f"refitted on every hand: weights {[round(w, 2) for w in refit]} (shipped "
        f"{[WEIGHTS[name] for name in NAMES]}), Spearman {spearman(graph.scores(refit), rate):+.3f}"
    )
    order = list(range(len(hands)))
    random.Random(1).shuffle(order)
    folds = [order[i :: args.folds] for i in range(args.folds)]
    held_out = []
    for number, test in enumerate(folds, 1):
        train = [i for i in order if i not in set(test)]
        weights = fit(graph, rate_ranks, train)
        scores = graph.scores(weights)
        value = spearman([scores[i] for i in test], [rate[i] for i in test])
        held_out.append(value)
        print(
            f"fold {number}: weights {[round(w, 2) for w in weights]}, held-out Spearman {value:+.3f}"
        )
    print(
        f"{args.folds}-fold cross-validated Spearman (mean of held-out folds): {sum(held_out) / len(held_out):+.3f}"
    )


if __name__ == "__main__":
    main()
