"""The engine's own kinds of Python's numbers and sets (internal): a part's
:class:`Values`, a frozenset that also keeps them in order, and :class:`HashedFraction`, a
Fraction that remembers its hash.

They are kept apart from :mod:`.lookup`, which uses them, because they subclass a type of
Python's own: mypyc, which compiles the engine's hot modules where asked
(docs/install.rst), compiles such a class only if a decorator of ``mypy_extensions`` marks
it, which the package would then need when it runs. This module stays pure Python.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias, TypeVar

from puzzlecalc.arith24.numbers import Number

__all__ = ["HashedFraction", "Values", "coprime"]

#: A value as the search looks it up (:data:`.lookup.Value`: written out, as
#: :mod:`.lookup` imports this module).
_Value: TypeAlias = int | tuple[int, int]

_SomeFraction = TypeVar("_SomeFraction", bound=Fraction)


def coprime(kind: type[_SomeFraction], numerator: int, denominator: int) -> _SomeFraction:
    """The fraction ``numerator / denominator`` of ``kind`` (a Fraction, or a subclass),
    already in lowest terms with the denominator above 1: set as
    :meth:`Fraction._from_coprime_ints <fractions.Fraction>` (Python 3.12) does, without
    reducing it again (tests hold it equal to the Fraction).

    >>> coprime(Fraction, -1, 2)
    Fraction(-1, 2)
    """
    made = object.__new__(kind)
    made._numerator = numerator  # type: ignore[attr-defined]  # (Fraction's slots)
    made._denominator = denominator  # type: ignore[attr-defined]
    return made


class HashedFraction(Fraction):
    """A Fraction that remembers its hash: a value the search goes on with is a key of its
    tables, looked up again and again, and a Fraction works its hash out each time it is
    asked. It prints and pickles as a plain Fraction, and values leave the search as plain
    ones (:func:`.lookup.plain`).

    >>> half = HashedFraction(1, 2, hash(Fraction(1, 2)))
    >>> half, hash(half) == hash(Fraction(1, 2))
    (Fraction(1, 2), True)
    """

    __slots__ = ("_hash",)
    _hash: int

    # Fraction's own slots, read directly: its properties of these names are Python
    # calls, and the search asks for them of every fraction it goes on with.
    numerator = Fraction._numerator  # type: ignore[attr-defined]
    denominator = Fraction._denominator  # type: ignore[attr-defined]

    def __new__(cls, numerator: int, denominator: int, hashed: int) -> HashedFraction:
        """``numerator / denominator``, already in lowest terms with the denominator above
        1 (:func:`coprime`), whose hash is ``hashed``."""
        made = coprime(cls, numerator, denominator)
        made._hash = hashed
        return made

    def __hash__(self) -> int:  # type: ignore[override]  # (typeshed: numbers.Complex's is None)
        return self._hash

    def __repr__(self) -> str:
        return f"Fraction({self.numerator}, {self.denominator})"

    def __reduce__(self) -> tuple[type[Fraction], tuple[int, int]]:
        return Fraction, (self.numerator, self.denominator)


class Values(frozenset[_Value]):
    """The values a part of a hand makes (:func:`.arithmetic.values`), as the search looks
    them up, which also keeps them as numbers in order, once asked for so
    (:func:`.lookup.in_order`): a search tries the values of a part in order, and it tries
    the same part again and again."""

    __slots__ = ("ordered",)
    ordered: tuple[Number, ...]
