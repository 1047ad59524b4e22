"""Everything the bot says, in Russian and English.

``t(lang, key, **values)`` looks a text up; texts are HTML (Telegram's ``parse_mode="HTML"``), so values that come
from users must be escaped with ``html.escape`` by the caller (``name()`` does it for names).
"""

from __future__ import annotations

import html
from typing import Literal

Language = Literal["ru", "en"]
LANGUAGES: tuple[Language, ...] = ("ru", "en")
DEFAULT_LANGUAGE: Language = "en"
_RUSSIAN_SPEAKING = ("ru", "be", "kk", "ky")


def language_for(code: str | None) -> Language:
    """The bot's language for a Telegram ``language_code`` (``ru-RU``, ``uk``, ``en``...)."""
    if code and code.split("-")[0].lower() in _RUSSIAN_SPEAKING:
        return "ru"
    return "en"


TEXTS: dict[Language, dict[str, str]] = {
    "en": {
        # ---- help and rules
        "start": (
            "Hi! I referee <b>Точки</b> (Points): surround your opponent's dots, by the sports rules.\n\n"
            "• In a group: add me and send /new.\n"
            "• Here: send /new to get an invitation link for a friend; you then play by correspondence, "
            "each in your own chat with me.\n\n"
            "/help explains how to move, /rules the rules."
        ),
        "help": (
            "<b>How to play here</b>\n"
            "/new opens a game: choose the board, the start and the time per move with the buttons; the second "
            "player presses <b>Join</b>. In a private chat /new gives an invitation link instead.\n\n"
            "<b>Moves</b> are points <code>x-y</code>: x from the left, y from the bottom, as on the picture's "
            "edges. Any of these works:\n"
            "• <code>/m 20-18</code> (or <code>/move 20-18</code>) anywhere;\n"
            "• a reply to the board picture with <code>20-18</code>;\n"
            "• the buttons under the board: they show the window framed in orange; arrows move it, ◎ jumps to "
            "the last move;\n"
            "• plain <code>20-18</code> in a private chat, and in groups where I can read all messages.\n"
            "{privacy}\n\n"
            "<b>Other commands</b>\n"
            "/board shows the board again · /resign · /draw offers a draw · /ground declares grounding · "
            "/cancel closes a game that has not started · /games lists your games · /stats the results table · "
            "/top ratings · /me your record · /lang ru or /lang en · /rules\n\n"
            "<b>Sharing</b>\n"
            "/sgf the game as an SGF record · /png the board at full resolution · /replay an animated replay · "
            "/watch a spectator link. Send me an <code>.sgf</code> file (zagram.org, playdots, KataGoDots...) to see "
            "it, step through it or continue it. Type @{bot} in any chat to share one of your boards."
        ),
        "privacy_off": "I can read all messages in this group, so plain <code>20-18</code> works here.",
        "privacy_on": (
            "In groups I see only commands and replies to my messages (Telegram's privacy mode), so use "
            "<code>/m 20-18</code>, a reply to the board or the buttons."
        ),
        "rules": (
            "<b>Точки, the sports rules in short</b>\n"
            "• The board is 39x32 points; blue starts. The game begins with a cross of two blue and two red dots "
            "in the centre.\n"
            "• Players put one dot a move on any free point; no passing, no undo.\n"
            "• Close a chain of your dots (neighbours horizontally, vertically or diagonally) around the "
            "opponent's dots and they are captured: the area is painted, its points are out of play. Dots on "
            "the edge can never be captured.\n"
            "• An area is drawn as small as possible. A ring around empty points only is a <i>house</i>: an "
            "opponent's dot put into it is captured at once, unless that dot closes a capture itself.\n"
            "• Surrounding an area captures it with everything inside: the score is always what each side holds "
            "now.\n"
            "• <b>Grounding</b> ends the game: every dot of yours that is not joined to the edge by an unbroken "
            "horizontal/vertical line of your dots goes to the opponent.\n"
            "• The game also ends when the board is full, by resignation, on time, or by agreed draw. The higher "
            "score wins."
        ),
        "apology": "Sorry, something went wrong on my side. Moves already made are safe; please try again.",
        "lang_set": "Language: English.",
        "lang_usage": "Use /lang ru or /lang en.",
        # ---- lobby
        "lobby": (
            "<b>New game of Точки</b>\n"
            "Board {size} · start: {start} · time per move: {time}\n"
            "Colours: {colours}\n"
            "Created by {creator}.\n"
            "{hint}"
        ),
        "lobby_hint_group": "Press <b>Join</b> to play. The creator can change the settings with the buttons.",
        "lobby_hint_private": "Send this link to your opponent; whoever opens it plays against you:\n{link}",
        "start_cross": "cross",
        "start_four-crosses": "four crosses",
        "start_empty": "empty",
        "start_custom": "set position",
        "time_none": "no limit",
        "colours_random": "random",
        "colours_creator_blue": "{creator} plays blue",
        "colours_creator_red": "{creator} plays red",
        "btn_join": "✅ Join",
        "btn_cancel": "✖ Cancel",
        "btn_blue": "I play 🔵",
        "btn_red": "I play 🔴",
        "btn_random": "🎲",
        "btn_yes_resign": "Yes, resign",
        "btn_no": "No",
        "btn_ground": "Ground",
        "btn_accept": "Accept draw",
        "btn_decline": "Decline",
        "btn_last": "◎",
        "lobby_started": "Game #{id} started: 🔵 {blue} vs 🔴 {red}.",
        "lobby_cancelled": "Game #{id} cancelled.",
        "only_creator": "Only {creator} can change the settings.",
        "own_game": "You created this game: wait for an opponent to join.",
        "own_invite": "This is your own invitation: send the link to your opponent.",
        "game_started_already": "This game has already started.",
        "joined": "You joined game #{id}.",
        "open_game_exists": "A game is already on here:",
        "invite_unknown": "This invitation link is not valid any more. Ask for a new one, or start with /new.",
        # ---- errors
        "no_game": "No game here. Start one with /new.",
        "no_game_private": "You have no game in progress here. Start one with /new, or open an invitation link.",
        "not_a_player": "You are not playing in this game.",
        "not_your_turn": "Not your move: {name} is to move.",
        "game_over": "The game is over.",
        "stale": "This board is out of date; use the latest one.",
        "busy": "The game changed just now; please try again.",
        "malformed": "Write a move as <code>x-y</code>, for example <code>20-18</code>: x from the left, y from the "
        "bottom.",
        "off_board": "{point} is off the board: x is 1–{width}, y is 1–{height}.",
        "occupied": "{point} is already taken.",
        "captured": "{point} is inside a capture area: no dots can go there.",
        "wrong_turn": "Not your move.",
        "move_usage": "Send <code>/m 20-18</code>: x from the left, y from the bottom.",
        "reply_usage": "To move, reply to the board with <code>x-y</code>, for example <code>20-18</code>.",
        "cancel_started": "The game has started; it can no longer be cancelled. You can /resign or offer a /draw.",
        "ground_on_turn": "Grounding is declared on your own move.",
        "not_started": "The game has not started yet.",
        "draw_pending": "You have already offered a draw.",
        "no_draw_offer": "There is no draw offer to answer.",
        "own_draw_offer": "Your opponent has to answer your offer.",
        "point_info_dot": "{point}: {dot}",
        "dot_blue": "a blue dot",
        "dot_red": "a red dot",
        "draw_sent": "Your draw offer is sent to {name}.",
        "point_info_out": "{point} is inside a capture area",
        "point_busy": "{point} is not free",
        # ---- boards
        "blue": "blue",
        "red": "red",
        "caption_score": "🔵 {blue} <b>{score_blue} : {score_red}</b> {red} 🔴",
        "caption_move": "Move {ply}: {point} ({colour})",
        "caption_captured": "captured {count}",
        "caption_start": "Game #{id}. Blue starts.",
        "caption_turn": "{mention}, your move",
        "caption_left": "{left} left",
        "caption_window": "Buttons: x {x0}–{x1}, y {y0}–{y1}",
        "picture_move": "Move {ply} · {point}",
        "picture_turn": "{name} to move",
        "picture_start": "Blue starts",
        "result_resignation": "{loser} resigned: {winner} wins",
        "result_timeout": "{loser} ran out of time: {winner} wins",
        "result_grounding": "{declarer} grounded: {outcome}",
        "result_board_full": "the board is full: {outcome}",
        "result_draw": "draw agreed",
        "outcome_win": "{winner} wins",
        "outcome_draw": "a draw",
        "game_over_caption": "<b>Game over</b>: {result}.",
        # ---- draw, resign, ground
        "draw_offered": "{name} offers a draw. {opponent}, do you accept?",
        "draw_declined": "{name} declined the draw.",
        "resign_confirm": "Resign game #{id}?",
        "ground_confirm": "Declare grounding in game #{id}? The game ends now, and the score would be "
        "{score_blue} : {score_red} ({outcome}).",
        "cancelled_action": "OK, the game goes on.",
        # ---- clock
        "remind_half": "⏰ {mention}, your move in game #{id}{where}: {left} left.",
        "remind_last": "⏰ {mention}, only {left} left for your move in game #{id}{where}!",
        "in_chat": " ({title})",
        "duration_minutes": "{m} min",
        "duration_hours": "{h} h",
        "duration_hours_minutes": "{h} h {m} min",
        "duration_days": "{d} d",
        "duration_days_hours": "{d} d {h} h",
        # ---- lists
        "games_title": "<b>Your games</b>",
        "games_none": "You have no games in progress. Start one with /new.",
        "games_line": "#{id} · {where} · {opponent} · {status}",
        "games_where_private": "private",
        "games_lobby": "waiting for an opponent",
        "games_your_move": "<b>your move</b>",
        "games_their_move": "{name}'s move",
        "games_vs": "vs {name}",
        "stats_title": "<b>Results in this chat</b> (wins · losses · draws)",
        "stats_line": "{n}. {name} — {wins} · {losses} · {draws}",
        "stats_none": "No finished games here yet.",
        "stats_private": "Your record: {wins} wins, {losses} losses, {draws} draws.",
        # ---- command menu
        "cmd_new": "New game",
        "cmd_m": "Move: /m 20-18",
        "cmd_move": "Move: /move 20-18",
        "cmd_board": "Show the board",
        "cmd_resign": "Resign",
        "cmd_draw": "Offer a draw",
        "cmd_ground": "Declare grounding",
        "cmd_cancel": "Cancel a game that has not started",
        "cmd_games": "Your games",
        "cmd_stats": "Results table",
        "cmd_lang": "Language: /lang ru or /lang en",
        "cmd_help": "How to play here",
        "cmd_rules": "The rules",
        # ---- records, pictures, spectators, ratings
        "no_such_game": "There is no game #{id} you can see here.",
        "watch_unknown": "This spectator link is not valid.",
        "watching": "You follow game #{id}: every new board will be sent here.",
        "watching_over": "Game #{id} is over; here is its final board.",
        "watch_link": "Spectator link for game #{id} (it shows the board and follows the game):\n{link}",
        "unwatched": "You no longer follow game #{id}.",
        "not_following": "You do not follow any game.",
        "btn_unwatch": "Stop following",
        "sgf_caption": "Game #{id} as an SGF record (GM[40]): zagram.org, KataGoDots and this bot read it.",
        "png_caption": "Game #{id}, move {ply}: the full-resolution picture.",
        "replay_progress": "Drawing the replay of game #{id}… {percent}%",
        "replay_caption": "Replay of game #{id}: {moves} moves.",
        "replay_empty": "There is nothing to replay yet.",
        "import_bad": "I could not read this file as a Points record: {reason}",
        "import_too_big": "This file is too big for a game record.",
        "import_caption": "<b>{name}</b>\n🔵 {blue} <b>{score_blue} : {score_red}</b> {red} 🔴\n"
        "{size} · {moves} moves · result in the file: {result}\nPosition after move {ply} of {moves}.",
        "import_no_result": "none",
        "btn_continue": "▶ Continue as a new game",
        "lobby_continued": "This game continues a record after its move {ply}; it is not rated.",
        "top_title": "<b>Ratings in this chat</b> (Elo)",
        "top_line": "{n}. {name} — <b>{rating}</b> · games: {games}",
        "top_none": "No rated games have finished here yet.",
        "me_text": "<b>{name}</b>: rating <b>{rating}</b> · games: {games} (won {wins}, lost {losses}, drawn {draws}).",
        "me_chat": "In this chat: rating <b>{rating}</b> · games: {games}.",
        "me_none": "You have no finished rated games yet.",
        "inline_title": "Game #{id}: {blue} {score_blue}:{score_red} {red}",
        "inline_description": "move {ply} · {status}",
        "inline_open": "Open in the bot",
        "inline_status_over": "finished",
        "inline_status_on": "{name} to move",
        "cmd_sgf": "The game as an SGF file",
        "cmd_png": "The board as a full-resolution file",
        "cmd_replay": "An animated replay of the game",
        "cmd_watch": "A spectator link to the game",
        "cmd_unwatch": "Stop following a game",
        "cmd_top": "Ratings in this chat",
        "cmd_me": "Your rating and record",
    },
    "ru": {
        "start": (
            "Привет! Я провожу игры в <b>Точки</b> по спортивным правилам: окружайте точки соперника.\n\n"
            "• В группе: добавьте меня и отправьте /new.\n"
            "• Здесь: /new даст ссылку-приглашение для друга; дальше вы играете по переписке, каждый в своём "
            "чате со мной.\n\n"
            "/help — как ходить, /rules — правила."
        ),
        "help": (
            "<b>Как играть</b>\n"
            "/new открывает игру: кнопками выберите поле, начальную позицию и время на ход; второй игрок "
            "нажимает <b>Играть</b>. В личном чате /new даёт ссылку-приглашение.\n\n"
            "<b>Ход</b> — это пункт <code>x-y</code>: x слева направо, y снизу вверх, как подписано по краям "
            "картинки. Подойдёт любой способ:\n"
            "• <code>/m 20-18</code> (или <code>/move 20-18</code>) где угодно;\n"
            "• ответ на картинку с доской: <code>20-18</code>;\n"
            "• кнопки под доской: они показывают окно в оранжевой рамке; стрелки его двигают, ◎ — к "
            "последнему ходу;\n"
            "• просто <code>20-18</code> в личном чате и в группах, где я читаю все сообщения.\n"
            "{privacy}\n\n"
            "<b>Другие команды</b>\n"
            "/board — показать доску · /resign — сдаться · /draw — предложить ничью · /ground — заземлиться · "
            "/cancel — отменить ещё не начатую игру · /games — ваши игры · /stats — таблица · "
            "/top — рейтинг · /me — ваши результаты · /lang ru или /lang en · /rules — правила\n\n"
            "<b>Поделиться</b>\n"
            "/sgf — запись игры в SGF · /png — доска в полном разрешении · /replay — анимированный повтор · "
            "/watch — ссылка для зрителей. Пришлите мне файл <code>.sgf</code> (zagram.org, playdots, KataGoDots...) "
            "— покажу, дам пролистать или продолжить. Наберите @{bot} в любом чате, чтобы поделиться своей доской."
        ),
        "privacy_off": "Я читаю все сообщения этой группы, так что здесь можно писать просто <code>20-18</code>.",
        "privacy_on": (
            "В группах я вижу только команды и ответы на мои сообщения (режим приватности Telegram), поэтому "
            "пишите <code>/m 20-18</code>, отвечайте на доску или жмите кнопки."
        ),
        "rules": (
            "<b>Спортивные точки коротко</b>\n"
            "• Поле 39x32 пункта, первыми ходят синие. Игра начинается со скреста: две синие и две красные "
            "точки в центре.\n"
            "• За ход ставится одна точка в любой свободный пункт; пропускать и отменять ходы нельзя.\n"
            "• Замкните цепь своих точек (соседних по горизонтали, вертикали или диагонали) вокруг точек "
            "соперника — они окружены: область закрашивается, её пункты выходят из игры. Точки на краю поля "
            "окружить нельзя.\n"
            "• Область окружения строится минимальной. Кольцо вокруг одних пустых пунктов — <i>домик</i>: "
            "точка соперника, поставленная в него, сразу окружается, если только сама не замыкает окружение.\n"
            "• Окружив область, вы забираете её целиком со всем содержимым: счёт — это то, что у каждого сейчас.\n"
            "• <b>Заземление</b> заканчивает игру: все ваши точки, не связанные с краем сплошной линией точек "
            "по горизонтали и вертикали, достаются сопернику.\n"
            "• Игра кончается и когда поле заполнено, кто-то сдался, вышло время или согласована ничья. "
            "Побеждает тот, у кого больше очков."
        ),
        "apology": "Извините, у меня что-то пошло не так. Сделанные ходы сохранены; попробуйте ещё раз.",
        "lang_set": "Язык: русский.",
        "lang_usage": "Напишите /lang ru или /lang en.",
        "lobby": (
            "<b>Новая игра в Точки</b>\n"
            "Поле {size} · начало: {start} · время на ход: {time}\n"
            "Цвета: {colours}\n"
            "Создал(а) {creator}.\n"
            "{hint}"
        ),
        "lobby_hint_group": "Нажмите <b>Играть</b>, чтобы сыграть. Создатель может менять настройки кнопками.",
        "lobby_hint_private": "Отправьте эту ссылку сопернику; кто её откроет, тот и сыграет с вами:\n{link}",
        "start_cross": "скрест",
        "start_four-crosses": "четыре скреста",
        "start_empty": "пустое поле",
        "start_custom": "заданная позиция",
        "time_none": "без ограничения",
        "colours_random": "случайно",
        "colours_creator_blue": "{creator} играет синими",
        "colours_creator_red": "{creator} играет красными",
        "btn_join": "✅ Играть",
        "btn_cancel": "✖ Отмена",
        "btn_blue": "Я 🔵",
        "btn_red": "Я 🔴",
        "btn_random": "🎲",
        "btn_yes_resign": "Да, сдаюсь",
        "btn_no": "Нет",
        "btn_ground": "Заземлиться",
        "btn_accept": "Согласен на ничью",
        "btn_decline": "Отказаться",
        "btn_last": "◎",
        "lobby_started": "Игра №{id} началась: 🔵 {blue} против 🔴 {red}.",
        "lobby_cancelled": "Игра №{id} отменена.",
        "only_creator": "Настройки может менять только {creator}.",
        "own_game": "Это ваша игра: дождитесь соперника.",
        "own_invite": "Это ваше собственное приглашение: отправьте ссылку сопернику.",
        "game_started_already": "Эта игра уже началась.",
        "joined": "Вы в игре №{id}.",
        "open_game_exists": "Здесь уже идёт игра:",
        "invite_unknown": "Эта ссылка-приглашение больше не действует. Попросите новую или начните с /new.",
        "no_game": "Здесь нет игры. Начните её командой /new.",
        "no_game_private": "У вас здесь нет начатой игры. Начните с /new или откройте ссылку-приглашение.",
        "not_a_player": "Вы не играете в этой игре.",
        "not_your_turn": "Сейчас не ваш ход: ходит {name}.",
        "game_over": "Игра окончена.",
        "stale": "Эта доска устарела; пользуйтесь последней.",
        "busy": "Игра только что изменилась; попробуйте ещё раз.",
        "malformed": "Ход пишется как <code>x-y</code>, например <code>20-18</code>: x слева направо, y снизу вверх.",
        "off_board": "{point} — за пределами поля: x от 1 до {width}, y от 1 до {height}.",
        "occupied": "Пункт {point} уже занят.",
        "captured": "Пункт {point} внутри области окружения: туда ставить нельзя.",
        "wrong_turn": "Сейчас не ваш ход.",
        "move_usage": "Отправьте <code>/m 20-18</code>: x слева направо, y снизу вверх.",
        "reply_usage": "Чтобы сходить, ответьте на доску ходом <code>x-y</code>, например <code>20-18</code>.",
        "cancel_started": "Игра уже началась, отменить её нельзя. Можно сдаться (/resign) или предложить ничью "
        "(/draw).",
        "ground_on_turn": "Заземлиться можно только в свой ход.",
        "not_started": "Игра ещё не началась.",
        "draw_pending": "Вы уже предложили ничью.",
        "no_draw_offer": "Предложения ничьей нет.",
        "own_draw_offer": "Отвечать на ваше предложение должен соперник.",
        "point_info_dot": "{point}: {dot}",
        "dot_blue": "синяя точка",
        "dot_red": "красная точка",
        "draw_sent": "Предложение ничьей отправлено: {name}.",
        "point_info_out": "{point} внутри области окружения",
        "point_busy": "Пункт {point} не свободен",
        "blue": "синие",
        "red": "красные",
        "caption_score": "🔵 {blue} <b>{score_blue} : {score_red}</b> {red} 🔴",
        "caption_move": "Ход {ply}: {point} ({colour})",
        "caption_captured": "окружено {count}",
        "caption_start": "Игра №{id}. Первыми ходят синие.",
        "caption_turn": "{mention}, ваш ход",
        "caption_left": "осталось {left}",
        "caption_window": "Кнопки: x {x0}–{x1}, y {y0}–{y1}",
        "picture_move": "Ход {ply} · {point}",
        "picture_turn": "ходит {name}",
        "picture_start": "первыми ходят синие",
        "result_resignation": "{loser} сдаётся: побеждает {winner}",
        "result_timeout": "у {loser} вышло время: побеждает {winner}",
        "result_grounding": "{declarer} заземляется: {outcome}",
        "result_board_full": "поле заполнено: {outcome}",
        "result_draw": "ничья по согласию",
        "outcome_win": "побеждает {winner}",
        "outcome_draw": "ничья",
        "game_over_caption": "<b>Игра окончена</b>: {result}.",
        "draw_offered": "{name} предлагает ничью. {opponent}, согласны?",
        "draw_declined": "{name} отказывается от ничьей.",
        "resign_confirm": "Сдаться в игре №{id}?",
        "ground_confirm": "Заземлиться в игре №{id}? Игра сразу закончится со счётом {score_blue} : {score_red} "
        "({outcome}).",
        "cancelled_action": "Хорошо, играем дальше.",
        "remind_half": "⏰ {mention}, ваш ход в игре №{id}{where}: осталось {left}.",
        "remind_last": "⏰ {mention}, на ход в игре №{id}{where} осталось всего {left}!",
        "in_chat": " ({title})",
        "duration_minutes": "{m} мин",
        "duration_hours": "{h} ч",
        "duration_hours_minutes": "{h} ч {m} мин",
        "duration_days": "{d} дн",
        "duration_days_hours": "{d} дн {h} ч",
        "games_title": "<b>Ваши игры</b>",
        "games_none": "У вас нет начатых игр. Начните с /new.",
        "games_line": "№{id} · {where} · {opponent} · {status}",
        "games_where_private": "личная",
        "games_lobby": "ждёт соперника",
        "games_your_move": "<b>ваш ход</b>",
        "games_their_move": "ходит {name}",
        "games_vs": "против {name}",
        "stats_title": "<b>Результаты в этом чате</b> (победы · поражения · ничьи)",
        "stats_line": "{n}. {name} — {wins} · {losses} · {draws}",
        "stats_none": "Здесь ещё нет законченных игр.",
        "stats_private": "Ваши результаты: побед {wins}, поражений {losses}, ничьих {draws}.",
        "cmd_new": "Новая игра",
        "cmd_m": "Ход: /m 20-18",
        "cmd_move": "Ход: /move 20-18",
        "cmd_board": "Показать доску",
        "cmd_resign": "Сдаться",
        "cmd_draw": "Предложить ничью",
        "cmd_ground": "Заземлиться",
        "cmd_cancel": "Отменить ещё не начатую игру",
        "cmd_games": "Ваши игры",
        "cmd_stats": "Таблица результатов",
        "cmd_lang": "Язык: /lang ru или /lang en",
        "cmd_help": "Как играть",
        "cmd_rules": "Правила",
        "no_such_game": "Игры №{id}, которую вам можно посмотреть, здесь нет.",
        "watch_unknown": "Эта ссылка для зрителей не действует.",
        "watching": "Вы следите за игрой №{id}: каждая новая доска будет приходить сюда.",
        "watching_over": "Игра №{id} окончена; вот её итоговая доска.",
        "watch_link": "Ссылка для зрителей игры №{id} (покажет доску и будет присылать новые):\n{link}",
        "unwatched": "Вы больше не следите за игрой №{id}.",
        "not_following": "Вы не следите ни за одной игрой.",
        "btn_unwatch": "Не следить",
        "sgf_caption": "Игра №{id} в формате SGF (GM[40]): её читают zagram.org, KataGoDots и этот бот.",
        "png_caption": "Игра №{id}, ход {ply}: картинка в полном разрешении.",
        "replay_progress": "Рисую повтор игры №{id}… {percent}%",
        "replay_caption": "Повтор игры №{id}: ходов — {moves}.",
        "replay_empty": "Повторять пока нечего.",
        "import_bad": "Не получилось прочитать файл как запись партии в точки: {reason}",
        "import_too_big": "Файл слишком большой для записи партии.",
        "import_caption": "<b>{name}</b>\n🔵 {blue} <b>{score_blue} : {score_red}</b> {red} 🔴\n"
        "{size} · ходов: {moves} · результат в файле: {result}\nПозиция после хода {ply} из {moves}.",
        "import_no_result": "нет",
        "btn_continue": "▶ Продолжить новой игрой",
        "lobby_continued": "Эта игра продолжает запись после её хода {ply}; на рейтинг она не влияет.",
        "top_title": "<b>Рейтинг в этом чате</b> (Эло)",
        "top_line": "{n}. {name} — <b>{rating}</b> · игр: {games}",
        "top_none": "Здесь ещё не закончено ни одной рейтинговой игры.",
        "me_text": "<b>{name}</b>: рейтинг <b>{rating}</b>, игр: {games} — побед {wins}, поражений {losses}, "
        "ничьих {draws}.",
        "me_chat": "В этом чате: рейтинг <b>{rating}</b>, игр: {games}.",
        "me_none": "У вас ещё нет законченных рейтинговых игр.",
        "inline_title": "Игра №{id}: {blue} {score_blue}:{score_red} {red}",
        "inline_description": "ход {ply} · {status}",
        "inline_open": "Открыть в боте",
        "inline_status_over": "окончена",
        "inline_status_on": "ходит {name}",
        "cmd_sgf": "Игра файлом SGF",
        "cmd_png": "Доска в полном разрешении",
        "cmd_replay": "Анимированный повтор игры",
        "cmd_watch": "Ссылка для зрителей",
        "cmd_unwatch": "Перестать следить за игрой",
        "cmd_top": "Рейтинг в этом чате",
        "cmd_me": "Ваш рейтинг и результаты",
    },
}

COMMANDS = (
    *("new", "m", "move", "board", "resign", "draw", "ground", "cancel", "games", "stats", "top", "me"),
    *("sgf", "png", "replay", "watch", "unwatch", "lang", "help", "rules"),
)
"""The command menu, in order."""


def t(lang: Language, key: str, **values: object) -> str:
    """The text ``key`` in ``lang`` with ``values`` filled in."""
    text = TEXTS.get(lang, TEXTS[DEFAULT_LANGUAGE]).get(key)
    if text is None:
        text = TEXTS[DEFAULT_LANGUAGE][key]
    return text.format(**values) if values else text


def name(text: str) -> str:
    """A user's name, escaped for HTML."""
    return html.escape(text, quote=False)


def mention(user_id: int, display: str) -> str:
    """A link to a user that notifies them (HTML)."""
    return f'<a href="tg://user?id={int(user_id)}">{name(display)}</a>'


def duration(lang: Language, seconds: float) -> str:
    """A duration the way people say it: ``45 min``, ``5 h 12 min``, ``2 d 3 h``."""
    seconds = max(0, int(seconds))
    minutes = max(1, round(seconds / 60)) if seconds < 3600 else seconds // 60
    if minutes < 60:
        return t(lang, "duration_minutes", m=minutes)
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        return t(lang, "duration_hours_minutes", h=hours, m=minutes) if minutes else t(lang, "duration_hours", h=hours)
    days, hours = divmod(hours, 24)
    return t(lang, "duration_days_hours", d=days, h=hours) if hours else t(lang, "duration_days", d=days)
