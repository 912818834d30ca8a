"""The rules of Calculator: The Game that sources disagree on, as explicit choices.

Every choice defaults to what the current release of the game does, as the 199 real
levels show it. The other values reproduce older versions of the game or older solvers.
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

__all__ = ["DEFAULT_RULES", "DISPLAY_MAX", "Rules"]

#: The largest magnitude the six-digit display can show.
DISPLAY_MAX: Final = 999_999


def _check_min_value(instance: Rules, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in (-999_999, -99_999):
        raise ValueError(f"min_value must be -999999 or -99999, not {value!r}")


@attrs.frozen
class Rules:
    """The disputed rules of the game; the defaults are the real game.

    >>> Rules()
    Rules(hold_costs_move=True, min_value=-999999, influence='arithmetic', division='exact')
    >>> Rules(hold_costs_move=False).hold_costs_move
    False

    :param hold_costs_move: whether holding Store (to save the display) costs a move.
        The game counts it; older solvers treat it as free.
    :param min_value: the lowest negative number the display shows: ``-999999`` (the
        minus sign does not take a digit place) or ``-99999`` (it does).
    :param influence: which buttons ``[+]N`` changes. ``"arithmetic"``: the add,
        subtract, multiply, divide and append buttons. ``"all"``: also Store (the
        tapped value grows), replace (both sides grow) and power (the exponent grows).
    :param division: ``"exact"``: a division that leaves a remainder is not allowed.
        ``"decimal"``: a quotient with one decimal place is shown (``5/2`` gives 2.5);
        digit buttons are not allowed on a non-integer display.
    """

    hold_costs_move: bool = True
    min_value: int = attrs.field(default=-DISPLAY_MAX, validator=_check_min_value)
    influence: Literal["arithmetic", "all"] = attrs.field(
        default="arithmetic", validator=attrs.validators.in_(("arithmetic", "all"))
    )
    division: Literal["exact", "decimal"] = attrs.field(
        default="exact", validator=attrs.validators.in_(("exact", "decimal"))
    )


#: The real game's rules.
DEFAULT_RULES: Final = Rules()
