"""When two solutions are "the same": canonical forms at four levels of equivalence.

Each level maps an expression to a key; two expressions are the same solution exactly
when their keys are equal. The levels, from finest to coarsest:

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
    What 4nums.com counts as distinct. On top of ``"normal"``:

    * *signs*: a factor whose value is negative is negated and the sign moved out,
      so ``(1-5)*(2-8)`` = ``(5-1)*(8-2)`` and ``a-(1-5)*b`` = ``a+(5-1)*b``; what is
      worth 0 has no sign, so ``0*(2-3)`` = ``0*(3-2)``;
    * *useless parts*: in a sum, terms whose values add up to 0, and in a product,
      factors whose values multiply to 1, do nothing. They are removed (the largest
      such group, so ``x+y-y``, ``x*y/y``, ``x*1`` and ``x*(2-1)`` all lose their
      useless part) and their cards are kept aside: two solutions are the same when
      what is left is the same and the same cards were set aside. So ``8*3+2-2`` =
      ``8*3*2/2`` = ``(8+2-2)*3``. A part is only set aside when something is left.
      The group is looked for among all the operands of the flattened sum or product,
      however the expression is bracketed (so this level is coarser than ``"normal"``):
      ``12-12-11-1`` and ``12-(11+1)-12`` both set 12, 11 and 1 aside, not the two 12s.
      A sum worth 0 is kept whole; in a product worth 0, the factor worth 0 stays, and the
      other factors that multiply to 1 are useless as in any product: ``(1-1)*1*1`` =
      ``(1-1)*1/1`` = ``(1-1)/1/1`` = ``1-1*1*1``, and ``(3-2)*0`` = ``0/(3-2)``, but
      ``(1-1)*(1-1)`` and ``(1-1)/(1+1)`` are solutions of their own.
    * *a part worth the target*: a solution that makes the target of some cards and sets
      the rest aside as useless is one solution, whichever way the rest is made useless:
      ``10+2-1-1`` = ``10*(2-1)/1`` = ``10+(1-1)*2`` for ``1 1 2 10 -> 10``.

    Distinct values stay distinct structures: ``2+2`` and ``2*2`` are two solutions.

    When any part of the hand may be used (``use_all=False``), solutions that differ only
    in the cards they set aside are one solution, the one that sets the fewest aside: so
    ``3*1`` and ``3*(2-1)`` are ``3``. A useless part that turns the sign stays when the
    rest alone cannot: ``(9-10)*2`` is ``-(2)`` with 9 and 10 aside, and is kept.

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
    ``2^4`` is not ``4^2``.
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
(True, False)

"""

from __future__ import annotations

from puzzlecalc.arith24._engine import key
from puzzlecalc.arith24.rules import DISTINCT_LEVELS, Distinct

__all__ = ["DISTINCT_LEVELS", "Distinct", "key"]
