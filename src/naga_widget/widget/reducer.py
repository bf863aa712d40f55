"""The intents of a view, as one pure reducer: an intent, the match and the view's state in; the new view
state and its effects out (the model is boardgame.io's reducer). No Jupyter, no event loop.

A host keeps, per viewer, a :class:`~.projection.View` (who looks, the bot's seat, the hot-seat holder,
the armed fork, the last message, the hint …) beside the match they look at, and for each intent it gets:

1. ``answer = answer_intent(view, intent, match=match)`` — the intent is checked (an object, stamped
   at the position the match is at, fields of the right kind) and applied: the match moves its cursor
   or plays (:meth:`Match.play`, the one door for an action), and ``answer.view`` is the new view
   state. A bad intent is refused: ``answer.refused`` is the error (its text says what was wrong,
   an illegal action's names its rule id), ``answer.view.message`` holds its text, and nothing else
   changed, neither the match nor the view. ``answer.view.ack`` is the intent's ``id``.
2. the host does each of ``answer.effects`` (:class:`NewMatch`: show this new match from now on;
   :class:`WatchCommand`: play, pause or step the watch of two bots, or change its speed) and then lets
   its bots play (:class:`~.driver.SeatDriver` in a notebook);
3. ``view, shown = project(view, match=match)``: the value of every synced trait for that viewer
   (:func:`~.projection.traits`, R6), which it sends (the widget syncs its traits; a server sends them
   over its socket).

:func:`reduce` is step 1 without the message: it raises the refusal. :func:`decide` plays a person's
decision given in code (``widget.play``), :func:`auto_pass` plays the passes a view plays by itself,
and :func:`bot_moved` and :func:`bot_stopped` are what a bot's turn does to a view.

>>> from naga_widget.match import Match
>>> match = Match(seed=1)
>>> done = answer_intent(View(0), {"id": 3, "type": "goto", "to": 0}, match=match)
>>> done.refused, done.view.ack, done.effects
(None, 3, [])
>>> done = answer_intent(View(0), {"id": 4, "type": "fly"}, match=match)
>>> done.view.message["text"], done.view.ack
("unknown intent type 'fly'", 4)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from ..bots import ISMCTSBot
from ..bots.turn import Failure, describe
from ..match import Match, StepError
from ..rules import TEMPLE_NAMES, ActionError, AnyAction, ChanceError, IllegalActionError
from ..rules.errors import is_int
from .deciding import only_choice
from .guard import (
    IntentError,
    action_field,
    check_position,
    hint_budget,
    integer_field,
    intent_object,
    quote,
    refusal_text,
    short_message,
)
from .projection import View, actor_of, check_forced, explained, hint_allowed, screen_of, traits
from .watch import delay_of
from .wire import Explained, Traits, Watch

# The errors that refuse an intent: bad input, told to the view as a message. Anything else is a bug.
# An action the engine cannot read or does not allow (ActionError), an intent the view refuses
# (IntentError), a step or branch not in the match (StepError), a chosen chance outcome that is not
# possible when it comes (ChanceError).
REFUSALS: tuple[type[Exception], ...] = (ActionError, IntentError, StepError, ChanceError)

# intents that act on the watch whatever the step (not position-checked), and those that pause it
WATCH_INTENTS = frozenset({"watch_play", "watch_pause", "watch_step", "watch_speed"})
PAUSING_INTENTS = frozenset({"goto", "undo", "redo", "start", "end", "branch", "fork", "new_game"})


# -- effects: what the host does after the reducer ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NewMatch:
    """Show ``match`` from now on (a new game): the host follows it instead of the match before."""

    match: Match


@dataclass(frozen=True, slots=True)
class WatchCommand:
    """A command for the watch of two bots: ``"play"``, ``"pause"``, ``"step"`` (one move now, paused)
    or ``"speed"`` (``delay`` seconds between two moves from now on)."""

    command: Literal["play", "pause", "step", "speed"]
    delay: float | None = None


Effect = NewMatch | WatchCommand


class Answer(NamedTuple):
    """What one intent did: the new view state, the effects for the host, and the refusal (``None`` when
    the intent was applied)."""

    view: View
    effects: list[Effect]
    refused: Exception | None


Reduced = tuple[View, list[Effect]]


@dataclass(frozen=True, slots=True)
class _Intent:
    """One checked intent and what it acts on (the arguments of every handler)."""

    view: View
    intent: dict[str, Any]
    match: Match


# -- the entry points -------------------------------------------------------------------------------------
def reduce(view: View, intent: Any, *, match: Match) -> Reduced:
    """Apply one intent (``docs/widget-protocol.md``) to ``match`` and ``view``: the new view state and
    the effects for the host. A bad intent raises one of :data:`REFUSALS` saying what was wrong, and
    changes nothing. The match is changed in place (its cursor, a play); the view state is a new value."""
    intent = intent_object(intent)
    kind = intent.get("type")
    handler = INTENTS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise IntentError(f"unknown intent type {quote(kind)}")
    if kind == "goto" and "step" in intent:
        # a goto names the step it wants: made at any step of this branch it means the same, so the
        # view may send the next one before the answer to the one before (scrubbing); its branch
        # is still checked (and the stamp is still an integer)
        integer_field(intent, "step")
        intent = {**intent, "step": match.step}
    if kind in WATCH_INTENTS:
        # the watch's controls act on the watch, not on a decision: made at any step they mean the
        # same (a pause clicked while the bots play arrives a move or two later); the stamp is
        # still checked to be integers
        for name in ("step", "branch"):
            if name in intent:
                integer_field(intent, name)
    else:
        check_position(intent, match.step, match.branch)
    new_view, effects = handler(_Intent(view, intent, match))
    if kind in PAUSING_INTENTS and view.watch is not None:
        # moving through the timeline pauses a watch: what is looked at stays
        effects = [WatchCommand("pause"), *effects]
    return new_view, effects


def answer_intent(view: View, intent: Any, *, match: Match) -> Answer:
    """:func:`reduce`, with the answer the view shows: the refusal's text in ``message`` (or no
    message), the intent's integer ``id`` in ``ack``. A refused intent changes nothing else. An
    exception that is not a refusal is a bug, and propagates (the host still answers the view:
    :func:`acked`)."""
    try:
        new_view, effects = reduce(view, intent, match=match)
        new_view, refused = replace(new_view, message=None), None
    except REFUSALS as exc:
        new_view, effects, refused = replace(view, message={"level": "error", "text": refusal_text(exc)}), [], exc
    return Answer(acked(new_view, intent), effects, refused)


def acked(view: View, intent: Any) -> View:
    """The view state with the intent's integer ``id`` in ``ack`` (the view knows its intent was seen)."""
    ack = intent.get("id") if isinstance(intent, dict) else None
    return replace(view, ack=ack) if is_int(ack) else view


def settle(view: View, match: Match) -> View:
    """The view state to show now: a hint is for the position it was asked at; once the cursor has
    left it, the hint is gone."""
    hint = view.hint
    if hint is not None and (hint["step"], hint["branch"]) != (match.step, match.branch):
        return replace(view, hint=None)
    return view


def project(view: View, *, match: Match) -> tuple[View, Traits]:
    """The view state to keep (:func:`settle`) and the value of every synced trait for its viewer."""
    view = settle(view, match)
    return view, traits(match, view)


# -- playing ----------------------------------------------------------------------------------------------
def play_at_cursor(view: View, match: Match, action: AnyAction | str | dict[str, Any]) -> View:
    """Play at the cursor; an armed fork is used up by the play (and kept if the play fails). The match
    reads and checks the action (:meth:`Match.play`, the one door for an action)."""
    fork = view.fork_armed
    match.play(action, fork=fork, reuse=True)
    # a fork that came out as a step already played: the match follows that line, and the next play
    # here may still branch off
    return replace(view, fork_armed=fork and not match.at_end)


def decide(view: View, match: Match, action: AnyAction | str | dict[str, Any]) -> View:
    """Play a person's decision (a click in the view, or ``play()`` in code) and keep the node it made:
    what happens after it without the person is summed up from there (``projection.happened``).
    With ``timeline="review"`` or ``"off"`` only at the end of the line (no fork, R8)."""
    if view.timeline != "full" and not match.at_end:
        raise IllegalActionError(f"timeline={view.timeline!r}: play only at the end of the line, not at a "
                                 f"past step", "R8")
    seat = match.state.to_move
    view = play_at_cursor(view, match, action)
    decided = list(view.decided)
    decided[seat] = match.node.id
    return replace(view, decided=(decided[0], decided[1]))


def auto_pass(view: View, match: Match) -> View:
    """With ``auto_pass`` on, at the end of the line: while the seat to move is one this view decides
    for and its only legal decision is a pass (:func:`.deciding.only_choice`), play it, keeping why
    (``auto_passed``)."""
    while view.auto_pass and match.at_end:
        state = match.state
        player = actor_of(view, state)
        only = only_choice(state, player)
        if player is None or only is None or not only["auto"]:
            return view
        noted = replace(view, auto_passed={"player": player, "name": TEMPLE_NAMES[player], "step": match.step + 1,
                                           "text": only["text"]})
        view = play_at_cursor(noted, match, only["action"])
    return view


def fresh(view: View, match: Match, seed: int | None) -> View:
    """The view state of a new game ``match`` (the perspective, the bot's seat and the settings stay)."""
    return replace(view, holder=None, fork_armed=False, message=None, seed=match.seed if seed is not None else None,
                   hint=None, bot_decision=None, auto_passed=None, decided=(None, None), origin=match.node.id)


# -- a bot's turn, as a view sees it -------------------------------------------------------------------------
def bot_moved(view: View, match: Match, action: AnyAction, reasons: Explained | None, *,
              fork: bool = False) -> View:
    """Play a bot's move (read inside its containment) at the end of the line, or where ``fork`` is armed,
    with its reasons shown with the step it makes; then the passes this view plays by itself. An
    illegal move raises :class:`IllegalActionError` quoting it (for the bot's seat and the teacher),
    and changes nothing."""
    try:
        match.play(action, fork=fork, reuse=True)  # the match judges the move, as it judges a person's
    except ActionError as exc:
        why = str(exc).removesuffix(f" ({exc.rule})")
        raise IllegalActionError(f"{quote(str(action))} is not a legal decision now: {why}", exc.rule) from None
    view = replace(view, bot_decision=reasons, fork_armed=not match.at_end if fork else view.fork_armed)
    return auto_pass(view, match)


def bot_stopped(view: View, seat: int, failed: Failure, label: str, *, watch: bool) -> View:
    """The view after the bot of ``seat`` (named ``label``) failed (``failed``) and was stopped. Its error
    may quote its move, and so its hand: the error is told to that seat and the teacher; the others read
    the failure's public words, which hold no hidden fact (R6)."""
    public = failed.public
    name = TEMPLE_NAMES[seat]
    reason = short_message(describe(failed.cause) if failed.cause is not None else failed.error, 200)
    bot = f"{name}'s bot ({label})"
    if watch:  # a watch: it stops, and the seat loses its bot
        after = (f"The game stays as it was: take over {name}'s seat, or give both seats bots again "
                 f"(widget.players = [GreedyBot(), RandomBot()]).")
    else:
        after = (f"The game stays as it was: take over {name}'s seat, or attach another bot "
                 f"(widget.opponent = GreedyBot()).")
    return replace(view, bot=None, stopped={"seat": seat, "name": name, "reason": reason, "public": public},
                   message={"level": "error", "text": f"{bot} failed and was stopped: {public}. {after}",
                            "seat": seat, "detail": f"{bot} failed and was stopped ({reason}). {after}"})


# -- one handler per intent type ------------------------------------------------------------------------------
def _navigable(view: View, what: str) -> None:
    """Refuse moving to another step when the timeline is off."""
    if view.timeline == "off":
        raise IntentError(f"this game shows only the present step (timeline='off'): no {what}")


def _moved(view: View, match: Match) -> Reduced:
    """After moving the cursor: an armed fork is dropped unless the cursor is at the end of the line;
    the note of the last automatic pass is dropped."""
    return replace(view, auto_passed=None, fork_armed=view.fork_armed and match.at_end), []


def _play(it: _Intent) -> Reduced:
    action = action_field(it.intent)
    view, match = it.view, it.match
    state = match.state
    if actor_of(view, state) is None:
        if state.is_over:
            raise IllegalActionError("the game is over", "R7")
        if screen_of(view, state):
            raise IllegalActionError(f"pass the device to {TEMPLE_NAMES[state.to_move]} first: the board "
                                     f"is hidden until {TEMPLE_NAMES[state.to_move]} has it", "R6")
        raise IllegalActionError(f"it is {TEMPLE_NAMES[state.to_move]}'s decision, not this view's", "R8")
    if not (match.at_end or view.fork_armed):
        raise IllegalActionError("this is a past step: the decision now is at the end of the line; go there, "
                                 "or fork from here to play", "R8")
    view = replace(decide(view, match, action), auto_passed=None)
    return auto_pass(view, match), []


def _goto(it: _Intent) -> Reduced:
    _navigable(it.view, "going to another step")
    it.match.goto(integer_field(it.intent, "to"))
    return _moved(it.view, it.match)


def _undo(it: _Intent) -> Reduced:
    _navigable(it.view, "going back")
    it.match.undo()
    return _moved(it.view, it.match)


def _redo(it: _Intent) -> Reduced:
    _navigable(it.view, "going forward")
    it.match.redo()
    return _moved(it.view, it.match)


def _start(it: _Intent) -> Reduced:
    _navigable(it.view, "going back")
    it.match.goto(0)
    return _moved(it.view, it.match)


def _end(it: _Intent) -> Reduced:
    _navigable(it.view, "going forward")
    it.match.goto(-1)
    return _moved(it.view, it.match)


def _branch(it: _Intent) -> Reduced:
    """Show another branch, at its tip."""
    _navigable(it.view, "other branch")
    index = integer_field(it.intent, "index")
    if it.view.timeline == "review" and index != it.match.branch:
        raise IntentError("this game is for review only (timeline='review'): it stays on its own line")
    it.match.switch(index)
    it.match.goto(-1)
    return _moved(it.view, it.match)


def _fork(it: _Intent) -> Reduced:
    _navigable(it.view, "fork")
    if it.view.timeline == "review":
        raise IntentError("this game is for review only (timeline='review'): no fork, play on at the end")
    if it.match.at_end:
        raise IntentError("already at the end of the line: just play")
    return replace(it.view, fork_armed=True), []


def _unfork(it: _Intent) -> Reduced:
    return replace(it.view, fork_armed=False), []


def _reveal(it: _Intent) -> Reduced:
    if it.view.perspective != "hotseat":
        raise IntentError("reveal is only for hot-seat play")
    return replace(it.view, holder=it.match.state.to_move), []


def _take_over(it: _Intent) -> Reduced:
    """A stopped bot's seat is played by people: the teacher decides for it, a player's view
    becomes a hot seat (the device passes between the two seats, R6)."""
    view = it.view
    if view.stopped is None:
        raise IntentError("no stopped bot: there is no seat to take over")
    if view.perspective == "spectator":
        raise IntentError("a spectator's view does not play: take the seat over in a player's view")
    if isinstance(view.perspective, int):
        view = replace(view, perspective="hotseat", holder=view.perspective)
    return replace(view, stopped=None, bot=None), []


def _new_game(it: _Intent) -> Reduced:
    if not it.match.state.is_over:
        raise IntentError("a new game starts once this one is over")
    match = Match(ruleset=it.match.ruleset)
    return fresh(it.view, match, None), [NewMatch(match)]


def _teacher_only(view: View, what: str) -> None:
    if view.perspective != "teacher":
        raise IntentError(f"only the teacher's view (perspective='teacher') {what}: the pile and the deck "
                          f"are secret (R6)")


def _force(it: _Intent) -> Reduced:
    """The teacher chooses the next outcomes of one kind of chance (as ``Match.force`` does in code),
    in place of those of that kind chosen before; ``[]`` lets the seed decide again. At a past step
    the fork is armed: the next play there starts a new branch that uses them ("what if")."""
    _teacher_only(it.view, "chooses chance")
    state = it.match.state
    if state.is_over:
        raise IntentError("the game is over at this step: no chance comes next here (R7)")
    values = check_forced(state, it.intent.get("kind"), it.intent.get("values"))
    kind: str = it.intent["kind"]  # one of CHANCE_KINDS: checked above
    it.match.clear_forced(kind)
    if values:
        it.match.force(**{kind: values})
        if it.view.timeline == "full" and not it.match.at_end:
            return replace(it.view, fork_armed=True), []
    return it.view, []


def _unforce(it: _Intent) -> Reduced:
    """Drop every chance outcome chosen and not used yet: chance follows the seed again."""
    _teacher_only(it.view, "chooses chance")
    it.match.clear_forced()
    return it.view, []


def _hint(it: _Intent) -> Reduced:
    """Ask the search bot what the player deciding here would do, with ``iterations`` simulations.
    It searches from that player's own observation (R6), never the truth, even in the teacher's view; the
    player's own earlier observations on this line of play tell it the opponent's earlier decisions."""
    iterations = hint_budget(it.intent)
    view, match = it.view, it.match
    state = match.state
    player = actor_of(view, state)
    if not view.hints:
        raise IntentError("this game allows no hints (status.hint_allowed is false)")
    if player is None or not hint_allowed(view, player, screen_of(view, state)):
        raise IntentError("no decision for this view at this step: a hint is for the player who decides here")
    seed = None if view.seed is None else view.seed * 10_007 + match.step
    bot = ISMCTSBot(iterations=iterations, seed=seed, history=True)
    bot.follow(node.state.observe(player) for node in match.node.path()[:-1])  # its own earlier views
    decision = bot.decide(state.observe(player), state.legal_actions().detached())
    return replace(view, hint=explained(decision, player, match.step, match.branch, iterations=iterations)), []


def _watching(view: View, what: str) -> Watch:
    if view.watch is None:
        raise IntentError(f"no bots to watch: {what} is for NagaWidget(players=[bot, bot])")
    return view.watch


def _watch_play(it: _Intent) -> Reduced:
    watch = _watching(it.view, "play")
    if not watch["can_step"]:
        raise IntentError(f"the bots cannot play on: {watch['note']}")
    return it.view, [WatchCommand("play")]


def _watch_pause(it: _Intent) -> Reduced:
    _watching(it.view, "pause")
    return it.view, [WatchCommand("pause")]


def _watch_step(it: _Intent) -> Reduced:
    _watching(it.view, "step")
    return it.view, [WatchCommand("step")]


def _watch_speed(it: _Intent) -> Reduced:
    _watching(it.view, "a speed")
    return it.view, [WatchCommand("speed", delay_of(it.intent.get("speed")))]  # type: ignore[arg-type]


def _auto_pass(it: _Intent) -> Reduced:
    """The view's auto-pass checkbox: ``on`` is true or false. Turned on while a seat of this view
    has only a pass to play, the pass is played at once."""
    on = it.intent.get("on")
    if not isinstance(on, bool):
        raise IntentError(f"auto_pass needs 'on', true or false, not {quote(on)}")
    if it.view.perspective == "spectator":
        raise IntentError("a spectator's view decides nothing: it has no auto-pass")
    return auto_pass(replace(it.view, auto_pass=on), it.match), []


INTENTS: dict[str, Callable[[_Intent], Reduced]] = {
    "play": _play, "goto": _goto, "undo": _undo, "redo": _redo, "start": _start, "end": _end,
    "branch": _branch, "fork": _fork, "unfork": _unfork, "reveal": _reveal, "take_over": _take_over,
    "new_game": _new_game, "force": _force, "unforce": _unforce, "hint": _hint,
    "watch_play": _watch_play, "watch_pause": _watch_pause, "watch_step": _watch_step,
    "watch_speed": _watch_speed, "auto_pass": _auto_pass,
}
