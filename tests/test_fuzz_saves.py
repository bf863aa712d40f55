"""Fuzzing saved matches: damaged files, type changes, and edits with the checksum recomputed.

Whatever the text, ``Match.loads`` either gives a match or raises :class:`ReplayError`, and
nothing else. A file that loads is a consistent, legal game: every step's action is one of the
legal actions of the step before, and saving it again gives a file that loads to the same match.
Edits made with the checksum recomputed (a forged file) must meet the same bar.

The strategies and ``try_load`` are shared with ``benchmarks/fuzz_long.py``. Hypothesis runs
derandomized, without a database.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from naga_widget import Match, RandomBot, ReplayError, play_match
from naga_widget.rules import ChanceError
from naga_widget.saves import checksum

LOADED, REJECTED = "loaded", "rejected cleanly"
FUZZ = settings(max_examples=60, deadline=3000, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _saves() -> list[str]:
    """A few saved matches: with a fork, with forced chance and pending outcomes, and a whole game."""
    forked = Match(seed=3)
    rng = random.Random(1)
    for _ in range(12):
        forked.play(forked.legal_actions().sample(rng))
    forked.goto(4)
    forked.play(list(forked.legal_actions())[-1], fork=True)
    forced = Match(seed=4, forced={"room": ["R09"]})
    for _ in range(6):
        forced.play(forced.legal_actions().sample(rng))
    forced.force(throw=["1"] * 12, card=list(forced.state.deck[:2]))
    for _ in range(4):
        forced.play(forced.legal_actions().sample(rng))
    whole = Match(seed=5)
    play_match(whole, [RandomBot(1), RandomBot(2)])
    return [forked.dumps(), forced.dumps(indent=1), whole.dumps()]


SAVES = _saves()
DOCS = [json.loads(text) for text in SAVES]


def check_consistent(match: Match) -> None:
    """A loaded match is a legal game that saves and loads back to itself."""
    text = match.dumps()
    steps = json.loads(text)["steps"]
    for i in range(1, len(steps) + 1):
        node = match.node_of(i)
        parent = node.parent
        assert parent is not None and node.action in list(parent.state.legal_actions())
    again = Match.loads(text)
    assert again.dumps() == text and again.state == match.state


def try_load(text: Any) -> str:
    try:
        match = Match.loads(text)
    except ReplayError as exc:
        assert str(exc), "a ReplayError names the reason"
        return REJECTED
    check_consistent(match)
    return LOADED


def try_doc(doc: Any, restamp: bool) -> str:
    """Load an edited document, its checksum recomputed first when ``restamp`` (a forged file)."""
    if restamp and isinstance(doc, dict):
        try:
            doc["checksum"] = checksum(doc)
        except (TypeError, ValueError):  # data JSON cannot write: then loading must refuse it
            pass
    try:
        text = json.dumps(doc)
    except (TypeError, ValueError):
        text = None
    result = try_load(text) if text is not None else REJECTED
    try:
        Match.from_json(doc)
    except ReplayError:
        assert result == REJECTED or text is None, "from_json and loads agree"
    else:
        assert result == LOADED
    return result


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document, as a path of keys and indices."""
    found = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += paths(value, prefix + (key,))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += paths(value, prefix + (i,))
    return found


PATHS = [[p for p in paths(doc) if p] for doc in DOCS]


def replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def plausible(doc: Any, path: tuple[Any, ...], pick: int) -> Any:
    """A value of the same type as the one at ``path``, likely to make sense there."""
    value = doc
    for key in path:
        value = value[key]
    tokens = sorted({v for p in PATHS[0] for v in [_at(DOCS[0], p)] if isinstance(v, str)})
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + (pick % 7) - 3
    if isinstance(value, str):
        return tokens[pick % len(tokens)]
    if isinstance(value, list) and value:
        i = pick % len(value)
        how = pick // len(value) % 3
        if how == 0:
            return value[:i] + [value[i]] + value[i:]  # an element twice
        return value[:i] + value[i + 1:] if how == 1 else value[::-1]  # one element fewer, or reversed
    if isinstance(value, dict) and value:
        key = sorted(value)[pick % len(value)]
        return {k: v for k, v in value.items() if k != key}
    return value


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


saves = st.integers(0, len(SAVES) - 1)
other_types = st.sampled_from([None, True, False, 0, -1, 10**40, 1.5, "", "x", "1", [], [1], {}, {"a": 1}])


@st.composite
def byte_flips(draw: st.DrawFn) -> str:
    data = bytearray(SAVES[draw(saves)].encode())
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(data) - 1))
        data[i] ^= 1 << draw(st.integers(0, 7))
    return data.decode("latin-1")


@st.composite
def truncations(draw: st.DrawFn) -> str:
    text = SAVES[draw(saves)]
    return text[:draw(st.integers(0, len(text) - 1))]


@st.composite
def deletions(draw: st.DrawFn) -> str:
    text = SAVES[draw(saves)]
    i = draw(st.integers(0, len(text) - 1))
    return text[:i] + text[i + draw(st.integers(1, 200)):]


@st.composite
def duplications(draw: st.DrawFn) -> str:
    text = SAVES[draw(saves)]
    i = draw(st.integers(0, len(text) - 1))
    j = min(len(text), i + draw(st.integers(1, 300)))
    k = draw(st.integers(0, len(text)))
    return text[:k] + text[i:j] + text[k:]


@st.composite
def type_changes(draw: st.DrawFn) -> tuple[Any, bool]:
    n = draw(saves)
    path = draw(st.sampled_from(PATHS[n]))
    return replaced(DOCS[n], path, draw(other_types)), draw(st.booleans())


@st.composite
def consistent_edits(draw: st.DrawFn) -> Any:
    n = draw(saves)
    doc = DOCS[n]
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(PATHS[n]))
        try:
            doc = replaced(doc, path, plausible(doc, path, draw(st.integers(0, 10**6))))
        except (KeyError, IndexError, TypeError):  # the first edit removed this place
            pass
    return doc


# -- the tests ------------------------------------------------------------------------------------
@FUZZ
@given(byte_flips())
def test_byte_flips(text: str) -> None:
    assert try_load(text) in (LOADED, REJECTED)


@FUZZ
@given(truncations())
def test_truncation(text: str) -> None:
    assert try_load(text) == REJECTED


@FUZZ
@given(deletions())
def test_deletion(text: str) -> None:
    assert try_load(text) in (LOADED, REJECTED)


@FUZZ
@given(duplications())
def test_duplication(text: str) -> None:
    assert try_load(text) in (LOADED, REJECTED)


@FUZZ
@given(type_changes())
def test_type_changes(case: tuple[Any, bool]) -> None:
    assert try_doc(*case) in (LOADED, REJECTED)


@FUZZ
@given(consistent_edits())
def test_consistent_edits_with_the_checksum_recomputed(doc: Any) -> None:
    assert try_doc(doc, restamp=True) in (LOADED, REJECTED)


@FUZZ
@given(st.text(max_size=60) | st.binary(max_size=30) | st.integers() | st.floats() | st.none()
       | st.lists(st.integers(), max_size=3) | st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))
def test_anything_at_all(value: Any) -> None:
    assert try_load(value) in (LOADED, REJECTED)


def test_the_saves_load_and_some_edits_are_consistent_games() -> None:
    """The bases load, and the self-consistent edits are not all refused (the strategy reaches loads)."""
    assert all(try_load(text) == LOADED for text in SAVES)
    loaded = 0
    for n, doc in enumerate(DOCS):
        for path in PATHS[n]:
            if path[0] == "current":
                loaded += try_doc(replaced(doc, path, plausible(doc, path, 3)), restamp=True) == LOADED
    assert loaded > 0


# -- version-1 downgrades of saves that used forced chance ----------------------------------------------------
def downgraded(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` written again as version 1: no ``reproducible``, ``forced_pending`` or ``forced`` marks,
    the checksum recomputed (a forgery anyone can make)."""
    old = copy.deepcopy(doc)
    old["version"] = 1
    del old["reproducible"], old["forced_pending"]
    for record in [old["setup"], *old["steps"]]:
        record.pop("forced", None)
    old["checksum"] = checksum(old)
    return old


def first_departure(match: Match) -> str | None:
    """Where the main line of ``match`` first draws other chance than its seed does ("setup" or "step
    record k"), found by playing its actions again in a match of the same seed with nothing forced."""
    plain = Match(seed=match.seed)
    if plain.node_of(0).outcomes != match.node_of(0).outcomes:
        return "setup"
    for k, action in enumerate(match.actions, 1):
        plain.play(action)  # legal: the chance before it was the same, so the position is
        if plain.node.outcomes != match.node_of(k).outcomes:
            return f"step record {k}"
    return None


def play_on(m: Match, rng: random.Random) -> None:
    """One random step; forced chance this step cannot use (a face its stick does not have) is dropped."""
    action = m.legal_actions().sample(rng)
    try:
        m.play(action)
    except ChanceError:
        m.clear_forced()
        m.play(action)


@st.composite
def forced_matches(draw: st.DrawFn) -> Match:
    """A match of one line whose chance was partly chosen: rooms, cards or throws, at the setup or later."""
    seed = draw(st.integers(0, 10_000))
    forced = {"room": [draw(st.sampled_from([f"R{n:02d}" for n in range(1, 18)]))]} if draw(st.booleans()) else {}
    m = Match(seed=seed, forced=forced)
    rng = random.Random(draw(st.integers(0, 1000)))
    for _ in range(draw(st.integers(0, 3))):
        for _ in range(draw(st.integers(0, 12))):
            if m.state.is_over:
                break
            play_on(m, rng)
        if m.state.is_over:
            break
        kind = draw(st.sampled_from(["throw", "card", "room"]))
        if kind == "throw":
            m.force(throw=draw(st.lists(st.sampled_from(["1", "2", "N"]), min_size=1, max_size=12)))
        elif kind == "card" and m.state.deck:
            m.force(card=draw(st.permutations(sorted(set(m.state.deck))))[:draw(st.integers(1, 3))])
        elif kind == "room" and m.state.rooms:
            m.force(room=[draw(st.sampled_from(sorted(m.state.rooms)))])
    for _ in range(draw(st.integers(1, 12))):
        if m.state.is_over:
            break
        play_on(m, rng)
    return m


def try_downgrade(match: Match) -> str:
    """Write ``match`` again as version 1 and load it: it loads only where its chance is what the seed
    draws anyway, and is otherwise refused with a ReplayError naming the first step whose chance
    departs from the seed. Returns LOADED or REJECTED; raises when neither holds."""
    text = json.dumps(downgraded(json.loads(match.dumps())))
    departs = first_departure(match)
    try:
        loaded = Match.loads(text)
    except ReplayError as exc:
        named = str(exc).startswith(f"{departs}:") or str(exc).startswith(f"{departs} (")
        assert departs is not None and named, f"{exc} (expected it at {departs})"
        assert "do not follow the seed" in str(exc)
        return REJECTED
    assert departs is None, f"a version-1 file hid chosen chance at {departs}"
    assert loaded.state == match.state
    return LOADED


@FUZZ
@given(forced_matches())
def test_a_version_1_downgrade_replays_its_seed_or_names_the_first_step_that_does_not(match: Match) -> None:
    """Docs/saves.md: a file cannot hide that outcomes were chosen, whatever its version."""
    assert try_downgrade(match) in (LOADED, REJECTED)


def test_the_downgrades_reach_both_answers() -> None:
    """The strategy meets downgrades that load (forced chance equal to the seed's) and ones refused."""
    refused = loaded = 0
    for seed in range(12):
        m = Match(seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % 5):
            m.play(m.legal_actions().sample(rng))
        if seed % 3:
            m.force(throw=["N"] * 12, room=[sorted(m.state.rooms)[0]])
        for _ in range(10):
            play_on(m, rng)
        try:
            Match.loads(json.dumps(downgraded(json.loads(m.dumps()))))
            loaded += 1
        except ReplayError:
            refused += 1
    assert refused >= 4 and loaded >= 4
