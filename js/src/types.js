// types.js — JSDoc typedefs of the traits (see docs/widget-protocol.md and
// src/naga_widget/rules/observe.py). No code: the modules refer to them as
// `import("./types.js").Board` and so on.

/**
 * @typedef {Object} CardInfo
 * @property {string} effect   effect id, e.g. "E07"
 * @property {string} name     effect name, e.g. "Shifting Altars"
 * @property {string} stick    stick type of the card's stick symbol, e.g. "brown"
 * @property {number} count    how many sticks the symbol shows
 */
/**
 * @typedef {Object} Catalog   static game data, set once
 * @property {Object<string, CardInfo>} cards
 * @property {Object<string, {name: string, text: string, hint: string}>} effects   by effect id, "E01" …
 * @property {Object<string, {shape: string, openings: string, amulet_symbol: boolean}>} rooms
 * @property {string[]} temples       the temples' names, by seat
 * @property {string[]} slots         the nine slot names in canonical order (R2.2)
 * @property {Object<string, Place>} places   every target token that names places on the boards
 * @property {Object<string, string[]>} stick_types   type → its four faces
 * @property {Object<string, {name: string, rule: string}>} steps   phase → the step's name and rule (R4, R7)
 * @property {Object<string, string>} end_reasons   Outcome.reason → words, e.g. "a score of 25 or more"
 * @property {{target_score: number, cursed_limit: number}} limits   the numbers of R7.1
 */
/**
 * @typedef {Object} Place      a board token of `catalog.places` ("gold:W0", "gold:4", "gold:row0")
 * @property {"slot"|"space"|"line"} kind
 * @property {string} temple
 * @property {string} [slot]        kind "slot": "W2" … "E2"
 * @property {number} [space]       kind "space": 0 … 8
 * @property {number[]} [spaces]    kind "line": its three spaces
 * @property {string} words         e.g. "gold temple, relic slot W0"
 */
/**
 * @typedef {Object} TargetSetInfo  what Python says of one target set (from the effect's record)
 * @property {string} effect        the effect whose targets these are
 * @property {boolean} unordered    a pair names the same target in either order
 * @property {string[]} words       each target in words for the invoker, as target_sets lists them
 */
/**
 * @typedef {Object} SpaceView  a tile on a temple space (null when the space is empty)
 * @property {string} room          room id, or "TRAP"
 * @property {boolean} trap
 * @property {number} rotation
 * @property {string} openings      e.g. "NES" ("" for the trap)
 * @property {boolean} reached      a path from an entrance reaches it (R2.3)
 * @property {null|true|string} amulet  null: none; true: one lies here (unknown); a string: its id
 */
/**
 * @typedef {Object} RelicView
 * @property {string} slot          "W2" … "E2"
 * @property {boolean} up           face up
 * @property {?string} relic        "s3" … "s5", "c6"; null when unknown to the viewer
 * @property {boolean} remembered   face down but known to the viewer (seen before)
 */
/**
 * @typedef {Object} TempleView
 * @property {number} owner
 * @property {string} name          "gold" / "silver"
 * @property {Array<?SpaceView>} spaces   nine entries, index 3·row+col
 * @property {RelicView[]} relics   nine entries in canonical slot order
 */
/**
 * @typedef {Object} PlayerView
 * @property {number} player
 * @property {string} name
 * @property {?string[]} hand       null when hidden from the viewer
 * @property {number} hand_count
 * @property {string[]} known_cards cards of the hand the viewer knows anyway
 * @property {boolean} called
 * @property {?string[]} call       null while hidden
 * @property {number} call_count
 * @property {string[]} sticks      "type:face" tokens, e.g. "teal:N"
 * @property {number} fate
 * @property {?string[]} amulets    null when hidden
 * @property {number} amulet_count
 * @property {string[]} spent_charms
 * @property {number} relic_points
 * @property {?number} score        null when hidden
 * @property {number} cursed_up
 */
/**
 * @typedef {Object} Outcome
 * @property {number} winner
 * @property {string} reason        "three_cursed" | "target_score" | "full_temple"
 * @property {string} rule
 * @property {number[]} scores
 */
/**
 * @typedef {Object} Board      the observation of the viewer ({} while a hot-seat screen is up)
 * @property {number|string} viewer
 * @property {number} round
 * @property {string} phase         "call" | "confront" | "place" | "give" | "over"
 * @property {number} to_move
 * @property {number} guide
 * @property {number} passes
 * @property {TempleView[]} temples
 * @property {PlayerView[]} players
 * @property {?{room: string, openings: string, amulet: null|true|string}} offered
 * @property {string} trap          "side" or "gold:4"
 * @property {Object<string, number>} supply
 * @property {number} deck_count
 * @property {string[]} discard
 * @property {number} rooms_left
 * @property {number} amulets_left
 * @property {?string[]} drawn
 * @property {number} drawn_count
 * @property {?Outcome} outcome
 * @property {Standing} [standing]  the Confrontation only: who would win the room now (R4.3.1)
 */
/**
 * @typedef {Object} Standing   both fate totals and who would win the offered room now (R4.3.1)
 * @property {number[]} totals
 * @property {number} winner
 * @property {boolean} tie          equal totals: the guide wins
 * @property {string} text          the sentence shown above the decision
 */
/**
 * @typedef {Object} Menu       what the viewer can decide now ({} when they cannot act)
 * @property {number} player
 * @property {string} phase         "call" | "confront" | "place" | "give"
 * @property {string} step_name
 * @property {string[][]} [groups]          call: card ids, one list per stick type
 * @property {boolean} [pass]               confront: pass is legal
 * @property {Array<[string, string, number]>} [invokes]  confront: [card, pay, set]
 * @property {string[]} [tokens]            confront: the target tokens, which target_sets index
 * @property {string[][]} [target_sets]     confront: targets as token indices ("0 1"; "" = no
 *   target); expandMenu writes them out as token texts, in the engine's order
 * @property {string[]|Object<string, string>} [token_words]  confront: each token in words, in the
 *   order of `tokens`; expandMenu makes it a map from token to words
 * @property {TargetSetInfo[]} [set_info]   confront: per target set, its effect, order and words
 * @property {{id: string, openings: string}} [room]      place: the room to place
 * @property {Array<[number, number]>} [places]           place: [space, rotation]
 * @property {string[]} [gives]             give: the drawn cards
 * @property {{action: string, text: string, auto: boolean}} [only]  a single choice: the action and why, in
 *   Python's words; `auto`: a pass the view plays by itself when `status.auto_pass.on`
 */
/**
 * @typedef {Object} BranchInfo
 * @property {number} index
 * @property {number} tip
 * @property {number} length
 * @property {number} fork_step
 * @property {?string} last_action
 * @property {?string} last_action_words   the same in words ("gold passed")
 */
/**
 * @typedef {Object} Timeline
 * @property {number} step
 * @property {number} last
 * @property {boolean} at_end
 * @property {number} branch
 * @property {BranchInfo[]} branches
 * @property {string} label         the action that led to the step shown (projected), or "setup"
 * @property {string} label_words   the same in words ("silver called 2 cards face down")
 * @property {?import("./changes.js").Changes} changes   what the step shown changed, as the viewer may see it
 * @property {boolean} fork_armed
 * @property {boolean} can_play
 * @property {"full"|"review"|"off"} [mode]   the widget's timeline option (review: no fork; off: only the present)
 */
/**
 * @typedef {Object} LogEntry  one entry of the `events` trait (the last LOG_WINDOW = 20 events up to the cursor)
 * @property {number} step
 * @property {string} rule      the rule id that explains it, e.g. "R4.2" or "E07"
 * @property {string} kind
 * @property {string} text
 * @property {Object} [data]
 */
/**
 * @typedef {Object} Status
 * @property {number|string} perspective   0, 1, "spectator", "teacher", "hotseat"
 * @property {number|string} viewer        0, 1, "spectator", "truth"
 * @property {?{kind: string, player: number, name: string}} screen
 * @property {?{level: "error"|"info", text: string}} message
 * @property {number} ack
 * @property {?number} bot
 * @property {string[]} names
 * @property {?{seat: number, name: string, reason: string}} [bot_stopped]  a bot that failed and was stopped
 * @property {?number} [seed]   the seed of a reproducible (so not secret) game; null otherwise
 * @property {?{on: boolean, last: ?{player: number, name: string, step: number, text: string}}} [auto_pass]
 *   the auto-pass setting and the last pass the view played by itself, with why (null for a spectator)
 */
/**
 * @typedef {Object} Chance     the teacher's chance panel ({} in every other view)
 * @property {{room: string[], card: string[], throw: Object<string, string[]>}} options   what can come
 *   next from the step shown: the rooms of the pile, the cards of the deck, each stick type's faces
 * @property {Object<string, Array<string|string[]>>} pending   the outcomes chosen and not used yet, by
 *   kind ("room", "card", "throw"; "amulet" and "relics" when chosen in code)
 */
/**
 * @typedef {Object} Intent     the `intent` trait sent to Python
 * @property {number} id
 * @property {string} type      play | goto | undo | redo | start | end | branch | fork | unfork | reveal |
 *   take_over | new_game | force | unforce
 * @property {number} step      the step shown when the intent was made (Python refuses it elsewhere)
 * @property {number} branch    the branch shown when the intent was made
 * @property {string} [action]
 * @property {number} [to]      goto: the step to show
 * @property {number} [index]
 * @property {string} [kind]    force: "room", "card" or "throw"
 * @property {string[]} [values]  force: the next outcomes of that kind ([]: the seed decides)
 */

export {};
