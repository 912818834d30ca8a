"""Expression trees: exact values, printing with the fewest brackets, and the safe parser."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies24 import exprs

from puzzlecalc import InvalidExpressionError
from puzzlecalc.arith24 import BinOp, Expr, Num, check
from puzzlecalc.arith24.expr import (
    MAX_LENGTH,
    UnOp,
    _number,
    _operation,
    _parsed,
    _unary_operation,
)
from puzzlecalc.arith24.numbers import UNARY, Operator, apply, exact

PRINTED = [
    ("8/(3-8/3)", "8/(3-8/3)", Fraction(24)),
    ("(3+2+1)*4", "(3+2+1)*4", Fraction(24)),
    ("5*5-5/5", "5*5-5/5", Fraction(24)),
    ("((3+2)+1)*4", "(3+2+1)*4", Fraction(24)),
    ("3+(2+1)", "3+(2+1)", Fraction(6)),
    ("1-(2-3)", "1-(2-3)", Fraction(2)),
    ("(1-2)-3", "1-2-3", Fraction(-4)),
    ("2*(3*4)", "2*(3*4)", Fraction(24)),
    ("8/(4/2)", "8/(4/2)", Fraction(4)),
    ("(8/4)/2", "8/4/2", Fraction(1)),
    ("2+3*4", "2+3*4", Fraction(14)),
    ("(2+3)*4", "(2+3)*4", Fraction(20)),
    ("2*3+4", "2*3+4", Fraction(10)),
    ("2-(3*4)", "2-3*4", Fraction(-10)),
    ("1/3", "1/3", Fraction(1, 3)),
    (" 8 ÷ ( 3 − 8 ÷ 3 ) ", "8/(3-8/3)", Fraction(24)),
    ("2 x [3 + 4]", "2*(3+4)", Fraction(14)),
    ("{2 x [3 + 4]} / (7 - 5)", "2*(3+4)/(7-5)", Fraction(7)),
    ("6×4", "6*4", Fraction(24)),
    ("6·4:2", "6*4/2", Fraction(12)),
    ("6⋅4∗2∕3", "6*4*2/3", Fraction(16)),
    ("007", "007", Fraction(7)),  # (kept as written: the referee says why it is no number)
]


@pytest.mark.parametrize(("text", "printed", "value"), PRINTED)
def test_parse_print_and_value(text: str, printed: str, value: Fraction) -> None:
    expr = Expr.parse(text)
    assert str(expr) == printed
    assert expr.value == value
    assert type(expr.value) is (int if value.denominator == 1 else Fraction)  # one number shape
    assert repr(expr) == f"Expr.parse({printed!r})"
    assert Expr.parse(printed) == expr


MALFORMED = [
    ("", 0, "empty expression"),
    ("   ", 3, "empty expression"),
    ("3+", 2, "expected a number"),
    ("(3+2", 4, "missing ')'"),
    ("3+2)", 3, "unmatched ')'"),
    ("3 3", 2, "expected an operator"),
    ("+3+27", 0, "expected a number"),
    ("3*(+2)", 3, "expected a number"),
    ("3+a", 2, "unexpected 'a'"),
    ("2.5.4", 3, "expected an operator"),
    ("(3+2]", 4, "'(' closed by ']'"),
    ("{3+2)", 4, "'{' closed by ')'"),
    ("3+2}", 3, "unmatched '}'"),
    ("()", 1, "expected a number"),
    ("3(2)", 1, "expected an operator"),
    ("1" * 31, 0, "longer than 30 digits"),
    ("import os", 0, "unexpected 'i'"),
    ("__import__('os')", 0, "unexpected '_'"),
    ("（３＋２", 4, "missing ')'"),  # (fullwidth: the same positions)
    ("３＋ａ", 2, "unexpected 'a'"),
]


@pytest.mark.parametrize(("text", "position", "message"), MALFORMED)
def test_malformed_text_points_at_the_problem(text: str, position: int, message: str) -> None:
    with pytest.raises(InvalidExpressionError) as raised:
        Expr.parse(text)
    assert raised.value.position == position
    assert message in str(raised.value)
    assert repr(text) in str(raised.value)


def test_sizes_are_bounded() -> None:
    with pytest.raises(InvalidExpressionError, match="longer than"):
        Expr.parse("1+" * MAX_LENGTH + "1")
    deep = "(" * 400 + "1" + ")" * 400
    assert Expr.parse(deep).value == 1  # no recursion: nesting cannot exhaust the stack
    with pytest.raises(InvalidExpressionError):
        Expr.parse(3)  # type: ignore[arg-type]


def test_division_by_zero_is_raised_on_evaluation() -> None:
    expr = Expr.parse("1/(2-2)")
    with pytest.raises(ZeroDivisionError):
        _ = expr.value


def test_numbers_and_cards() -> None:
    expr = BinOp("*", Num(6, card=0), BinOp("-", Num(5, card=2), Num(1, card=1)))
    assert expr.value == 24
    assert expr.numbers == [6, 5, 1]
    assert [leaf.card for leaf in expr.leaves()] == [0, 2, 1]
    assert [str(step) for step in expr.steps()] == ["5-1", "6*(5-1)"]
    assert Num(6, card=0) == Num(6)  # the card index is not part of equality


def test_operator_is_checked() -> None:
    with pytest.raises(ValueError, match="op"):
        BinOp("%", Num(2), Num(3))  # type: ignore[arg-type]


@given(exprs())
def test_printing_then_parsing_gives_the_same_tree(expr: Expr) -> None:
    again = Expr.parse(str(expr))
    assert again == expr
    assert str(again) == str(expr)


#: ASCII's printable characters (not the space) as their fullwidth forms.
TO_FULLWIDTH = {code: code + 0xFEE0 for code in range(0x21, 0x7F)}


@given(exprs())
def test_an_expression_typed_in_fullwidth_forms_is_the_same_tree(expr: Expr) -> None:
    """As a Chinese or Japanese input method types it: ８／（３－８／３）."""
    assert Expr.parse(str(expr).translate(TO_FULLWIDTH)) == expr
    assert Expr.parse("８／（３－８／３）　") == Expr.parse("8/(3-8/3)")  # (an ideographic space)


@given(
    st.one_of(
        exprs().map(str),
        st.text(alphabet="0123456789.+-*/^!√()[] −⁄", max_size=30),
        st.sampled_from(["√4!^-(3)!-(-2)+.4", "2^3^2", "-(3+4)!", "((8))!", "sqrt[2]*-√-4"]),
    )
)
def test_the_nodes_the_parser_makes_are_the_walks_of_its_tree(text: str) -> None:
    """The referee takes the operations and the numbers of an answer from the parser, in
    the order it made them: the order in which Expr.operations and Expr.terms walk the tree."""
    try:
        expr, operations, terms = _parsed(text)
    except InvalidExpressionError:
        return
    assert list(map(id, operations)) == list(map(id, expr.operations()))
    assert list(map(id, terms)) == list(map(id, expr.terms()))


@given(st.text(max_size=40))
def test_any_text_parses_or_raises_the_library_error(text: str) -> None:
    try:
        expr = Expr.parse(text)
    except InvalidExpressionError as error:
        assert 0 <= error.position <= len(text)
        return
    assert Expr.parse(str(expr)) == expr


@given(st.text(alphabet="0123456789+-*/()[]{} x×÷⋅∕", max_size=30))
def test_arithmetic_looking_text_parses_or_raises(text: str) -> None:
    try:
        Expr.parse(text)
    except InvalidExpressionError:
        pass


@pytest.mark.parametrize(
    ("text", "working"),
    [
        ("8/(3-8/3)", ["3-8/3 = 1/3", "8/(1/3) = 24"]),
        ("(3-8)*(1-8)-11", ["3-8 = -5", "1-8 = -7", "(-5)*(-7) = 35", "35-11 = 24"]),
        ("1/3*3*8", ["1/3*3 = 1", "1*8 = 8"]),  # 1/3 only writes a fraction down
        ("(5-1/5)*5", ["5-1/5 = 24/5", "24/5*5 = 24"]),
        ("3+(2+1)", ["2+1 = 3", "3+3 = 6"]),
        ("6/4", ["6/4 = 3/2"]),  # not in lowest terms: a step of its own
        ("(1⁄2)*4", ["1/2*4 = 2"]),
        ("7", []),
    ],
)
def test_the_working_as_people_write_it(text: str, working: list[str]) -> None:
    assert Expr.parse(text).working() == working


@given(exprs())
def test_every_line_of_the_working_is_true_and_the_last_gives_the_value(expr: Expr) -> None:
    try:
        value = expr.value
    except ZeroDivisionError:
        return
    lines = expr.working()
    for line in lines:
        written, result = line.split(" = ")
        assert Expr.parse(written).value == Fraction(result)
    steps = list(expr.steps())
    assert len(lines) <= len(steps)
    if lines and Fraction(lines[-1].split(" = ")[1]) != value:  # the answer is a fraction
        last = steps[-1]  # written down as it is: a/b with a and b whole
        assert last.op == "/" and f"{last.left.value}/{last.right.value}" == str(value)


@given(exprs(), exprs(), st.sampled_from("+-*/"))
def test_an_operation_the_solvers_build_unchecked_is_the_checked_one(
    left: Expr, right: Expr, op: Operator
) -> None:
    """The solvers build their trees' operations without checking the parts again: the
    same operation as one built checked, in parts, text, precedence and value."""
    built, checked = _operation(op, left, right), BinOp(op, left, right)
    assert (built.op, built.left, built.right, str(built), built.precedence) == (
        checked.op,
        checked.left,
        checked.right,
        str(checked),
        checked.precedence,
    )
    try:
        value = checked.value
    except ZeroDivisionError:
        with pytest.raises(ZeroDivisionError):
            built.value  # noqa: B018
    else:
        assert built.value == value


def _outcome(expr: Expr) -> object:
    """The value of ``expr``, or the kind of error asking for it raises."""
    try:
        return expr.value
    except ZeroDivisionError:
        return ZeroDivisionError
    except ArithmeticError:
        return ArithmeticError


@given(st.one_of(exprs(4), st.integers(0, 8).map(Num)), st.sampled_from(UNARY))
def test_a_unary_operation_the_solvers_build_unchecked_is_the_checked_one(
    operand: Expr, op: str
) -> None:
    """As for the binary operations: the same as one built checked, in parts, text,
    precedence and value (or the error it raises), its value worked out when asked, and
    those of the operations inside it too."""
    built, checked = _unary_operation(op, operand), UnOp(op, operand)
    assert (built.op, built.operand, str(built), built.precedence) == (
        checked.op,
        checked.operand,
        str(checked),
        checked.precedence,
    )
    assert _outcome(built) == _outcome(checked)
    inside = _operation("+", _unary_operation(op, _operation("*", operand, Num(1))), Num(0))
    assert _outcome(inside) == _outcome(checked)


def test_a_value_the_solvers_leave_to_later_is_worked_out_without_recursion() -> None:
    """The solvers' operations, binary and unary, work their value out when first asked,
    each part first, without recursion however deep, and a division by zero or a value
    that is not exact anywhere below still raises."""
    chain: Expr = Num(1)
    for _ in range(3 * sys.getrecursionlimit()):
        chain = _operation("+", chain, Num(1))
    assert chain.value == 3 * sys.getrecursionlimit() + 1
    assert isinstance(chain, BinOp) and chain.left.value == chain.value - 1
    minuses: Expr = Num(1)
    for _ in range(2 * sys.getrecursionlimit()):  # (an even count: worth 1 again)
        minuses = _unary_operation("-", _operation("+", minuses, Num(0)))
    assert minuses.value == 1
    zero = _operation("-", Num(2), Num(2))
    for broken in (
        _operation("/", Num(1), zero),
        _operation("*", _operation("/", Num(1), zero), Num(3)),
        _unary_operation("√", _operation("/", Num(1), zero)),
    ):
        with pytest.raises(ZeroDivisionError):
            broken.value  # noqa: B018
    with pytest.raises(ArithmeticError, match="not an exact number"):
        _operation("+", _unary_operation("√", _operation("+", Num(1), Num(1))), Num(1)).value  # noqa: B018
    assert zero.value == 0


@given(exprs())
def test_a_value_is_an_int_when_whole_as_everywhere_in_the_package(expr: Expr) -> None:
    """Every value and number of an expression, its own and its parts', is exact and of
    one shape: an int when whole, else a Fraction in lowest terms, equal to the value
    worked out in Fractions."""
    for step in expr.steps():
        try:
            left, right = Fraction(step.left.value), Fraction(step.right.value)
            value = step.value
        except ZeroDivisionError:
            return
        expected = {"+": left + right, "-": left - right, "*": left * right}.get(step.op)
        if expected is None:
            expected = left / right
        assert value == expected
        assert type(value) is (int if expected.denominator == 1 else Fraction)
    assert all(type(number) is int for number in expr.numbers)  # (the strategy's are whole)
    assert all(type(Num(Fraction(n)).number) is int for n in range(-3, 4))


_RATIONALS = st.fractions(max_denominator=50).filter(lambda value: abs(value) < 10**6)


@given(_RATIONALS, st.none() | st.integers(min_value=0, max_value=20))
def test_a_number_the_solvers_build_unchecked_is_the_checked_one(
    value: Fraction, card: int | None
) -> None:
    """The solvers number their cards without checking them again (a number the parser
    reads, likewise): the same number as one built checked, given the same exact value."""
    built, checked = _number(exact(value), card), Num(value, card=card)
    assert (built.number, type(built.number), built.card, str(built), repr(built)) == (
        checked.number,
        type(checked.number),
        checked.card,
        str(checked),
        repr(checked),
    )


@given(st.sampled_from("+-*/"), _RATIONALS, _RATIONALS)
def test_apply_is_fractions_arithmetic_an_int_when_whole(
    op: Operator, left: Fraction, right: Fraction
) -> None:
    """apply works on tops and bottoms: it gives what Fraction's operators give, an int
    when whole, whichever shape its operands have."""
    expected = {"+": left + right, "-": left - right, "*": left * right}.get(op)
    if expected is None:
        if not right:
            with pytest.raises(ZeroDivisionError):
                apply(op, exact(left), exact(right))
            return
        expected = left / right
    for shaped_left, shaped_right in ((left, right), (exact(left), exact(right))):
        made = apply(op, shaped_left, shaped_right)
        assert made == expected
        assert type(made) is (int if expected.denominator == 1 else Fraction)


def test_the_referee_gives_a_value_of_the_same_shape() -> None:
    assert type(check("8/(3-8/3)", [3, 3, 8, 8]).value) is int
    assert check("8/3", [3, 8], 24).value == Fraction(8, 3)
