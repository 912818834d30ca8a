"""Krypto: the deck, the deal, and every solution held to the rules of the game."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import examples

from puzzlecalc.arith24 import check, solve
from puzzlecalc.arith24.krypto import (
    KRYPTO_CARDS,
    KRYPTO_DECK,
    check_krypto_deal,
    deal_krypto,
    krypto,
)
from puzzlecalc.errors import InvalidArgumentError, InvalidHandError, SearchLimitError


def test_the_deck_is_the_game_s() -> None:
    counts = Counter(KRYPTO_DECK)
    assert len(KRYPTO_DECK) == 56 and sorted(counts) == list(range(1, 26))
    assert [counts[card] for card in (1, 6, 7, 10, 11, 17, 18, 25)] == [3, 3, 4, 4, 2, 2, 1, 1]


@settings(max_examples=examples(100))
@given(st.integers(0, 10**9))
def test_a_deal_is_six_cards_of_the_deck_and_its_solutions_use_every_card(seed: int) -> None:
    dealt = deal_krypto(random.Random(seed))
    assert dealt == deal_krypto(random.Random(seed))  # (seeded: the same deal)
    assert len(dealt.cards) == KRYPTO_CARDS and list(dealt.cards) == sorted(dealt.cards)
    assert check_krypto_deal(dealt.cards, dealt.target) == dealt  # (the deck can deal it)
    found = krypto(dealt.cards, dealt.target)
    assert [str(e) for e in found] == [str(e) for e in solve(list(dealt.cards), dealt.target)]
    for expr in found:
        assert sorted(expr.numbers) == list(dealt.cards) and expr.value == dealt.target
        assert check(str(expr), dealt.cards, dealt.target).ok


def test_a_solvable_deal_is_dealt_under_the_rules_asked() -> None:
    for seed in range(20):
        dealt = deal_krypto(random.Random(seed), solvable_only=True, integer_only=True)
        assert krypto(dealt.cards, dealt.target, integer_only=True)
    with pytest.raises(SearchLimitError, match="no Krypto deal of 1") as raised:
        deal_krypto(random.Random(0), solvable_only=True, max_deals=1, ops="+")
    assert raised.value.limit == "max_deals"


def test_a_solvable_deal_is_searched_within_max_steps() -> None:
    dealt = deal_krypto(random.Random(3), solvable_only=True, unary="√!")
    assert deal_krypto(random.Random(3), solvable_only=True, unary="√!", max_steps=10**8) == dealt
    with pytest.raises(SearchLimitError, match="more than max_steps=5 steps") as raised:
        deal_krypto(random.Random(3), solvable_only=True, max_steps=5)
    assert raised.value.limit == "max_steps"
    assert deal_krypto(random.Random(3), max_steps=5)  # (a deal not searched)


@pytest.mark.parametrize(
    ("cards", "target", "message"),
    [
        ([1, 2, 3, 4], 5, "is 5 cards"),
        ([1, 2, 3, 4, 5, 6], 7, "is 5 cards"),
        ([1, 2, 3, 4, 26], 5, "from 1 to 25"),
        ([1, 2, 3, 4, 0], 5, "from 1 to 25"),
        ([1, 2, 3, 4, True], 5, "from 1 to 25"),
        ([1, 2, 3, 4, 5], "6", "from 1 to 25"),
        ([18, 18, 1, 2, 3], 4, "holds 18 once, not twice"),
        ([1, 1, 1, 2, 3], 1, "holds 1 3 times, not 4 times"),
        ("12345", 6, "is 5 cards"),
        (None, 6, "is 5 cards"),
    ],
)
def test_what_the_deck_cannot_deal_is_refused_by_name(
    cards: object, target: object, message: str
) -> None:
    with pytest.raises(InvalidHandError, match=message):
        krypto(cards, target)  # type: ignore[arg-type]


def test_a_deal_needs_a_random_generator() -> None:
    with pytest.raises(InvalidArgumentError, match="rng"):
        deal_krypto(7)  # type: ignore[arg-type]
