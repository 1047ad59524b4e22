### English texts of tochki-bot.
### Texts are Telegram HTML: keep <b>, <i>, <code> and <a> balanced. Names arrive already escaped.
### Numbers arrive as Fluent numbers without digit grouping; count them with plural selectors ([one], *[other]).
### pl.ftl, ru.ftl and uk.ftl must have the same message ids with the same variables (tests/i18n/test_texts.py checks it).

## Help and rules

start =
    Hi! I referee <b>Точки</b> (Points) by the sports rules: surround your opponent's dots.

    • In a group: add me and send /new.
    • Here: /new gives you an invitation link for a friend; then you play by correspondence, each in your own chat with me.

    /help explains how to move, /rules gives the rules.

start_group =
    Hi! I referee <b>Точки</b> (Points) by the sports rules: surround your opponent's dots.

    • Here: /new opens a game; the second player presses <b>Join</b>.
    • In a private chat with me, /new gives an invitation link to play by correspondence.

    /help explains how to move, /rules gives the rules.

# $privacy: privacy_on, privacy_off or nothing (in a private chat); $bot: the bot's username.
help =
    <b>How to play here</b>
    /new opens a game: choose the board, the start position and the time per move with the buttons; the second player presses <b>Join</b>. In a private chat /new gives an invitation link instead.

    <b>Moves</b> are points <code>x-y</code>: x counted from the left, y from the bottom, as numbered on the picture's edges. Any of these works:
    • <code>/m 20-18</code> (or <code>/move 20-18</code>) anywhere;
    • a reply to the board picture with <code>20-18</code>;
    • the buttons under the board: they cover the part framed in orange; the arrows move the frame, ◎ jumps to the last move, 🔍 shows that part large;
    • plain <code>20-18</code> in a private chat, and in groups where I can read all messages.
    { $privacy }
    Playing several games? Every board says its number: <code>/m 12 20-18</code>, <code>/board 12</code>, <code>/resign 12</code> name the game, and a reply to a board is about that board's game.

    <b>Other commands</b>
    /board shows the board again · /zoom 20-18 the board around a point, large · /resign · /draw offers a draw · /ground declares grounding · /stop declares STOP (sports rules with STOP), /finish ends the extra dots · /cancel closes a game that has not started · /games lists your games · /stats the results table · /top ratings (Glicko-2) · /me your rating and record · /puzzle a puzzle from a real game · /takeback asks to take your last move back (unrated games) · /lang en, /lang pl, /lang ru or /lang uk · /rules

    <b>Playing again</b>
    🔁 Rematch under a finished game's board plays it again, colours swapped. /tournament opens a tournament in a group (Swiss, round robin or knockout); /standings shows its table.

    <b>Sharing</b>
    /sgf the game as an SGF record · /png the board at full resolution · /replay an animated replay · /watch a spectator link · /review a review of a finished game: its biggest mistakes and an annotated SGF (🔎 Review under its board). Send me an <code>.sgf</code> file (zagram.org, playdots, KataGoDots…) to see it, step through it or continue it. Type @{ $bot } in any chat to share one of your boards.
privacy_off = I can read all messages in this group, so plain <code>20-18</code> works here.
privacy_on = In groups I see only commands and replies to my messages (Telegram's privacy mode), so use <code>/m 20-18</code>, a reply to the board or the buttons.
rules =
    <b>Точки, the sports rules in short</b>
    • The board is 39x32 points; blue starts. The game begins with a cross of two blue and two red dots in the centre.
    • Each move puts one dot on any free point; no passing, no taking back.
    • Close a chain of your dots (neighbours horizontally, vertically or diagonally) around the opponent's dots and they are captured: the area is painted, its points are out of play. Dots on the edge can never be captured.
    • An area is drawn as small as possible. A ring around empty points only is a <i>house</i>: an opponent's dot put into it is captured at once, unless that dot closes a capture itself.
    • Surrounding an area captures it with everything inside: the score is always what each side holds now.
    • <b>Grounding</b> ends the game: every dot of yours that is not joined to the edge by an unbroken horizontal or vertical line of your dots goes to the opponent.
    • The game also ends when the board is full, on resignation, on time or by an agreed draw. The higher score wins.
apology = Sorry, something went wrong on my side. Moves already made are safe; please try again.
lang_set = Language: English.
lang_usage = Use /lang en, /lang pl, /lang ru or /lang uk (in a group also /lang auto: the language most of its players use).
# $language: the lang_set text of the language the group speaks now.
lang_set_auto = This group now speaks the language most of its players use. { $language }
# Plain chatter in a private chat that is not a move.
chatter_private = Write a move as <code>x-y</code>, for example <code>20-18</code>; /help lists the commands.

## Lobby

# $hint: lobby_hint_group or lobby_hint_private (after lobby_continued for a continued record).
lobby =
    <b>New game #{ $id } of Точки</b>
    Board { $size } · start: { $start } · time per move: { $time }
    { $colours }
    { $hint }
lobby_hint_group = Press <b>Join</b> to play. The creator can change the settings with the buttons, or play the bot (🤖, ★ to ★★★ for its strength) while the group watches.
lobby_moves_all = Moves here: plain <code>20-18</code>, <code>/m 20-18</code> or the buttons under the board.
lobby_moves_commands = Moves here: <code>/m 20-18</code>, a reply to the board or its buttons (in this group I see only commands and replies to my messages).
lobby_hint_private =
    Send this link to your opponent; whoever opens it plays against you:
    { $link }
    Or play the bot now: 🤖 (★ to ★★★ for its strength).
start_cross = cross
start_four-crosses = four crosses
start_double-cross = double cross
start_four-crosses-random = four random crosses
start_empty = empty
start_custom = custom position
time_none = no limit
colours_random = Colours by lot · created by { $creator }
colours_creator_blue = { $creator } plays blue
colours_creator_red = { $creator } plays red
btn_join = ✅ Join
btn_cancel = ✖ Cancel
btn_blue = I play 🔵
btn_red = I play 🔴
btn_random = 🎲
btn_yes_resign = Yes, resign
btn_yes_cancel = Yes, cancel the game
btn_no = No
btn_ground = Ground
btn_accept = Accept draw
btn_decline = Decline
btn_last = ◎
lobby_started = Game #{ $id } started: 🔵 { $blue } vs 🔴 { $red }.
lobby_cancelled = Game #{ $id } cancelled.
game_cancelled = Game #{ $id } was cancelled before its first move.
game_cancelled_by = Game #{ $id } was cancelled before its first move by { $name }. { $other }, /new starts another.
only_creator = Only { $creator } can change or cancel this game.
own_game = You created this game: wait for an opponent to join.
own_invite = This is your own invitation: send the link to your opponent.
game_started_already = This game has already started.
joined = You joined game #{ $id }.
open_game_on = Game #{ $id } is going on here (one at a time in a chat or topic); a new one can start when it ends. /board shows its board.
open_game_exists = There is already a game here (one at a time in a chat or topic):
invite_unknown = This invitation link is not valid any more. Ask for a new one, or start with /new.

## Refusals (the keys are GameError codes and engine Reason values)

no_game = No game here. Start one with /new.
no_game_private = You have no game in progress here. Start one with /new, or open an invitation link.
not_a_player = You are not playing in this game.
not_your_turn = Not your move: { $name } is to move.
game_over = The game is over.
stale = This button is out of date: the game has moved on.
busy = The game changed just now; please try again.
malformed = Write a move as <code>x-y</code>, for example <code>20-18</code>: x from the left, y from the bottom.
off_board = { $point } is off the board: x is 1–{ $width }, y is 1–{ $height }.
occupied = { $point } is already taken.
captured = { $point } is inside a capture area: no dots can go there.
move_usage = Send <code>/m 20-18</code>: x from the left, y from the bottom.
cancel_started = The game has started; it can no longer be cancelled. You can /resign or offer a /draw.
bad_size = There is no { $size } board here: boards go from { $min }x{ $min } to { $max }x{ $max } points (for example <code>/new 20x20</code>). No game was opened.
bad_time = { $time } is not a time per move I can keep: from <code>1m</code> (a minute) to <code>30d</code> (30 days), or <code>none</code>. No game was opened.
ground_on_turn = You can declare grounding only on your own move.
not_started = The game has not started yet.
draw_pending = You have already offered a draw.
no_draw_offer = No draw offer is waiting for an answer: it was answered, or it lapsed when the game went on.
own_draw_offer = Your opponent has to answer your offer.
point_info_dot = { $point }: { $dot }
dot_blue = a blue dot
dot_red = a red dot
draw_sent = Your draw offer in game #{ $id } is sent to { $name }. It stands until they answer or make a move.
point_info_out = { $point } is inside a capture area
point_busy = { $point } is not free

## Boards

caption_move =
    Move { $ply }: { $point } { $colour ->
        [blue] 🔵
       *[red] 🔴
    }
# How many of the opponent's dots the move captured.
caption_captured =
    { $count ->
        [one] { $count } dot captured
       *[other] { $count } dots captured
    }
caption_start = Blue moves first.
caption_turn = { $mention }, your move
caption_left = { $left } left
caption_window = Buttons: x { $x0 }–{ $x1 }, y { $y0 }–{ $y1 }
picture_move = Move { $ply } · { $point }
picture_turn = { $name } to move
picture_start = Blue starts

# How a game ended. A result is one sentence without its final full stop: it follows "Game over." under the board
# and stands alone in the picture's status line.
result_resignation = { $loser } resigned; { $winner } wins
result_timeout = { $loser } ran out of time; { $winner } wins
# $outcome: outcome_win or outcome_draw.
result_grounding = { $declarer } declared grounding; { $outcome }
result_board_full = The board is full; { $outcome }
result_draw = Drawn by agreement
outcome_win = { $winner } wins
outcome_draw = it's a draw
# $result: one of the result_* texts.
game_over_caption = <b>Game over.</b> { $result }.

## Draw, resign, ground

draw_offered = { $name } offers a draw in game #{ $id }. { $opponent }, do you accept?
draw_agreed = Game #{ $id } is drawn by agreement: both players offered it.
draw_declined = { $name } declined the draw in game #{ $id }.
resign_confirm = Resign game #{ $id }?
ground_confirm = Declare grounding in game #{ $id }? The game will end at once with the score 🔵 { $score_blue } : { $score_red } 🔴 ({ $outcome }).
cancelled_action = OK, the game goes on.

## Clock

# $where: in_chat or nothing; $left: a duration.
remind_half = ⏰ { $mention }, your move in game #{ $id }{ $where }: { $left } left.
remind_last = ⏰ { $mention }, only { $left } left for your move in game #{ $id }{ $where }!
in_chat = {" "}({ $title })
# Durations are compact: the abbreviations need no plural forms.
duration_seconds = { $s } s
duration_minutes = { $m } min
duration_hours = { $h } h
duration_hours_minutes = { $h } h { $m } min
duration_days = { $d } d
duration_days_hours = { $d } d { $h } h

## Lists

games_title =
    <b>Your games</b>: { $count ->
        [one] { $count } game
       *[other] { $count } games
    }; { $waiting ->
        [0] none waits for your move
        [one] { $waiting } waits for your move
       *[other] { $waiting } wait for your move
    }. Press a game to see its board.
games_none = You have no games in progress. Start one with /new.
stats_title = <b>Results in this chat</b> (wins · losses · draws)
stats_line = { $n }. { $name } — { $wins } · { $losses } · { $draws }
stats_none = No finished games here yet.
stats_private =
    Your record: { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }.

## Command menu

cmd_new = New game
cmd_m = Move: /m 20-18
cmd_move = Move: /move 20-18
cmd_board = Show the board
cmd_resign = Resign
cmd_draw = Offer a draw
cmd_ground = Declare grounding
cmd_cancel = Cancel a game that has not started
cmd_games = Your games
cmd_stats = Results table
cmd_lang = Language: /lang en, pl, ru or uk
cmd_help = How to play here
cmd_rules = The rules
cmd_sgf = The game as an SGF file
cmd_png = The board as a full-resolution file
cmd_replay = An animated replay of the game
cmd_watch = A spectator link to the game
cmd_unwatch = Stop following a game
cmd_top = Player ratings
cmd_me = Your rating and record

## Records, pictures, spectators

no_such_game = There is no game #{ $id } you can see here.
watch_unknown = This spectator link is not valid.
watching = You follow game #{ $id }: every new board will be sent here.
watching_over = Game #{ $id } is over; here is its final board.
watch_link =
    Spectator link for game #{ $id } (it shows the board and follows the game):
    { $link }
unwatched = You no longer follow game #{ $id }.
not_following = You do not follow any game.
btn_unwatch = Stop following
sgf_caption = Game #{ $id } as an SGF record (GM[40]): zagram.org, KataGoDots and this bot read it.
png_caption = Game #{ $id }, move { $ply }: the full-resolution picture.
replay_progress = Drawing the replay of game #{ $id }… { $percent }%
replay_caption =
    Replay of game #{ $id }: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }.
replay_empty = There is nothing to replay yet.
import_bad = I could not read this file as a Points record: { $reason }
import_too_big = This file is too big for a game record.
# $result: one of the record_result_* texts, import_no_result, or the file's RE value as written.
import_caption =
    <b>{ $name }</b>
    🔵 { $blue } <b>{ $score_blue } : { $score_red }</b> { $red } 🔴
    { $size } · { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } · recorded result: { $result }
    Position after move { $ply } of { $moves }.
import_no_result = none
# The result stated in an SGF record (RE). $winner is "blue" or "red".
record_result_points =
    { $winner ->
        [blue] blue
       *[red] red
    } won by { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
record_result_resignation =
    { $winner ->
        [blue] blue
       *[red] red
    } won by resignation
record_result_time =
    { $winner ->
        [blue] blue
       *[red] red
    } won on time
record_result_forfeit =
    { $winner ->
        [blue] blue
       *[red] red
    } won by forfeit
record_result_grounding =
    { $winner ->
        [blue] blue
       *[red] red
    } won after grounding
record_result_win =
    { $winner ->
        [blue] blue
       *[red] red
    } won
record_result_draw = a draw
btn_continue = ▶ Continue as a new game
lobby_continued = This game continues a record after move { $ply }; it is not rated.

## Ratings and inline mode

me_none = You have no finished rated games yet.
inline_title = Game #{ $id }: { $blue } { $score_blue }:{ $score_red } { $red }
inline_description = move { $ply } · { $status }
inline_open = Open in the bot
inline_status_over = finished
inline_status_on = { $name } to move

## Games, questions, choices

caption_head = <b>#{ $id }</b> · 🔵 { $blue } <b>{ $score_blue } : { $score_red }</b> { $red } 🔴
caption_head_player =
    <b>#{ $id }</b> · vs { $opponent } { $colour ->
        [blue] 🔵
       *[red] 🔴
    } · 🔵 <b>{ $score_blue } : { $score_red }</b> 🔴
caption_your_move = <b>Your move</b>
caption_their_move = { $name } to move
cancelled_caption = <b>Game cancelled.</b> { $result }.
result_cancelled_resignation = { $loser } resigned before making a move, so the game does not count
result_cancelled_agreed = The players agreed to end it before any move, so the game does not count
picture_game = #{ $id }
label_game = #{ $id }
label_lobby = waiting for an opponent
label_vs = vs { $name }
label_your_move = your move
label_their_move = their move
label_over = over
btn_zoom = 🔍
btn_full = 🗺
zoom_caption = #{ $id } · x { $x0 }–{ $x1 }, y { $y0 }–{ $y1 }
zoom_usage = Send <code>/zoom 20-18</code> to see the board around a point, large (/zoom alone: around the last move).
watching_ended = Game #{ $id } is over; you no longer follow it.
lobby_expired = Game #{ $id }: nobody joined within 7 days, so the invitation is closed.
question_over = Game #{ $id } is over.
draw_lapsed = The draw offer in game #{ $id } lapsed: the game went on.
question_stale = Out of date: game #{ $id } went on.
post_as_yourself = Please write as yourself, not on behalf of the group or a channel: I need to know who is playing.
pick_game = Which game?
pick_move = It is your move in several games. Which one is { $point } for?
picked = Game #{ $id }.
picked_move = { $point } in game #{ $id }.
button_unknown = This button no longer works.
not_yours = Only { $name } can press this.
no_turn_anywhere = It is not your move in any of your games.
invite_cancelled = This game was cancelled by its creator.
invite_expired = This invitation has expired: nobody opened it within 7 days.
invite_needed = This game is joined through its invitation link.
record_over = The game in this record has ended; it cannot be continued.
time_is_up = Too late: the time for the move had run out, so the game is lost on time.
open_invitation = You already have an open invitation (one at a time). Here it is; cancel it to make another:
resign_withdrawn = Resignation withdrawn: game #{ $id } goes on.
resign_done = { $name } resigned game #{ $id }.
ground_withdrawn = Grounding withdrawn: game #{ $id } goes on.
ground_done = { $name } declared grounding in game #{ $id }.
draw_accepted = { $name } accepted the draw.
record_jump_usage = Reply to the record with a move number, for example <code>120</code>, to jump there.
cmd_zoom = The board around a point, large: /zoom 20-18

side_blue = Blue player
side_red = Red player
picture_cancelled = game cancelled
cancelled_plain_caption = <b>Game cancelled.</b>
dot_blue_captured = a blue dot, captured
dot_red_captured = a red dot, captured
game_ended = Game #{ $id } is over; /new starts another.
draw_offered_private = { $name } offers a draw in game #{ $id }. Do you accept?
lobby_expired_group = Game #{ $id }: nobody joined within 7 days, so the lobby is closed.

## Records that cannot be read

sgf_illegal_move = move { $move } is not legal by the rules
sgf_broken = the file is damaged (its brackets or properties do not match)
sgf_not_sgf = it is not an SGF file
sgf_bad_point = “{ $value }” is not a point
sgf_off_board = the point “{ $value }” is off the board
sgf_not_points = it is a record of another game (GM[{ $game }]; Points is GM[40])
sgf_no_size = the record gives no board size (SZ)
sgf_bad_size = the board size { $size } is not one that can be played
sgf_bad_start = the start position cannot be set up
sgf_bad_rules = its rules (RU) cannot be read
document_unknown = I read game records in SGF (files ending in <code>.sgf</code>): send one to see it, step through it or continue it.

games_none_here = You have no game in progress here; /games in a private chat with me lists all of yours.

unconfirmed = I could not confirm that this was saved (my storage had a problem). <code>/board { $id }</code> shows game #{ $id } as it is now.

too_many_imports = You have sent { $count } records today, as many as a day allows; send more tomorrow.
imports_too_big = Your records take all the room I keep for one person ({ $megabytes } MB); older ones are forgotten after 30 days.
too_many_lobbies = You have { $count } games waiting for opponents already; cancel one or wait until someone joins.

lang_admins = Only the group's admins (and whoever started its first game) can change its language.
top_not_listed = You are not in this list: /me lets you appear in it.
me_listed = You appear in the ratings of all players.
me_unlisted = You do not appear in the ratings of all players (only in your groups' ratings).
btn_list = Show me in the ratings of all players
btn_unlist = Hide me from the ratings of all players

top_none_all = Nobody has chosen to appear in the ratings of all players yet.
btn_bot_easy = 🤖 Bot ★
btn_bot_normal = 🤖 Bot ★★
btn_bot_hard = 🤖 Bot ★★★
level_easy = easy
level_normal = normal
level_hard = hard
hint_text = 💡 Game #{ $id }: the bot would play <b>{ $point }</b>.
cmd_hint = A hint: the bot's move for you (games against it, unrated games)
no_hints = Hints are for games against the bot and unrated games, not for rated games between people.
no_hint_now = The bot could not think of a hint just now; please try again in a minute.
bot_plays_on = The bot does not agree to draws: play on, or resign.
me_bot =
    Against the bot ({ $level }): { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }.
caption_bot_thinking = { $name } is thinking…

# Local mode (`tochki-bot local`): the same page on this computer, no Telegram. local_you and local_friend are the
# names of the two people at the keyboard (hot-seat: the page plays for whichever of them is to move).
local_ready = Точки: play at { $url } (games in { $path }; Ctrl-C stops)
local_title = Точки on this computer
local_you = Player
local_friend = Friend
local_new = New game
local_hotseat = Two players
local_bot = Against the bot
local_board = Board
local_start = Start
local_rules = Rules
local_time = Time per move
local_colour = You play
local_blue = blue
local_red = red
local_random = by lot
local_go = Start the game
local_games = Games
local_games_none = No games yet.
local_sgf = ⬇ SGF
local_png = ⬇ PNG
local_back = ‹ Games

# The Mini App (a page in Telegram with the live board). btn_webapp: the button under every board that opens it;
# webapp_menu: the bot's menu button (its list of games).
btn_webapp = 🎯 Open the board
webapp_menu = Games
webapp_games = Your games
webapp_games_none = No games yet: start one in a chat with /new.
webapp_your_move = Your move
webapp_draw_offer = { $name } offers a draw: answer in the chat
webapp_end_offer = { $name } offers to end the game and count the territory: answer in the chat
webapp_your_closing = Close your pools (the buttons below), then Done: the turn passes then
webapp_tap = tap a free point
webapp_watching = you are watching
webapp_error = Something went wrong; please try again.
webapp_offline = No connection; trying again…
webapp_lobby = Waiting for the second player
webapp_you = you
# The Telegram button that confirms the chosen point.
webapp_play = Play { $point }
# Under the replay slider of a finished game.
webapp_replay = Move { $ply } of { $total }

## Rule sets (docs/rules.md#rule-sets): the lobby, closing pools, the agreed end

rules_name_sports = Sports
rules_name_polish = Polish
rules_name_territory = Territory
# $rules: one of rules_name_*.
rules_with_margin = { $rules }, instant win at { $margin }
rules_with_penalty = { $rules }, −1 for own dots enclosed
lobby_rules = Rules: { $rules }
btn_no_margin = no instant win
# A pool the player may close: the point that names it, the opponent dots inside, its area in points (not a score).
btn_pool =
    ⭕ { $point }: { $dots ->
        [one] { $dots } dot
       *[other] { $dots } dots
    } · area { $size }
btn_close_all = ⭕ All ({ $count })
btn_done = ✅ Done
btn_accept_end = Accept the end
caption_closing = { $mention }, close your pools with the buttons (or /close x-y), then press Done
caption_your_closing = Close your pools with the buttons (or /close x-y), then press Done: the turn passes then
caption_their_closing = { $name } is closing pools
picture_margin = { $rules } to +{ $margin }
picture_closing = { $name } is closing
# Points lost for enclosing own dots (the option of the Polish and territory rules).
picture_penalties = penalties { $blue }:{ $red }
result_instant_win = { $winner } leads by { $margin } and wins at once
# $score_blue, $score_red: the final score with the territory counted (docs/rules.md#agreed-end).
result_agreed = Ended by agreement, territory counted ({ $score_blue }:{ $score_red }); { $outcome }
result_stop = The extra dots after STOP are done; { $outcome }
close_usage = Send <code>/close 21-17</code> (the pool holding 21-17) or <code>/close all</code>, right after your dot.
close_first = First close your pools or press Done (/done): then it is the other player's move.
nothing_to_close = There is nothing for you to close now: pools are closed right after your own dot.
not_in_rules = These rules do not have that.
first_move_region = Your first dot must be inside the starting region.
stopped = After STOP you place no more dots.
not_a_ring = That is not a closed ring of your dots.
no_pool = There is no pool of yours to close there.
empty_closure = That pool holds no opponent dot: empty pools cannot be closed.
nesting = That ring may not enclose an older area that way.
autoclose_usage = Use <code>/autoclose on</code> or <code>/autoclose off</code>.
autoclose_on = Close automatically: on. Under the Polish and territory rules every pool holding an opponent dot is closed right after each of your dots.
autoclose_off = Close automatically: off. After your dot you choose which pools to close, then press Done.
cmd_close = Close a pool after your dot (Polish, territory)
cmd_done = Done closing: the turn passes
cmd_autoclose = Close pools automatically (on/off)
cmd_end = Offer to end a territory game, scored
end_offered = { $name } offers to end game #{ $id } and count the territory. { $opponent }, do you accept?
end_offered_private = { $name } offers to end game #{ $id } and count the territory. Do you accept?
end_sent = Your offer to end game #{ $id } is sent to { $name }. It stands until they answer or make a move.
end_accepted = { $name } accepted the end: the territory is counted.
end_declined = { $name } declined to end game #{ $id }.
end_lapsed = The offer to end game #{ $id } lapsed: the game went on.
end_agreed = Game #{ $id } ended by agreement, the territory counted: both players offered it.
end_pending = You have already offered to end the game.
answer_draw_first = { $name } has offered a draw: answer that offer first.
answer_end_first = { $name } has offered to end the game: answer that offer first.
no_grounding_polish = No grounding in Polish rules: play on, /draw or /resign.
no_grounding_territory = No grounding in territory rules: play on, /end, /draw or /resign.
rules_polish =
    <b>Polish rules (szkrab.net.pl)</b>
    • Nothing is captured by itself. After your dot you may close any <i>pool</i> of yours that holds an opponent dot: a region your dots wall off from the edge. The bot offers a button for each (its point, the dots it takes, its size), ⭕ All and ✅ Done; the turn passes when you are done. <code>/m 20-18 close 21-17</code> places a dot and closes the pool holding 21-17 at once; /autoclose closes every pool after each of your dots.
    • A closure is one whole pool; empty pools cannot be closed. The score is the opponent dots inside your areas.
    • The game ends at once when a lead reaches the instant-win margin (15 by default, or 30), else when the board is full; the higher score wins.
rules_territory =
    <b>Territory rules (zagram.org “na terytorium”)</b>
    • Nothing is captured by itself. After your dot you may close any ring of your dots around an opponent dot (the bot offers each pool as a button, ⭕ All and ✅ Done; <code>/close x-y</code> works too); the turn passes when you are done.
    • /end offers to end the game: when the opponent accepts, every open pool of both players is closed and half the difference of the empty territory is added to the score (the odd point goes against the player who would have to start filling it).
    • On a full board the captured dots decide as they stand. The higher score wins.

## STOP (docs/rules.md#stop): the opponent's extra dots; the lobby's rule options

# $limit: how long the opponent has for the extra dots (a duration, or stop_no_limit).
rules_with_stop = { $rules }, STOP with { $limit } for the extra dots
stop_no_limit = no time limit
btn_penalty = −1 own dot
btn_no_penalty = no penalty
btn_mode_grounding = Grounding
btn_mode_stop_phase = STOP
btn_stop = STOP
btn_finish = 🏁 Finish
btn_autofinish = ⚡ Count the rest
cmd_stop = Declare STOP (sports rules with STOP)
cmd_finish = Finish the extra dots after STOP
stop_on_turn = You can declare STOP only on your own move.
no_stop = Nothing to finish: only the opponent of a STOP places the extra dots and finishes them.
extra_dots = Your opponent declared STOP: place your extra dots, then /finish (or <code>/finish auto</code> to count every dot of theirs that could still be surrounded).
# $opponent: who would place the extra dots; $limit: for how long; the score is what grounding would give (their best).
stop_confirm = Declare STOP in game #{ $id }? You will place no more dots; { $opponent } places extra dots ({ $limit }). At best for them the game ends 🔵 { $score_blue } : { $score_red } 🔴 ({ $outcome }).
stop_withdrawn = STOP withdrawn: game #{ $id } goes on.
stop_done = { $name } declared STOP in game #{ $id }.
# Under the board during the extra dots. $stopper: who declared STOP.
caption_stop = { $stopper } declared STOP: { $mention } places extra dots, then 🏁 Finish (/finish)
caption_your_extra = { $stopper } declared STOP: place your extra dots, then 🏁 Finish (⚡ counts every dot of theirs that could still be surrounded)
caption_their_extra = You declared STOP: { $name } places extra dots (/ground ends them now with the grounding count)
picture_stop = { $stopper } declared STOP: { $name } places extra dots
result_stop_counted = { $declarer }'s STOP counted by grounding; { $outcome }
bad_game_number = “{ $text }” is not a game's number: a game is named like this: /board 12.
new_ai_unknown = No game was started: I could not use “{ $words }”. Try /new ai [easy|normal|hard] [a board from 10x10 to 39x39] [cross|empty|four] [a time from 1m to 30d, or none] [blue|red] [polish|territory].
lobby_open_for_bot = Game #{ $id } is open here in the lobby: press its 🤖 button to play the bot with its settings, or /cancel it and ask again.
game_cancelled_by_alone = Game #{ $id } was cancelled before its first move by { $name }. /new starts another.
resign_confirm_unplayed = You have not moved yet in game #{ $id }: resigning now cancels it, and it does not count. Cancel game #{ $id }?
resign_cancelled_done = Game #{ $id } cancelled: { $name } resigned before making a move.

## Within Telegram's limits (a group takes about 20 messages a minute)

# A button's answer when what it changes waits for the group's message limit.
press_later = The board changes in { $seconds } s: this group's message limit.
# A move by button whose board waits for the group's message limit.
board_later = ✓ { $point } · the board comes in { $seconds } s (this group's message limit)
# An answer meant for one person, sent to their private chat because the group is busy: where it comes from.
# $where is the group's title, as a link back to the message when Telegram gives one.
answered_privately = { $where }: { $text }
# /board in a busy group whose newest board is the game as it stands. $link: a link to it, or none.
board_above = { $link ->
    [none] The board of game #{ $id } is the newest one above ↑
   *[other] The board of game #{ $id } is <a href="{ $link }">the newest one above ↑</a>
}
## Glicko-2 ratings (/top, /me)

# $rules: one of rules_name_*.
rating_title_chat = <b>Ratings in this chat</b> · { $rules } (Glicko-2)
rating_title_all = <b>Ratings of all players</b> · { $rules } (Glicko-2)
rating_none_chat = No rated games under the { $rules } rules have finished here yet.
# $rating: the rating and its deviation, already formatted (<b>1563</b> ±74).
rating_line =
    { $n }. { $name } — { $rating } · { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
rating_provisional = ? — provisional: too few games yet (the deviation is 110 or more).
rating_place = #{ $place } of { $players }
rating_you = You: { $rating } · { $place }
rating_you_none = You have no rated games under these rules yet.
# $commands: /top with the other rule sets played here.
rating_other_rules = Other rule sets played here: { $commands }
me_title = <b>{ $name }</b>
# $place: rating_place, or nothing.
me_rating =
    { $rules }: { $rating } (volatility { $volatility }) · { $games ->
        [one] { $games } game
       *[other] { $games } games
    } ({ $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }){ $place }
me_chat_place = In this chat ({ $rules }): #{ $place } of { $players }
me_chart = Rating

## Rematch and takeback

btn_rematch = 🔁 Rematch
btn_rematch_accept = ✅ Play the rematch
btn_takeback_accept = ✅ Let it be taken back
# On the group's final board, under the result. $name asks; $opponent is mentioned.
rematch_asked = 🔁 { $name } asks for a rematch (the same settings, colours swapped): { $opponent }?
rematch_asked_you = You asked { $name } for a rematch.
rematch_asked_private = 🔁 { $name } asks for a rematch of game #{ $id } (the same settings, colours swapped).
rematch_started = 🔁 The rematch is game #{ $id }.
rematch_declined = { $name } declined the rematch.
rematch_declined_private = { $name } declined the rematch of game #{ $id }.
game_not_over = The game is still being played: a rematch comes after it.
no_rematch = This game has no rematch (it was cancelled, or it is a tournament's game).
rematch_played = The rematch of this game was played already: game #{ $id }.
no_rematch_asked = Nobody asked for a rematch of this game.
own_rematch = You asked for this rematch: the other player answers it.
cmd_takeback = Ask to take your last move back (unrated games)
# $name: who takes the move back.
takeback_asked = ↩️ { $name } asks to take their last move back in game #{ $id }: { $opponent }, do you agree?
takeback_asked_private = ↩️ { $name } asks to take their last move back in game #{ $id }.
takeback_sent = You asked { $name } to let you take your last move back in game #{ $id }.
takeback_pending = Your takeback in game #{ $id } is waiting for its answer.
takeback_unreachable = I cannot write to { $name } in private, so I cannot ask them about the takeback in game #{ $id }.
takeback_done = ↩️ Game #{ $id }: { $name }'s last move was taken back; it is { $name }'s move again.
takeback_withdrawn = { $name } withdrew the takeback in game #{ $id }.
takeback_declined = { $name } declined the takeback in game #{ $id }.
no_takeback_rated = Moves cannot be taken back in a rated game (the sports rules forbid it, 2.6).
no_takeback_tournament = Moves cannot be taken back in a tournament's game.
nothing_to_take_back = You have no move to take back.
no_takeback_offer = Nobody asked to take a move back.
own_takeback = You asked for this takeback: your opponent answers it.
answer_takeback_first = { $name } asked for a takeback first: answer it before asking for one.
tournament_game = This is a game of tournament #{ $id }: it is played out, not cancelled (leaving the tournament loses it).
btn_rated = ⭐ Rated
btn_unrated = ☕ Unrated
lobby_unrated = Unrated: it does not count for the ratings; /hint and /takeback may be used.

## Tournaments

cmd_tournament = A tournament in this group: Swiss, round robin or knockout
cmd_standings = The tournament's standings
tournament_format_swiss = Swiss
tournament_format_round_robin = Round robin
tournament_format_elimination = Knockout
tournament_format_rounds =
    { $format }, { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
tournament_title = 🏆 <b>Tournament #{ $id }</b> · { $format }
# $rules: the rule set in words; $rated: tournament_rated or tournament_unrated.
tournament_settings = { $rules } · board { $size } · start: { $start } · { $time } a move · { $rated }
tournament_rated = rated
tournament_unrated = unrated
tournament_starts_creator = Starts when { $name } starts it.
# $time: a UTC time; $left: how soon.
tournament_starts_at = Starts at { $time } UTC (in { $left }).
tournament_players = Players ({ $count } of at most { $limit }): { $names }
tournament_lobby_hint = Press <b>Join</b> to play. { $name } changes the settings, starts the tournament, or removes a player who does not show up.
tournament_started_lobby = 🏆 <b>Tournament #{ $id }</b> has started: { $format }, { $count } players. The pairings of each round come as one message, then every game's first board; /standings shows the table.
tournament_cancelled = Tournament #{ $id } was cancelled.
tournament_cancelled_few = Tournament #{ $id } did not start: fewer than { $count } players joined.
tournament_expired = Tournament #{ $id } was closed: nobody started it within 7 days.
tournament_round = 🏆 <b>Tournament #{ $id }</b> · round { $round } of { $rounds }
tournament_round_robin_plan = Everyone plays everyone once (Berger tables).
tournament_table = Table { $board }: 🔵 { $blue } – 🔴 { $red } · game #{ $game }
tournament_table_forfeit = Table { $board }: { $blue } – { $red } · { $winner } wins unplayed
tournament_bye = Bye: { $name } (1 point)
tournament_rest = Rests this round: { $name }
tournament_round_hint = Each game's board follows: play it with its buttons, a reply to it, or /m and the game's number.
tournament_standings_title = 📊 <b>Tournament #{ $id }</b> · standings after round { $round } of { $rounds }
tournament_final = 🏆 <b>Tournament #{ $id }</b> is over: <b>{ $winner }</b> wins!
tournament_final_shared = 🏆 <b>Tournament #{ $id }</b> is over: { $names } share first place.
tournament_line_swiss =
    { $place }. { $name } — <b>{ $points }</b> ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    }) · Bh { $buchholz } · mBh { $median }
tournament_line_round_robin =
    { $place }. { $name } — <b>{ $points }</b> ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    }) · SB { $sb }
tournament_line_elimination = { $place }. { $name } — { $stage }
tournament_left_mark = (left)
tournament_footer_swiss = Bh: Buchholz, mBh: median Buchholz.
tournament_footer_round_robin = SB: Sonneborn-Berger.
tournament_footer_elimination = A drawn game is replayed with the colours swapped (twice at most, then the higher seed goes through).
tournament_stage_winner = won the final
tournament_stage_final = lost the final
tournament_stage_third = third place
tournament_stage_fourth = fourth place
tournament_stage_in = plays round { $round }
tournament_stage_round = out in round { $round }
# The standings picture's column heads.
tournament_th_place = #
tournament_th_player = Player
tournament_th_points = Pts
tournament_th_sb = SB
tournament_th_buchholz = Bh
tournament_th_median = mBh
tournament_th_games = Games
tournament_th_round = R{ $round }
tournament_picture_title = Tournament #{ $id } · { $format }
tournament_picture_after = after round { $round } of { $rounds }
tournament_picture_final = final standings
tournament_picture_lobby = not started yet
tournament_picture_rr_footer = Results: 1 win, ½ draw, 0 loss, f unplayed. SB: Sonneborn-Berger.
tournament_picture_swiss_footer = +5 won against the 5th, =3 drew, −2 lost, f unplayed, + a bye. Bh: Buchholz, mBh: median Buchholz.
tournament_picture_elim_footer = +5 won against the 5th, −2 lost, f unplayed, + a bye.
tournament_picture_dot = A dot: the colour played.
caption_table = 🏆 Tournament #{ $id } · round { $round } · table { $board }
btn_t_swiss = Swiss
btn_t_round_robin = Round robin
btn_t_elimination = Knockout
btn_t_rounds_auto = auto
btn_t_starts_creator = 🙋 I start it
btn_t_starts_in = ⏰ in { $time }
btn_t_leave = 🚪 Leave
btn_t_start = ▶ Start
btn_t_remove = 👤 Remove…
btn_t_back = ◀ Back
btn_t_standings = 📊 Standings
btn_t_sgf = 📥 Games (SGF)
btn_t_leave_yes = 🚪 Yes, leave
tournament_joined = You are in tournament #{ $id }.
tournament_left = You left tournament #{ $id }.
tournament_removed = { $name } is out of tournament #{ $id }.
tournament_left_running = { $name } left tournament #{ $id }: the game being played is lost and the rest forfeited.
tournament_leave_confirm = Leave tournament #{ $id }? You lose the game you are playing and forfeit every later one.
tournament_leave_kept = You stay in tournament #{ $id }.
tournament_remove_pick = Who is out of tournament #{ $id }? (A player removed after the start forfeits the rest.)
tournament_remove_kept = Nobody was removed from tournament #{ $id }.
tournament_sgf = Tournament #{ $id }: { $count ->
        [one] { $count } game
       *[other] { $count } games
    } (SGF).
tournament_no_games = Tournament #{ $id } has no finished game yet.
tournament_open_here = This group's tournament:
tournament_unknown = (left out, not understood: { $words })
tournament_shown_players = …and { $count } more.
no_such_tournament = There is no tournament #{ $id } here.
groups_only = Tournaments are played in groups: add the bot to a group and send /tournament there.
no_tournament = This group has no tournament: /tournament opens one.
tournament_started = Tournament #{ $id } has started already.
tournament_over = Tournament #{ $id } is over.
too_many_for_round_robin = A round robin is for { $count } players at most: choose Swiss or knockout.
joined_already = You are in tournament #{ $id } already.
tournament_full = The tournament is full ({ $count } players).
creator_stays = The creator stays in the lobby: to call it off, cancel it.
not_in_tournament = That player is not (or no longer) in tournament #{ $id }.
too_few_players = A tournament starts with { $count } players at least.
btn_t_page = 🏆 Tournament page
webapp_tournament_games = Rounds and games
webapp_puzzle_how = Tap the point you would play, then Answer.
webapp_puzzle_answer = Answer { $point }
webapp_puzzle_next = Next puzzle
webapp_puzzle_gone = There is no puzzle #{ $id }.
btn_puzzle_webapp = 🧩 Solve on the whole board

## Review (Telegram)
# A finished game reviewed (docs/playing.md#reviews): the command, its button and the answers that are the chat's
# own. The review's own texts (its progress, summaries, captions) are in the review's wording.

cmd_review = A finished game reviewed: the biggest mistakes, an annotated SGF
btn_review = 🔎 Review
# $id: a game's number, or the number of a record someone sent.
review_game = Game #{ $id }
review_record = Record #{ $id }
# $what: review_game or review_record.
review_under_way = { $what }: the review is under way, its progress is here ↑
review_press_started = 🔎 { $what }: the review starts, its progress follows in the chat.
review_press_running = 🔎 { $what }: the review is under way already.
review_press_done = 🔎 { $what }: the review follows in the chat.
review_none = You have no finished game here to review. <code>/review 12</code> names one; 🔎 Review under a finished game's board reviews it.
review_usage = <code>/review</code> reviews your latest finished game here · <code>/review 12</code> game #12 · 🔎 Review under a finished game's board, or under a record you sent me
# $title: the review's title ("Review of game #12"); the progress message says this once the review follows it.
review_posted = 🔎 { $title }: done ↓
review_sgf_caption = { $title }: the annotated SGF (GM[40]): the estimate on every move, the better moves as variations; zagram.org, KataGoDots and this bot read it.

## Puzzles (/puzzle)

cmd_puzzle = A puzzle from a real game: find the move that wins most
# $id: the puzzle's number; $rating: its rating; $colour: blue or red, the side to move.
puzzle_task_capture = <b>Puzzle #{ $id }</b> · rating { $rating }
    { $colour ->
        [blue] Blue
       *[red] Red
    } to move: find the move that captures most.
puzzle_task_save = <b>Puzzle #{ $id }</b> · rating { $rating }
    { $colour ->
        [blue] Blue
       *[red] Red
    } to move: find the move that saves most.
puzzle_task_win = <b>Puzzle #{ $id }</b> · rating { $rating }
    { $colour ->
        [blue] Blue
       *[red] Red
    } to move: find the move that wins the game.
puzzle_daily_title = 🗓 Puzzle of the day
puzzle_how_private = Answer <code>x-y</code> (or <code>/m x-y</code>, a reply, a button of the frame).
puzzle_how_group = The first right answer wins: press a point of the frame (one try each) or reply <code>x-y</code>.
# $point: the solution; $margin: dots it wins (or saves) more than any other move.
puzzle_what_capture = <b>{ $point }</b> wins { $margin ->
        [one] { $margin } dot
       *[other] { $margin } dots
    } more than any other move
puzzle_what_save = <b>{ $point }</b> saves { $margin ->
        [one] { $margin } dot
       *[other] { $margin } dots
    } against any other move
puzzle_what_win = <b>{ $point }</b> wins the game: grounding follows
puzzle_right = ✅ Right! { $what }.
puzzle_wrong = ❌ { $answer } is not it. { $what }.
# $before, $after: the person's puzzle rating before and after the answer.
puzzle_rating_moved = Your puzzle rating: { $before } → <b>{ $after }</b>.
puzzle_again = You answered puzzle #{ $id } already: it counts once.
puzzle_next = /puzzle gives the next one.
puzzle_none = You have seen every puzzle there is. New ones come from finished games: try again later.
puzzle_none_group = This group has seen every puzzle there is. New ones come from finished games.
puzzle_skipped = Puzzle #{ $id } skipped. { $what }.
# $name: who solved it first.
puzzle_won = 🏆 { $name } solved puzzle #{ $id }: { $what }.
puzzle_press_right = ✅ Right, and first!
puzzle_press_wrong = ❌ { $point } is not it. One try each.
puzzle_press_again = You had your try ({ $point }).
puzzle_press_solved = Solved already by { $name }.
puzzle_reply_late = Puzzle #{ $id } was solved already by { $name }.
puzzle_daily_on = This group gets a puzzle a day from now on. <code>/puzzle daily off</code> stops it.
puzzle_daily_off = No more puzzles of the day here.
puzzle_daily_private = <code>/puzzle daily</code> is for groups; here /puzzle gives one whenever you like.
puzzle_share_on = Your finished private games may give puzzles now (when your opponent allows it too).
puzzle_share_off = Your private games give no puzzles.
puzzle_share_group = Send <code>/puzzle share on</code> in our private chat: it is your own choice.
puzzle_usage = <code>/puzzle</code> the next puzzle · <code>/puzzle daily</code> or <code>/puzzle daily off</code> one a day in a group · <code>/puzzle share on</code> or <code>off</code> whether your private games may give puzzles
# $rating: the puzzle rating; $solved, $failed: answers right and wrong.
me_puzzles = Puzzles: <b>{ $rating }</b> ±{ $deviation } · { $solved } solved, { $failed } failed
me_puzzles_share = Your private games may give puzzles (<code>/puzzle share off</code>).
me_puzzles_noshare = Your private games give no puzzles (<code>/puzzle share on</code>).

## Reviews (/review)
# A review of a finished game (/review): the evaluation chart, the biggest mistakes, each player's numbers.
# $id: the game's number (review_of_game) or the imported record's (review_of_import).
review_of_game = game #{ $id }
review_of_import = record #{ $id }
# $what: review_of_game or review_of_import, as the other review texts name what is reviewed.
review_title = Review of { $what }
review_axis_moves = Move
review_axis_score = Dots: blue − red
# The move played when it was a grounding.
review_ground = grounding
# $ply: the move's number; $played: the move (x-y, or review_ground); $loss: dots it lost (maybe a fraction);
# $better: one of review_better_*.
review_mistake = Move { $ply } · { $played } lost { $loss ->
        [one] { $loss } dot
       *[other] { $loss } dots
    }: { $better }
# $point: the better move; $count: dots.
review_better_captures = { $point } captures { $count }
review_better_saves = { $point } saves { $count }
review_better_ground_wins = grounding wins the game
review_better_ground = grounding keeps the score
review_better_keeps = { $point } keeps the score
# $average: dots lost per move (one decimal); $blunders: moves that lost 3 dots or more; $mistakes: 1 dot or more.
review_numbers = { $average ->
        [one] { $average } dot
       *[other] { $average } dots
    } lost a move · { $blunders ->
        [one] { $blunders } blunder
       *[other] { $blunders } blunders
    } · { $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }
# $name: the player; $numbers: review_numbers.
review_summary = { $name }: { $numbers }
# $done: moves judged so far; $total: moves to judge; $left: a duration ("40 s").
review_progress = 🔎 Reviewing { $what }… { $done } of { $total ->
        [one] { $total } move
       *[other] { $total } moves
    }
review_progress_left = 🔎 Reviewing { $what }… { $done } of { $total ->
        [one] { $total } move
       *[other] { $total } moves
    }, about { $left } left
review_done = 🔎 <b>Review of { $what }</b>
# $name: the player whose biggest mistakes follow.
review_mistakes_of = Biggest mistakes of { $name }:
review_no_mistakes = { $name }: no move lost a dot or more.
# The person's own running review, with how far it is ($what: review_of_game or review_of_import).
review_busy_progress = Your review of { $what } is still running ({ $done } of { $total ->
        [one] { $total } move
       *[other] { $total } moves
    }): one review at a time.
# The services' refusals (Problem values). $subject: game or import; $id: its number.
review_busy = Your review of { $subject ->
        [import] record #{ $id }
       *[other] game #{ $id }
    } is still running: one review at a time. It will be ready soon.
review_not_over = Game #{ $id } is still being played: it can be reviewed once it is over.
review_cancelled = Game #{ $id } was cancelled before it was played: there is nothing to review.
no_such_record = There is no record #{ $id } you can review here.

## Review (Mini App)

webapp_review = 🔎 Review
webapp_review_sgf = ⬇ Annotated SGF
webapp_review_legend = Tap a mistake: ✕ played, ● better
webapp_review_none = No move lost a dot or more.
