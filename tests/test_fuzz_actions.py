"""Fuzzing the doors actions come in by: text, JSON and action values, random and near misses.

Whatever comes in, reading it either gives an action or raises :class:`ActionFormatError`, and
applying it either gives a new state or raises an :class:`ActionError` (``ActionFormatError``
is one) and leaves the state as it was. An accepted action is recorded as one of the listed
actions, and its text reads back to it. Nothing else may happen: no ``ValueError`` from ``int()``,
no ``TypeError``, no ``RecursionError``.

The strategies and the ``try_*`` functions are shared with ``benchmarks/fuzz_long.py``, which runs
them for longer and counts the outcomes. Hypothesis runs derandomized, without a database.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from naga_widget.rules import (
    Action,
    ActionError,
    ActionFormatError,
    Chance,
    IllegalActionError,
    Invoke,
    State,
    new_game,
)
from naga_widget.rules.actions import ACTION_CLASSES

ACCEPTED, REJECTED = "accepted", "rejected cleanly"
FUZZ = settings(max_examples=150, deadline=1000, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _states() -> list[State]:
    """Positions of a few random games, every phase and many effects among them."""
    found = []
    for seed in range(6):
        rng = random.Random(seed)
        chance = Chance(random.Random(seed), record=False)
        state, _ = new_game(chance=chance)
        while not state.is_over:
            found.append(state)
            legal = list(state.legal_actions())
            state = state.apply(legal[int(rng.random() * len(legal))], chance)
        found.append(state)
    return found


STATES = _states()
# Characters a near miss is made of: digits of other scripts, spaces of other kinds, signs, letters.
ODD = "³²①٣６𝟔⁴ \t\n\u00a0\u2003\u200b\x00\x1c-+._:/\\\"'{}[]0123456789rotNgoldsilverabcdE"


def outcome(run: Callable[[], Any]) -> str:
    """``accepted`` or ``rejected cleanly``; any other exception propagates (the failure)."""
    try:
        run()
    except ActionError:
        return REJECTED
    return ACCEPTED


def try_action(value: Any, state: State) -> str:
    """Read ``value`` and apply it to ``state``; check everything an accepted action promises."""
    before = state.digest()
    try:
        action = Action.coerce(value)
    except ActionError:  # ActionFormatError, or an empty call (IllegalActionError of R4.1)
        return REJECTED
    assert type(action) in ACTION_CLASSES, action
    assert Action.parse(str(action)) == action and Action.from_json(action.to_json()) == action

    def apply() -> None:
        new = state.apply(value, Chance(random.Random(0)))
        recorded = state.canonical(value)
        assert recorded in list(state.legal_actions()), f"{recorded} was applied but is not listed"
        assert new == state.apply(recorded, Chance(random.Random(0)))

    result = outcome(apply)
    assert state.digest() == before
    return result


def mutate_text(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply (kind, position, characters) edits: replace, insert or delete at a position."""
    for kind, at, chars in edits:
        i = at % (len(text) + 1)
        if kind == 0:
            text = text[:i] + chars + text[i + 1:]
        elif kind == 1:
            text = text[:i] + chars + text[i:]
        else:
            text = text[:i] + text[i + len(chars):]
    return text


def shuffle_words(text: str, seed: int) -> str:
    words = text.split()
    head, rest = words[:1], words[1:]
    random.Random(seed).shuffle(rest)
    return " ".join(head + rest)


states = st.sampled_from(STATES)
edits = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 60), st.text(ODD, min_size=1, max_size=3)),
                 min_size=1, max_size=3)
json_leaves = (st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats() | st.text(ODD, max_size=8)
               | st.sampled_from(["pass", "call", "give", "invoke", "place", "01a", "gold:W0", "rot1", "brown"]))
json_values = st.recursive(json_leaves, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(ODD, max_size=6), inner, max_size=4), max_leaves=12)
kinds = st.sampled_from(["pass", "call", "give", "invoke", "place", "Pass", "dance", ""])
field_names = st.sampled_from(["type", "cards", "card", "pay", "target", "space", "rotation", "extra"])


@st.composite
def near_miss_text(draw: st.DrawFn) -> tuple[str, State]:
    state = draw(states)
    legal = list(state.legal_actions()) or [Action.parse("pass")]
    text = str(draw(st.sampled_from(legal)))
    how = draw(st.integers(0, 2))
    if how == 0:
        text = mutate_text(text, draw(edits))
    elif how == 1:
        text = shuffle_words(text, draw(st.integers(0, 99)))
    else:
        text = draw(st.sampled_from([text.upper(), text + " " + text.split()[-1], " ".join(text.split()[:-1]),
                                     text.replace(" ", "  \t"), text.replace("rot", "rot0")]))
    return text, state


@st.composite
def near_miss_json(draw: st.DrawFn) -> tuple[Any, State]:
    state = draw(states)
    legal = list(state.legal_actions()) or [Action.parse("pass")]
    data: dict[str, Any] = draw(st.sampled_from(legal)).to_json()
    for _ in range(draw(st.integers(1, 3))):
        name = draw(field_names)
        how = draw(st.integers(0, 3))
        if how == 0:
            data[name] = draw(json_values)
        elif how == 1:
            data.pop(name, None)
        elif how == 2 and isinstance(data.get(name), list) and data[name]:
            data[name] = data[name][::-1] + draw(st.lists(st.text(ODD, max_size=4), max_size=1))
        else:
            data[name] = draw(st.sampled_from([True, False, 1.0, "7", 10**5000, -1, [], {}, None]))
    return data, state


@st.composite
def lying_values(draw: st.DrawFn) -> tuple[Any, State]:
    """A listed action as a subclass instance whose text, equality and hash lie, or with odd fields."""
    state = draw(states)
    legal = list(state.legal_actions()) or [Action.parse("pass")]
    real = draw(st.sampled_from(legal))
    liar = type("Liar", (type(real),), {"__str__": lambda self: "pass", "__eq__": lambda self, other: True,
                                         "__hash__": lambda self: 0})
    fields = {name: getattr(real, name) for name in getattr(real, "__dataclass_fields__", {})}
    if fields and draw(st.booleans()):
        name = draw(st.sampled_from(sorted(fields)))
        fields[name] = draw(json_values)
    try:
        value = liar(**fields)
    except TypeError:  # a field the class cannot hold at all
        value = real
    return value, state


# -- the tests -----------------------------------------------------------------------------------
@FUZZ
@given(st.text(max_size=40), states)
def test_random_text(text: str, state: State) -> None:
    assert try_action(text, state) in (ACCEPTED, REJECTED)


@FUZZ
@given(st.text(string.printable + ODD, max_size=30).map(lambda t: "place " + t), states)
def test_random_text_after_a_verb(text: str, state: State) -> None:
    assert try_action(text, state) in (ACCEPTED, REJECTED)


@FUZZ
@given(near_miss_text())
def test_near_miss_text(case: tuple[str, State]) -> None:
    assert try_action(*case) in (ACCEPTED, REJECTED)


@FUZZ
@given(json_values, states)
def test_random_json(data: Any, state: State) -> None:
    assert try_action(data, state) in (ACCEPTED, REJECTED)
    try:
        assert try_action(json.loads(json.dumps(data)), state) in (ACCEPTED, REJECTED)
    except (ValueError, OverflowError):  # NaN keys and the like that JSON text cannot hold
        pass


@FUZZ
@given(st.fixed_dictionaries({"type": kinds}, optional={"cards": json_values, "card": json_values,
                                                        "pay": json_values, "target": json_values,
                                                        "space": json_values, "rotation": json_values}), states)
def test_random_json_of_each_type(data: dict[str, Any], state: State) -> None:
    assert try_action(data, state) in (ACCEPTED, REJECTED)


@FUZZ
@given(near_miss_json())
def test_near_miss_json(case: tuple[Any, State]) -> None:
    assert try_action(*case) in (ACCEPTED, REJECTED)


@FUZZ
@given(lying_values())
def test_lying_values(case: tuple[Any, State]) -> None:
    assert try_action(*case) in (ACCEPTED, REJECTED)


def test_the_near_misses_reach_every_kind_of_result() -> None:
    """The strategies are not vacuous: near misses are sometimes legal (an equivalent spelling),
    sometimes unreadable and sometimes illegal."""
    rng = random.Random(3)
    seen = {ACCEPTED: 0, "format": 0, "illegal": 0}
    swapped = 0
    for state in STATES[::5]:
        for action in list(state.legal_actions())[:30]:
            text = shuffle_words(str(action), rng.randrange(99))
            if isinstance(action, Invoke) and len(action.target) == 2 and text != str(action):
                swapped += try_action(text, state) == ACCEPTED
            for bad in (text.replace("0", "٠"), text + " x", text):
                try:
                    state.apply(bad, Chance(random.Random(0)))
                    seen[ACCEPTED] += 1
                except ActionFormatError:
                    seen["format"] += 1
                except IllegalActionError:
                    seen["illegal"] += 1
    assert all(n > 0 for n in seen.values()), seen
    assert swapped > 0, "some pairs of targets named in the other order are accepted"
