"""The leak search after the game and around failing bots: in every perspective, with a bot opponent
that explains itself or that fails, no synced trait tells a viewer what R6 keeps from them, neither
as text nor by elimination (docs/rules.md, "What a view shows after the game").

Searched: the hidden ids (cards, amulets, rooms) as JSON strings and as words of every free text
the view shows (the message, the stopped bot's reason, the timeline's labels, the step's events, an
explanation, what happened since the person's last decision, each event as seen at its step); the
face-down relics; and every explanation a view holds, which must be made for that viewer and agree
with what that viewer knows: its relic probabilities must cover exactly the slots the viewer does not
know and add up to the relics left there, and its card guesses may give certainty to no card the viewer
cannot place (a bot's guesses made from its own hand or from relics it looked at fail these).
"""

from __future__ import annotations

import random
import re
import signal
from typing import Any

import pytest
from hidden_facts import fork_with_an_invoke, forked_match, hidden_ids, leaked, never_seen, secret_cards
from widget_helpers import message, send, synced_text

from naga_widget import Match, NagaWidget, State
from naga_widget.bots import Candidate, Decision, Explanation, GreedyBot, ISMCTSBot
from naga_widget.rules import STANDARD, TEMPLE_NAMES, Action, Call, LegalActions
from naga_widget.rules.temple import SLOT_NAMES
from naga_widget.widget import SYNCED
from naga_widget.widget.projection import View, explained, traits

CARDS = frozenset(c.id for c in STANDARD.cards)
VIEWER_INDEX = {0: 0, 1: 1, "spectator": 2}


# -- what a viewer must not know ----------------------------------------------------------------------------
def unplaced_cards(state: State, viewer: int | str) -> set[str]:
    """The cards ``viewer`` cannot place: in the deck, or in the other player's hand or call unless known."""
    other = 1 - viewer if viewer in (0, 1) else None
    pool = set(state.deck) | (set(state.drawn) if state.phase == "give" and viewer != state.guide else set())
    for p in (0, 1):
        if p != viewer:
            pool |= secret_cards(state, p)
    return pool if other is not None or viewer == "spectator" else set()


def word_in(word: str, text: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text) is not None


def free_texts(w: NagaWidget) -> list[str]:
    """The texts a view shows as written: status message, stopped bot's reason, the timeline's labels,
    every string of the explanation."""
    out: list[str] = []
    status = w.status
    if status["message"]:
        out.append(status["message"]["text"])
    if status["bot_stopped"]:
        out.append(status["bot_stopped"]["reason"])
    out.append(w.timeline["label"])
    # the events of the step shown (an older one may name a card since shuffled back into the deck)
    out += [e["text"] for e in w.events if e["step"] == w.step]
    out += [e["text"] for e in (w.timeline.get("happened") or {}).get("events", []) if e["step"] == w.step]
    # the other lines' last actions, as seen from this step; this line's own last action is what the viewer
    # saw at its end, public there (checked when the end is shown), and may name a card hidden at an earlier step
    timeline = w.timeline
    out += [b["last_action"] or "" for b in timeline.get("branches", [])
            if b["index"] != timeline["branch"] or w.step == timeline["last"]]
    for shown in w.explain.values():  # the guesses are checked by check_explanation: they may name any card
        out += [shown["action"], shown["summary"], *(c["action"] for c in shown["candidates"]),
                *(h["token"] + " " + h["label"] for h in shown["highlights"])]
    return out


# -- elimination: what an explanation's numbers imply ------------------------------------------------------
def check_explanation(shown: dict[str, Any], w: NagaWidget, viewer: int | str) -> None:
    """An explanation shown to ``viewer`` is made for ``viewer`` and implies nothing it does not know."""
    if viewer == "truth":
        return
    assert shown["player"] == viewer, f"{shown['name']}'s reasons shown to {viewer}"
    state = w.match.state_at(shown["step"])
    beliefs = shown["beliefs"]
    k = VIEWER_INDEX[viewer]
    for t, temple in enumerate(state.temples):
        name = TEMPLE_NAMES[t]
        unknown = [i for i in range(len(SLOT_NAMES)) if not temple.known[k] >> i & 1]
        listed = {slot.split(":")[1] for slot in beliefs["relics"] if slot.split(":")[0] == name}
        if not listed:
            continue
        # a guess about a slot the viewer knows, or none about one it does not know: the guesser knew more
        assert listed == {SLOT_NAMES[i] for i in unknown}, f"{name} relic guesses cover {sorted(listed)}"
        for kind in set(temple.relics):
            expected = sum(temple.relics[i] == kind for i in unknown)
            total = sum(beliefs["relics"][f"{name}:{SLOT_NAMES[i]}"].get(kind, 0.0) for i in unknown)
            assert abs(total - expected) < 0.01, f"{name} guesses add up to {total:.3f} {kind}, not {expected}"
        if len({temple.relics[i] for i in unknown}) > 1:  # more than one kind left: no slot is certain
            certain = [slot for slot in listed if max(beliefs["relics"][f"{name}:{slot}"].values()) >= 0.9999]
            assert not certain, f"certain of the relic on {name} {certain}, which {viewer} does not know"
    pool = unplaced_cards(state, viewer)
    for player, chances in beliefs["cards"].items():
        p = TEMPLE_NAMES.index(player)
        assert p != viewer, "guesses about the viewer's own cards come from someone else's knowledge"
        held = len(state.hands[p]) + len(state.calls[p] or ())
        assert abs(sum(chances.values()) - held) < 0.01
        known = (set(state.hands[p]) | set(state.calls[p] or ())) - secret_cards(state, p)
        assert set(chances) <= pool | known, f"guesses about cards {viewer} can place: {set(chances) - pool - known}"
        if len(pool) > len(secret_cards(state, p)):  # the pool does not force the hand: no card of it is certain
            assert not [c for c in pool if chances.get(c, 0.0) >= 0.9999], f"certain of a card {viewer} cannot place"


def check_view(w: NagaWidget, viewer: int | str, secret_texts: tuple[str, ...] = ()) -> None:
    """No synced trait of ``w`` tells ``viewer`` a hidden fact of the step shown (R6)."""
    state = w.state
    shown_json = synced_text(w, tuple(name for name in SYNCED if name != "explain"))
    texts = free_texts(w)
    for hidden in hidden_ids(state, viewer):
        assert f'"{hidden}"' not in shown_json, f"{hidden} sent to {viewer} at step {w.step}"
        for text in texts:
            assert not word_in(hidden, text), f"{hidden} written to {viewer} at step {w.step}: {text[:200]!r}"
    for secret in secret_texts:
        assert secret not in shown_json, f"{secret!r} sent to {viewer}"
    if viewer != "truth" and w.board:
        for t, temple in enumerate(w.board["temples"]):
            for i, relic in enumerate(temple["relics"]):
                if relic.get("relic") is not None:
                    assert relic.get("up") or state.temples[t].known[VIEWER_INDEX[viewer]] >> i & 1
    for shown in w.explain.values():
        check_explanation(shown, w, viewer)
    happened = w.timeline.get("happened") or {"events": []}
    for event in happened["events"]:  # what happened since the person's last decision: as seen at its step
        for hidden in hidden_ids(w.match.state_at(event["step"]), viewer):
            assert not word_in(hidden, event["text"]), f"{hidden} summed up to {viewer}: {event['text']!r}"
    if viewer != "truth":
        assert w.chance == {}


def viewer_at(w: NagaWidget) -> int | str:
    return w.viewer if not w.status["screen"] else "spectator"


# -- an explaining bot opponent, in every perspective, through the game and after it ------------------------
class Recording:
    """An explaining bot whose decisions are kept, to check the views that may show them do."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.decisions = inner, []

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        return self.decide(observation, legal).action

    def decide(self, observation: dict[str, Any], legal: LegalActions) -> Decision:
        decision: Decision = self.inner.decide(observation, legal)
        self.decisions.append(decision)
        return decision


def play_out(w: NagaWidget, rng: random.Random, every: int, viewer_check: bool = True) -> int:
    """Play the human seat at random until the game is over, checking the view every ``every`` steps."""
    checked = 0
    while not w.state.is_over:
        if viewer_check and w.step % every == 0:
            check_view(w, viewer_at(w))
            checked += 1
        w.play(w.state.legal_actions().sample(rng))
    return checked


BOTS = {"ismcts": lambda seed: ISMCTSBot(iterations=12, seed=seed), "greedy": lambda seed: GreedyBot(seed=seed)}


@pytest.mark.parametrize("bot", list(BOTS))
@pytest.mark.parametrize("perspective", [0, 1, "spectator", "teacher"])
def test_no_view_learns_a_hidden_fact_from_an_explaining_bot_during_or_after_the_game(
        perspective: int | str, bot: str) -> None:
    seed = {0: 1, 1: 2, "spectator": 3, "teacher": 4}[perspective]
    opponent = Recording(BOTS[bot](seed))
    w = NagaWidget(seed=seed, perspective=perspective, opponent=opponent, bot_delay=0)
    seat = w.status["bot"]
    checked = play_out(w, random.Random(seed), every=1)  # at each of the person's decisions
    assert checked > 5 and opponent.decisions
    viewer = viewer_at(w)
    # after the game: the last step, then every step of the game again (the reasons stay where they were)
    for k in [w.match.last_step, *range(w.match.last_step)]:
        w.goto(k)
        check_view(w, viewer)
        if perspective == "teacher":  # the teacher sees the truth, the reasons included: the search can find them
            assert w.explain["bot"]["summary"] == opponent.decisions[-1].explanation.summary
        else:
            assert "bot" not in w.explain and opponent.decisions[-1].explanation.summary not in synced_text(w)
    assert seat == (1 - perspective if isinstance(perspective, int) else 1)


def test_the_hot_seat_shows_each_player_only_their_own_knowledge_during_and_after_the_game() -> None:
    w = NagaWidget(seed=6, perspective="hotseat")
    rng = random.Random(6)
    while not w.state.is_over:
        check_view(w, viewer_at(w))  # behind the screen: whoever looks may be either player
        w.set_state({"intent": {"id": w.step + 1, "type": "reveal"}})
        assert not w.status["screen"]
        check_view(w, w.state.to_move)
        w.play(w.state.legal_actions().sample(rng))
    for k in [w.match.last_step, *range(0, w.match.last_step, 3)]:
        w.goto(k)
        check_view(w, viewer_at(w))


@pytest.mark.parametrize("bot", list(BOTS))
def test_the_bots_own_seat_sees_its_reasons_and_they_hold_only_what_it_knows(bot: str) -> None:
    opponent = Recording(BOTS[bot](7))
    w = NagaWidget(seed=7, perspective=1, bot_delay=0)
    w.set_opponent(opponent, seat=1)  # the view watches its own seat played by the bot; gold is played in code
    rng = random.Random(7)
    shown = 0
    while not w.state.is_over:
        if "bot" in w.explain:
            check_view(w, 1)  # elimination: its relic and card guesses agree with silver's own knowledge
            shown += 1
        w.play(w.state.legal_actions().sample(rng))
    assert shown > 5 and w.explain["bot"]["summary"] == opponent.decisions[-1].explanation.summary
    check_view(w, 1)


def test_the_search_finds_reasons_that_leak_by_elimination() -> None:
    """The checks fail on the leaks of the audit: silver's reasons shown to gold; guesses made from the
    truth (certain of a relic or of a card gold cannot know); relic guesses that leave out a slot gold does
    not know (the one a Third Eye showed), so that the others add up to the relics left."""
    # the first version's worlds (no inference): this seeded game then lasts beyond step 30
    w = NagaWidget(seed=1, perspective="teacher", opponent=ISMCTSBot(iterations=12, seed=1, inference=False),
                   bot_delay=0)
    rng = random.Random(0)
    while w.match.last_step < 30:
        w.play(w.state.legal_actions().sample(rng))
    w.goto(w.match.last_step - 1)
    reasons = w.explain["bot"]
    with pytest.raises(AssertionError, match="reasons shown to 0"):
        check_explanation(reasons, w, 0)
    state = w.match.state_at(reasons["step"])
    gold = {**reasons, "player": 0, "name": "gold"}
    silver = state.temples[1]
    unknown = [i for i in range(9) if not silver.known[0] >> i & 1]
    truth = {f"silver:{SLOT_NAMES[i]}": {silver.relics[i]: 1.0} for i in unknown}
    check_explanation({**gold, "beliefs": {"cards": {}, "relics": {}}}, w, 0)  # no guesses: nothing implied
    with pytest.raises(AssertionError, match="certain of the relic"):
        check_explanation({**gold, "beliefs": {"cards": {}, "relics": truth}}, w, 0)
    peeked = dict(truth)
    del peeked[f"silver:{SLOT_NAMES[unknown[0]]}"]
    with pytest.raises(AssertionError, match="guesses cover"):
        check_explanation({**gold, "beliefs": {"cards": {}, "relics": peeked}}, w, 0)
    hand = {card: 1.0 for card in (*state.hands[1], *(state.calls[1] or ()))}
    with pytest.raises(AssertionError, match="certain of a card"):
        check_explanation({**gold, "beliefs": {"cards": {"silver": hand}, "relics": {}}}, w, 0)


def test_the_hint_holds_only_what_its_player_knows() -> None:
    w = NagaWidget(seed=9, perspective=0, opponent=GreedyBot(seed=1), bot_delay=0)
    rng = random.Random(9)
    hints = 0
    while not w.state.is_over and hints < 6:
        if w.menu:
            w.set_state({"intent": {"id": w.step + 1, "type": "hint", "iterations": 30}})
            assert "hint" in w.explain
            check_view(w, 0)
            hints += 1
        w.play(w.state.legal_actions().sample(rng))
    assert hints == 6


# -- bots that fail -----------------------------------------------------------------------------------------
def hand_of(observation: dict[str, Any]) -> list[str]:
    return list(observation["players"][observation["viewer"]]["hand"])


class IllegalCall:
    """The audit's bot: calls its hand and a card it does not hold."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        return Call(tuple(sorted([*hand_of(observation), "12d"])))


class RaisingWithHand:
    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        raise RuntimeError(f"my hand is {hand_of(observation)}")


class HandInItsClassName:
    """Raises an exception of a class it makes, named after its hand."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        raise type("Hand_" + "_".join(hand_of(observation)), (Exception,), {})("nothing to see")


class HandInABuiltinLookAlike:
    """Raises an exception of a class it makes, named after its hand, that claims to be Python's own."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        name = "Hand_" + "_".join(hand_of(observation))
        raise type(name, (Exception,), {"__module__": "builtins", "__qualname__": name})("nothing to see")


class UnreadableWithHand:
    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        return {"type": "call", "cards": hand_of(observation), "note": " ".join(hand_of(observation))}


class DecideWithHand:
    """An explaining bot whose explanation cannot be read: its text quotes the hand."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        raise AssertionError("decide is asked first")

    def decide(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        return f"call {' '.join(hand_of(observation))}"


class LateFailure:
    """Plays well a few moves, then fails like ``inner``."""

    def __init__(self, inner: Any, moves: int) -> None:
        self.inner, self.moves, self.good = inner, moves, GreedyBot(seed=3)

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        if self.moves > 0:
            self.moves -= 1
            return self.good.act(observation, legal)
        return self.inner.act(observation, legal)


FAILING = {"illegal call": (IllegalCall, "its move is not a legal decision now (R8)"),
           "raise": (RaisingWithHand, "it raised an exception (RuntimeError)"),
           "own exception class": (HandInItsClassName, "it raised an exception"),
           "builtin look-alike": (HandInABuiltinLookAlike, "it raised an exception"),
           "unreadable move": (UnreadableWithHand, "its move cannot be read as an action (R8)"),
           "no decision": (DecideWithHand, "its decide did not return a Decision")}


def bot_first() -> tuple[int, int]:
    seed = next(s for s in range(100) if Match(seed=s).state.to_move == 1)
    return seed, 1


@pytest.mark.parametrize("failure", list(FAILING))
@pytest.mark.parametrize("perspective", [0, "spectator"])
def test_a_failing_bots_hand_reaches_neither_the_opponent_nor_a_spectator(perspective: int | str,
                                                                         failure: str) -> None:
    make, public = FAILING[failure]
    seed, seat = bot_first()
    w = NagaWidget(seed=seed, perspective=perspective, opponent=make())
    hand = list(w.state.hands[seat])
    assert w.status["bot_stopped"] == {"seat": seat, "name": TEMPLE_NAMES[seat], "reason": public}
    assert "failed and was stopped" in message(w) and public in message(w)
    text = synced_text(w)
    for card in hand:
        assert not word_in(card, text), f"{card} of silver's hand in {perspective}'s view"
    check_view(w, viewer_at(w), secret_texts=("Hand_", "my hand"))
    # the bot's own seat and the teacher are told the error itself
    for own in ("teacher", seat):
        view = NagaWidget(seed=seed, perspective=own)
        view.set_opponent(make(), seat=seat)
        assert view.status["bot_stopped"]["reason"] != public and "failed and was stopped" in message(view)
        if failure in ("illegal call", "raise"):
            assert any(card in message(view) for card in hand)  # what the search above must not find


@pytest.mark.parametrize("failure", ["illegal call", "raise", "unreadable move"])
def test_a_bot_failing_late_in_the_game_leaks_nothing_and_a_take_over_starts_clean(failure: str) -> None:
    make, public = FAILING[failure]
    w = NagaWidget(seed=5, perspective=0, opponent=LateFailure(make(), moves=6), bot_delay=0)
    rng = random.Random(5)
    while w.status["bot_stopped"] is None and not w.state.is_over:
        check_view(w, 0)
        w.play(w.state.legal_actions().sample(rng))
    assert w.status["bot_stopped"]["reason"] == public
    hand = set(w.state.hands[1]) - w.state.shown[1]
    assert hand and not [c for c in hand if word_in(c, synced_text(w))]
    check_view(w, 0)
    w.set_state({"intent": {"id": 99, "type": "take_over"}})
    assert w.status["message"] is None and w.status["bot_stopped"] is None and w.status["perspective"] == "hotseat"
    check_view(w, viewer_at(w))


class HangsWithHand:
    """Loops forever holding its hand, until the user interrupts the kernel."""

    def act(self, observation: dict[str, Any], legal: LegalActions) -> Any:
        held = hand_of(observation)
        while held:
            pass


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer here (e.g. Pyodide)")
@pytest.mark.parametrize("perspective", [0, "spectator"])
def test_a_hanging_bot_interrupted_by_the_user_leaks_nothing_and_its_seat_can_be_taken_over(
        perspective: int | str) -> None:
    """The widget asks a bot in the kernel's own process (as it must under Pyodide), so a bot that hangs
    holds the kernel until the user interrupts it; Jupyter's interrupt raises KeyboardInterrupt in the
    bot. The views are then as they were before the bot's turn, and tell no hidden fact."""
    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    seed = next(s for s in range(100) if Match(seed=s).state.to_move == 0)
    w = NagaWidget(seed=seed, perspective=perspective, opponent=HangsWithHand(), bot_delay=0)
    if perspective == "spectator":
        w.opponent = None
        w.set_opponent(HangsWithHand(), seat=1)
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            w.play(w.state.legal_actions().sample(random.Random(1)))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert w.state.to_move == 1 and w.step == 1  # gold's move stands; silver's turn was not played
    hand = set(w.state.hands[1]) - w.state.shown[1]
    assert hand and not [c for c in hand if word_in(c, synced_text(w))]
    check_view(w, viewer_at(w))
    w.opponent = None  # a person takes silver's seat
    w.play(w.state.legal_actions().sample(random.Random(2)))
    assert w.step == 2
    check_view(w, viewer_at(w))


# -- a match of several lines: a view of one line holds nothing from another line hidden on it ---------------
@pytest.mark.parametrize("perspective", [0, 1, "spectator", "hotseat"])
def test_a_view_of_each_line_holds_nothing_hidden_on_that_line(perspective: int | str) -> None:
    """Each line shown in turn (the branch menu's intent), at every third step and at its end: the synced
    traits hold no id hidden at every step of that line, whatever the other lines showed; at the end of
    the line, the search of ``check_view`` (the branch menu's labels included) finds nothing either."""
    match = forked_match(5)
    w = NagaWidget(match, perspective=perspective)
    lines = match.branches()
    assert len(lines) == 4
    for line in lines:
        send(w, type="branch", index=line.index)
        assert match.branch == line.index and match.at_end
        check_view(w, viewer_at(w))
        for k in range(0, match.last_step + 1, 3):
            send(w, type="goto", to=k)
            viewer = viewer_at(w)
            never = never_seen(match, viewer)
            assert not leaked(never, synced_text(w)), f"line {line.index}, step {k}, {viewer}"


def test_the_branch_menu_names_the_card_invoked_on_another_line_to_the_teacher_only() -> None:
    match, invoke = fork_with_an_invoke(2)
    labels = {}
    for perspective in (0, 1, "spectator", "teacher"):
        w = NagaWidget(match, perspective=perspective)
        other = [b for b in w.timeline["branches"] if b["index"] == 1][0]
        labels[perspective] = (other["last_action"], other["last_action_words"])
    assert labels["teacher"][0] == f"silver: {invoke}" and invoke.card in labels["teacher"][0]
    for perspective in (0, 1, "spectator"):
        assert labels[perspective] == ("silver: invoke a card", "silver invoked a card")
    w = NagaWidget(match, perspective="spectator", timeline="review")  # a view that stays on its line
    assert [b["index"] for b in w.timeline["branches"]] == [0]


def test_a_bots_reasons_are_shown_only_on_a_line_through_the_step_it_decided() -> None:
    """The reasons of a bot are what its seat knew at its decision: on a line that never reached that
    step (its seat may not have looked at a relic there, E06), they are not shown."""
    match, _ = fork_with_an_invoke(2)
    fork_step = match.branches()[1].fork_step
    decision = Decision(Action.coerce("pass"), Explanation("pass", (Candidate("pass", 3, 0.25),)))
    after_fork = explained(decision, 0, fork_step + 1, 1)  # on line 1 only
    before_fork = explained(decision, 0, fork_step - 1, 1)  # on both lines
    for branch, shown_after in ((0, False), (1, True)):
        match.switch(branch)
        for reasons, expected in ((after_fork, shown_after), (before_fork, True)):
            view = View(0, bot=0, bot_decision=reasons)
            assert ("bot" in traits(match, view)["explain"]) is expected, (branch, reasons["step"])
