"""When two solutions are "the same": canonical forms at four levels of equivalence.

Each level maps an expression to a key; two expressions of the same cards are the same
solution exactly when their keys are equal. The levels, from finest to coarsest:

``"none"``
    Every expression tree is its own solution. Equal cards are not told apart:
    ``2+2`` made from two different 2s is one solution.
``"commutative"``
    ``a+b`` = ``b+a`` and ``a*b`` = ``b*a``.
``"normal"``
    Sums and products are n-ary with sorted operands, so associativity and
    commutativity hold, and subtraction and division fold in: ``a-(b-c)`` = ``a+c-b``,
    ``a/(b/c)`` = ``a*c/b``.
``"4nums"``
    What 4nums.com counts as distinct, by its principle: *an operation that changes
    nothing makes no new solution, and neither does reordering what commutes.* On top of
    ``"normal"``:

    * *signs*: a factor whose value is negative is negated and the sign moved out,
      so ``(1-5)*(2-8)`` = ``(5-1)*(8-2)`` and ``a-(1-5)*b`` = ``a+(5-1)*b``; what is
      worth 0 has no sign, so ``(12+4)-(4*4)`` = ``(4*4)-(12+4)``;
    * *useless parts*: in a sum, terms whose values add up to 0, and in a product,
      factors whose values multiply to 1, change nothing; so does whatever a factor worth
      0 is multiplied or divided by. They are taken out and their cards kept aside: two
      solutions are the same when what is left is the same and the same cards were set
      aside. So ``8*3+2-2`` = ``8*3*2/2`` = ``(8+2-2)*3``: a useless pair is the same
      multiplied or added.
    * *one reading*: where an expression can be read with different useless parts, the
      reading is the one in which *the fewest cards do the work*; of those, the fewest
      operands; of those, the part left that sorts first. A part left alone worth 0 (in a
      sum) or 1 (in a product) has no side, and a card set aside worth what the part at
      work is worth takes its place (equal values change places). So ``(3+2-4)*1`` =
      ``1/(3+2-4)`` = ``(3+2-4)/1``: the 1 does the work. A useless part multiplied is
      the same divided by, so the readings with it turned round count too:
      ``(2+4)*((1+5)/(2+4))`` = ``(2+4)/((1+5)/(2+4))``, both ``1+5`` at work and ``2``,
      ``2``, ``4`` and ``4`` aside; likewise in a sum (of up to 8 operands, the most cards
      of a hand by default; one of more is read as written). The useless parts are looked for
      among all the operands of a flattened sum or product, however the expression is
      bracketed: ``12-12-11-1`` and ``12-(11+1)-12`` both leave -12 at work; ``(2+8)*10/10``
      and ``(2+8)+10-10`` both leave the 10. A sum worth 0 follows the same rule as any
      sum (``5+5-5-5`` = ``5-5*5/5``), and a product worth 0 keeps one factor worth 0:
      ``(3+2-5)*8`` = ``(3+2-5)/8``, and ``0 2 4 7 -> 0`` has one solution.
    * *an operator that changes nothing*: a root or factorial that leaves its operand's
      value as it is (``1!``, ``2!``, ``√0``, ``√1``) is not there: ``(1+1!+2)!`` =
      ``(1+1+2)!``; ``-(-x)`` is ``x`` already.

    Distinct values stay distinct structures: ``2+2`` and ``2*2`` are two solutions.

    When any part of the hand may be used (``use_all=False``), solutions that differ only
    in the cards they set aside are one solution, the one that sets the fewest aside: so
    ``3*1`` and ``3*(2-1)`` are ``3``. A useless part that turns the sign stays when the
    rest alone cannot: ``(9-10)*2`` is ``-(2)`` with 9 and 10 aside, and is kept.

    *Negative cards* (4nums.com has none) are read by their size with the sign moved out,
    as a part worth less than 0 is: the card ``-2`` is ``-(2)`` wherever it stands. So the
    rules above hold with negative cards as they do without: a part worth 1 is useless
    whatever its cards' signs (``(-2)/(0-(-1))`` = ``(-2)*(0-(-1))``, and
    ``-2 0 -1 -> -2`` has one solution, as ``2 0 1 -> 2`` has), and ``(-2)*(-3)`` is
    ``2*3``. Cards of one size change places where their signs carry out: ``2/(-2)`` =
    ``(-2)/2``, both ``-(2/2)``. A key does not say which of its cards are negative (the
    key of ``3+(-2)``, of other cards, is that of ``3-2``), so a hand with a negative card
    prints each solution from the key of the tree found read with the cards' own signs.

    *Beside yuuki15/24.* The published lists of yuuki15/24 (every hand of four cards
    from 0 to 13, counted with floats and a rewriting of the text, its ``normalize.pl``)
    agree with these counts hand by hand at 24, and at 100 on every hand but
    ``1 10 10 11``, whose ``10/(11/10-1)`` its float test misses. Where the counts differ
    at 0, 1 and 10, each difference is of one of these kinds (``tests/test_yuuki15.py``
    checks every hand):

    - *their floats miss an exact solution* (we count one more): ``1/(11/10-1)`` for 10,
      ``(12/11-1)*11`` for 1;
    - *they keep the shape of a useless part* (we count fewer): ``(1+(10+2))-3`` and
      ``10+3-2-1`` make 10 with the same useless part;
    - *they keep the sign of a part worth 0*: ``(12+4)-(4*4)`` and ``(4*4)-(12+4)``;
    - *they keep regroupings of a zero sum apart*: ``(1+5)-(1+5)`` and ``(1-1)+(5-5)``;
    - *they move a useless factor out of its product* (we count one more): their rewrite
      reads ``(3-2)*4-3`` as ``(3-2)*(4-3)``; here a useless part is judged within the sum
      or product it stands in, so they are two (55 hands at 1).

    ======  ===============  =================  ===============
    target  yuuki15          here, before       here
    ======  ===============  =================  ===============
    0       5,100            46,799             4,470
    1       8,953            9,399              8,805
    10      4,565            4,406              4,370
    24      3,205            3,205              3,205
    100     904              905                905
    ======  ===============  =================  ===============

    (Solutions over all 2,380 hands; "before" is the rule of version 0.1, which kept a
    sum worth 0 whole, set aside the largest useless group of operands and kept
    ``x/1`` and ``1/x`` apart.)

The wider family's operators (``^``, ``√``, ``!``, a minus) and numbers written from
cards (``44``, ``.4``) follow one principle at every level: each is an operation (or a
number) of its own, kept as it is written, and the levels add only what follows from
what it is worth.

``"none"``
    Every tree, as before: ``2^2``, ``2*2`` and ``2+2`` are three; so are ``-3*2``,
    ``-(3*2)`` and ``3*(-2)``, and ``√4`` and ``√(4)`` are one tree.
``"commutative"``
    ``a^b`` is not ``b^a``; nothing else is added.
``"normal"``
    *A minus is a sign*: it negates the key of what it is applied to, so ``(-a)*b`` =
    ``-(a*b)`` = ``a*(-b)``, ``a-(-b)`` = ``a+b``, ``-(a-b)`` = ``b-a``, and ``-(a-a)`` =
    ``a-a`` (0 has no sign). *A power, a root, a factorial and a written number are each
    one number* in the sums and products around them, worth its value and told apart by
    how it is made (its own key): ``√4*3`` = ``3*√4``, but ``√4`` is not the card 2, and
    ``2^4`` is not ``4^2``. A written number is told apart by how it is written, not by
    the cards that wrote it, as at the finer levels: ``1.2`` of the card 12 and ``1.2`` of
    the cards 1 and 2 print alike, and are one number.
``"4nums"``
    On top of ``"normal"``: the rules of 4nums read each such number as the value it is
    worth, so ``x*√1`` sets ``√1`` aside as it sets ``x*1``'s 1 aside; and *an exponent
    worth 1 is a useless factor*: ``x^1`` = ``x*1`` = ``x/1``, and ``x^(3-2)`` =
    ``x*(3-2)``.

>>> from puzzlecalc.arith24 import Expr
>>> same = lambda a, b, level: key(Expr.parse(a), level) == key(Expr.parse(b), level)
>>> same("-3*4", "-(3*4)", "normal"), same("-3*4", "-(3*4)", "commutative")
(True, False)
>>> same("24^1", "24*1", "4nums"), same("24^1", "24*1", "normal"), same("2^4", "4^2", "4nums")
(True, False, False)
>>> same("(1-5)*(2-8)", "(5-1)*(8-2)", "4nums"), same("(1-5)*(2-8)", "(5-1)*(8-2)", "normal")
(True, False)
>>> same("8*3+2-2", "(8*2/2)*3", "4nums"), same("2*2*6", "(2+2)*6", "4nums")
(True, False)
>>> same("10-(2-1)", "10+1-2", "normal"), same("10-(2-1)", "10+1-2", "commutative")
(True, False)
>>> same("12-12-11-1", "12-(11+1)-12", "4nums"), same("12-12-11-1", "1+11-12-12", "4nums")
(True, True)
>>> same("(1-1)*1*1", "(1-1)/1/1", "4nums"), same("(1-1)*(1-1)", "(1-1)*1*1", "4nums")
(True, True)
>>> same("(3+2-4)*1", "1/(3+2-4)", "4nums"), same("(1+1!+2)!", "(1+1+2)!", "4nums")
(True, True)
>>> same("(-2)/(0-(-1))", "(-2)*(0-(-1))", "4nums"), same("2/(-2)", "(-2)/2", "4nums")
(True, True)

"""

from __future__ import annotations

from typing import Final

from puzzlecalc._checks import choice
from puzzlecalc.arith24 import _engine
from puzzlecalc.arith24._engine import Key, Tree
from puzzlecalc.arith24.expr import Expr
from puzzlecalc.arith24.rules import DISTINCT_LEVELS, Distinct
from puzzlecalc.arith24.solutions import DEFAULT_MAX_STEPS

__all__ = ["DISTINCT_LEVELS", "MAX_KEY_CARDS", "Distinct", "key"]

#: The most cards an expression :func:`key` takes: 500, as many as an answer of
#: :data:`~puzzlecalc.arith24.expr.MAX_LENGTH` characters writes (``1+1+...``).
MAX_KEY_CARDS: Final = _engine.MAX_KEY_CARDS


def key(expr: Expr | Tree, level: Distinct = "4nums", *, max_steps: int = DEFAULT_MAX_STEPS) -> Key:
    """The canonical key of an expression (an :class:`~puzzlecalc.arith24.expr.Expr` or a
    plain tree) at ``level``: of the same cards, equal keys, the same solution.

    :param max_steps: how much work the key may do (:data:`.DEFAULT_MAX_STEPS`). Past
        16 operands, looking for the useless groups of a sum or product costs a step for
        each choice of them listed (up to equal operands, a half at a time) and, for each
        best group found, a step for each operand: ``1-2+3-4...`` of 32 terms needs
        131,000, of 40 terms two million.
    :raises ~puzzlecalc.errors.InvalidArgumentError: if ``level`` is not one of the four
        levels above, ``max_steps`` is less than 1, or the expression holds more than
        :data:`MAX_KEY_CARDS` cards.
    :raises ~puzzlecalc.errors.InvalidTypeError: if ``max_steps`` is not a whole number.
    :raises ~puzzlecalc.errors.SearchLimitError: if the key needs more than ``max_steps``
        steps.
    :raises ZeroDivisionError: if the expression divides by zero (at ``"normal"`` and
        ``"4nums"``, which look at values).
    """
    return _engine.key(expr, choice(level, "distinct", DISTINCT_LEVELS), max_steps)
