"""Saving and loading a match (naga_widget.saves): round trips, replay checks, hostile and malformed
files, forced chance in the record, files of version 1."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from match_helpers import SEED, build, to_second_call

from naga_widget import (
    Match,
    RandomBot,
    ReplayError,
    play_match,
)
from naga_widget.rules import STANDARD, State
from naga_widget.rules.start import PositionError
from naga_widget.saves import checksum


# -- save and load --------------------------------------------------------------------------------
def test_save_load_save_gives_the_identical_document(forked: Match) -> None:
    text = forked.dumps()
    loaded = Match.loads(text)
    assert loaded.dumps() == text
    assert json.dumps(loaded.to_json(), sort_keys=True) == json.dumps(forked.to_json(), sort_keys=True)
    assert Match.loads(forked.dumps(indent=2)).dumps() == text


def test_a_loaded_match_keeps_branches_cursor_and_history(forked: Match) -> None:
    loaded = Match.loads(forked.dumps())
    assert loaded.step == forked.step == 20
    assert loaded.branch == forked.branch and loaded.branches() == forked.branches()
    assert loaded.state == forked.state and loaded.seed == forked.seed
    assert loaded.log() == forked.log() and loaded.log(0) == forked.log(0)
    for b in forked.branches():
        forked.switch(b.index)
        loaded.switch(b.index)
        assert loaded.actions == forked.actions
        assert all(loaded.state_at(i) == forked.state_at(i) for i in range(forked.last_step + 1))
    # playing on goes on exactly as in the original, new steps and forks included
    rng_a, rng_b = random.Random(8), random.Random(8)
    forked.goto(7)
    loaded.goto(7)
    for _ in range(10):
        forked.play(forked.legal_actions().sample(rng_a))
        loaded.play(loaded.legal_actions().sample(rng_b))
        assert loaded.state == forked.state
    assert loaded.dumps() == forked.dumps()


def test_save_and_load_a_file(tmp_path: Any, forked: Match) -> None:
    path = tmp_path / "match.json"
    forked.save(str(path))
    assert json.loads(path.read_text())["format"] == "naga-widget-match"
    assert Match.load(str(path)).dumps() == forked.dumps()


def test_a_finished_match_round_trips() -> None:
    m = Match(seed=3)
    play_match(m, [RandomBot(5), RandomBot(6)])
    loaded = Match.loads(m.dumps())
    assert loaded.state.outcome == m.state.outcome and loaded.dumps() == m.dumps()


def _doc(m: Match) -> dict[str, Any]:
    return copy.deepcopy(m.to_json())


def _record_with(doc: dict[str, Any], kind: str) -> int:
    """The 1-based number of the first step record with a chance outcome of ``kind``."""
    return next(i for i, s in enumerate(doc["steps"], 1) if any(o[0] == kind for o in s["outcomes"]))


def _load_error(doc: Any, restamp: bool = True) -> str:
    """The ReplayError of loading ``doc``. An edited dict gets a fresh checksum first (a forged file),
    so the deeper checks are reached; ``restamp=False`` tests the checksum itself."""
    with pytest.raises(ReplayError) as info:
        if isinstance(doc, str):
            Match.loads(doc)
        else:
            if restamp and isinstance(doc, dict):
                doc["checksum"] = checksum(doc)
            Match.from_json(doc)
    message = str(info.value)
    assert message, "a ReplayError says what is wrong"
    return message


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("seed", d["seed"] + 1),
    lambda d: d["steps"].pop(),
    lambda d: d["steps"][0].__setitem__("action", "pass"),
    lambda d: d["current"].__setitem__("step", 0),
    lambda d: d.pop("checksum"),
], ids=["seed", "last-record-dropped", "action", "cursor", "no-checksum"])
def test_any_edit_after_saving_breaks_thechecksum(forked: Match, edit: Any) -> None:
    doc = _doc(forked)
    edit(doc)
    assert "checksum mismatch" in _load_error(doc, restamp=False)


def test_load_rejects_non_json_text() -> None:
    for text in ("hello", "", "{", "{'format': 1}"):
        assert "JSON cannot be read" in _load_error(text)
    for text in ("[1, 2]", "null", "42", '{"format": "something-else"}'):
        assert "not a saved match" in _load_error(text)


def test_load_rejects_a_truncated_document(forked: Match) -> None:
    text = forked.dumps()
    for cut in (len(text) // 2, len(text) - 1, 10):
        assert "JSON cannot be read" in _load_error(text[:cut])
    forked.switch(1)  # the line shown is the one saved last
    doc = _doc(forked)
    doc["steps"] = doc["steps"][:-3]  # the records of its last steps are missing
    assert "saved cursor" in _load_error(doc)
    doc = _doc(forked)
    del doc["steps"]
    assert "incomplete" in _load_error(doc)
    k = _record_with(_doc(forked), "card")
    doc = _doc(forked)
    doc["steps"][k - 1]["outcomes"].pop()  # an outcome missing at the end of a record
    message = _load_error(doc)
    assert f"step record {k}" in message and "the record ends" in message


@pytest.mark.parametrize("version", [3, 0, "1", "2", None, 1.0, 2.0, True])
def test_load_rejects_a_wrong_version(forked: Match, version: Any) -> None:
    doc = _doc(forked)
    doc["version"] = version
    message = _load_error(doc)
    assert "not supported" in message or (isinstance(version, float) and "is not an integer" in message)
    del doc["version"]
    assert "not supported" in _load_error(doc)


def test_load_rejects_a_wrong_format_or_ruleset(forked: Match) -> None:
    doc = _doc(forked)
    doc["format"] = "chess"
    assert "not a saved match" in _load_error(doc)
    doc = _doc(forked)
    doc["ruleset"] = "variant"
    assert "malformed" in _load_error(doc)


def test_load_rejects_an_edited_action(forked: Match) -> None:
    doc = _doc(forked)
    for k in (1, 2, 7, 15):  # records of calls, placements, gives …
        record = doc["steps"][k - 1]
        parent = forked.node_of(record["parent"]).state
        other = next(str(a) for a in parent.legal_actions() if str(a) != record["action"])
        edited = copy.deepcopy(doc)
        edited["steps"][k - 1]["action"] = other
        assert f"step record {k}" in _load_error(edited)
    edited = copy.deepcopy(doc)
    edited["steps"][0]["action"] = "place 4 rot0"  # illegal there
    message = _load_error(edited)
    assert "step record 1" in message and "does not replay" in message
    edited["steps"][0]["action"] = "dance"
    assert "step record 1" in _load_error(edited)


def test_load_rejects_an_edited_chance_outcome(forked: Match) -> None:
    doc = _doc(forked)
    k = _record_with(doc, "room")
    record = doc["steps"][k - 1]
    i = next(j for j, o in enumerate(record["outcomes"]) if o[0] == "room")
    pile = forked.node_of(record["parent"]).state.rooms
    edited = copy.deepcopy(doc)
    was = record["outcomes"][i][1]
    symbol = STANDARD.room(was).amulet_symbol  # the same need for an amulet outcome
    edited["steps"][k - 1]["outcomes"][i][1] = next(r for r in pile if r != was and
                                                     STANDARD.room(r).amulet_symbol == symbol)
    message = _load_error(edited)  # possible, but not what happened
    assert f"step record {k}" in message and "digest mismatch" in message
    edited["steps"][k - 1]["outcomes"][i][1] = "R99"  # impossible
    message = _load_error(edited)
    assert f"step record {k}" in message and "impossible" in message
    edited = copy.deepcopy(doc)
    edited["steps"][k - 1]["outcomes"][i][0] = "card"  # the wrong kind
    assert f"step record {k}" in _load_error(edited)
    edited = copy.deepcopy(doc)
    relics = edited["setup"]["outcomes"][0][1]
    j = next(j for j in range(1, 9) if relics[j] != relics[0])
    relics[0], relics[j] = relics[j], relics[0]
    message = _load_error(edited)
    assert "setup" in message and "digest mismatch" in message


def test_load_rejects_an_edited_digest(forked: Match) -> None:
    doc = _doc(forked)
    doc["steps"][6]["digest"] = "0123456789abcdef"
    message = _load_error(doc)
    assert "step record 7" in message and "digest mismatch" in message
    doc = _doc(forked)
    doc["setup"]["digest"] = doc["steps"][0]["digest"]
    assert "setup" in _load_error(doc)
    doc = _doc(forked)
    del doc["steps"][-1]["digest"]
    assert f"step record {len(doc['steps'])} has no 'digest'" in _load_error(doc)


def test_load_rejects_extra_unused_outcomes(forked: Match) -> None:
    doc = _doc(forked)
    doc["steps"][0]["outcomes"].append(["throw", "1"])
    message = _load_error(doc)
    assert "step record 1" in message and "more chance outcomes" in message
    doc = _doc(forked)
    doc["setup"]["outcomes"].append(["card", "01a"])
    assert "setup" in _load_error(doc)


@pytest.mark.parametrize("edit", [
    lambda d: d["steps"][0].__setitem__("parent", 5),  # a parent that does not exist yet
    lambda d: d["steps"][0].__setitem__("parent", "0"),
    lambda d: d["steps"].__setitem__(0, 5),
    lambda d: d["steps"][0].pop("outcomes"),
    lambda d: d["steps"][0]["outcomes"].append(["throw", "1", "2"]),
    lambda d: d["steps"][0]["outcomes"].append(["dice", "6"]),
    lambda d: d.__setitem__("steps", {}),
    lambda d: d.__setitem__("current", []),
    lambda d: d["current"].__setitem__("step", 999),
    lambda d: d["current"].__setitem__("tip", 3),  # not the tip of a branch
    lambda d: d.__setitem__("seed", "x"),
], ids=["parent-ahead", "parent-text", "record-not-object", "no-outcomes", "outcome-of-3", "unknown-kind",
        "steps-not-list", "cursor-not-object", "cursor-off-line", "cursor-not-tip", "seed-not-number"])
def test_load_rejects_malformed_documents(forked: Match, edit: Any) -> None:
    doc = _doc(forked)
    edit(doc)
    assert _load_error(doc)


@pytest.mark.parametrize("edit", [
    lambda d: d.__setitem__("setup", []),
    lambda d: d.__setitem__("setup", None),
    lambda d: d["setup"]["outcomes"][0].__setitem__(1, 5),  # relics dealt as a number
    lambda d: d["setup"]["outcomes"][0].__setitem__(1, [1, "s3"]),
], ids=["setup-list", "setup-null", "relics-number", "relics-mixed"])
def test_load_rejects_a_malformed_setup_with_replay_error(forked: Match, edit: Any) -> None:
    doc = _doc(forked)
    edit(doc)
    assert _load_error(doc)


# -- hostile save files ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, reason", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),  # refused before json.loads (saves.check_nesting)
    ('{"a": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
    ("[" * 20 + "]" * 20, "not a saved match"),
    ('{"format": "naga-widget-match", "version": 2, "steps": ' + "[" * 900 + "]" * 900 + "}", "nested too deeply"),
    ('{"format": "naga-widget-match", "version": 2, "steps": ' + "[" * 90 + "]" * 90 + "}", "checksum"),
    ("1" * 5000, "digits"),
    ('{"format": "naga-widget-match", "seed": ' + "9" * 4301 + "}", "digits"),
    ('{"format": "naga-widget-match", "version": 2, "seed": Infinity}', "Infinity"),
    ('{"format": "naga-widget-match", "version": 2, "seed": NaN}', "NaN"),
    ('{"format": "naga-widget-match", "version": 2, "seed": -Infinity}', "Infinity"),
    ('{"format": "naga-widget-match", "version": 2, "seed": 1e400}', "checksum mismatch"),
    ("\ud800", "JSON cannot be read"),
    ('"\ud800"', "not a saved match"),
])
def test_hostile_texts_raise_replay_error(text: str, reason: str) -> None:
    assert reason in _load_error(text)


@pytest.mark.parametrize("value", [b"{}", bytearray(b"{}"), None, 42, ["{}"], {"format": "naga-widget-match"}])
def test_load_takes_only_text(value: Any) -> None:
    with pytest.raises(ReplayError, match="read from a text"):
        Match.loads(value)


def _wrong(value: Any) -> list[Any]:
    """Values of every other JSON type than ``value``'s."""
    samples = [True, 7, 4.5, "42", [], {}, None]
    return [v for v in samples if type(v) is not type(value)]


def _fields(doc: dict[str, Any]) -> list[tuple[str, Any]]:
    """(path, parent container) of every field of a document but the checksum, for type changes."""
    found: list[tuple[str, Any]] = []
    for name in doc:
        if name != "checksum":
            found.append((name, doc))
    for name in doc["setup"]:
        found.append((f"setup.{name}", doc["setup"]))
    for name in doc["steps"][0]:
        found.append((f"steps.0.{name}", doc["steps"][0]))
    for name in doc["current"]:
        found.append((f"current.{name}", doc["current"]))
    return found


def test_every_field_of_a_save_has_a_strict_type() -> None:
    m = Match(seed=SEED, forced={"room": ["R01"]})
    m.play(m.legal_actions().sample(random.Random(0)))
    m.force(throw=["1"])
    doc = _doc(m)
    assert doc["steps"][0].get("forced") is None and doc["setup"]["forced"] is True
    tried = 0
    for path, _ in _fields(doc):
        for value in _wrong(_lookup(doc, path)):
            edited = copy.deepcopy(doc)
            *parents, last = path.split(".")
            container = edited
            for part in parents:
                container = container[int(part)] if part.isdigit() else container[part]
            container[last] = value
            assert _load_error(edited), path
            tried += 1
    assert tried > 60


def _lookup(doc: Any, path: str) -> Any:
    for part in path.split("."):
        doc = doc[int(part)] if part.isdigit() else doc[part]
    return doc


@pytest.mark.parametrize("edit, reason", [
    (lambda d: d.__setitem__("seed", "42"), "'seed' must be an integer"),
    (lambda d: d.__setitem__("seed", 4.5), "not an integer"),
    (lambda d: d.__setitem__("setup", {"outcomes": [[[[[[[[[["x"]]]]]]]]]], "digest": ""}), "nested too deeply"),
    (lambda d: d.__setitem__("version", 1.0), "1.0 is not an integer"),
    (lambda d: d.__setitem__("version", True), "not supported"),
    (lambda d: d.__setitem__("reproducible", 1), "'reproducible' must be true or false"),
    (lambda d: d.__setitem__("extra", 1), "unknown field 'extra'"),
    (lambda d: d["steps"][0].__setitem__("forced", False), "written only as true"),
    (lambda d: d["steps"][0].__setitem__("parent", True), "'parent' must be an integer"),
    (lambda d: d["current"].__setitem__("tip", 2.0), "not an integer"),
    (lambda d: d.__setitem__("forced_pending", {"dice": ["6"]}), "bad chance outcome"),
    (lambda d: d.__setitem__("forced_pending", {"throw": "1"}), "non-empty list"),
    (lambda d: d.__setitem__("forced_pending", {"throw": [1]}), "must be a text"),
    (lambda d: d.__setitem__("ruleset", ["standard"]), "'ruleset' must be a text"),
    (lambda d: d.__setitem__("steps", [[]]), "step record 1 must be an object"),
    (lambda d: d.__setitem__("setup", {(1, 2): 3}), "not a text"),
    (lambda d: d.__setitem__("setup", {"outcomes": [object()], "digest": ""}), "not JSON data"),
], ids=["seed-text", "seed-fraction", "deep", "version-float", "version-bool", "reproducible-int", "extra-field",
        "forced-false", "parent-bool", "tip-float", "pending-kind", "pending-text", "pending-number",
        "ruleset-list", "record-list", "key-not-text", "not-json"])
def test_load_names_what_is_malformed(forked: Match, edit: Any, reason: str) -> None:
    doc = _doc(forked)
    edit(doc)
    if reason in ("not a text", "not JSON data", "nested too deeply"):  # refused before the checksum
        assert reason in _load_error(doc, restamp=False)
    else:
        assert reason in _load_error(doc)


def test_a_consistent_edit_with_a_recomputed_checksum_loads_as_the_game_it_describes(forked: Match) -> None:
    """The checksum guards against damage, not forgery: an edited file that replays is a legal game."""
    doc = _doc(forked)
    doc["current"]["step"] = 3  # another cursor: a different, but consistent, file
    doc["checksum"] = checksum(doc)
    loaded = Match.from_json(doc)
    assert loaded.step == 3 and loaded.state == forked.state_at(3)


# -- forced chance in the record --------------------------------------------------------------------
def test_forced_steps_are_marked_and_the_pending_queue_is_saved() -> None:
    m = Match(seed=SEED)
    to_second_call(m)
    cards = list(m.state.deck[:2])
    m.force(throw=["1"] * 40, card=cards)
    m.play(m.legal_actions().sample(random.Random(2)))  # both throw: forced
    doc = m.to_json()
    marked = [i for i, record in enumerate(doc["steps"]) if record.get("forced")]
    assert marked == [len(doc["steps"]) - 1] and "forced" not in doc["setup"]
    assert m.node.forced and not m.node.parent.forced  # type: ignore[union-attr]
    pending = m.forced_pending
    assert pending["card"] == cards and 0 < len(pending["throw"]) < 40
    assert doc["forced_pending"] == pending
    loaded = Match.loads(m.dumps())
    assert loaded.forced_pending == pending and loaded.node.forced and loaded.dumps() == m.dumps()
    rng_a, rng_b = random.Random(5), random.Random(5)  # the loaded match uses the pending outcomes next
    while m.forced_pending and not m.state.is_over:
        m.play(m.legal_actions().sample(rng_a))
        loaded.play(loaded.legal_actions().sample(rng_b))
        assert loaded.state == m.state and loaded.forced_pending == m.forced_pending
    assert loaded.dumps() == m.dumps()


def test_a_forced_step_must_say_so_and_other_steps_must_follow_the_seed() -> None:
    m = Match(seed=SEED)
    to_second_call(m)
    m.force(throw=["1"] * 40)
    m.play(m.legal_actions().sample(random.Random(2)))
    doc = _doc(m)
    del doc["steps"][-1]["forced"]  # the mark removed: its outcomes are not the seed's
    assert "do not follow the seed" in _load_error(doc)
    doc = _doc(m)
    doc["steps"][-1]["forced"] = True
    doc["steps"][0]["forced"] = True  # a step may be marked forced although it was not: still a legal game
    doc["checksum"] = checksum(doc)
    assert Match.from_json(doc).state == m.state
    plain = build(40)
    doc = _doc(plain)
    k = _record_with(doc, "throw")
    record = doc["steps"][k - 1]
    i = next(j for j, o in enumerate(record["outcomes"]) if o[0] == "throw")
    faces = {"1", "2", "N"} - {record["outcomes"][i][1]}
    record["outcomes"][i][1] = sorted(faces)[0]  # a possible throw, but not the one the seed draws
    message = _load_error(doc)
    assert f"step record {k}" in message and ("digest mismatch" in message or "follow the seed" in message)


def test_forced_setup_outcomes_are_marked_and_replayed() -> None:
    m = Match(seed=SEED, forced={"room": ["R17"]})
    doc = m.to_json()
    assert doc["setup"]["forced"] is True and doc["forced_pending"] == {}
    loaded = Match.loads(m.dumps())
    assert loaded.state.offered[0] == "R17" and loaded.node.forced
    doc = _doc(m)
    del doc["setup"]["forced"]
    assert "setup" in _load_error(doc) and "follow the seed" in _load_error(doc)


@pytest.mark.parametrize("outcomes, message", [
    ({"throw": "N"}, "a list"), ({"throw": [1]}, "a text"), ({"relics": ["c6"]}, "relic tokens"),
    ({"dice": ["6"]}, "unknown chance kind"),
])
def test_force_accepts_only_what_a_save_can_hold(outcomes: dict[str, Any], message: str) -> None:
    m = Match(seed=SEED)
    with pytest.raises(ValueError, match=message):
        m.force(**outcomes)
    with pytest.raises(ValueError, match=message):
        Match(seed=SEED, forced=outcomes)
    assert m.forced_pending == {}


# -- version 1 files -------------------------------------------------------------------------------
# Written by the code of version 1 (a match of seed 7, 14 random steps and a fork at step 5, shown at
# step 3): such a file still loads, with the same states.
V1_SAVE = (
    '{"format": "naga-widget-match", "version": 1, "ruleset": "standard", "seed": 7, "setup": {"outcomes"'
    ': [["relics", ["s3", "c6", "c6", "s4", "s5", "s4", "s5", "c6", "s3"]], ["relics", ["s5", "s3", "c6",'
    ' "s4", "s3", "s5", "s4", "c6", "c6"]], ["card", "05d"], ["card", "02c"], ["card", "05a"], ["card", "'
    '07c"], ["card", "02d"], ["card", "01a"], ["card", "12d"], ["card", "11a"], ["card", "07b"], ["card",'
    ' "10b"], ["room", "R16"], ["throw", "1"], ["throw", "2"], ["throw", "1"], ["throw", "N"]], "digest":'
    ' "2fdab983f43891a0"}, "steps": [{"parent": 0, "action": "call 05a", "outcomes": [], "digest": "62ed4'
    '1f544bb4d6c"}, {"parent": 1, "action": "call 11a", "outcomes": [["throw", "1"], ["throw", "N"], ["th'
    'row", "2"], ["throw", "1"]], "digest": "d6201523fd576248"}, {"parent": 2, "action": "invoke 12d brow'
    'n", "outcomes": [["card", "07a"], ["card", "02a"]], "digest": "addc194508ed355e"}, {"parent": 3, "ac'
    'tion": "place 6 rot0", "outcomes": [["card", "05c"], ["card", "09b"], ["card", "12c"]], "digest": "0'
    '901cf82a319b98f"}, {"parent": 4, "action": "give 12c", "outcomes": [["room", "R05"], ["amulet", "A12'
    '"]], "digest": "5c8d2dd2badb51c0"}, {"parent": 5, "action": "call 09b", "outcomes": [], "digest": "1'
    '69cfe45bbec8c7a"}, {"parent": 6, "action": "call 12c", "outcomes": [["throw", "1"], ["throw", "1"], '
    '["throw", "1"]], "digest": "8065dd6626bf84f6"}, {"parent": 7, "action": "place 8 rot2", "outcomes": '
    '[["card", "03b"], ["card", "10c"], ["card", "09a"]], "digest": "857dfb8f18b678e7"}, {"parent": 8, "a'
    'ction": "give 10c", "outcomes": [["room", "R17"], ["amulet", "A07"]], "digest": "8ad43f1a45d26c6b"},'
    ' {"parent": 9, "action": "call 02a 02d", "outcomes": [], "digest": "d4e473f323348a22"}, {"parent": 1'
    '0, "action": "call 05c 07c 10c", "outcomes": [["throw", "2"], ["throw", "2"], ["throw", "N"], ["thro'
    'w", "2"], ["throw", "1"], ["throw", "N"], ["throw", "2"], ["throw", "1"], ["throw", "N"], ["throw", '
    '"1"], ["throw", "N"]], "digest": "ced29f319e7ddf25"}, {"parent": 11, "action": "invoke 07a charm sil'
    'ver:W0 silver:N2", "outcomes": [], "digest": "606365790e73ea16"}, {"parent": 12, "action": "invoke 1'
    '0b teal gold:1 gold:8", "outcomes": [], "digest": "d6be82a8a48b3c66"}, {"parent": 13, "action": "inv'
    'oke 09a brown silver:6 rot1", "outcomes": [], "digest": "1bf2aed00aa9fb48"}, {"parent": 5, "action":'
    ' "call 01a", "outcomes": [], "digest": "a6bb29e55085de14"}], "current": {"tip": 15, "step": 3}, "che'
    'cksum": "04bdf977a5ec0b8c48e34d4d2acfc16b5e7350a04689352267ba7cf4b2ec5002"}'
)


def test_a_version_1_file_still_loads() -> None:
    loaded = Match.loads(V1_SAVE)
    saved = json.loads(V1_SAVE)
    assert saved["version"] == 1 and loaded.seed == 7 and loaded.step == 3 and len(loaded.branches()) == 2
    assert loaded.reproducible  # its seed was chosen by the caller, or was of 32 bits: no secret either way
    assert [loaded.node_of(i + 1).state.digest() for i in range(len(saved["steps"]))] == \
        [s["digest"] for s in saved["steps"]]
    again = Match.loads(loaded.dumps())
    assert json.loads(loaded.dumps())["version"] == 2 and again.dumps() == loaded.dumps()
    doc = json.loads(V1_SAVE)
    doc["reproducible"] = False  # a field of version 2
    assert "unknown field" in _load_error(doc)


def as_version_1(doc: dict[str, Any]) -> dict[str, Any]:
    """A saved match written again as version 1: the fields and marks of version 2 taken out, the
    checksum recomputed (what anyone can do to a file)."""
    old = copy.deepcopy(doc)
    old["version"] = 1
    del old["reproducible"], old["forced_pending"]
    for record in [old["setup"], *old["steps"]]:
        record.pop("forced", None)
    old["checksum"] = checksum(old)
    return old


def test_a_version_1_file_cannot_hide_forced_throws() -> None:
    m = Match(seed=SEED)
    to_second_call(m)
    m.force(throw=["N"] * 40)
    rng = random.Random(2)
    for _ in range(6):
        m.play(m.legal_actions().sample(rng))
    doc = _doc(m)
    first = next(i for i, record in enumerate(doc["steps"], 1) if record.get("forced"))
    with pytest.raises(ReplayError) as refused:  # the forgery: chosen throws, as an ordinary old file
        Match.loads(json.dumps(as_version_1(doc)))
    message = str(refused.value)
    assert message.startswith(f"step record {first} ") and "do not follow the seed" in message
    assert "version 1" in message
    assert Match.loads(m.dumps()).state == m.state  # as version 2, with its marks, it is a legal game


def test_a_version_1_file_cannot_hide_a_forced_setup() -> None:
    m = Match(seed=SEED, forced={"room": ["R17"]})
    m.play(m.legal_actions().sample(random.Random(1)))
    message = _load_error(as_version_1(_doc(m)))
    assert message.startswith("setup: ") and "do not follow the seed" in message


def test_a_version_1_file_of_chance_drawn_from_its_seed_still_loads() -> None:
    m = build(30)
    loaded = Match.loads(json.dumps(as_version_1(_doc(m))))
    assert loaded.state == m.state and loaded.reproducible


# -- a deep value in a save ----------------------------------------------------------------------
def test_a_forged_deep_value_is_refused_when_loaded_from_text() -> None:
    """Deep, yet within the nesting limit of a saved text (saves.NESTING_LIMIT): the step record's check
    names it, in a short message."""
    doc = json.loads(build(3).dumps())
    deep: Any = "x"
    for _ in range(90):
        deep = [deep]
    doc["steps"][0]["outcomes"] = [deep]
    doc["checksum"] = checksum(doc)
    message = _load_error(json.dumps(doc))
    assert "step record 1" in message and "bad chance outcome" in message and len(message) < 200


# -- a match from a position set up by hand -------------------------------------------------------------
def _puzzle_position(seed: int = 21, steps: int = 9) -> State:
    """A position of a game, taken out of it (as a lesson sets one up)."""
    m = Match(seed=seed)
    for k in range(steps):
        m.play(m.legal_actions().sample(random.Random(k)))
    return m.state


def test_a_match_from_a_position_saves_it_and_replays_every_branch() -> None:
    start = _puzzle_position()
    m = Match.from_state(start, seed=5)
    assert m.step == 0 and m.state == start and m.reproducible and list(m.events()) == []
    for k in range(12):
        m.play(m.legal_actions().sample(random.Random(100 + k)))
    m.goto(4)
    m.play(next(a for a in m.legal_actions() if a != m.line()[5].action))  # a second branch
    doc = m.to_json()
    assert doc["version"] == 2 and doc["start"]["phase"] == start.phase.value
    again = Match.loads(m.dumps())
    assert again.dumps() == m.dumps() and again.state_at(0) == start and len(again.branches()) == 2
    for branch in range(2):
        m.switch(branch), again.switch(branch)
        assert [again.state_at(i) for i in range(again.last_step + 1)] == \
            [m.state_at(i) for i in range(m.last_step + 1)]
    # the same position, seed and actions give the same game; chance follows the position too
    twin = Match.from_state(start, seed=5)
    for action in m.line()[1:]:
        twin.play(action.action)
    assert twin.state == m.state
    assert Match.from_state(start, seed=5).node.key != Match.from_state(_puzzle_position(steps=11), seed=5).node.key


def test_an_ordinary_save_has_no_start_position() -> None:
    m = Match(seed=3)
    m.play(m.legal_actions().sample(random.Random(0)))
    doc = m.to_json()
    assert doc["version"] == 2 and "start" not in doc
    assert Match.loads(m.dumps()).to_json() == doc


@pytest.mark.parametrize("change, words", [
    (lambda s: s._replace(guide=2), "guide"),
    (lambda s: s._replace(hands=(tuple(sorted(s.hands[0] + s.hands[1][:1])), s.hands[1])), "cards too many"),
    (lambda s: s._replace(supply=(s.supply[0] + 1,) + s.supply[1:]), "sticks in all"),
    (lambda s: s._replace(passes=7), "passes"),
    (lambda s: s._replace(temples=(s.temples[0]._replace(up=s.temples[0].up ^ 1), s.temples[1])), "R2.4"),
    (lambda s: s._replace(deck=s.deck[1:]), "missing"),
])
def test_an_illegal_start_position_is_refused_with_what_is_wrong(change: Any, words: str) -> None:
    start = _puzzle_position()
    with pytest.raises(PositionError, match=words):
        Match.from_state(change(start))
    with pytest.raises(TypeError, match="State"):
        Match.from_state(start.to_json())  # type: ignore[arg-type]


def _resealed(doc: dict[str, Any]) -> str:
    doc = {k: v for k, v in doc.items() if k != "checksum"}
    doc["checksum"] = checksum(doc)
    return json.dumps(doc)


@pytest.mark.parametrize("tamper, words", [
    (lambda p: p.update(guide=2), "not one a game can be in: the guide"),
    (lambda p: p["hands"][0].append(p["deck"].pop()), "digest mismatch"),  # legal, but not the saved start
    (lambda p: p.update(deck=p["deck"][1:]), "cards missing"),
    (lambda p: p.update(colour="red"), "unknown"),
    (lambda p: p["temples"][0]["tiles"].__setitem__(0, ["R99", 0]), "unknown room"),
    (lambda p: p.update(round="3"), "round must be an integer"),
])
def test_a_tampered_start_position_is_refused(tamper: Any, words: str) -> None:
    m = Match.from_state(_puzzle_position(), seed=5)
    m.play(m.legal_actions().sample(random.Random(0)))
    doc = copy.deepcopy(m.to_json())
    tamper(doc["start"])
    with pytest.raises(ReplayError, match=words):
        Match.loads(_resealed(doc))
    no_start = copy.deepcopy(m.to_json())
    del no_start["start"]  # a file that lost its start position
    with pytest.raises(ReplayError, match="setup does not replay"):  # it is read as a new game's setup
        Match.loads(_resealed(no_start))
