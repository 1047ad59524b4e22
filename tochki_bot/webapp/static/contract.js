/* The JSON the page gets from the server: the page's side of tochki_bot/webapp/contract.py (the same names and keys;
   tests/webapp/test_state_contract.py checks that both say the same). Types only: no module imports this at run time,
   the others name its types in their JSDoc (import('./contract.js').GameState).

   Points are numbered row by row from the bottom-left corner (x-y is (y - 1) * width + (x - 1)); their names are in
   point_labels. A dot is its point's number plus one, negated for red. owners: '.', 'b' or 'r' for every point. */

/**
 * @typedef {'blue' | 'red'} Colour
 * @typedef {'private' | 'group'} GameKind
 * @typedef {'lobby' | 'active' | 'finished' | 'cancelled'} GameStage
 */

/**
 * A capture area, with the move that made it.
 * @typedef {Object} AreaState
 * @property {Colour} owner
 * @property {number} ply the move after which it is there
 * @property {number[]} ring the chain around it, point numbers in order
 * @property {number[]} captured the opponent's dots it took
 * @property {boolean} grounding made by a grounding declaration (drawn through imagined dots)
 */

/**
 * A pool the player may close now (manual rule sets, right after their dot).
 * @typedef {Object} PoolState
 * @property {number} point a point inside it
 * @property {number} captures the opponent's dots closing it takes
 * @property {number} size its points
 */

/**
 * @typedef {Object} ButtonLabels
 * @property {string} close_all
 * @property {string} done
 * @property {string} finish
 * @property {string} autofinish
 */

/**
 * @typedef {Object} SideState
 * @property {string} name
 * @property {number} score
 */

/**
 * @typedef {Object} Players
 * @property {SideState} blue
 * @property {SideState} red
 */

/**
 * @typedef {Object} ResultState
 * @property {Colour | null} winner
 * @property {string} reason resignation, grounding, timeout, ...
 */

/**
 * The whole of one game, as one viewer sees it.
 * @typedef {Object} GameState
 * @property {number} id
 * @property {GameKind} kind
 * @property {GameStage} state
 * @property {string} version changes whenever what the page shows changes
 * @property {number} width
 * @property {number} height
 * @property {number} ply moves made, closures and endings included
 * @property {number} moves_made dots placed
 * @property {Colour | null} to_move
 * @property {Colour | null} your_colour the viewer's side (null: a spectator); in hot-seat, the side to move
 * @property {boolean} hotseat local mode: both sides are played on this page
 * @property {boolean} can_move
 * @property {boolean} can_close
 * @property {boolean} can_finish
 * @property {boolean} can_ground
 * @property {string} rules
 * @property {Colour | null} closing
 * @property {Colour | null} stopped_by
 * @property {Colour | null} draw_offer
 * @property {PoolState[]} pools
 * @property {ButtonLabels} button_labels
 * @property {Players} players
 * @property {number | null} time_left seconds
 * @property {string | null} time_left_text
 * @property {number | null} move_seconds
 * @property {number[]} start_dots
 * @property {number[]} move_dots
 * @property {AreaState[]} areas
 * @property {string} owners
 * @property {string[]} point_labels every point's name (x-y), at its number
 * @property {ResultState | null} result
 * @property {string} status_text whose move, an offer waiting, the result
 * @property {string} last_move_text what the last move did ("Move 3: 10-9 🔵 · 1 dot captured")
 */

/**
 * One game of the viewer's list.
 * @typedef {Object} GameLine
 * @property {number} id
 * @property {GameKind} kind
 * @property {GameStage} state
 * @property {string | null} chat_title
 * @property {string} board_size
 * @property {string} blue_name
 * @property {string} red_name
 * @property {number[]} score blue's, then red's
 * @property {Colour | null} your_colour
 * @property {boolean} your_move
 * @property {number} moves_made
 * @property {string} status_text
 */

/**
 * @typedef {Object} GamesList
 * @property {GameLine[]} games
 */

/**
 * @typedef {Object} SessionUser
 * @property {number} id
 * @property {string} name
 */

/**
 * The game a direct link names.
 * @typedef {Object} LinkedGame
 * @property {number} id
 * @property {string | null} watch
 */

/**
 * One option of the new-game form.
 * @typedef {Object} Choice
 * @property {string} value
 * @property {string} label
 */

/**
 * An option shown only while another option has a value.
 * @typedef {Object} ShownWith
 * @property {string} key
 * @property {string} value
 */

/**
 * One option of local mode's new-game form.
 * @typedef {Object} FormOption
 * @property {string} key the new game's field it sets
 * @property {string} label its title ('' for none)
 * @property {Choice[]} choices
 * @property {string} chosen the value chosen at first
 * @property {ShownWith | null} shown_with
 */

/**
 * Local mode's new-game form, in the order shown.
 * @typedef {Object} LocalChoices
 * @property {FormOption[]} options
 * @property {boolean} pictures the server draws PNGs
 */

/**
 * @typedef {Object} Session
 * @property {SessionUser} user
 * @property {string} lang
 * @property {Object<string, string>} texts
 * @property {LinkedGame | null} linked_game
 * @property {LocalChoices | null} local
 */

/**
 * Local mode: what declaring grounding now would give.
 * @typedef {Object} GroundQuestion
 * @property {string} question
 * @property {number[]} score
 * @property {Colour | null} winner
 */

/**
 * Any answer that is not 200.
 * @typedef {Object} Refusal
 * @property {string} [error]
 * @property {string} [message]
 * @property {GameState} [state]
 */

/**
 * One line of a tournament's standings.
 * @typedef {Object} StandingLine
 * @property {number} place
 * @property {string} name
 * @property {boolean} me the viewer's own line
 * @property {boolean} active still in the tournament
 * @property {string} points written as people write them (2½)
 * @property {number} games games played
 * @property {string[]} tiebreaks in the order of TournamentPage.columns
 * @property {string[]} marks each round: +5, =3, −2, + a bye, f unplayed, … playing
 */

/**
 * One table of a round.
 * @typedef {Object} TournamentTable
 * @property {number} board
 * @property {string} text the table in words
 * @property {number | null} game its game (null: a bye, a rest, decided unplayed)
 * @property {string | null} watch the game's spectator code
 * @property {boolean} playing
 * @property {boolean} mine
 */

/**
 * @typedef {Object} TournamentRound
 * @property {number} round
 * @property {TournamentTable[]} tables
 */

/**
 * A tournament's page (api/tournaments/<id>).
 * @typedef {Object} TournamentPage
 * @property {number} id
 * @property {string} title
 * @property {string} settings
 * @property {string} state lobby, running, finished, cancelled
 * @property {number} round
 * @property {number} rounds_total
 * @property {boolean} over the current round's every table has its result
 * @property {string | null} winner
 * @property {string[]} columns the tie-breaks' keys: texts['th_' + key] heads them
 * @property {StandingLine[]} standings
 * @property {TournamentRound[]} rounds
 * @property {Object<string, string>} texts
 */

/**
 * A position to draw without a game around it (a puzzle): the keys of GameState the board reads, meaning the same.
 * @typedef {Object} BoardState
 * @property {number} width
 * @property {number} height
 * @property {number} ply
 * @property {Colour | null} your_colour
 * @property {number[]} start_dots
 * @property {number[]} move_dots
 * @property {AreaState[]} areas
 * @property {string} owners
 * @property {string[]} point_labels
 */

/**
 * How the viewer's answer to a puzzle went.
 * @typedef {Object} PuzzleAnswer
 * @property {boolean} correct
 * @property {number | null} answer the point answered (null: skipped in the chat, the solution shown)
 * @property {number} solution
 * @property {string} text right or wrong, what the solution wins, the puzzle rating before and after
 */

/**
 * A puzzle (api/puzzles/next, api/puzzles/<id>, the answer to a POST to api/puzzles/<id>/answers). Before it is
 * answered nothing in it gives the solution away.
 * @typedef {Object} PuzzlePage
 * @property {number} id
 * @property {string} title
 * @property {string} task what to find
 * @property {Colour} to_move
 * @property {BoardState} board the position to solve; once answered, the position after the solution
 * @property {PuzzleAnswer | null} answered
 * @property {Object<string, string>} texts how, answer ({point}), next, error, offline
 */

/**
 * @typedef {'blunder' | 'mistake' | 'ok'} Grade
 */

/**
 * One move of a review: what it cost.
 * @typedef {Object} ReviewMove
 * @property {number} ply the move's number (GameState.ply counting): the slider shows the position before it at ply - 1
 * @property {Colour} colour who moved
 * @property {number | null} played the point played (null: a grounding)
 * @property {number | null} best the better move found (null: grounding); the point played when it was the best
 * @property {number} value the expected score difference, blue minus red, after the move played
 * @property {number} loss dots given away against the best move, from the mover's side
 * @property {Grade} grade blunder (3 dots or more), mistake (1 or more), ok
 */

/**
 * One player's moves in numbers.
 * @typedef {Object} ReviewSide
 * @property {Colour} colour
 * @property {string} name
 * @property {number} moves moves judged
 * @property {number} average_loss dots lost a move
 * @property {number} blunders
 * @property {number} mistakes
 * @property {string} text all of it in words
 */

/**
 * A move that lost a dot or more.
 * @typedef {Object} ReviewMistake
 * @property {number} ply the move (ReviewMove.ply)
 * @property {Colour} colour
 * @property {Grade} grade
 * @property {string} caption what it lost and what was better ("Move 41 · 12-7 lost 4 dots: 13-8 captures 3")
 */

/**
 * A game's review (api/games/<id>/review): running or done.
 * @typedef {Object} ReviewPage
 * @property {number} game
 * @property {'running' | 'done'} state
 * @property {number} done moves judged so far
 * @property {number} total moves to judge
 * @property {number | null} expected_seconds about how long until it is done (null: done, or not known yet)
 * @property {string} progress_text where it stands in words ('' when done)
 * @property {ReviewMove[]} moves the moves judged so far, in order
 * @property {ReviewSide[]} sides blue's, then red's (empty while running)
 * @property {ReviewMistake[]} mistakes the moves that lost a dot or more, in the game's order (empty while running)
 * @property {string | null} sgf where the annotated record is (api/games/<id>/review.sgf), once done
 */

export {};
