"""The arith24 engine (internal): exact search over hands of cards, behind this one door.

The rest of the package imports only the names below (``tests/test_layers.py`` holds it
so). The engine reads the rules once into a :class:`Plan` (:func:`plan_of`), whose
``searcher`` is the search of the four operations or the wider family's; the calls
(:func:`solution_trees`, :func:`solution_count`, :func:`reaches`, :func:`values_reached`,
:func:`reached_among`, :func:`smallest`) run it under a budget of steps and hand back plain trees
(:func:`from_trees` makes expressions of them) or values.

Where each thing lives:

================  ===========================================================================
module            what it holds
================  ===========================================================================
``plan``          :class:`Plan` and what its searcher answers (``Searcher``)
``calls``         :func:`plan_of`, and the calls above, each under a budget
``budget``        a call's budget of steps (``Budget``, ``spend``), of a search or a key
``tables``        a call's tables, and its limits set (:func:`limited`, :func:`shared_tables`, ``loop_tables``)
``parts``         the ways to take a hand apart: ``splits``, ``runs``, ``subhands``
``trees``         plain trees: :data:`Tree`, ``Written``, :func:`from_trees`, ``to_tree``
``forms``         keys and normal forms: ``Canon``, ``settle``, ``combine_open``
``rebuild``       a tree rebuilt from a normal form, the 4nums way
``equivalence``   the strategies, one a level: ``Equivalence``, ``EQUIVALENCES``, :func:`key`
``lookup``        numbers as the search looks them up (``Value``, ``Ratio``), the six needs
``held``          the engine's subclasses of Python's types: ``Values``, ``HashedFraction``
``arithmetic``    the search of ``+ - * /`` (``FOUR_OPERATIONS``)
``counting``      trees counted, not listed, where each is a solution (``distinct="none"``)
``family``        the search of ``^``, unary operators and written numbers (``FAMILY``)
``naturals``      Countdown's values: tables of what positive whole numbers make
================  ===========================================================================

The engine's words:

part
    A sub-multiset of the hand (under a fixed order, a run of it): what a search works
    out values and solutions of, each once a call.
split, halves, run
    A way to take a part in two: a sub-multiset and the rest, or (a fixed order) a run and
    the run after it.
sub-hand
    A part the search solves for itself where not every card must be used (``use_all``
    false).
value
    What a part can make; looked up as an int or a ``Ratio`` ``(numerator,
    denominator)``, a ``Fraction`` made only of those the search goes on with.
needs
    The values the other side of a split must make, with a value of one side, to give the
    target: six with ``+ - * /`` (``target - a``, ``a - target``, ``target + a``,
    ``target / a``, ``a / target``, ``target * a``). Looked up, never searched for.
listing, working back
    Listing a part's values (every value of one side against every value of the other)
    costs far more than working back from a target through its needs; a census lists a
    hand's values once working back has cost as much, and a search lists a part of four
    cards in a hand of six or more, which needs it again and again. In a hand of seven or
    more, such a part is asked for hundreds of values, and the ways it makes each (each
    value of one side of each split with each of the other, the six ways) are worked out
    once and looked up.
class, witness
    Solutions with one key are one class, kept with the first (or smallest) tree found:
    its witness.
key, equivalence
    What tells solutions apart at a level of ``distinct``: a tree itself (``none``), up
    to the order of ``+`` and ``*`` (``commutative``), its normal form (``normal``), and
    its normal form with useless parts set aside (``4nums``).
form, group
    A normal form: a number (a leaf), or a sum or product (a group) of forms added or
    multiplied (``ahead``) and subtracted or divided (``behind``), each sorted. At
    ``4nums`` a leaf is worth 0 or more: a negative card is minus a leaf of its size.
aside, useless
    At ``4nums``: the cards of a part that changes nothing (worth 0 in a sum, 1 in a
    product), set aside in the key.
open, settle, close
    A search's ``4nums`` keys are open: a sum's useless group is set aside only when the
    key settles (joins a part of another kind, or is closed as a whole solution).
narrow
    Where keys flatten, a sum (or product) is made only of the pairs whose side holding
    the smallest card is not itself a sum (or product): the same keys, far fewer pairs.
turn
    At ``4nums`` a sign is moved out, so ``a-b`` is ``a+(-b)``; and of cards above 0, a
    part worth less than 0 has a subtraction to turn round, making minus its value with
    the same cards. So ``a-b``, for such a ``b``, is passed over: ``a+(-b)``, the need
    before it, has made its keys.
written, tag
    A number written from cards side by side or with a point (``44``, ``.4``). At the
    coarser levels it, a power, a root and a factorial are leaves worth their value, told
    apart from a card by a tag.
budget, step
    One value tried or one pair of partial results combined, or, in a sum or product of
    more than 16 operands, one operand of a choice of them looked at for a useless
    group; ``max_steps`` of them a call (:class:`~puzzlecalc.errors.SearchLimitError`
    past it).

Compiled: the modules pyproject.toml's mypyc hook lists (``arith24.numbers``, thirteen of
these, and three helpers of every search: ``puzzlecalc._bounded``, the caches kept across
calls, and ``_collector`` and ``_context``, the blocks it enters) may be compiled when
the wheel is built (``nox -s compiled`` tests that build). Four habits of the engine
come from that:

- A value typed as a fixed-length tuple is copied as it passes between functions, so the
  engine takes an object's identity (``id``) only where it is typed as a union or ``Any``
  (a key, a form, a tree), before any narrowing (an ``isinstance`` test, or an assignment
  of a tuple: ``cast`` it to the union).
- A typed parameter refuses a wrong type before a check could name it, so a function
  that checks an argument takes it as ``object``.
- A module-level name is looked up by name at each use unless it is ``Final`` (then it
  is a C static), so the engine's constants are ``Final``.
- ``type(x) is int`` reads the object's header, where ``x.__class__`` looks an attribute
  up.

Every cache of the engine, what it keeps and when it is emptied (``clear_caches`` empties
them all; ``forget_shared`` all that outlive a call but Countdown's tables, which
``forget_tables`` empties):

============================  ==========================================  ======================================
cache (module)                keeps                                       emptied
============================  ==========================================  ======================================
``plan_of`` (plan)            a plan for each rules, 256                  least recently used first
``splits`` (parts)            the splits of a multiset, 1,024             least recently used first
``_splits_of_shape`` (parts)  the splits of a multiset of up to 8 cards   least recently used first
                              as positions, by which of its cards are
                              equal, 128
``_subhands_of_shape``        the sub-hands of a hand of up to 8 cards    least recently used first
(parts)                       as positions, by which of its cards are
                              equal, 128
``atom_key``, ``leaf_key``,   one key object a number, 4,096 each         least recently used first
``sized_leaf_key`` (forms)
settled keys (forms)          each key settled in a call, by identity     when the call's budget ends
tables (tables)               a call's values, reachability, classes,     when the call ends, or the
                              counts of trees, the ways parts of four      ``shared_tables`` block around it
                              make their values, and the family's
                              ``Search``, by plan
budget (budget)               a call's steps left                         when the call ends
shared values (arithmetic)    the values of parts of up to 4 cards,       least recently used first
                              1,000,000 values in all
shared counts (counting)      the counts of trees of parts listed,        least recently used first
                              250,000 values in all
shared pairs (arithmetic)     the classes of two cards for a target,      least recently used first
                              4,096
``Values.ordered``            a part's values, sorted as numbers          with the values
(held)
``whole_needed_by`` (lookup)  the needs of two whole numbers, 65,536      after a call that leaves over 4,096
fractions (lookup)            one ``Fraction`` a value gone on with (or   after a call that leaves over 4,096;
                              a key's value negated), and the inverses    when 262,144 are held
                              of their denominators
``Search`` (family)           written numbers, values, classes, sizes     with the tables it is kept in
                              and smallest trees of each part
``Rebuilds`` (rebuild)        the forms rebuilt, and the normal keys of   when the solutions are printed
                              the trees found, by identity
Countdown's tables            the values each multiset makes that no      least recently used first;
(naturals)                    smaller part makes, 2,000,000 in all        ``forget_tables``
============================  ==========================================  ======================================
"""

from __future__ import annotations

from puzzlecalc.arith24._engine.arithmetic import forget_shared
from puzzlecalc.arith24._engine.budget import checked_steps
from puzzlecalc.arith24._engine.calls import (
    plan_of,
    reached_among,
    reaches,
    smallest,
    solution_count,
    solution_trees,
    values_reached,
)
from puzzlecalc.arith24._engine.equivalence import MAX_KEY_CARDS, key
from puzzlecalc.arith24._engine.forms import Key
from puzzlecalc.arith24._engine.lookup import Reached
from puzzlecalc.arith24._engine.naturals import (
    MAX_KEPT_VALUES,
    forget_tables,
    kept_values,
    natural_values,
    natural_values_between,
)
from puzzlecalc.arith24._engine.plan import Plan, Progress
from puzzlecalc.arith24._engine.tables import loop_tables, shared_tables
from puzzlecalc.arith24._engine.trees import Tree, card_count, from_trees

__all__ = [
    "MAX_KEPT_VALUES",
    "MAX_KEY_CARDS",
    "Key",
    "Plan",
    "Progress",
    "Reached",
    "Tree",
    "card_count",
    "checked_steps",
    "forget_shared",
    "forget_tables",
    "from_trees",
    "kept_values",
    "key",
    "loop_tables",
    "natural_values",
    "natural_values_between",
    "plan_of",
    "reached_among",
    "reaches",
    "shared_tables",
    "smallest",
    "solution_count",
    "solution_trees",
    "values_reached",
]
