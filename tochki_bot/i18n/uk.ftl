### Українські тексти tochki-bot.
### Тексти — це HTML Telegram: теги <b>, <i>, <code> і <a> мають бути парними. Імена приходять уже екранованими.
### Числа приходять як числа Fluent без розділювачів розрядів; для лічби — селектори за формами
### [one] (1, 21), [few] (2–4, 22), [many] (0, 5–20, 25) і *[other] (дроби: 1,5).
### Імена не відмінюються: ставте їх у називному відмінку (підметом або після двокрапки). Минулий час однини має рід,
### якого бот не знає: звертання на «ви» (множина) та теперішній час його не потребують.
### Номер гри завжди зі знаком № (№12): так бот упізнає гру у відповіді на повідомлення.
### Ідентифікатори та змінні — ті самі, що в en.ftl (це перевіряє tests/test_texts.py).

## Допомога і правила

start =
    Привіт! Зі мною можна грати в <b>Точки</b> за спортивними правилами: оточуйте точки суперника.

    • У групі: додайте мене й надішліть /new.
    • Тут: /new дасть посилання-запрошення для друга, і ви гратимете заочно, кожен у своєму чаті зі мною.

    /help — як ходити, /rules — правила.

start_group =
    Привіт! Зі мною можна грати в <b>Точки</b> за спортивними правилами: оточуйте точки суперника.

    • Тут: /new відкриває гру, другий гравець натискає <b>Грати</b>.
    • В особистому чаті зі мною /new дає посилання-запрошення, щоб грати заочно.

    /help — як ходити, /rules — правила.

# $privacy: privacy_on, privacy_off або порожньо (в особистому чаті); $bot: ім’я бота.
help =
    <b>Як грати</b>
    /new створює гру: кнопками виберіть поле, початкову позицію й час на хід; другий гравець натискає <b>Грати</b>. В особистому чаті /new натомість дає посилання-запрошення.

    <b>Хід</b> — це пункт <code>x-y</code>: x лічиться зліва, y — знизу, як підписано по краях картинки. Підійде будь-який спосіб:
    • <code>/m 20-18</code> (або <code>/move 20-18</code>) будь-де;
    • відповідь на картинку з полем: <code>20-18</code>;
    • кнопки під картинкою: вони повторюють ділянку поля в помаранчевій рамці; стрілки зсувають рамку, ◎ повертає до останнього ходу, 🔍 показує цю ділянку великим планом;
    • просто <code>20-18</code> в особистому чаті та в групах, де я читаю всі повідомлення.
    { $privacy }
    Граєте кілька партій? Кожне поле має номер: <code>/m 12 20-18</code>, <code>/board 12</code>, <code>/resign 12</code> стосуються гри №12, а відповідь на картинку — гри на цій картинці.

    <b>Інші команди</b>
    /board — показати поле · /zoom 20-18 — поле навколо пункту великим планом · /resign — здатися · /draw — запропонувати нічию · /ground — заземлитися · /stop — оголосити СТОП (спортивні правила зі СТОП), /finish — закінчити додаткові точки · /cancel — скасувати ще не розпочату гру · /games — ваші ігри · /stats — таблиця результатів · /top — рейтинг (Гліко-2) · /me — ваш рейтинг і результати · /takeback — попросити повернути свій останній хід (ігри без рейтингу) · /lang uk, /lang pl, /lang ru або /lang en · /rules — правила

    <b>Зіграти ще</b>
    🔁 Реванш під дошкою закінченої гри — та сама гра зі зміною кольорів. /tournament відкриває турнір у групі (швейцарська, колова або на виліт); /standings показує його таблицю.

    <b>Поділитися</b>
    /sgf — запис гри в SGF · /png — поле в повній роздільній здатності · /replay — анімований повтор · /watch — посилання для глядачів. Надішліть мені файл <code>.sgf</code> (zagram.org, playdots, KataGoDots…) — я покажу запис, його можна погортати або дограти. Наберіть @{ $bot } у будь-якому чаті, щоб поділитися своїм полем.
privacy_off = Я читаю всі повідомлення цієї групи, тож тут можна писати просто <code>20-18</code>.
privacy_on = У групах я бачу лише команди та відповіді на мої повідомлення (режим приватності Telegram), тому пишіть <code>/m 20-18</code>, відповідайте на картинку з полем або тисніть кнопки.
rules =
    <b>Спортивні точки: коротко про правила</b>
    • Поле — 39x32 пункти, першими ходять сині. Гра починається з хреста: дві сині й дві червоні точки в центрі.
    • За хід ставиться одна точка в будь-який вільний пункт; пропускати й скасовувати ходи не можна.
    • Замкніть навколо точок суперника ланцюг своїх точок (сусідніх по горизонталі, вертикалі чи діагоналі), і їх буде оточено: область зафарбовується, її пункти виходять із гри. Точки на краю поля оточити не можна.
    • Область оточення завжди береться найменшою. Кільце навколо самих лише порожніх пунктів — це <i>будиночок</i>: точку суперника, поставлену в нього, одразу оточено, якщо тільки вона сама не замикає оточення.
    • Оточивши область, ви забираєте її цілком з усім умістом: у рахунок іде те, що кожен має оточеним зараз.
    • <b>Заземлення</b> закінчує гру: усі ваші точки, не з’єднані з краєм поля неперервною лінією ваших точок по горизонталі й вертикалі, дістаються супернику.
    • Гра закінчується також, коли поле заповнене, коли хтось здається, коли вийшов час або коли гравці погоджуються на нічию. Перемагає той, хто має більше очок.
apology = Вибачте, у мене щось пішло не так. Зроблені ходи збережено; спробуйте ще раз.
lang_set = Мова: українська.
lang_usage = Напишіть /lang uk, /lang pl, /lang ru або /lang en (у групі також /lang auto — мова, якою користується більшість гравців).
# $language: lang_set тієї мови, яка тепер діє в групі.
lang_set_auto = Тепер ця група говорить мовою більшості своїх гравців. { $language }
# Повідомлення в особистому чаті, яке не схоже на хід.
chatter_private = Хід пишеться як <code>x-y</code>, наприклад <code>20-18</code>; усі команди — в /help.

## Набір у гру

# $hint: lobby_hint_group або lobby_hint_private (для продовження запису — після lobby_continued).
lobby =
    <b>Нова гра №{ $id } у Точки</b>
    Поле { $size } · початок: { $start } · час на хід: { $time }
    { $colours }
    { $hint }
lobby_hint_group = Другий гравець натискає <b>Грати</b>, а автор гри може змінити налаштування кнопками або зіграти з ботом (🤖, від ★ до ★★★ за силою), поки група дивиться.
lobby_hint_private =
    Надішліть це посилання супернику; хто його відкриє, той і зіграє з вами:
    { $link }
    Або зіграйте з ботом просто зараз: 🤖 (від ★ до ★★★ за силою).
start_cross = хрест
start_four-crosses = чотири хрести
start_double-cross = подвійний хрест
start_four-crosses-random = чотири випадкові хрести
start_empty = порожнє поле
start_custom = своя позиція
time_none = без обмеження
colours_random = Кольори за жеребом · автор: { $creator }
colours_creator_blue = { $creator } грає синіми
colours_creator_red = { $creator } грає червоними
btn_join = ✅ Грати
btn_cancel = ✖ Скасувати
btn_blue = Я 🔵
btn_red = Я 🔴
btn_random = 🎲
btn_yes_resign = Так, здаюся
btn_no = Ні
btn_ground = Заземлитися
btn_accept = Прийняти нічию
btn_decline = Відмовитися
btn_last = ◎
lobby_started = Гра №{ $id } почалася: 🔵 { $blue } — 🔴 { $red }.
lobby_cancelled = Гру №{ $id } скасовано.
game_cancelled = Гру №{ $id } скасовано до першого ходу.
game_cancelled_by = Гру №{ $id } до першого ходу скасовує { $name }. { $other }, нову починає /new.
only_creator = Змінювати налаштування й скасовувати гру може лише { $creator }.
own_game = Це ваша гра: зачекайте на суперника.
own_invite = Це ваше власне запрошення: надішліть посилання супернику.
game_started_already = Ця гра вже почалася.
joined = Ви в грі №{ $id }.
open_game_on = Тут уже йде гра №{ $id } (у чаті чи темі — одна за раз); нову можна почати, коли вона закінчиться. Поле покаже /board.
open_game_exists = Тут уже є гра (у чаті чи темі — одна за раз):
invite_unknown = Це посилання-запрошення більше не діє. Попросіть нове або почніть гру командою /new.

## Відмови (ключі — коди GameError і причини Reason із рушія)

no_game = Тут немає гри. Почніть нову командою /new.
no_game_private = У вас немає поточної гри. Почніть нову командою /new або відкрийте посилання-запрошення.
not_a_player = Ви не граєте в цій грі.
not_your_turn = Зараз не ваш хід: ходить { $name }.
game_over = Гру закінчено.
stale = Ця кнопка застаріла: гра пішла далі.
busy = Гра щойно змінилася; спробуйте ще раз.
malformed = Хід пишеться як <code>x-y</code>, наприклад <code>20-18</code>: x лічиться зліва, y — знизу.
off_board = Пункт { $point } поза межами поля: x від 1 до { $width }, y від 1 до { $height }.
occupied = Пункт { $point } уже зайнятий.
captured = Пункт { $point } в оточенні: ставити туди не можна.
move_usage = Напишіть <code>/m 20-18</code>: x лічиться зліва, y — знизу.
cancel_started = Гра вже почалася, скасувати її не можна. Можна здатися (/resign) або запропонувати нічию (/draw).
ground_on_turn = Заземлитися можна лише у свій хід.
not_started = Гра ще не почалася.
draw_pending = Ви вже запропонували нічию.
no_draw_offer = Зараз немає пропозиції нічиєї: на неї вже відповіли, або її знято, коли гра продовжилася.
own_draw_offer = На вашу пропозицію має відповісти суперник.
point_info_dot = { $point }: { $dot }
dot_blue = синя точка
dot_red = червона точка
draw_sent = Ви запропонували нічию в грі №{ $id }. Пропозиція чинна, доки { $name } не відповість або не зробить хід.
point_info_out = { $point } в оточенні
point_busy = Пункт { $point } зайнятий

## Поле

caption_move =
    Хід { $ply }: { $point } { $colour ->
        [blue] 🔵
       *[red] 🔴
    }
# Скільки точок суперника оточив хід.
caption_captured =
    { $count ->
        [one] оточено { $count } точку
        [few] оточено { $count } точки
        [many] оточено { $count } точок
       *[other] оточено { $count } точки
    }
caption_start = Першими ходять сині.
caption_turn = { $mention }, ваш хід
caption_left = залишилося { $left }
caption_window = Кнопки: x { $x0 }–{ $x1 }, y { $y0 }–{ $y1 }
picture_move = Хід { $ply } · { $point }
picture_turn = ходить { $name }
picture_start = першими ходять сині

# Чим закінчилася гра: одне речення без крапки в кінці, як заголовок (теперішній час не потребує роду гравця).
# Воно йде після «Гру закінчено.» під полем і окремо — у рядку на картинці.
result_resignation = { $loser } здається — перемагає { $winner }
result_timeout = { $loser } не встигає зробити хід — перемагає { $winner }
# $outcome: outcome_win або outcome_draw.
result_grounding = { $declarer } заземлюється — { $outcome }
result_board_full = Поле заповнене — { $outcome }
result_draw = Нічия за згодою
outcome_win = перемагає { $winner }
outcome_draw = нічия
# $result: один із текстів result_*.
game_over_caption = <b>Гру закінчено.</b> { $result }.

## Нічия, здача, заземлення

draw_offered = { $name } пропонує нічию в грі №{ $id }. { $opponent }, згодні?
draw_agreed = Нічия за згодою в грі №{ $id }: обидві сторони її запропонували.
draw_declined = { $name } відмовляється від нічиєї в грі №{ $id }.
resign_confirm = Здатися в грі №{ $id }?
ground_confirm = Заземлитися в грі №{ $id }? Гра одразу закінчиться з рахунком 🔵 { $score_blue } : { $score_red } 🔴 ({ $outcome }).
cancelled_action = Гаразд, граємо далі.

## Час

# $where: in_chat або порожньо; $left: тривалість.
remind_half = ⏰ { $mention }, ваш хід у грі №{ $id }{ $where }: залишилося { $left }.
remind_last = ⏰ { $mention }, на хід у грі №{ $id }{ $where } залишилося всього { $left }!
in_chat = {" "}({ $title })
# Секунди, хвилини й години скорочено (їм не потрібні форми числа); дні повним словом.
duration_seconds = { $s } с
duration_minutes = { $m } хв
duration_hours = { $h } год
duration_hours_minutes = { $h } год { $m } хв
duration_days =
    { $d ->
        [one] { $d } день
        [few] { $d } дні
        [many] { $d } днів
       *[other] { $d } дня
    }
duration_days_hours =
    { $d ->
        [one] { $d } день
        [few] { $d } дні
        [many] { $d } днів
       *[other] { $d } дня
    } { $h } год

## Списки

games_title =
    <b>Ваші ігри</b>: { $count }. { $waiting ->
        [0] Вашого ходу зараз не чекає жодна
        [one] Ваш хід у { $waiting } грі
        [few] Ваш хід у { $waiting } іграх
        [many] Ваш хід у { $waiting } іграх
       *[other] Ваш хід у { $waiting } гри
    }. Натисніть на гру, щоб побачити поле.
games_none = У вас немає поточних ігор. Почніть нову командою /new.
stats_title = <b>Результати в цьому чаті</b> (перемоги · поразки · нічиї)
stats_line = { $n }. { $name } — { $wins } · { $losses } · { $draws }
stats_none = Тут ще немає завершених ігор.
stats_private =
    Ваші результати: { $wins ->
        [one] { $wins } перемога
        [few] { $wins } перемоги
        [many] { $wins } перемог
       *[other] { $wins } перемоги
    }, { $losses ->
        [one] { $losses } поразка
        [few] { $losses } поразки
        [many] { $losses } поразок
       *[other] { $losses } поразки
    }, { $draws ->
        [one] { $draws } нічия
        [few] { $draws } нічиї
        [many] { $draws } нічиїх
       *[other] { $draws } нічиєї
    }.

## Меню команд

cmd_new = Нова гра
cmd_m = Хід: /m 20-18
cmd_move = Хід: /move 20-18
cmd_board = Показати поле
cmd_resign = Здатися
cmd_draw = Запропонувати нічию
cmd_ground = Заземлитися
cmd_cancel = Скасувати ще не розпочату гру
cmd_games = Ваші ігри
cmd_stats = Таблиця результатів
cmd_lang = Мова: /lang uk, pl, ru або en
cmd_help = Як грати
cmd_rules = Правила
cmd_sgf = Запис гри в SGF
cmd_png = Поле в повній роздільній здатності
cmd_replay = Анімований повтор гри
cmd_watch = Посилання для глядачів
cmd_unwatch = Припинити стежити за грою
cmd_top = Рейтинг гравців
cmd_me = Ваш рейтинг і результати

## Записи, картинки, глядачі

no_such_game = Гра №{ $id } тут недоступна.
watch_unknown = Це посилання для глядачів не діє.
watching = Ви стежите за грою №{ $id }: після кожного ходу я надсилатиму сюди нове поле.
watching_over = Гру №{ $id } закінчено; ось підсумкова позиція.
watch_link =
    Посилання для глядачів гри №{ $id } — за ним можна дивитися поле й стежити за ходами:
    { $link }
unwatched = Ви більше не стежите за грою №{ $id }.
not_following = Ви не стежите за жодною грою.
btn_unwatch = Припинити стежити
sgf_caption = Запис гри №{ $id } у форматі SGF (GM[40]): його відкриють zagram.org, KataGoDots і цей бот.
png_caption = Гра №{ $id }, хід { $ply }: картинка в повній роздільній здатності.
replay_progress = Малюю повтор гри №{ $id }… { $percent }%
replay_caption =
    Повтор гри №{ $id }: { $moves ->
        [one] { $moves } хід
        [few] { $moves } ходи
        [many] { $moves } ходів
       *[other] { $moves } ходу
    }.
replay_empty = Поки що нема чого повторювати.
import_bad = Не вдалося прочитати файл як запис гри в точки: { $reason }
import_too_big = Файл завеликий для запису гри.
# $result: один із текстів record_result_*, import_no_result або значення RE з файлу як є.
import_caption =
    <b>{ $name }</b>
    🔵 { $blue } <b>{ $score_blue } : { $score_red }</b> { $red } 🔴
    { $size } · { $moves ->
        [one] { $moves } хід
        [few] { $moves } ходи
        [many] { $moves } ходів
       *[other] { $moves } ходу
    } · результат у записі: { $result }
    Позиція після ходу { $ply } з { $moves }.
import_no_result = не вказано
# Результат, указаний у записі SGF (RE). $winner — "blue" або "red".
record_result_points =
    перемога { $winner ->
        [blue] синіх
       *[red] червоних
    } з перевагою в { $points ->
        [one] { $points } очко
        [few] { $points } очки
        [many] { $points } очок
       *[other] { $points } очка
    }
record_result_resignation =
    { $winner ->
        [blue] червоні здалися, перемога синіх
       *[red] сині здалися, перемога червоних
    }
record_result_time =
    перемога { $winner ->
        [blue] синіх
       *[red] червоних
    } за часом
record_result_forfeit =
    технічна перемога { $winner ->
        [blue] синіх
       *[red] червоних
    }
record_result_grounding =
    перемога { $winner ->
        [blue] синіх
       *[red] червоних
    } після заземлення
record_result_win =
    перемога { $winner ->
        [blue] синіх
       *[red] червоних
    }
record_result_draw = нічия
btn_continue = ▶ Продовжити як нову гру
lobby_continued = Гра продовжує запис після ходу { $ply } і на рейтинг не впливає.

## Рейтинг і вбудований режим

me_none = У вас ще немає завершених рейтингових ігор.
inline_title = Гра №{ $id }: { $blue } { $score_blue }:{ $score_red } { $red }
inline_description = хід { $ply } · { $status }
inline_open = Відкрити в боті
inline_status_over = закінчена
inline_status_on = ходить { $name }

## Ігри, запитання, вибір

caption_head = <b>№{ $id }</b> · 🔵 { $blue } <b>{ $score_blue } : { $score_red }</b> { $red } 🔴
caption_head_player =
    <b>№{ $id }</b> · суперник: { $opponent } { $colour ->
        [blue] 🔵
       *[red] 🔴
    } · 🔵 <b>{ $score_blue } : { $score_red }</b> 🔴
caption_your_move = <b>Ваш хід</b>
caption_their_move = Ходить { $name }
cancelled_caption = <b>Гру скасовано.</b> { $result }.
result_cancelled_resignation = { $loser } здається, не зробивши жодного ходу, тож гра не зараховується
picture_game = №{ $id }
label_game = №{ $id }
label_lobby = чекає на суперника
label_vs = суперник: { $name }
label_your_move = ваш хід
label_their_move = хід суперника
label_over = закінчена
btn_zoom = 🔍
btn_full = 🗺
zoom_caption = №{ $id } · x { $x0 }–{ $x1 }, y { $y0 }–{ $y1 }
zoom_usage = Напишіть <code>/zoom 20-18</code>, щоб побачити поле навколо пункту великим планом (просто /zoom — навколо останнього ходу).
watching_ended = Гру №{ $id } закінчено; ви більше не стежите за нею.
lobby_expired = Гра №{ $id }: за 7 днів ніхто не приєднався, запрошення закрито.
question_over = Гру №{ $id } закінчено.
draw_lapsed = Пропозицію нічиєї в грі №{ $id } знято: гра продовжилася.
question_stale = Уже неактуально: у грі №{ $id } зроблено хід.
post_as_yourself = Пишіть, будь ласка, від свого імені, а не від імені групи чи каналу: мені треба знати, хто грає.
pick_game = Яка гра?
pick_move = Ваш хід одразу в кількох іграх. У якій із них поставити { $point }?
picked = Гра №{ $id }.
picked_move = { $point } — у грі №{ $id }.
button_unknown = Ця кнопка більше не працює.
not_yours = Натиснути може лише { $name }.
no_turn_anywhere = Зараз у жодній із ваших ігор не ваш хід.
invite_cancelled = Цю гру скасував її автор.
invite_expired = Термін запрошення минув: за 7 днів його ніхто не відкрив.
invite_needed = До цієї гри приєднуються за посиланням-запрошенням.
record_over = Партію в цьому записі закінчено; дограти її не можна.
time_is_up = Запізно: час на хід вийшов, і гру програно за часом.
open_invitation = У вас уже є відкрите запрошення (лише одне за раз). Ось воно; скасуйте його, щоб створити нове:
resign_withdrawn = Здачу скасовано: гра №{ $id } триває.
resign_done = { $name } здається в грі №{ $id }.
ground_withdrawn = Заземлення скасовано: гра №{ $id } триває.
ground_done = { $name } заземлюється в грі №{ $id }.
draw_accepted = { $name } приймає нічию.
record_jump_usage = Відповідайте на запис номером ходу, наприклад <code>120</code>, щоб перейти до нього.
cmd_zoom = Поле навколо пункту великим планом: /zoom 20-18

side_blue = Синій гравець
side_red = Червоний гравець
picture_cancelled = гру скасовано
cancelled_plain_caption = <b>Гру скасовано.</b>
dot_blue_captured = синя точка, оточена
dot_red_captured = червона точка, оточена
game_ended = Гру №{ $id } закінчено; нову починає /new.
draw_offered_private = { $name } пропонує нічию в грі №{ $id }. Згодні?
lobby_expired_group = Гра №{ $id }: за 7 днів ніхто не приєднався, набір закрито.

## Записи, які не вдається прочитати

sgf_illegal_move = хід { $move } не за правилами
sgf_broken = файл пошкоджено (не збігаються дужки або властивості)
sgf_not_sgf = це не файл SGF
sgf_bad_point = «{ $value }» — не пункт поля
sgf_off_board = пункт «{ $value }» поза межами поля
sgf_not_points = це запис іншої гри (GM[{ $game }]; у точок GM[40])
sgf_no_size = у записі не вказано розмір поля (SZ)
sgf_bad_size = на полі розміром { $size } грати не можна
sgf_bad_start = початкову позицію не вдається розставити
sgf_bad_rules = не вдається прочитати правила гри (RU)
document_unknown = Я читаю записи партій у форматі SGF (файли <code>.sgf</code>): надішліть такий, і я покажу його, дам погортати або дограти.

games_none_here = Тут у вас немає поточних ігор; /games в особистому чаті зі мною покаже всі ваші ігри.

unconfirmed = Не можу підтвердити, що це збереглося (збій сховища). <code>/board { $id }</code> покаже гру №{ $id } такою, якою вона є зараз.

too_many_imports =
    Сьогодні ви вже надіслали { $count ->
        [one] { $count } запис
        [few] { $count } записи
        [many] { $count } записів
       *[other] { $count } запису
    } — більше за день не можна; надсилайте завтра.
imports_too_big = Ваші записи зайняли все місце, яке я зберігаю для однієї людини ({ $megabytes } МБ); старі забуваються через 30 днів.
too_many_lobbies = Ігор, що чекають на суперників, у вас уже { $count }; скасуйте одну або зачекайте, поки хтось приєднається.

lang_admins = Мову групи можуть змінювати лише її адміністратори (і той, хто почав у ній першу гру).
top_not_listed = Вас немає в цьому списку: через /me можна до нього потрапити.
me_listed = Ви є в рейтингу всіх гравців.
me_unlisted = Вас немає в рейтингу всіх гравців (лише в рейтингах ваших груп).
btn_list = Показувати мене в рейтингу всіх гравців
btn_unlist = Не показувати мене в рейтингу всіх гравців

top_none_all = У рейтингу всіх гравців поки нікого: туди потрапляють ті, хто сам цього захотів.
btn_bot_easy = 🤖 Бот ★
btn_bot_normal = 🤖 Бот ★★
btn_bot_hard = 🤖 Бот ★★★
level_easy = легкий
level_normal = середній
level_hard = сильний
hint_text = 💡 Гра №{ $id }: бот зіграв би <b>{ $point }</b>.
cmd_hint = Підказка: хід бота за вас (в іграх з ботом і без рейтингу)
no_hints = Підказки — для ігор з ботом та ігор без рейтингу, не для рейтингових ігор між людьми.
no_hint_now = Бот не встиг придумати підказку; спробуйте ще раз за хвилину.
bot_plays_on = Бот не погоджується на нічию: грайте далі або здавайтеся.
me_bot =
    Проти бота ({ $level }): { $wins ->
        [one] { $wins } перемога
        [few] { $wins } перемоги
        [many] { $wins } перемог
       *[other] { $wins } перемоги
    }, { $losses ->
        [one] { $losses } поразка
        [few] { $losses } поразки
        [many] { $losses } поразок
       *[other] { $losses } поразки
    }, { $draws ->
        [one] { $draws } нічия
        [few] { $draws } нічиї
        [many] { $draws } нічиїх
       *[other] { $draws } нічиєї
    }.
caption_bot_thinking = { $name } думає…

# Локальний режим (`tochki-bot local`): та сама сторінка на цьому комп’ютері, без Telegram. local_you і local_friend —
# імена двох людей за клавіатурою (гра по черзі: сторінка грає за того, чий хід).
local_title = Точки на цьому комп’ютері
local_you = Гравець
local_friend = Друг
local_new = Нова гра
local_hotseat = Удвох
local_bot = З ботом
local_board = Поле
local_start = Початок
local_rules = Правила
local_time = Час на хід
local_colour = Ви граєте
local_blue = синіми
local_red = червоними
local_random = за жеребом
local_go = Почати гру
local_games = Ігри
local_games_none = Ігор поки немає.
local_sgf = ⬇ SGF
local_png = ⬇ PNG
local_back = ‹ Ігри

# Mini App (сторінка в Telegram із живим полем). btn_webapp: кнопка під кожним полем, що її відкриває;
# webapp_menu: кнопка меню бота (список ігор).
btn_webapp = 🎯 Відкрити поле
webapp_menu = Ігри
webapp_games = Ваші ігри
webapp_games_none = Ігор поки немає: почніть гру в чаті командою /new.
webapp_your_move = Ваш хід
webapp_draw_offer = { $name } пропонує нічию: відповідайте в чаті
webapp_end_offer = { $name } пропонує закінчити гру з підрахунком території: відповідайте в чаті
webapp_your_closing = Закрийте оточення (кнопки внизу), потім «Готово»: тоді хід перейде
webapp_tap = торкніться вільного пункту
webapp_watching = ви глядач
webapp_error = Щось пішло не так; спробуйте ще раз.
webapp_offline = Немає зв’язку; пробую знову…
webapp_lobby = Чекаємо на другого гравця
webapp_you = ви
# Кнопка Telegram, що підтверджує вибраний пункт.
webapp_play = Поставити { $point }
# Під повзунком повтору закінченої гри.
webapp_replay = Хід { $ply } з { $total }

## Правила (docs/rules.md#rule-sets): лобі, закриття оточень, завершення за згодою

rules_name_sports = Спортивні
rules_name_polish = Польські
rules_name_territory = На територію
# $rules: один із rules_name_*.
rules_with_margin = { $rules }, дострокова перемога при відриві { $margin }
rules_with_penalty = { $rules }, −1 за свої оточені точки
lobby_rules = Правила: { $rules }
btn_no_margin = без дострокової
# Оточення, яке гравець може закрити: пункт, за яким його названо, скільки в ньому точок суперника, розмір.
btn_pool =
    ⭕ { $point }: { $dots ->
        [one] { $dots } точка
        [few] { $dots } точки
        [many] { $dots } точок
       *[other] { $dots } точки
    } · площа { $size }
btn_close_all = ⭕ Усі ({ $count })
btn_done = ✅ Готово
btn_accept_end = Закінчити гру
caption_closing = { $mention }, закрийте оточення кнопками (або /close x-y) і натисніть «Готово»
caption_your_closing = Закрийте оточення кнопками (або /close x-y) і натисніть «Готово»: тоді хід перейде
caption_their_closing = { $name } закриває оточення
picture_margin = { $rules } до +{ $margin }
picture_closing = { $name } закриває оточення
# Очки, зняті за оточення своїх точок (варіант польських правил і правил на територію).
picture_penalties = штраф { $blue }:{ $red }
result_instant_win = { $winner } відривається на { $margin } і перемагає достроково
# $score_blue, $score_red: підсумковий рахунок з урахуванням території (docs/rules.md#agreed-end).
result_agreed = Закінчено за згодою, територію пораховано ({ $score_blue }:{ $score_red }) — { $outcome }
result_stop = Додаткові точки після СТОП поставлено — { $outcome }
close_usage = Надішліть <code>/close 21-17</code> (оточення з точкою 21-17) або <code>/close all</code> одразу після своєї точки.
close_first = Спершу закрийте оточення або натисніть «Готово» (/done): тоді хід перейде до суперника.
nothing_to_close = Вам зараз нема чого закривати: оточення закривають одразу після своєї точки.
not_in_rules = У цих правилах такого немає.
first_move_region = Перша точка має стояти в стартовій області.
stopped = Після СТОП ви більше не ставите точок.
not_a_ring = Це не замкнений ланцюг ваших точок.
no_pool = Там немає вашого оточення, яке можна закрити.
empty_closure = У цьому оточенні немає точок суперника: порожні оточення не закривають.
nesting = Таке оточення не може так охоплювати стару область.
autoclose_usage = Використовуйте <code>/autoclose on</code> або <code>/autoclose off</code>.
autoclose_on = Закривати автоматично: увімкнено. За польськими правилами й правилами на територію кожне оточення з точкою суперника закривається одразу після вашої точки.
autoclose_off = Закривати автоматично: вимкнено. Після своєї точки ви вибираєте, що закрити, і натискаєте «Готово».
cmd_close = Закрити оточення після своєї точки (польські, на територію)
cmd_done = Закінчити закривати: хід переходить
cmd_autoclose = Закривати оточення автоматично (on/off)
cmd_end = Запропонувати закінчити гру на територію з підрахунком
end_offered = { $name } пропонує закінчити гру №{ $id } і порахувати територію. { $opponent }, згодні?
end_offered_private = { $name } пропонує закінчити гру №{ $id } і порахувати територію. Згодні?
end_sent = Ви запропонували закінчити гру №{ $id }. Пропозиція чинна, доки { $name } не відповість або не зробить хід.
end_accepted = { $name } погоджується закінчити: територію пораховано.
end_declined = { $name } відмовляється закінчувати гру №{ $id }.
end_lapsed = Пропозицію закінчити гру №{ $id } знято: гра продовжилася.
end_agreed = Гру №{ $id } закінчено за згодою, територію пораховано: обидві сторони це запропонували.
end_pending = Ви вже запропонували закінчити гру.
answer_draw_first = { $name } пропонує нічию: спершу дайте відповідь на цю пропозицію.
answer_end_first = { $name } пропонує закінчити гру: спершу дайте відповідь на цю пропозицію.
no_grounding_polish = У польських правилах заземлення немає: грайте далі, /draw або /resign.
no_grounding_territory = У правилах на територію заземлення немає: грайте далі, /end, /draw або /resign.
rules_polish =
    <b>Польські правила (szkrab.net.pl)</b>
    • Саме нічого не оточується. Після своєї точки можна закрити будь-яке своє <i>оточення</i> з точкою суперника всередині: область, відрізану вашими точками від краю. Бот показує кнопку на кожне (пункт, скільки точок суперника, розмір), ⭕ Усі та ✅ Готово; хід переходить, коли ви закінчили. <code>/m 20-18 close 21-17</code> ставить точку й одразу закриває оточення з точкою 21-17; /autoclose закриває все після кожної вашої точки.
    • Закривається все оточення цілком; порожні не закриваються. Рахунок — точки суперника у ваших областях.
    • Гра закінчується одразу, коли відрив сягає порогу дострокової перемоги (зазвичай 15, або 30), інакше — коли поле заповнене; перемагає більший рахунок.
rules_territory =
    <b>Правила «на територію» (zagram.org)</b>
    • Саме нічого не оточується. Після своєї точки можна закрити будь-який ланцюг своїх точок навколо точки суперника (бот показує кожне оточення кнопкою, ⭕ Усі та ✅ Готово; працює й <code>/close x-y</code>); хід переходить, коли ви закінчили.
    • /end пропонує закінчити гру: якщо суперник згоден, усі відкриті оточення обох гравців закриваються, а до рахунку додається половина різниці порожньої території (непарне очко — проти того, хто мав би починати її заповнювати).
    • На заповненому полі рахунок — оточені точки як є. Перемагає більший рахунок.

## СТОП (docs/rules.md#stop): додаткові точки суперника; налаштування правил у лобі

# $limit: скільки часу в суперника на додаткові точки (тривалість або stop_no_limit).
rules_with_stop = { $rules }, СТОП і { $limit } на додаткові точки
stop_no_limit = без обмеження часу
btn_penalty = −1 за свою
btn_no_penalty = без штрафу
btn_mode_grounding = Заземлення
btn_mode_stop_phase = СТОП
btn_stop = СТОП
btn_finish = 🏁 Закінчити
btn_autofinish = ⚡ Дорахувати
cmd_stop = Оголосити СТОП (спортивні правила зі СТОП)
cmd_finish = Закінчити додаткові точки після СТОП
stop_on_turn = Оголосити СТОП можна лише у свій хід.
no_stop = Нема чого закінчувати: додаткові точки ставить і закінчує суперник того, хто оголошує СТОП.
extra_dots = Суперник оголошує СТОП: поставте додаткові точки, потім /finish (або <code>/finish auto</code>, щоб зарахувати всі його точки, які ще можна оточити).
# $opponent: хто ставитиме додаткові точки; $limit: скільки часу; рахунок — той, що дало б заземлення (найкращий для нього).
stop_confirm = Оголосити СТОП у грі №{ $id }? Ви більше не ставите точок; { $opponent } ставить додаткові точки ({ $limit }). У найкращому для суперника разі гра закінчиться 🔵 { $score_blue } : { $score_red } 🔴 ({ $outcome }).
stop_withdrawn = СТОП скасовано: гра №{ $id } триває.
stop_done = { $name } оголошує СТОП у грі №{ $id }.
# Під полем під час додаткових точок. $stopper: хто оголошує СТОП.
caption_stop = { $stopper } оголошує СТОП: { $mention } ставить додаткові точки, потім 🏁 Закінчити (/finish)
caption_your_extra = { $stopper } оголошує СТОП: поставте додаткові точки, потім 🏁 Закінчити (⚡ зараховує всі його точки, які ще можна оточити)
caption_their_extra = Ви оголосили СТОП: { $name } ставить додаткові точки (/ground закінчить їх одразу підрахунком заземлення)
picture_stop = { $stopper } оголошує СТОП: { $name } ставить додаткові точки
result_stop_counted = СТОП ({ $declarer }) дораховано заземленням — { $outcome }
bad_game_number = «{ $text }» — не номер гри; гру називають так: /board 12.
new_ai_unknown = Гру не розпочато: не розумію «{ $words }». Спробуйте /new ai [easy|normal|hard] [поле від 10x10 до 39x39] [хрест|порожнє|чотири] [час від 1m до 30d або без] [сині|червоні] [польські|територія].
lobby_open_for_bot = Тут відкрита гра №{ $id }: натисніть її кнопку 🤖, щоб зіграти з ботом з її налаштуваннями, або скасуйте її (/cancel) і попросіть знову.
game_cancelled_by_alone = Гру №{ $id } до першого ходу скасовує { $name }. Нову починає /new.
resign_confirm_unplayed = Ви ще не ходили в грі №{ $id }: якщо здатися зараз, гру буде скасовано, і вона не зарахується. Скасувати гру №{ $id }?
resign_cancelled_done = Гру №{ $id } скасовано: { $name } здається, не зробивши жодного ходу.

## Рейтинг Гліко-2 (/top, /me)

# $rules: один із rules_name_*.
rating_title_chat = <b>Рейтинг у цьому чаті</b> · { $rules } (Гліко-2)
rating_title_all = <b>Рейтинг усіх гравців</b> · { $rules } (Гліко-2)
rating_none_chat = Тут ще не закінчилася жодна рейтингова гра за цими правилами ({ $rules }).
# $rating: рейтинг і його відхилення, уже оформлені (<b>1563</b> ±74).
rating_line =
    { $n }. { $name } — { $rating } · { $games ->
        [one] { $games } гра
        [few] { $games } гри
        [many] { $games } ігор
       *[other] { $games } гри
    }
rating_provisional = ? — попередній: ігор поки мало (відхилення 110 і більше).
rating_place = { $place }-е місце з { $players }
rating_you = Ви: { $rating } · { $place }
rating_you_none = У вас ще немає рейтингових ігор за цими правилами.
# $commands: /top з іншими правилами, за якими тут грали.
rating_other_rules = Тут грали й за іншими правилами: { $commands }
me_title = <b>{ $name }</b>
# $place: rating_place або нічого.
me_rating =
    { $rules }: { $rating } (волатильність { $volatility }) · { $games ->
        [one] { $games } гра
        [few] { $games } гри
        [many] { $games } ігор
       *[other] { $games } гри
    } ({ $wins ->
        [one] { $wins } перемога
        [few] { $wins } перемоги
        [many] { $wins } перемог
       *[other] { $wins } перемоги
    }, { $losses ->
        [one] { $losses } поразка
        [few] { $losses } поразки
        [many] { $losses } поразок
       *[other] { $losses } поразки
    }, { $draws ->
        [one] { $draws } нічия
        [few] { $draws } нічиї
        [many] { $draws } нічиїх
       *[other] { $draws } нічиєї
    }){ $place }
me_chat_place = У цьому чаті ({ $rules }): { $place }-е місце з { $players }
me_chart = Рейтинг

## Реванш і повернення ходу

btn_rematch = 🔁 Реванш
btn_rematch_accept = ✅ Зіграти реванш
btn_takeback_accept = ✅ Дозволити повернути хід
# На останній дошці в групі, під результатом. $name просить; $opponent згаданий.
rematch_asked = 🔁 { $name } пропонує реванш (ті самі налаштування, кольори міняються): { $opponent }?
rematch_asked_you = Ви запропонували реванш: { $name }.
rematch_asked_private = 🔁 { $name } пропонує реванш у грі №{ $id } (ті самі налаштування, кольори міняються).
rematch_started = 🔁 Реванш — гра №{ $id }.
rematch_declined = { $name } відмовляється від реваншу.
rematch_declined_private = { $name } відмовляється від реваншу в грі №{ $id }.
game_not_over = Гра ще триває: реванш — після неї.
no_rematch = У цієї гри не буває реваншу (її скасовано або це гра турніру).
rematch_played = Реванш цієї гри вже зіграно: гра №{ $id }.
no_rematch_asked = Реваншу в цій грі ніхто не пропонував.
own_rematch = Цей реванш запропонували ви: відповідає інший гравець.
cmd_takeback = Попросити повернути свій останній хід (ігри без рейтингу)
# $name: хто повертає хід.
takeback_asked = ↩️ { $name } просить повернути свій останній хід у грі №{ $id }: { $opponent }, згодні?
takeback_asked_private = ↩️ { $name } просить повернути свій останній хід у грі №{ $id }.
takeback_sent = Ви попросили гравця { $name } дозволити повернути ваш останній хід у грі №{ $id }.
takeback_pending = Ваше прохання повернути хід у грі №{ $id } чекає на відповідь.
takeback_unreachable = Не можу написати гравцю { $name } в особисті, тож не можу спитати про повернення ходу в грі №{ $id }.
takeback_done = ↩️ Гра №{ $id }: останній хід гравця { $name } повернуто; знову ходить { $name }.
takeback_withdrawn = { $name } відкликає прохання повернути хід у грі №{ $id }.
takeback_declined = { $name } не дозволяє повернути хід у грі №{ $id }.
no_takeback_rated = У рейтинговій грі ходи не повертають (спортивні правила це забороняють, 2.6).
no_takeback_tournament = У грі турніру ходи не повертають.
nothing_to_take_back = Вам нічого повертати.
no_takeback_offer = Повернути хід ніхто не просив.
own_takeback = Повернути хід просили ви: відповідає суперник.
answer_takeback_first = { $name } першим попросив повернути хід: спершу дайте відповідь на це прохання.
tournament_game = Це гра турніру №{ $id }: її догравають, а не скасовують (вихід із турніру — поразка в ній).
btn_rated = ⭐ На рейтинг
btn_unrated = ☕ Без рейтингу
lobby_unrated = Без рейтингу: гра не впливає на рейтинг; можна /hint і /takeback.

## Турніри

cmd_tournament = Турнір у цій групі: швейцарська, колова або на виліт
cmd_standings = Таблиця турніру
tournament_format_swiss = Швейцарська система
tournament_format_round_robin = Коловий
tournament_format_elimination = На виліт
tournament_format_rounds =
    { $format }, { $rounds ->
        [one] { $rounds } тур
        [few] { $rounds } тури
        [many] { $rounds } турів
       *[other] { $rounds } туру
    }
tournament_title = 🏆 <b>Турнір №{ $id }</b> · { $format }
# $rules: правила словами; $rated: tournament_rated або tournament_unrated.
tournament_settings = { $rules } · поле { $size } · початок: { $start } · { $time } на хід · { $rated }
tournament_rated = на рейтинг
tournament_unrated = без рейтингу
tournament_starts_creator = Почнеться, коли його запустить { $name }.
# $time: час UTC; $left: за скільки.
tournament_starts_at = Початок о { $time } UTC (за { $left }).
tournament_players = Гравці ({ $count } з { $limit } можливих): { $names }
tournament_lobby_hint = Щоб грати, натисніть <b>Грати</b>. { $name } змінює налаштування, запускає турнір або прибирає гравця, який не з'явився.
tournament_started_lobby = 🏆 <b>Турнір №{ $id }</b> почався: { $format }, гравців: { $count }. Пари кожного туру приходять одним повідомленням, за ним — перша дошка кожної гри; таблицю покаже /standings.
tournament_cancelled = Турнір №{ $id } скасовано.
tournament_cancelled_few = Турнір №{ $id } не почався: записалося менше ніж { $count } гравців.
tournament_expired = Турнір №{ $id } закрито: за 7 днів його ніхто не запустив.
tournament_round = 🏆 <b>Турнір №{ $id }</b> · тур { $round } з { $rounds }
tournament_round_robin_plan = Кожен грає з кожним по разу (таблиці Бергера).
tournament_table = Стіл { $board }: 🔵 { $blue } – 🔴 { $red } · гра №{ $game }
tournament_table_forfeit = Стіл { $board }: { $blue } – { $red } · { $winner } перемагає без гри
tournament_bye = Без пари: { $name } (1 очко)
tournament_rest = Відпочиває в цьому турі: { $name }
tournament_round_hint = Далі — дошка кожної гри: грайте кнопками під нею, відповіддю на неї або /m з номером гри.
tournament_standings_title = 📊 <b>Турнір №{ $id }</b> · таблиця після туру { $round } з { $rounds }
tournament_final = 🏆 <b>Турнір №{ $id }</b> закінчено: перемагає <b>{ $winner }</b>!
tournament_final_shared = 🏆 <b>Турнір №{ $id }</b> закінчено: перше місце ділять { $names }.
tournament_line_swiss =
    { $place }. { $name } — <b>{ $points }</b> ({ $games ->
        [one] { $games } гра
        [few] { $games } гри
        [many] { $games } ігор
       *[other] { $games } гри
    }) · Бх { $buchholz } · мБх { $median }
tournament_line_round_robin =
    { $place }. { $name } — <b>{ $points }</b> ({ $games ->
        [one] { $games } гра
        [few] { $games } гри
        [many] { $games } ігор
       *[other] { $games } гри
    }) · Б-З { $sb }
tournament_line_elimination = { $place }. { $name } — { $stage }
tournament_left_mark = (вибув)
tournament_footer_swiss = Бх: Бухгольц, мБх: усічений Бухгольц.
tournament_footer_round_robin = Б-З: коефіцієнт Бергера (Зоннеборна-Бергера).
tournament_footer_elimination = Нічию переграють зі зміною кольорів (не більше двох разів, потім проходить посіяний вище).
tournament_stage_winner = виграв фінал
tournament_stage_final = програв фінал
tournament_stage_third = третє місце
tournament_stage_fourth = четверте місце
tournament_stage_in = грає тур { $round }
tournament_stage_round = вибув у турі { $round }
# Заголовки стовпців картинки з таблицею.
tournament_th_place = №
tournament_th_player = Гравець
tournament_th_points = Очки
tournament_th_sb = Б-З
tournament_th_buchholz = Бх
tournament_th_median = мБх
tournament_th_games = Ігри
tournament_th_round = Т{ $round }
tournament_picture_title = Турнір №{ $id } · { $format }
tournament_picture_after = після туру { $round } з { $rounds }
tournament_picture_final = підсумкова таблиця
tournament_picture_lobby = ще не почався
tournament_picture_rr_footer = 1 — перемога, ½ — нічия, 0 — поразка, f — без гри. Б-З: коефіцієнт Бергера.
tournament_picture_swiss_footer = +5 — перемога над 5-м, =3 — нічия, −2 — поразка, f — без гри, + — без пари. Бх: Бухгольц, мБх: усічений.
tournament_picture_elim_footer = +5 — перемога над 5-м, −2 — поразка, f — без гри, + — без пари.
caption_table = 🏆 Турнір №{ $id } · тур { $round } · стіл { $board }
btn_t_swiss = Швейцарська
btn_t_round_robin = Коловий
btn_t_elimination = На виліт
btn_t_rounds_auto = авто
btn_t_starts_creator = 🙋 Запущу сам
btn_t_starts_in = ⏰ за { $time }
btn_t_leave = 🚪 Вийти
btn_t_start = ▶ Почати
btn_t_remove = 👤 Прибрати…
btn_t_back = ◀ Назад
btn_t_standings = 📊 Таблиця
btn_t_sgf = 📥 Партії (SGF)
btn_t_leave_yes = 🚪 Так, вийти
tournament_joined = Ви в турнірі №{ $id }.
tournament_left = Ви вийшли з турніру №{ $id }.
tournament_removed = { $name } більше не в турнірі №{ $id }.
tournament_left_running = { $name } виходить із турніру №{ $id }: поточна гра програна, решта — без гри.
tournament_leave_confirm = Вийти з турніру №{ $id }? Поточну гру буде програно, усі наступні — теж, без гри.
tournament_leave_kept = Ви залишаєтеся в турнірі №{ $id }.
tournament_remove_pick = Хто вибуває з турніру №{ $id }? (Прибраний після початку програє решту ігор без гри.)
tournament_sgf = Турнір №{ $id }: { $count ->
        [one] { $count } партія
        [few] { $count } партії
        [many] { $count } партій
       *[other] { $count } партії
    } (SGF).
tournament_no_games = У турнірі №{ $id } ще немає закінчених партій.
tournament_open_here = Турнір цієї групи:
tournament_unknown = (не зрозумів і пропустив: { $words })
tournament_shown_players = …і ще { $count }.
no_such_tournament = Турніру №{ $id } тут немає.
groups_only = Турніри грають у групах: додайте бота до групи й надішліть там /tournament.
no_tournament = У цій групі немає турніру: відкрийте його командою /tournament.
tournament_started = Турнір №{ $id } уже почався.
tournament_over = Турнір №{ $id } закінчено.
too_many_for_round_robin = Коловий турнір — не більше ніж на { $count } гравців: оберіть швейцарську або на виліт.
joined_already = Ви вже в турнірі №{ $id }.
tournament_full = У турнірі немає місць ({ $count } гравців).
creator_stays = Творець турніру залишається в ньому: щоб не проводити турнір, скасуйте його.
not_in_tournament = Цього гравця немає (або вже немає) в турнірі №{ $id }.
too_few_players = Турнір починається, коли гравців щонайменше { $count }.
btn_t_page = 🏆 Сторінка турніру
webapp_tournament_games = Тури та ігри
