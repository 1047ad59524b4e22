### Русские тексты tochki-bot.
### Тексты — это Telegram HTML: теги <b>, <i>, <code> и <a> должны быть парными. Имена приходят уже экранированными.
### Числа приходят как числа Fluent без разделителей разрядов; для счёта — селекторы по формам
### [one] (1, 21), [few] (2–4, 22), [many] (0, 5–20, 25) и *[other] (дроби).
### Имена игроков не склоняются: ставьте их в именительный падеж (подлежащим или в скобках).
### Идентификаторы и переменные — те же, что в en.ftl (это проверяет tests/i18n/test_texts.py).

## Помощь и правила

start =
    Привет! Со мной можно играть в <b>Точки</b> по спортивным правилам: окружайте точки соперника.

    • В группе: добавьте меня и отправьте /new.
    • Здесь: /new даст ссылку-приглашение для друга, и вы будете играть по переписке, каждый в своём чате со мной.

    /help — как ходить, /rules — правила.

start_group =
    Привет! Со мной можно играть в <b>Точки</b> по спортивным правилам: окружайте точки соперника.

    • Здесь: /new открывает игру, второй игрок нажимает <b>Играть</b>.
    • В личном чате со мной /new даёт ссылку-приглашение, чтобы играть по переписке.

    /help — как ходить, /rules — правила.

# $privacy: privacy_on, privacy_off или пусто (в личном чате); $bot: имя бота.
help =
    <b>Как играть</b>
    /new создаёт игру: кнопками выберите поле, начальную позицию и время на ход; второй игрок нажимает <b>Играть</b>. В личном чате /new вместо этого даёт ссылку-приглашение.

    <b>Ход</b> — это пункт <code>x-y</code>: x считается слева, y — снизу, как подписано по краям картинки. Подойдёт любой способ:
    • <code>/m 20-18</code> (или <code>/move 20-18</code>) где угодно;
    • ответ на картинку с полем: <code>20-18</code>;
    • кнопки под картинкой: они повторяют участок поля в оранжевой рамке; стрелки сдвигают рамку, ◎ возвращает к последнему ходу, 🔍 показывает этот участок крупно;
    • просто <code>20-18</code> в личном чате и в группах, где я читаю все сообщения.
    { $privacy }
    Играете несколько партий? У каждого поля есть номер: <code>/m 12 20-18</code>, <code>/board 12</code>, <code>/resign 12</code> относятся к игре №12, а ответ на картинку — к игре на этой картинке.

    <b>Другие команды</b>
    /board — показать поле · /zoom 20-18 — поле вокруг пункта крупно · /resign — сдаться · /draw — предложить ничью · /ground — заземлиться · /stop — объявить СТОП (спортивные правила со СТОП), /finish — закончить дополнительные точки · /cancel — отменить ещё не начатую игру · /games — ваши игры · /stats — таблица результатов · /top — рейтинг (Глико-2) · /me — ваш рейтинг и результаты · /puzzle — задача из настоящей партии · /takeback — попросить вернуть свой последний ход (игры без рейтинга) · /lang ru, /lang uk, /lang pl или /lang en · /rules — правила

    <b>Сыграть ещё</b>
    🔁 Реванш под доской законченной игры — та же игра со сменой цветов. /tournament открывает турнир в группе (швейцарка, круговой или на вылет); /standings показывает его таблицу.

    <b>Поделиться</b>
    /sgf — запись игры в SGF · /png — поле в полном разрешении · /replay — анимированный повтор · /watch — ссылка для зрителей · /review — разбор оконченной игры: главные ошибки и запись SGF с комментариями (🔎 Разбор под её полем). Пришлите мне файл <code>.sgf</code> (zagram.org, playdots, KataGoDots…) — я покажу запись, её можно пролистать или доиграть. Наберите @{ $bot } в любом чате, чтобы поделиться своим полем.
privacy_off = Я читаю все сообщения этой группы, так что здесь можно писать просто <code>20-18</code>.
privacy_on = В группах я вижу только команды и ответы на мои сообщения (режим приватности Telegram), поэтому пишите <code>/m 20-18</code>, отвечайте на картинку с полем или жмите кнопки.
rules =
    <b>Спортивные точки: коротко о правилах</b>
    • Поле — 39x32 пункта, первыми ходят синие. Игра начинается со скреста: две синие и две красные точки в центре.
    • За ход ставится одна точка в любой свободный пункт; пропускать и отменять ходы нельзя.
    • Замкните вокруг точек соперника цепь своих точек (соседних по горизонтали, вертикали или диагонали), и они окажутся окружены: область закрашивается, её пункты выходят из игры. Точки на краю поля окружить нельзя.
    • Область окружения всегда берётся наименьшей. Кольцо вокруг одних пустых пунктов — <i>домик</i>: точка соперника, поставленная в него, сразу окружается, если только сама не замыкает окружение.
    • Окружив область, вы забираете её целиком со всем содержимым: в счёт идёт то, что у каждого окружено сейчас.
    • <b>Заземление</b> заканчивает игру: все ваши точки, не связанные с краем поля непрерывной линией ваших точек по горизонтали и вертикали, достаются сопернику.
    • Игра заканчивается также, когда поле заполнено, кто-то сдался, вышло время или игроки согласились на ничью. Побеждает тот, у кого больше очков.
apology = Извините, у меня что-то пошло не так. Сделанные ходы сохранены; попробуйте ещё раз.
lang_set = Язык: русский.
lang_usage = Напишите /lang ru, /lang uk, /lang pl или /lang en (в группе также /lang auto — язык, которым пользуется большинство игроков).
# $language: текст lang_set того языка, на котором теперь говорит группа.
lang_set_auto = Теперь эта группа говорит на языке большинства своих игроков. { $language }
# Сообщение в личном чате, которое не похоже на ход.
chatter_private = Ход пишется как <code>x-y</code>, например <code>20-18</code>; все команды — в /help.

## Набор в игру

# $hint: lobby_hint_group или lobby_hint_private (для продолжения записи — после lobby_continued).
lobby =
    <b>Новая игра №{ $id } в Точки</b>
    Поле { $size } · начало: { $start } · время на ход: { $time }
    { $colours }
    { $hint }
lobby_hint_group = Второй игрок нажимает <b>Играть</b>, а создатель может поменять настройки кнопками или сыграть с ботом (🤖, от ★ до ★★★ по силе), пока группа смотрит.
lobby_moves_all = Ходить здесь можно просто <code>20-18</code>, командой <code>/m 20-18</code> или кнопками под полем.
lobby_moves_commands = Ходить здесь: <code>/m 20-18</code>, ответом на картинку с полем или её кнопками (в этой группе я вижу только команды и ответы на мои сообщения).
lobby_hint_private =
    Отправьте эту ссылку сопернику; кто её откроет, тот и сыграет с вами:
    { $link }
    Или сыграйте с ботом прямо сейчас: 🤖 (от ★ до ★★★ по силе).
start_cross = скрест
start_four-crosses = четыре скреста
start_double-cross = двойной скрест
start_four-crosses-random = четыре случайных скреста
start_empty = пустое поле
start_custom = своя позиция
time_none = без ограничения
colours_random = Цвета по жребию · создатель: { $creator }
colours_creator_blue = { $creator } играет синими
colours_creator_red = { $creator } играет красными
btn_join = ✅ Играть
btn_cancel = ✖ Отмена
btn_blue = Я 🔵
btn_red = Я 🔴
btn_random = 🎲
btn_yes_resign = Да, сдаюсь
btn_yes_cancel = Да, отменить игру
btn_no = Нет
btn_ground = Заземлиться
btn_accept = Принять ничью
btn_decline = Отказаться
btn_last = ◎
lobby_started = Игра №{ $id } началась: 🔵 { $blue } — 🔴 { $red }.
lobby_cancelled = Игра №{ $id } отменена.
game_cancelled = Игра №{ $id } отменена до первого хода.
game_cancelled_by = Игра №{ $id } отменена до первого хода (отмена: { $name }). { $other }, новую начинает /new.
only_creator = Менять настройки и отменять игру может только { $creator }.
own_game = Это ваша игра: дождитесь соперника.
own_invite = Это ваше собственное приглашение: отправьте ссылку сопернику.
game_started_already = Эта игра уже началась.
joined = Вы в игре №{ $id }.
open_game_on = Здесь уже идёт игра №{ $id } (в чате или теме — одна за раз); новую можно начать, когда она закончится. Доску покажет /board.
open_game_exists = Здесь уже есть игра (в чате или теме — одна за раз):
invite_unknown = Эта ссылка-приглашение больше не действует. Попросите новую или начните игру командой /new.

## Отказы (ключи — коды GameError и причины Reason из движка)

no_game = Здесь нет игры. Начните новую командой /new.
no_game_private = У вас нет текущей игры. Начните новую командой /new или откройте ссылку-приглашение.
not_a_player = Вы не играете в этой игре.
not_your_turn = Сейчас не ваш ход: ходит { $name }.
game_over = Игра окончена.
stale = Эта кнопка устарела: игра ушла вперёд.
busy = Игра только что изменилась; попробуйте ещё раз.
malformed = Ход пишется как <code>x-y</code>, например <code>20-18</code>: x считается слева, y — снизу.
off_board = Пункт { $point } за пределами поля: x от 1 до { $width }, y от 1 до { $height }.
occupied = Пункт { $point } уже занят.
captured = Пункт { $point } в окружении: ставить туда нельзя.
move_usage = Напишите <code>/m 20-18</code>: x считается слева, y — снизу.
cancel_started = Игра уже началась, отменить её нельзя. Можно сдаться (/resign) или предложить ничью (/draw).
bad_size = Поле { $size } не подходит: размер — от { $min }x{ $min } до { $max }x{ $max } пунктов (например, <code>/new 20x20</code>). Игра не открыта.
bad_time = Время на ход { $time } не подходит: от <code>1m</code> (минута) до <code>30d</code> (30 дней) или <code>none</code> (без ограничения). Игра не открыта.
ground_on_turn = Заземлиться можно только в свой ход.
not_started = Игра ещё не началась.
draw_pending = Вы уже предложили ничью.
no_draw_offer = Сейчас нет предложения ничьей: на него уже ответили, или оно снято, когда игра продолжилась.
own_draw_offer = На ваше предложение должен ответить соперник.
point_info_dot = { $point }: { $dot }
dot_blue = синяя точка
dot_red = красная точка
draw_sent = Вы предложили ничью в игре №{ $id }. Предложение в силе, пока { $name } не ответит или не сделает ход.
point_info_out = { $point } в окружении
point_busy = Пункт { $point } занят

## Поле

caption_move =
    Ход { $ply }: { $point } { $colour ->
        [blue] 🔵
       *[red] 🔴
    }
# Сколько точек соперника окружил ход.
caption_captured =
    { $count ->
        [one] окружена { $count } точка
        [few] окружены { $count } точки
        [many] окружено { $count } точек
       *[other] окружено { $count } точки
    }
caption_start = Первыми ходят синие.
caption_turn = { $mention }, ваш ход
caption_left = осталось { $left }
caption_window = Кнопки: x { $x0 }–{ $x1 }, y { $y0 }–{ $y1 }
picture_move = Ход { $ply } · { $point }
picture_turn = ходит { $name }
picture_start = первыми ходят синие

# Чем кончилась игра: одно предложение без точки в конце. Оно идёт после «Игра окончена.» под полем
# и отдельно — в строке на картинке. Род игрока боту неизвестен, а о законченном событии в настоящем
# времени («Boris сдаётся») не говорят, поэтому все законченные события записаны одинаково: событие,
# двоеточие, имя («Сдача: Boris — победа: Анна», «Отказ от ничьей в игре №1: Анна»). Глаголы —
# только безличные или согласованные с событием («Поле заполнено», «Время на ход вышло»).
result_resignation = Сдача: { $loser } — победа: { $winner }
result_timeout = Время на ход вышло: { $loser } — победа: { $winner }
# $outcome: outcome_win или outcome_draw.
result_grounding = Заземление: { $declarer } — { $outcome }
result_board_full = Поле заполнено — { $outcome }
result_draw = Ничья по соглашению
outcome_win = победа: { $winner }
outcome_draw = ничья
# $result: один из текстов result_*.
game_over_caption = <b>Игра окончена.</b> { $result }.

## Ничья, сдача, заземление

draw_offered = { $name } предлагает ничью в игре №{ $id }. { $opponent }, согласны?
draw_agreed = Ничья по соглашению в игре №{ $id }: обе стороны её предложили.
draw_declined = Отказ от ничьей в игре №{ $id }: { $name }.
resign_confirm = Сдаться в игре №{ $id }?
ground_confirm = Заземлиться в игре №{ $id }? Игра сразу закончится со счётом 🔵 { $score_blue } : { $score_red } 🔴 ({ $outcome }).
cancelled_action = Хорошо, играем дальше.

## Время

# $where: in_chat или пусто; $left: длительность.
remind_half = ⏰ { $mention }, ваш ход в игре №{ $id }{ $where }: осталось { $left }.
remind_last = ⏰ { $mention }, на ход в игре №{ $id }{ $where } осталось всего { $left }!
in_chat = {" "}({ $title })
# Длительности — сокращениями: им не нужны формы числа.
duration_seconds = { $s } с
duration_minutes = { $m } мин
duration_hours = { $h } ч
duration_hours_minutes = { $h } ч { $m } мин
duration_days = { $d } дн
duration_days_hours = { $d } дн { $h } ч

## Списки

games_title =
    <b>Ваши игры</b>: { $count }. { $waiting ->
        [0] Вашего хода сейчас не ждёт ни одна
        [one] Ваш ход в { $waiting } игре
        [few] Ваш ход в { $waiting } играх
        [many] Ваш ход в { $waiting } играх
       *[other] Ваш ход в { $waiting } игры
    }. Нажмите на игру, чтобы увидеть поле.
games_none = У вас нет текущих игр. Начните новую командой /new.
stats_title = <b>Результаты в этом чате</b> (победы · поражения · ничьи)
stats_line = { $n }. { $name } — { $wins } · { $losses } · { $draws }
stats_none = Здесь ещё нет законченных игр.
stats_private =
    Ваши результаты: { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
        [many] { $wins } побед
       *[other] { $wins } победы
    }, { $losses ->
        [one] { $losses } поражение
        [few] { $losses } поражения
        [many] { $losses } поражений
       *[other] { $losses } поражения
    }, { $draws ->
        [one] { $draws } ничья
        [few] { $draws } ничьи
        [many] { $draws } ничьих
       *[other] { $draws } ничьей
    }.

## Меню команд

cmd_new = Новая игра
cmd_m = Ход: /m 20-18
cmd_move = Ход: /move 20-18
cmd_board = Показать поле
cmd_resign = Сдаться
cmd_draw = Предложить ничью
cmd_ground = Заземлиться
cmd_cancel = Отменить ещё не начатую игру
cmd_games = Ваши игры
cmd_stats = Таблица результатов
cmd_lang = Язык: /lang ru, uk, pl или en
cmd_help = Как играть
cmd_rules = Правила
cmd_sgf = Запись игры в SGF
cmd_png = Поле в полном разрешении
cmd_replay = Анимированный повтор игры
cmd_watch = Ссылка для зрителей
cmd_unwatch = Перестать следить за игрой
cmd_top = Рейтинг игроков
cmd_me = Ваш рейтинг и результаты

## Записи, картинки, зрители

no_such_game = Игра №{ $id } здесь недоступна.
watch_unknown = Эта ссылка для зрителей не действует.
watching = Вы следите за игрой №{ $id }: после каждого хода я пришлю сюда новое поле.
watching_over = Игра №{ $id } окончена; вот итоговая позиция.
watch_link =
    Ссылка для зрителей игры №{ $id } — по ней можно смотреть поле и следить за ходами:
    { $link }
unwatched = Вы больше не следите за игрой №{ $id }.
not_following = Вы не следите ни за одной игрой.
btn_unwatch = Перестать следить
sgf_caption = Запись игры №{ $id } в формате SGF (GM[40]): её откроют zagram.org, KataGoDots и этот бот.
png_caption = Игра №{ $id }, ход { $ply }: картинка в полном разрешении.
replay_progress = Рисую повтор игры №{ $id }… { $percent }%
replay_caption =
    Повтор игры №{ $id }: { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
        [many] { $moves } ходов
       *[other] { $moves } хода
    }.
replay_empty = Повторять пока нечего.
import_bad = Не получилось прочитать файл как запись игры в точки: { $reason }
import_too_big = Файл слишком большой для записи игры.
# $result: один из текстов record_result_*, import_no_result или значение RE из файла как есть.
import_caption =
    <b>{ $name }</b>
    🔵 { $blue } <b>{ $score_blue } : { $score_red }</b> { $red } 🔴
    { $size } · { $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
        [many] { $moves } ходов
       *[other] { $moves } хода
    } · результат в записи: { $result }
    Позиция после хода { $ply } из { $moves }.
import_no_result = не указан
# Результат, указанный в записи SGF (RE). $winner — "blue" или "red".
record_result_points =
    победа { $winner ->
        [blue] синих
       *[red] красных
    } с перевесом в { $points ->
        [one] { $points } очко
        [few] { $points } очка
        [many] { $points } очков
       *[other] { $points } очка
    }
record_result_resignation =
    { $winner ->
        [blue] красные сдались, победа синих
       *[red] синие сдались, победа красных
    }
record_result_time =
    победа { $winner ->
        [blue] синих
       *[red] красных
    } по времени
record_result_forfeit =
    техническая победа { $winner ->
        [blue] синих
       *[red] красных
    }
record_result_grounding =
    победа { $winner ->
        [blue] синих
       *[red] красных
    } после заземления
record_result_win =
    победа { $winner ->
        [blue] синих
       *[red] красных
    }
record_result_draw = ничья
btn_continue = ▶ Продолжить как новую игру
lobby_continued = Игра продолжает запись после хода { $ply } и на рейтинг не влияет.

## Рейтинг и встроенный режим

me_none = У вас ещё нет законченных рейтинговых игр.
inline_title = Игра №{ $id }: { $blue } { $score_blue }:{ $score_red } { $red }
inline_description = ход { $ply } · { $status }
inline_open = Открыть в боте
inline_status_over = окончена
inline_status_on = ходит { $name }

## Игры, вопросы, выбор

caption_head = <b>№{ $id }</b> · 🔵 { $blue } <b>{ $score_blue } : { $score_red }</b> { $red } 🔴
caption_head_player =
    <b>№{ $id }</b> · соперник: { $opponent } { $colour ->
        [blue] 🔵
       *[red] 🔴
    } · 🔵 <b>{ $score_blue } : { $score_red }</b> 🔴
caption_your_move = <b>Ваш ход</b>
caption_their_move = Ходит { $name }
cancelled_caption = <b>Игра отменена.</b> { $result }.
result_cancelled_resignation = Сдача до первого хода: { $loser } — игра не засчитывается
result_cancelled_agreed = Соглашение до первого хода — игра не засчитывается
picture_game = №{ $id }
label_game = №{ $id }
label_lobby = ждёт соперника
label_vs = соперник: { $name }
label_your_move = ваш ход
label_their_move = ход соперника
label_over = окончена
btn_zoom = 🔍
btn_full = 🗺
zoom_caption = №{ $id } · x { $x0 }–{ $x1 }, y { $y0 }–{ $y1 }
zoom_usage = Напишите <code>/zoom 20-18</code>, чтобы увидеть поле вокруг пункта крупно (просто /zoom — вокруг последнего хода).
watching_ended = Игра №{ $id } окончена; вы больше не следите за ней.
lobby_expired = Игра №{ $id }: за 7 дней никто не присоединился, приглашение закрыто.
question_over = Игра №{ $id } окончена.
draw_lapsed = Предложение ничьей в игре №{ $id } снято: игра продолжилась.
question_stale = Уже неактуально: в игре №{ $id } сделан ход.
post_as_yourself = Пишите, пожалуйста, от своего имени, а не от имени группы или канала: мне нужно знать, кто играет.
pick_game = Какая игра?
pick_move = Ваш ход сразу в нескольких играх. В какой из них сходить { $point }?
picked = Игра №{ $id }.
picked_move = { $point } — в игре №{ $id }.
button_unknown = Эта кнопка больше не работает.
not_yours = Нажать может только { $name }.
no_turn_anywhere = Сейчас ни в одной из ваших игр не ваш ход.
invite_cancelled = Эта игра отменена её создателем.
invite_expired = Срок приглашения истёк: за 7 дней его никто не открыл.
invite_needed = В эту игру входят по ссылке-приглашению.
record_over = Партия в этой записи окончена; доиграть её нельзя.
time_is_up = Поздно: время на ход вышло, и игра проиграна по времени.
open_invitation = У вас уже есть открытое приглашение (только одно за раз). Вот оно; отмените его, чтобы создать новое:
resign_withdrawn = Сдача отменена: игра №{ $id } продолжается.
resign_done = Сдача в игре №{ $id }: { $name }.
ground_withdrawn = Заземление отменено: игра №{ $id } продолжается.
ground_done = Заземление в игре №{ $id }: { $name }.
draw_accepted = Согласие на ничью: { $name }.
record_jump_usage = Ответьте на запись номером хода, например <code>120</code>, чтобы перейти к нему.
cmd_zoom = Поле вокруг пункта крупно: /zoom 20-18

side_blue = Синий игрок
side_red = Красный игрок
picture_cancelled = игра отменена
cancelled_plain_caption = <b>Игра отменена.</b>
dot_blue_captured = синяя точка, окружена
dot_red_captured = красная точка, окружена
game_ended = Игра №{ $id } окончена; новую начинает /new.
draw_offered_private = { $name } предлагает ничью в игре №{ $id }. Согласны?
lobby_expired_group = Игра №{ $id }: за 7 дней никто не присоединился, набор закрыт.

## Записи, которые не прочитать

sgf_illegal_move = ход { $move } не по правилам
sgf_broken = файл повреждён (не сходятся скобки или свойства)
sgf_not_sgf = это не файл SGF
sgf_bad_point = «{ $value }» — не пункт поля
sgf_off_board = пункт «{ $value }» за пределами поля
sgf_not_points = это запись другой игры (GM[{ $game }]; у точек GM[40])
sgf_no_size = в записи не указан размер поля (SZ)
sgf_bad_size = на поле размером { $size } играть нельзя
sgf_bad_start = начальную позицию нельзя расставить
sgf_bad_rules = не удаётся прочитать правила игры (RU)
document_unknown = Я читаю записи партий в формате SGF (файлы <code>.sgf</code>): пришлите такой, и я покажу его, дам пролистать или доиграть.

games_none_here = Здесь у вас нет текущих игр; /games в личном чате со мной покажет все ваши игры.

unconfirmed = Не могу подтвердить, что это сохранилось (сбой хранилища). <code>/board { $id }</code> покажет игру №{ $id } такой, какая она сейчас.

too_many_imports = Сегодня вы прислали уже { $count } записей — больше за день нельзя; присылайте завтра.
imports_too_big = Ваши записи заняли всё место, которое я храню для одного человека ({ $megabytes } МБ); старые забываются через 30 дней.
too_many_lobbies = У вас уже { $count } игр ждут соперников; отмените одну или дождитесь, пока кто-нибудь присоединится.

lang_admins = Язык группы могут менять только её администраторы (и создатель первой игры в ней).
top_not_listed = Вас нет в этом списке: в /me можно в него попасть.
me_listed = Вы есть в рейтинге всех игроков.
me_unlisted = Вас нет в рейтинге всех игроков (только в рейтингах ваших групп).
btn_list = Показывать меня в рейтинге всех игроков
btn_unlist = Не показывать меня в рейтинге всех игроков

top_none_all = В рейтинге всех игроков пока никого: туда попадают только по собственному желанию.
btn_bot_easy = 🤖 Бот ★
btn_bot_normal = 🤖 Бот ★★
btn_bot_hard = 🤖 Бот ★★★
level_easy = лёгкий
level_normal = средний
level_hard = сильный
hint_text = 💡 Игра №{ $id }: бот сходил бы <b>{ $point }</b>.
cmd_hint = Подсказка: ход бота за вас (в играх с ботом и без рейтинга)
no_hints = Подсказки — для игр с ботом и игр без рейтинга, не для рейтинговых игр между людьми.
no_hint_now = Бот не успел придумать подсказку; попробуйте ещё раз через минуту.
bot_plays_on = Бот не соглашается на ничью: играйте дальше или сдавайтесь.
me_bot =
    Против бота ({ $level }): { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
        [many] { $wins } побед
       *[other] { $wins } победы
    }, { $losses ->
        [one] { $losses } поражение
        [few] { $losses } поражения
        [many] { $losses } поражений
       *[other] { $losses } поражения
    }, { $draws ->
        [one] { $draws } ничья
        [few] { $draws } ничьи
        [many] { $draws } ничьих
       *[other] { $draws } ничьи
    }.
caption_bot_thinking = { $name } думает…

# Local mode (`tochki-bot local`): the same page on this computer, no Telegram. local_you and local_friend are the
# names of the two people at the keyboard (hot-seat: the page plays for whichever of them is to move).
local_ready = Точки: играйте на { $url } (игры в { $path }; Ctrl-C — выход)
local_title = Точки на этом компьютере
local_you = Игрок
local_friend = Друг
local_new = Новая игра
local_hotseat = Вдвоём
local_bot = С ботом
local_board = Доска
local_start = Начало
local_rules = Правила
local_time = Время на ход
local_colour = Вы играете
local_blue = синими
local_red = красными
local_random = по жребию
local_go = Начать игру
local_games = Игры
local_games_none = Игр пока нет.
local_sgf = ⬇ SGF
local_png = ⬇ PNG
local_back = ‹ Игры

# The Mini App (a page in Telegram with the live board). btn_webapp: the button under every board that opens it;
# webapp_menu: the bot's menu button (its list of games).
btn_webapp = 🎯 Открыть доску
webapp_menu = Игры
webapp_games = Ваши игры
webapp_games_none = Игр пока нет: начните игру в чате командой /new.
webapp_your_move = Ваш ход
webapp_draw_offer = { $name } предлагает ничью: ответьте в чате
webapp_end_offer = { $name } предлагает закончить игру с подсчётом территории: ответьте в чате
webapp_your_closing = Закройте окружения (кнопки внизу), затем «Готово»: тогда ход перейдёт
webapp_tap = нажмите на свободную точку
webapp_watching = вы зритель
webapp_error = Что-то пошло не так; попробуйте ещё раз.
webapp_offline = Нет связи; пробую снова…
webapp_lobby = Ждём второго игрока
webapp_you = вы
# The Telegram button that confirms the chosen point.
webapp_play = Сходить { $point }
# Under the replay slider of a finished game.
webapp_replay = Ход { $ply } из { $total }

## Правила (docs/rules.md#rule-sets): лобби, закрытие окружений, завершение по согласию

rules_name_sports = Спортивные
rules_name_polish = Польские
rules_name_territory = На территорию
# $rules: один из rules_name_*.
rules_with_margin = { $rules }, досрочная победа при отрыве { $margin }
rules_with_penalty = { $rules }, −1 за свои окружённые точки
lobby_rules = Правила: { $rules }
btn_no_margin = без досрочной
# Окружение, которое игрок может закрыть: точка, по которой оно названо, сколько точек соперника в нём, размер.
btn_pool =
    ⭕ { $point }: { $dots ->
        [one] { $dots } точка
        [few] { $dots } точки
        [many] { $dots } точек
       *[other] { $dots } точки
    } · площадь { $size }
btn_close_all = ⭕ Все ({ $count })
btn_done = ✅ Готово
btn_accept_end = Закончить игру
caption_closing = { $mention }, закройте окружения кнопками (или /close x-y) и нажмите «Готово»
caption_your_closing = Закройте окружения кнопками (или /close x-y) и нажмите «Готово»: тогда ход перейдёт
caption_their_closing = { $name } закрывает окружения
picture_margin = { $rules } до +{ $margin }
picture_closing = { $name } закрывает
# Очки, снятые за окружение своих точек (вариант польских правил и правил на территорию).
picture_penalties = штраф { $blue }:{ $red }
result_instant_win = Досрочная победа: { $winner } (отрыв { $margin })
# $score_blue, $score_red: итоговый счёт с учётом территории (docs/rules.md#agreed-end).
result_agreed = Закончено по согласию, территория посчитана ({ $score_blue }:{ $score_red }) — { $outcome }
result_stop = Дополнительные точки после СТОП поставлены — { $outcome }
close_usage = Отправьте <code>/close 21-17</code> (окружение с точкой 21-17) или <code>/close all</code> сразу после своей точки.
close_first = Сначала закройте окружения или нажмите «Готово» (/done): тогда ход перейдёт к сопернику.
nothing_to_close = Вам сейчас нечего закрывать: окружения закрывают сразу после своей точки.
not_in_rules = В этих правилах такого нет.
first_move_region = Первая точка должна стоять в стартовой области.
stopped = После СТОП вы больше не ставите точек.
not_a_ring = Это не замкнутая цепь ваших точек.
no_pool = Там нет вашего окружения, которое можно закрыть.
empty_closure = В этом окружении нет точек соперника: пустые окружения не закрывают.
nesting = Такое окружение не может так охватывать старую область.
autoclose_usage = Используйте <code>/autoclose on</code> или <code>/autoclose off</code>.
autoclose_on = Закрывать автоматически: вкл. По польским правилам и правилам на территорию каждое окружение с точкой соперника закрывается сразу после вашей точки.
autoclose_off = Закрывать автоматически: выкл. После своей точки вы выбираете, что закрыть, и нажимаете «Готово».
cmd_close = Закрыть окружение после своей точки (польские, на территорию)
cmd_done = Закончить закрывать: ход переходит
cmd_autoclose = Закрывать окружения автоматически (on/off)
cmd_end = Предложить закончить игру на территорию со счётом
end_offered = { $name } предлагает закончить игру №{ $id } и посчитать территорию. { $opponent }, согласны?
end_offered_private = { $name } предлагает закончить игру №{ $id } и посчитать территорию. Согласны?
end_sent = Ваше предложение закончить игру №{ $id } отправлено: { $name }. Оно в силе, пока соперник не ответит или не сходит.
end_accepted = Согласие закончить игру: { $name }; территория посчитана.
end_declined = Отказ заканчивать игру №{ $id }: { $name }.
end_lapsed = Предложение закончить игру №{ $id } снято: игра продолжилась.
end_agreed = Игра №{ $id } закончена по соглашению, территория посчитана: обе стороны это предложили.
end_pending = Вы уже предложили закончить игру.
answer_draw_first = { $name } предлагает ничью: сначала ответьте на это предложение.
answer_end_first = { $name } предлагает закончить игру: сначала ответьте на это предложение.
no_grounding_polish = В польских правилах заземления нет: играйте дальше, /draw или /resign.
no_grounding_territory = В правилах на территорию заземления нет: играйте дальше, /end, /draw или /resign.
rules_polish =
    <b>Польские правила (szkrab.net.pl)</b>
    • Само ничего не окружается. После своей точки можно закрыть любое своё <i>окружение</i> с точкой соперника внутри: область, отрезанную вашими точками от края. Бот показывает кнопку на каждое (точка, сколько точек соперника, размер), ⭕ Все и ✅ Готово; ход переходит, когда вы закончили. <code>/m 20-18 close 21-17</code> ставит точку и сразу закрывает окружение с точкой 21-17; /autoclose закрывает всё после каждой вашей точки.
    • Закрывается всё окружение целиком; пустые не закрываются. Счёт — точки соперника в ваших областях.
    • Игра кончается сразу, когда отрыв достигает порога досрочной победы (обычно 15, или 30), иначе — когда поле заполнено; побеждает больший счёт.
rules_territory =
    <b>Правила «на территорию» (zagram.org)</b>
    • Само ничего не окружается. После своей точки можно закрыть любую цепь своих точек вокруг точки соперника (бот показывает каждое окружение кнопкой, ⭕ Все и ✅ Готово; работает и <code>/close x-y</code>); ход переходит, когда вы закончили.
    • /end предлагает закончить игру: если соперник согласен, все открытые окружения обоих игроков закрываются, и к счёту прибавляется половина разницы пустой территории (нечётное очко — против того, кто начинал бы её заполнять).
    • На заполненном поле счёт — окружённые точки как есть. Побеждает больший счёт.

## СТОП (docs/rules.md#stop): дополнительные точки соперника; настройки правил в лобби

# $limit: сколько времени у соперника на дополнительные точки (длительность или stop_no_limit).
rules_with_stop = { $rules }, СТОП и { $limit } на дополнительные точки
stop_no_limit = без ограничения времени
btn_penalty = −1 за свою
btn_no_penalty = без штрафа
btn_mode_grounding = Заземление
btn_mode_stop_phase = СТОП
btn_stop = СТОП
btn_finish = 🏁 Закончить
btn_autofinish = ⚡ Досчитать
cmd_stop = Объявить СТОП (спортивные правила со СТОП)
cmd_finish = Закончить дополнительные точки после СТОП
stop_on_turn = Объявить СТОП можно только в свой ход.
no_stop = Заканчивать нечего: дополнительные точки ставит и заканчивает соперник того, кто объявил СТОП.
extra_dots = Соперник объявил СТОП: поставьте дополнительные точки, затем /finish (или <code>/finish auto</code>, чтобы засчитать все его точки, которые ещё можно окружить).
# $opponent: кто будет ставить дополнительные точки; $limit: сколько времени; счёт — то, что дало бы заземление (лучшее для него).
stop_confirm = Объявить СТОП в игре №{ $id }? Вы больше не ставите точек; { $opponent } ставит дополнительные точки ({ $limit }). В лучшем для соперника случае игра закончится 🔵 { $score_blue } : { $score_red } 🔴 ({ $outcome }).
stop_withdrawn = СТОП отменён: игра №{ $id } продолжается.
stop_done = СТОП в игре №{ $id }: { $name }.
# Под полем во время дополнительных точек. $stopper: кто объявил СТОП.
caption_stop = СТОП: { $stopper }. { $mention } ставит дополнительные точки, затем 🏁 Закончить (/finish)
caption_your_extra = СТОП: { $stopper }. Поставьте дополнительные точки, затем 🏁 Закончить (⚡ засчитывает все точки соперника, которые ещё можно окружить)
caption_their_extra = Вы объявили СТОП: { $name } ставит дополнительные точки (/ground закончит их сразу подсчётом заземления)
picture_stop = СТОП ({ $stopper }): { $name } ставит доп. точки
result_stop_counted = СТОП: { $declarer }, досчитано заземлением — { $outcome }
bad_game_number = «{ $text }» — не номер игры; игру называют так: /board 12.
new_ai_unknown = Игра не начата: не понимаю «{ $words }». Попробуйте /new ai [easy|normal|hard] [поле от 10x10 до 39x39] [скрест|пусто|четыре] [время от 1m до 30d или без] [синие|красные] [polish|territory].
lobby_open_for_bot = Здесь открыта игра №{ $id }: нажмите её кнопку 🤖, чтобы сыграть с ботом с её настройками, или отмените её (/cancel) и попросите снова.
game_cancelled_by_alone = Игра №{ $id } отменена до первого хода (отмена: { $name }). Новую начинает /new.
resign_confirm_unplayed = Вы ещё не ходили в игре №{ $id }: если сдаться сейчас, игра будет отменена и не засчитается. Отменить игру №{ $id }?
## В пределах ограничений Telegram (группа принимает около 20 сообщений в минуту)

press_later = Доска изменится через { $seconds } с: в группе ограничение на число сообщений.
board_later = ✓ { $point } · доска появится через { $seconds } с (ограничение на число сообщений в группе)
answered_privately = { $where }: { $text }
board_above = { $link ->
    [none] Доска игры №{ $id } — последняя выше ↑
   *[other] Доска игры №{ $id } — <a href="{ $link }">последняя выше ↑</a>
}
resign_cancelled_done = Игра №{ $id } отменена: сдача до первого хода ({ $name }).

## Рейтинг Глико-2 (/top, /me)

# $rules: один из rules_name_*.
rating_title_chat = <b>Рейтинг в этом чате</b> · { $rules } (Глико-2)
rating_title_all = <b>Рейтинг всех игроков</b> · { $rules } (Глико-2)
rating_none_chat = Здесь ещё не закончено ни одной рейтинговой игры по этим правилам ({ $rules }).
# $rating: рейтинг и его отклонение, уже оформленные (<b>1563</b> ±74).
rating_line =
    { $n }. { $name } — { $rating } · { $games ->
        [one] { $games } игра
        [few] { $games } игры
        [many] { $games } игр
       *[other] { $games } игры
    }
rating_provisional = ? — предварительный: игр пока мало (отклонение 110 и больше).
rating_place = { $place }-е место из { $players }
rating_you = Вы: { $rating } · { $place }
rating_you_none = У вас ещё нет рейтинговых игр по этим правилам.
# $commands: /top с другими правилами, по которым здесь играли.
rating_other_rules = Здесь играли и по другим правилам: { $commands }
me_title = <b>{ $name }</b>
# $place: rating_place или ничего.
me_rating =
    { $rules }: { $rating } (волатильность { $volatility }) · { $games ->
        [one] { $games } игра
        [few] { $games } игры
        [many] { $games } игр
       *[other] { $games } игры
    } ({ $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
        [many] { $wins } побед
       *[other] { $wins } победы
    }, { $losses ->
        [one] { $losses } поражение
        [few] { $losses } поражения
        [many] { $losses } поражений
       *[other] { $losses } поражения
    }, { $draws ->
        [one] { $draws } ничья
        [few] { $draws } ничьи
        [many] { $draws } ничьих
       *[other] { $draws } ничьей
    }){ $place }
me_chat_place = В этом чате ({ $rules }): { $place }-е место из { $players }
me_chart = Рейтинг

## Реванш и возврат хода

btn_rematch = 🔁 Реванш
btn_rematch_accept = ✅ Сыграть реванш
btn_takeback_accept = ✅ Разрешить вернуть ход
# На последней доске в группе, под результатом. $name просит; $opponent упомянут.
rematch_asked = 🔁 { $name } предлагает реванш (те же настройки, цвета меняются): { $opponent }?
rematch_asked_you = Вы предложили реванш: { $name }.
rematch_asked_private = 🔁 { $name } предлагает реванш в игре №{ $id } (те же настройки, цвета меняются).
rematch_started = 🔁 Реванш — игра №{ $id }.
rematch_declined = Отказ от реванша: { $name }.
rematch_declined_private = Отказ от реванша в игре №{ $id }: { $name }.
game_not_over = Игра ещё идёт: реванш — после неё.
no_rematch = У этой игры не бывает реванша (она отменена или это игра турнира).
rematch_played = Реванш этой игры уже сыгран: игра №{ $id }.
no_rematch_asked = Реванш в этой игре никто не предлагал.
own_rematch = Этот реванш предложили вы: отвечает другой игрок.
cmd_takeback = Попросить вернуть свой последний ход (игры без рейтинга)
# $name: кто возвращает ход.
takeback_asked = ↩️ { $name } просит вернуть свой последний ход в игре №{ $id }: { $opponent }, согласны?
takeback_asked_private = ↩️ { $name } просит вернуть свой последний ход в игре №{ $id }.
takeback_sent = Вы попросили игрока { $name } разрешить вернуть ваш последний ход в игре №{ $id }.
takeback_pending = Ваша просьба вернуть ход в игре №{ $id } ждёт ответа.
takeback_unreachable = Не могу написать игроку { $name } в личку, поэтому не могу спросить о возврате хода в игре №{ $id }.
takeback_done = ↩️ Игра №{ $id }: последний ход игрока { $name } возвращён; снова ходит { $name }.
takeback_withdrawn = Просьба вернуть ход в игре №{ $id } отозвана: { $name }.
takeback_declined = Отказ в возврате хода в игре №{ $id }: { $name }.
no_takeback_rated = В рейтинговой игре ходы не возвращают (спортивные правила это запрещают, 2.6).
no_takeback_tournament = В игре турнира ходы не возвращают.
nothing_to_take_back = Вам нечего возвращать.
no_takeback_offer = Вернуть ход никто не просил.
own_takeback = Вернуть ход просили вы: отвечает соперник.
answer_takeback_first = { $name } уже просит вернуть ход: сначала ответьте на эту просьбу.
tournament_game = Это игра турнира №{ $id }: её доигрывают, а не отменяют (выход из турнира — поражение в ней).
btn_rated = ⭐ На рейтинг
btn_unrated = ☕ Без рейтинга
lobby_unrated = Без рейтинга: игра не влияет на рейтинг; можно /hint и /takeback.

## Турниры

cmd_tournament = Турнир в этой группе: швейцарка, круговой или на вылет
cmd_standings = Таблица турнира
tournament_format_swiss = Швейцарская система
tournament_format_round_robin = Круговой
tournament_format_elimination = На вылет
tournament_format_rounds =
    { $format }, { $rounds ->
        [one] { $rounds } тур
        [few] { $rounds } тура
        [many] { $rounds } туров
       *[other] { $rounds } тура
    }
tournament_title = 🏆 <b>Турнир №{ $id }</b> · { $format }
# $rules: правила словами; $rated: tournament_rated или tournament_unrated.
tournament_settings = { $rules } · поле { $size } · начало: { $start } · { $time } на ход · { $rated }
tournament_rated = на рейтинг
tournament_unrated = без рейтинга
tournament_starts_creator = Начнётся, когда его запустит { $name }.
# $time: время UTC; $left: через сколько.
tournament_starts_at = Начало в { $time } UTC (через { $left }).
tournament_players = Игроки ({ $count } из { $limit } возможных): { $names }
tournament_lobby_hint = Чтобы играть, нажмите <b>Играть</b>. { $name } меняет настройки, запускает турнир или убирает неявившегося игрока.
tournament_started_lobby = 🏆 <b>Турнир №{ $id }</b> начался: { $format }, игроков: { $count }. Пары каждого тура приходят одним сообщением, за ним — первая доска каждой игры; таблицу покажет /standings.
tournament_cancelled = Турнир №{ $id } отменён.
tournament_cancelled_few = Турнир №{ $id } не начался: записалось меньше { $count } игроков.
tournament_expired = Турнир №{ $id } закрыт: за 7 дней его никто не запустил.
tournament_round = 🏆 <b>Турнир №{ $id }</b> · тур { $round } из { $rounds }
tournament_round_robin_plan = Каждый играет с каждым по разу (таблицы Бергера).
tournament_table = Стол { $board }: 🔵 { $blue } – 🔴 { $red } · игра №{ $game }
tournament_table_forfeit = Стол { $board }: { $blue } – { $red } · победа без игры: { $winner }
tournament_bye = Без пары: { $name } (1 очко)
tournament_rest = Отдыхает в этом туре: { $name }
tournament_round_hint = Дальше — доска каждой игры: играйте кнопками под ней, ответом на неё или /m с номером игры.
tournament_standings_title = 📊 <b>Турнир №{ $id }</b> · таблица после тура { $round } из { $rounds }
tournament_final = 🏆 <b>Турнир №{ $id }</b> окончен: первое место — <b>{ $winner }</b>!
tournament_final_shared = 🏆 <b>Турнир №{ $id }</b> окончен: первое место делят { $names }.
tournament_line_swiss =
    { $place }. { $name } — <b>{ $points }</b> ({ $games ->
        [one] { $games } игра
        [few] { $games } игры
        [many] { $games } игр
       *[other] { $games } игры
    }) · Бх { $buchholz } · мБх { $median }
tournament_line_round_robin =
    { $place }. { $name } — <b>{ $points }</b> ({ $games ->
        [one] { $games } игра
        [few] { $games } игры
        [many] { $games } игр
       *[other] { $games } игры
    }) · Б-З { $sb }
tournament_line_elimination = { $place }. { $name } — { $stage }
tournament_left_mark = (вне турнира)
tournament_footer_swiss = Бх: Бухгольц, мБх: усечённый Бухгольц.
tournament_footer_round_robin = Б-З: коэффициент Бергера (Зоннеборна-Бергера).
tournament_footer_elimination = Ничья переигрывается со сменой цветов (не больше двух раз, потом проходит сеяный выше).
tournament_stage_winner = победа в финале
tournament_stage_final = поражение в финале
tournament_stage_third = третье место
tournament_stage_fourth = четвёртое место
tournament_stage_in = играет тур { $round }
tournament_stage_round = вылет в туре { $round }
# Заголовки столбцов картинки с таблицей.
tournament_th_place = №
tournament_th_player = Игрок
tournament_th_points = Очки
tournament_th_sb = Б-З
tournament_th_buchholz = Бх
tournament_th_median = мБх
tournament_th_games = Игры
tournament_th_round = Т{ $round }
tournament_picture_title = Турнир №{ $id } · { $format }
tournament_picture_after = после тура { $round } из { $rounds }
tournament_picture_final = итоговая таблица
tournament_picture_lobby = ещё не начался
tournament_picture_rr_footer = 1 — победа, ½ — ничья, 0 — поражение, f — без игры. Б-З: коэффициент Бергера.
tournament_picture_swiss_footer = +5 — победа над 5-м, =3 — ничья, −2 — поражение, f — без игры, + — без пары. Бх: Бухгольц, мБх: усечённый.
tournament_picture_elim_footer = +5 — победа над 5-м, −2 — поражение, f — без игры, + — без пары.
tournament_picture_dot = Точка: цвет, которым играли.
caption_table = 🏆 Турнир №{ $id } · тур { $round } · стол { $board }
btn_t_swiss = Швейцарка
btn_t_round_robin = Круговой
btn_t_elimination = На вылет
btn_t_rounds_auto = авто
btn_t_starts_creator = 🙋 Запущу вручную
btn_t_starts_in = ⏰ через { $time }
btn_t_leave = 🚪 Выйти
btn_t_start = ▶ Начать
btn_t_remove = 👤 Убрать…
btn_t_back = ◀ Назад
btn_t_standings = 📊 Таблица
btn_t_sgf = 📥 Партии (SGF)
btn_t_leave_yes = 🚪 Да, выйти
tournament_joined = Вы в турнире №{ $id }.
tournament_left = Вы вышли из турнира №{ $id }.
tournament_removed = { $name } больше не в турнире №{ $id }.
tournament_left_running = Выход из турнира №{ $id }: { $name } — текущая игра проиграна, остальные — без игры.
tournament_leave_confirm = Выйти из турнира №{ $id }? Текущая игра будет проиграна, все следующие — тоже, без игры.
tournament_leave_kept = Вы остаётесь в турнире №{ $id }.
tournament_remove_pick = Кого убрать из турнира №{ $id }? (Выбывание после начала — поражение без игры во всех оставшихся партиях.)
tournament_remove_kept = Из турнира №{ $id } никто не убран.
tournament_sgf = Турнир №{ $id }: { $count ->
        [one] { $count } партия
        [few] { $count } партии
        [many] { $count } партий
       *[other] { $count } партии
    } (SGF).
tournament_no_games = В турнире №{ $id } ещё нет законченных партий.
tournament_open_here = Турнир этой группы:
tournament_unknown = (пропущено непонятное: { $words })
tournament_shown_players = …и ещё { $count }.
no_such_tournament = Турнира №{ $id } здесь нет.
groups_only = Турниры играют в группах: добавьте бота в группу и отправьте там /tournament.
no_tournament = В этой группе нет турнира: откройте его командой /tournament.
tournament_started = Турнир №{ $id } уже начался.
tournament_over = Турнир №{ $id } окончен.
too_many_for_round_robin = Круговой турнир — не больше чем на { $count } игроков: выберите швейцарку или на вылет.
joined_already = Вы уже в турнире №{ $id }.
tournament_full = В турнире нет мест ({ $count } игроков).
creator_stays = Создатель турнира остаётся в нём: чтобы не проводить турнир, отмените его.
not_in_tournament = Этого игрока нет (или уже нет) в турнире №{ $id }.
too_few_players = Турнир начинается, когда игроков хотя бы { $count }.
btn_t_page = 🏆 Страница турнира
webapp_tournament_games = Туры и игры
webapp_puzzle_how = Нажмите на точку, куда бы вы сходили, затем «Ответить».
webapp_puzzle_answer = Ответить { $point }
webapp_puzzle_next = Следующая задача
webapp_puzzle_gone = Задачи №{ $id } нет.
btn_puzzle_webapp = 🧩 Решить на всей доске

## Review (Telegram)
# A finished game reviewed (docs/playing.md#reviews): the command, its button and the answers that are the chat's
# own. The review's own texts (its progress, summaries, captions) are in the review's wording.

cmd_review = Разбор оконченной игры: главные ошибки, запись SGF с комментариями
btn_review = 🔎 Разбор
# $id: a game's number, or the number of a record someone sent.
review_game = Игра №{ $id }
review_record = Запись №{ $id }
# $what: review_game or review_record.
review_under_way = { $what }: разбор уже идёт, его ход — здесь ↑
review_press_started = 🔎 { $what }: разбор начался, его ход будет виден в чате.
review_press_running = 🔎 { $what }: разбор уже идёт.
review_press_done = 🔎 { $what }: разбор сейчас появится в чате.
review_none = Здесь нет вашей оконченной игры для разбора. <code>/review 12</code> называет игру; кнопка 🔎 Разбор под полем оконченной игры тоже работает.
review_usage = <code>/review</code> — разбор вашей последней оконченной игры здесь · <code>/review 12</code> — игры №12 · 🔎 Разбор под полем оконченной игры или под присланной мне записью
# $title: the review's title ("Review of game #12"); the progress message says this once the review follows it.
review_posted = 🔎 { $title }: готово ↓
review_sgf_caption = { $title }: запись SGF с комментариями (GM[40]) — оценка каждого хода, лучшие ходы вариантами; её откроют zagram.org, KataGoDots и этот бот.

## Задачи (/puzzle)

cmd_puzzle = Задача из настоящей партии: найдите лучший ход
puzzle_task_capture = <b>Задача №{ $id }</b> · рейтинг { $rating }
    Ход { $colour ->
        [blue] синих
       *[red] красных
    }: найдите ход, который окружает больше всего.
puzzle_task_save = <b>Задача №{ $id }</b> · рейтинг { $rating }
    Ход { $colour ->
        [blue] синих
       *[red] красных
    }: найдите ход, который спасает больше всего.
puzzle_task_win = <b>Задача №{ $id }</b> · рейтинг { $rating }
    Ход { $colour ->
        [blue] синих
       *[red] красных
    }: найдите ход, который выигрывает партию.
puzzle_daily_title = 🗓 Задача дня
puzzle_how_private = Ответьте <code>x-y</code> (или <code>/m x-y</code>, ответом на сообщение, кнопкой в рамке).
puzzle_how_group = Побеждает первый верный ответ: нажмите точку в рамке (одна попытка у каждого) или ответьте <code>x-y</code>.
puzzle_what_capture = <b>{ $point }</b> выигрывает на { $margin ->
        [one] { $margin } точку
        [few] { $margin } точки
        [many] { $margin } точек
       *[other] { $margin } точки
    } больше любого другого хода
puzzle_what_save = <b>{ $point }</b> спасает { $margin ->
        [one] { $margin } точку
        [few] { $margin } точки
        [many] { $margin } точек
       *[other] { $margin } точки
    } по сравнению с любым другим ходом
puzzle_what_win = <b>{ $point }</b> выигрывает партию: за ним — заземление
puzzle_right = ✅ Верно! { $what }.
puzzle_wrong = ❌ { $answer } — не то. { $what }.
puzzle_rating_moved = Ваш рейтинг в задачах: { $before } → <b>{ $after }</b>.
puzzle_again = Вы уже отвечали на задачу №{ $id }: засчитывается один раз.
puzzle_next = /puzzle — следующая задача.
puzzle_none = Вы видели все задачи, что есть. Новые появляются из сыгранных партий: загляните позже.
puzzle_none_group = Эта группа видела все задачи, что есть. Новые появляются из сыгранных партий.
puzzle_skipped = Задача №{ $id } пропущена. { $what }.
puzzle_won = 🏆 Задача №{ $id } решена: { $name } — { $what }.
puzzle_press_right = ✅ Верно: это первый верный ответ!
puzzle_press_wrong = ❌ { $point } — не то. У каждого одна попытка.
puzzle_press_again = Ваша попытка уже была ({ $point }).
puzzle_press_solved = Уже решена: { $name }.
puzzle_reply_late = Задача №{ $id } уже решена: { $name }.
puzzle_daily_on = Теперь в этой группе каждый день будет задача. <code>/puzzle daily off</code> — отключить.
puzzle_daily_off = Задач дня здесь больше не будет.
puzzle_daily_private = <code>/puzzle daily</code> — для групп; здесь /puzzle даёт задачу когда угодно.
puzzle_share_on = Ваши завершённые личные партии теперь могут давать задачи (если соперник тоже это разрешает).
puzzle_share_off = Ваши личные партии не дают задач.
puzzle_share_group = Отправьте <code>/puzzle share on</code> мне в личные сообщения: это ваш собственный выбор.
puzzle_usage = <code>/puzzle</code> — следующая задача · <code>/puzzle daily</code> или <code>/puzzle daily off</code> — задача дня в группе · <code>/puzzle share on</code> или <code>off</code> — могут ли ваши личные партии давать задачи
me_puzzles = Задачи: <b>{ $rating }</b> ±{ $deviation } · решено { $solved }, не решено { $failed }
me_puzzles_share = Ваши личные партии могут давать задачи (<code>/puzzle share off</code>).
me_puzzles_noshare = Ваши личные партии не дают задач (<code>/puzzle share on</code>).

## Разборы (/review)
# Разбор законченной игры (/review): график оценки, самые крупные ошибки, цифры каждого игрока.
# $id: номер игры (review_of_game) или импортированной записи (review_of_import).
review_of_game = игры №{ $id }
review_of_import = записи №{ $id }
# $what: review_of_game или review_of_import (в родительном падеже: «разбор игры №12»).
review_title = Разбор { $what }
review_axis_moves = Ход
review_axis_score = Точки: синие − красные
# Сделанный ход, когда это было заземление.
review_ground = заземление
# $ply: номер хода; $played: ход (x-y или review_ground); $loss: сколько точек он потерял (бывает дробным);
# $better: один из review_better_*.
review_mistake = Ход { $ply } · { $played } теряет { $loss ->
        [one] { $loss } точку
        [few] { $loss } точки
        [many] { $loss } точек
       *[other] { $loss } точки
    }: { $better }
# $point: лучший ход; $count: точки.
review_better_captures = { $point } окружает { $count }
review_better_saves = { $point } спасает { $count }
review_better_ground_wins = заземление выигрывает партию
review_better_ground = заземление сохраняет счёт
review_better_keeps = { $point } сохраняет счёт
# $average: потери точек за ход в среднем (один знак после запятой); $blunders: ходы, потерявшие 3 точки и больше;
# $mistakes: 1 точку и больше.
review_numbers = потери { $average ->
        [one] { $average } точка
        [few] { $average } точки
        [many] { $average } точек
       *[other] { $average } точки
    } за ход · { $blunders ->
        [one] { $blunders } грубая ошибка
        [few] { $blunders } грубые ошибки
        [many] { $blunders } грубых ошибок
       *[other] { $blunders } грубой ошибки
    } · { $mistakes ->
        [one] { $mistakes } ошибка
        [few] { $mistakes } ошибки
        [many] { $mistakes } ошибок
       *[other] { $mistakes } ошибки
    }
# $name: игрок; $numbers: review_numbers.
review_summary = { $name }: { $numbers }
# $done: сколько ходов уже разобрано; $total: сколько всего; $left: время («40 с»).
review_progress = 🔎 Разбор { $what }… { $done } из { $total ->
        [one] { $total } хода
        [few] { $total } ходов
        [many] { $total } ходов
       *[other] { $total } хода
    }
review_progress_left = 🔎 Разбор { $what }… { $done } из { $total ->
        [one] { $total } хода
        [few] { $total } ходов
        [many] { $total } ходов
       *[other] { $total } хода
    }, осталось около { $left }
review_done = 🔎 <b>Разбор { $what }</b>
# $name: игрок, чьи самые крупные ошибки идут дальше.
review_mistakes_of = Самые крупные ошибки ({ $name }):
review_no_mistakes = { $name }: ни один ход не потерял и точки.
# Свой ещё идущий разбор и насколько он продвинулся ($what: review_of_game или review_of_import).
review_busy_progress = Ваш разбор { $what } ещё идёт ({ $done } из { $total ->
        [one] { $total } хода
        [few] { $total } ходов
        [many] { $total } ходов
       *[other] { $total } хода
    }): разборы идут по одному.
# Отказы сервисов (значения Problem). $subject: game или import; $id: номер.
review_busy = Ваш разбор { $subject ->
        [import] записи №{ $id }
       *[other] игры №{ $id }
    } ещё идёт: только один разбор за раз. Скоро он будет готов.
review_not_over = Игра №{ $id } ещё идёт: разобрать её можно, когда она закончится.
review_cancelled = Игра №{ $id } была отменена до начала: разбирать нечего.
no_such_record = Здесь нет записи №{ $id }, которую вы можете разобрать.

## Review (Mini App)

webapp_review = 🔎 Разбор
webapp_review_sgf = ⬇ SGF с разбором
webapp_review_legend = Нажмите на ошибку: ✕ сыгранный, ● лучше
webapp_review_none = Ни один ход не потерял и точки.
