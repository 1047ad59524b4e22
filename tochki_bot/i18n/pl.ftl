### Polskie teksty tochki-bot.
### Teksty to HTML Telegrama: znaczniki <b>, <i>, <code> i <a> muszą być sparowane. Imiona przychodzą już zabezpieczone.
### Liczby przychodzą jako liczby Fluent bez separatorów tysięcy; do odmiany służą selektory
### [one] (1), [few] (2–4, 22–24), [many] (0, 5–21, 25) i *[other] (ułamki: 1,5).
### Imion się nie odmienia: stoją w mianowniku (jako podmiot albo po dwukropku). Czas przeszły w 2. osobie ma rodzaj
### (zrobiłeś / zrobiłaś), którego bot nie zna: teksty używają czasu teraźniejszego, przyszłego albo form bezosobowych.
### Numer partii zawsze z krzyżykiem (#12): tak bot rozpoznaje, o którą partię chodzi w odpowiedzi na wiadomość.
### Słownictwo jak na zagram.org i w Wikikropkach: kropki, plansza, okrążenie, państwo, stop, terytorium.
### Identyfikatory i zmienne są te same co w en.ftl (sprawdza to tests/i18n/test_texts.py).

## Pomoc i zasady

start =
    Cześć! Sędziuję partie w <b>kropki</b> (Точки) według zasad sportowych: otaczaj kropki przeciwnika.

    • W grupie: dodaj mnie i wyślij /new.
    • Tutaj: /new daje link z zaproszeniem dla znajomego; potem gracie korespondencyjnie, każdy w swoim czacie ze mną.

    /help wyjaśnia, jak robić ruchy, /rules podaje zasady.

start_group =
    Cześć! Sędziuję partie w <b>kropki</b> (Точки) według zasad sportowych: otaczaj kropki przeciwnika.

    • Tutaj: /new otwiera partię; drugi gracz naciska <b>Dołącz</b>.
    • W czacie prywatnym ze mną /new daje link z zaproszeniem do gry korespondencyjnej.

    /help wyjaśnia, jak robić ruchy, /rules podaje zasady.

# $privacy: privacy_on, privacy_off albo nic (w czacie prywatnym); $bot: nazwa użytkownika bota.
help =
    <b>Jak tu grać</b>
    /new otwiera partię: przyciskami wybierz planszę, pozycję startową i czas na ruch; drugi gracz naciska <b>Dołącz</b>. W czacie prywatnym /new daje zamiast tego link z zaproszeniem.

    <b>Ruchy</b> to punkty <code>x-y</code>: x liczony od lewej, y od dołu, tak jak ponumerowano brzegi obrazka. Działa każdy z tych sposobów:
    • <code>/m 20-18</code> (albo <code>/move 20-18</code>) wszędzie;
    • odpowiedź na obrazek planszy tekstem <code>20-18</code>;
    • przyciski pod planszą: obejmują część w pomarańczowej ramce; strzałki przesuwają ramkę, ◎ wraca do ostatniego ruchu, 🔍 pokazuje tę część w powiększeniu;
    • samo <code>20-18</code> w czacie prywatnym i w grupach, w których czytam wszystkie wiadomości.
    { $privacy }
    Grasz kilka partii naraz? Każda plansza ma swój numer: <code>/m 12 20-18</code>, <code>/board 12</code>, <code>/resign 12</code> wskazują partię, a odpowiedź na planszę dotyczy partii z tej planszy.

    <b>Inne polecenia</b>
    /board pokazuje planszę jeszcze raz · /zoom 20-18 planszę wokół punktu, w powiększeniu · /resign poddaje partię · /draw proponuje remis · /ground ogłasza uziemienie · /stop ogłasza STOP (zasady sportowe ze STOP), /finish kończy dodatkowe kropki · /cancel zamyka partię, która się jeszcze nie zaczęła · /games twoje partie · /stats tabela wyników · /top ranking (Glicko-2) · /me twój ranking i bilans · /puzzle zadanie z prawdziwej partii · /takeback prośba o cofnięcie ostatniego ruchu (partie bez rankingu) · /lang pl, /lang uk, /lang ru albo /lang en · /rules

    <b>Jeszcze raz</b>
    🔁 Rewanż pod planszą zakończonej partii to ta sama partia z zamienionymi kolorami. /tournament otwiera turniej w grupie (szwajcar, każdy z każdym albo pucharowy); /standings pokazuje jego tabelę.

    <b>Udostępnianie</b>
    /sgf partia jako zapis SGF · /png plansza w pełnej rozdzielczości · /replay animowana powtórka · /watch link dla widzów · /review analiza zakończonej partii: największe błędy i komentowany zapis SGF (🔎 Analiza pod jej planszą). Wyślij mi plik <code>.sgf</code> (zagram.org, playdots, KataGoDots…), żeby go obejrzeć, przejrzeć ruch po ruchu albo dokończyć. Wpisz @{ $bot } w dowolnym czacie, żeby pokazać komuś jedną ze swoich plansz.
privacy_off = Czytam wszystkie wiadomości w tej grupie, więc wystarczy tu samo <code>20-18</code>.
privacy_on = W grupach widzę tylko polecenia i odpowiedzi na moje wiadomości (tryb prywatności Telegrama), więc pisz <code>/m 20-18</code>, odpowiadaj na planszę albo używaj przycisków.
rules =
    <b>Kropki: zasady sportowe w skrócie</b>
    • Plansza ma 39x32 punkty; zaczyna niebieski. Partia zaczyna się od krzyża: dwie niebieskie i dwie czerwone kropki na środku.
    • W każdym ruchu stawia się jedną kropkę na dowolnym wolnym punkcie; nie wolno pasować ani cofać ruchów.
    • Zamknij wokół kropek przeciwnika łańcuch swoich kropek (sąsiadujących w poziomie, w pionie lub po skosie), a zostaną okrążone: obszar się zamalowuje, a jego punkty wypadają z gry. Kropek na brzegu planszy nie da się okrążyć.
    • Obszar okrążenia jest zawsze jak najmniejszy. Pierścień wokół samych pustych punktów to <i>domek</i>: kropka przeciwnika postawiona w nim zostaje od razu okrążona, chyba że sama zamyka okrążenie.
    • Kto okrąża obszar, zdobywa go z całą zawartością: wynik to zawsze to, co każda ze stron trzyma w tej chwili.
    • <b>Uziemienie</b> kończy partię: każda twoja kropka, której nie łączy z brzegiem planszy nieprzerwana pozioma lub pionowa linia twoich kropek, przechodzi do przeciwnika.
    • Partia kończy się też, gdy plansza jest pełna, gdy ktoś się poddaje, gdy mija czas albo gdy gracze zgadzają się na remis. Wygrywa ten, kto ma więcej punktów.
apology = Przepraszam, coś poszło nie tak po mojej stronie. Wykonane ruchy są bezpieczne; spróbuj jeszcze raz.
lang_set = Język: polski.
lang_usage = Napisz /lang pl, /lang uk, /lang ru albo /lang en (w grupie także /lang auto: język, którego używa większość graczy).
# $language: lang_set tego języka, który teraz obowiązuje w grupie.
lang_set_auto = Ta grupa mówi teraz językiem większości swoich graczy. { $language }
# Zwykła wiadomość w czacie prywatnym, która nie jest ruchem.
chatter_private = Ruch zapisuje się jako <code>x-y</code>, na przykład <code>20-18</code>; /help podaje listę poleceń.

## Nabór do partii

# $hint: lobby_hint_group albo lobby_hint_private (przy kontynuacji zapisu po lobby_continued).
lobby =
    <b>Nowa partia #{ $id } w kropki</b>
    Plansza { $size } · start: { $start } · czas na ruch: { $time }
    { $colours }
    { $hint }
lobby_hint_group = Naciśnij <b>Dołącz</b>, żeby zagrać. Twórca partii może zmienić ustawienia przyciskami albo zagrać z botem (🤖, od ★ do ★★★ według siły), a grupa będzie patrzeć.
lobby_hint_private =
    Wyślij ten link przeciwnikowi; kto go otworzy, zagra z tobą:
    { $link }
    Albo zagraj od razu z botem: 🤖 (od ★ do ★★★ według siły).
start_cross = krzyż
start_four-crosses = cztery krzyże
start_double-cross = podwójny krzyż
start_four-crosses-random = cztery losowe krzyże
start_empty = pusta plansza
start_custom = własna pozycja
time_none = bez limitu
colours_random = Kolory losowane · partię tworzy { $creator }
colours_creator_blue = { $creator } gra niebieskimi
colours_creator_red = { $creator } gra czerwonymi
btn_join = ✅ Dołącz
btn_cancel = ✖ Anuluj
btn_blue = Gram 🔵
btn_red = Gram 🔴
btn_random = 🎲
btn_yes_resign = Tak, poddaję się
btn_no = Nie
btn_ground = Uziemiam
btn_accept = Przyjmuję remis
btn_decline = Odrzucam
btn_last = ◎
lobby_started = Partia #{ $id } rozpoczęta: 🔵 { $blue } – 🔴 { $red }.
lobby_cancelled = Partia #{ $id } anulowana.
game_cancelled = Partia #{ $id } została anulowana przed pierwszym ruchem.
game_cancelled_by = Partię #{ $id } anuluje przed pierwszym ruchem { $name }. { $other }, /new zaczyna nową.
only_creator = Tylko { $creator } może zmienić ustawienia tej partii albo ją anulować.
own_game = To twoja partia: poczekaj, aż dołączy przeciwnik.
own_invite = To twoje własne zaproszenie: wyślij link przeciwnikowi.
game_started_already = Ta partia już się zaczęła.
joined = Grasz w partii #{ $id }.
open_game_on = Tu trwa partia #{ $id } (w czacie lub wątku jedna naraz); nową można zacząć, gdy ta się skończy. /board pokazuje jej planszę.
open_game_exists = Tu już jest partia (w czacie lub wątku jedna naraz):
invite_unknown = Ten link z zaproszeniem już nie działa. Poproś o nowy albo zacznij od /new.

## Odmowy (klucze to kody GameError i wartości Reason silnika)

no_game = Nie ma tu partii. Zacznij nową poleceniem /new.
no_game_private = Nie masz tu trwającej partii. Zacznij nową poleceniem /new albo otwórz link z zaproszeniem.
not_a_player = Nie grasz w tej partii.
not_your_turn = To nie twój ruch: teraz gra { $name }.
game_over = Partia jest zakończona.
stale = Ten przycisk jest nieaktualny: partia poszła dalej.
busy = Partia właśnie się zmieniła; spróbuj jeszcze raz.
malformed = Ruch zapisuje się jako <code>x-y</code>, na przykład <code>20-18</code>: x od lewej, y od dołu.
off_board = Punkt { $point } leży poza planszą: x od 1 do { $width }, y od 1 do { $height }.
occupied = Punkt { $point } jest już zajęty.
captured = Punkt { $point } leży w okrążonym obszarze: nie można tam stawiać kropek.
move_usage = Wyślij <code>/m 20-18</code>: x od lewej, y od dołu.
cancel_started = Partia już się zaczęła; nie można jej anulować. Możesz się poddać (/resign) albo zaproponować remis (/draw).
ground_on_turn = Uziemienie można ogłosić tylko w swoim ruchu.
not_started = Partia jeszcze się nie zaczęła.
draw_pending = Twoja propozycja remisu już czeka na odpowiedź.
no_draw_offer = Żadna propozycja remisu nie czeka na odpowiedź: już na nią odpowiedziano albo wygasła, gdy partia toczyła się dalej.
own_draw_offer = Na twoją propozycję musi odpowiedzieć przeciwnik.
point_info_dot = { $point }: { $dot }
dot_blue = niebieska kropka
dot_red = czerwona kropka
draw_sent = { $name } dostaje twoją propozycję remisu w partii #{ $id }. Jest ważna do odpowiedzi albo do następnego ruchu.
point_info_out = { $point } leży w okrążonym obszarze
point_busy = Punkt { $point } jest zajęty

## Plansza

caption_move =
    Ruch { $ply }: { $point } { $colour ->
        [blue] 🔵
       *[red] 🔴
    }
# Ile kropek przeciwnika okrążył ruch.
caption_captured =
    { $count ->
        [one] okrążono { $count } kropkę
        [few] okrążono { $count } kropki
        [many] okrążono { $count } kropek
       *[other] okrążono { $count } kropki
    }
caption_start = Zaczyna niebieski.
caption_turn = { $mention }, twój ruch
caption_left = zostało { $left }
caption_window = Przyciski: x { $x0 }–{ $x1 }, y { $y0 }–{ $y1 }
picture_move = Ruch { $ply } · { $point }
picture_turn = ruch: { $name }
picture_start = zaczyna niebieski

# Jak skończyła się partia: jedno zdanie bez kropki na końcu, w stylu nagłówka (czas teraźniejszy nie potrzebuje
# rodzaju gracza). Stoi po „Koniec partii.” pod planszą i osobno w wierszu stanu na obrazku.
result_resignation = { $loser } poddaje partię — wygrywa { $winner }
result_timeout = { $loser } przekracza czas — wygrywa { $winner }
# $outcome: outcome_win albo outcome_draw.
result_grounding = { $declarer } ogłasza uziemienie — { $outcome }
result_board_full = Plansza jest pełna — { $outcome }
result_draw = Remis za zgodą
outcome_win = wygrywa { $winner }
outcome_draw = remis
# $result: jeden z tekstów result_*.
game_over_caption = <b>Koniec partii.</b> { $result }.

## Remis, poddanie, uziemienie

draw_offered = { $name } proponuje remis w partii #{ $id }. { $opponent }, zgoda?
draw_agreed = Partia #{ $id } kończy się remisem za zgodą: obie strony go zaproponowały.
draw_declined = { $name } odrzuca remis w partii #{ $id }.
resign_confirm = Poddać partię #{ $id }?
ground_confirm = Ogłosić uziemienie w partii #{ $id }? Partia skończy się od razu wynikiem 🔵 { $score_blue } : { $score_red } 🔴 ({ $outcome }).
cancelled_action = Dobrze, gramy dalej.

## Zegar

# $where: in_chat albo nic; $left: czas trwania.
remind_half = ⏰ { $mention }, twój ruch w partii #{ $id }{ $where }: zostało { $left }.
remind_last = ⏰ { $mention }, na ruch w partii #{ $id }{ $where } zostało już tylko { $left }!
in_chat = {" "}({ $title })
# Sekundy, minuty i godziny w skrótach (nie potrzebują form liczby mnogiej); dni pełnym słowem.
duration_seconds = { $s } s
duration_minutes = { $m } min
duration_hours = { $h } h
duration_hours_minutes = { $h } h { $m } min
duration_days =
    { $d ->
        [one] { $d } dzień
        [few] { $d } dni
        [many] { $d } dni
       *[other] { $d } dnia
    }
duration_days_hours =
    { $d ->
        [one] { $d } dzień
        [few] { $d } dni
        [many] { $d } dni
       *[other] { $d } dnia
    } { $h } h

## Listy

games_title =
    <b>Twoje partie</b>: { $count ->
        [one] { $count } partia
        [few] { $count } partie
        [many] { $count } partii
       *[other] { $count } partii
    }; { $waiting ->
        [0] żadna nie czeka na twój ruch
        [one] { $waiting } czeka na twój ruch
        [few] { $waiting } czekają na twój ruch
        [many] { $waiting } czeka na twój ruch
       *[other] { $waiting } czeka na twój ruch
    }. Naciśnij partię, żeby zobaczyć jej planszę.
games_none = Nie masz trwających partii. Zacznij nową poleceniem /new.
stats_title = <b>Wyniki w tym czacie</b> (wygrane · przegrane · remisy)
stats_line = { $n }. { $name } — { $wins } · { $losses } · { $draws }
stats_none = Nie ma tu jeszcze zakończonych partii.
stats_private =
    Twój bilans: { $wins ->
        [one] { $wins } wygrana
        [few] { $wins } wygrane
        [many] { $wins } wygranych
       *[other] { $wins } wygranej
    }, { $losses ->
        [one] { $losses } przegrana
        [few] { $losses } przegrane
        [many] { $losses } przegranych
       *[other] { $losses } przegranej
    }, { $draws ->
        [one] { $draws } remis
        [few] { $draws } remisy
        [many] { $draws } remisów
       *[other] { $draws } remisu
    }.

## Menu poleceń

cmd_new = Nowa partia
cmd_m = Ruch: /m 20-18
cmd_move = Ruch: /move 20-18
cmd_board = Pokaż planszę
cmd_resign = Poddaj partię
cmd_draw = Zaproponuj remis
cmd_ground = Ogłoś uziemienie
cmd_cancel = Anuluj partię, która się jeszcze nie zaczęła
cmd_games = Twoje partie
cmd_stats = Tabela wyników
cmd_lang = Język: /lang pl, uk, ru albo en
cmd_help = Jak tu grać
cmd_rules = Zasady
cmd_sgf = Partia jako plik SGF
cmd_png = Plansza jako plik w pełnej rozdzielczości
cmd_replay = Animowana powtórka partii
cmd_watch = Link dla widzów partii
cmd_unwatch = Przestań śledzić partię
cmd_top = Ranking graczy
cmd_me = Twój ranking i bilans

## Zapisy, obrazki, widzowie

no_such_game = Nie ma tu partii #{ $id }, którą możesz zobaczyć.
watch_unknown = Ten link dla widzów jest nieważny.
watching = Śledzisz partię #{ $id }: każda nowa plansza przyjdzie tutaj.
watching_over = Partia #{ $id } jest zakończona; oto jej końcowa plansza.
watch_link =
    Link dla widzów partii #{ $id } (pokazuje planszę i śledzi partię):
    { $link }
unwatched = Nie śledzisz już partii #{ $id }.
not_following = Nie śledzisz żadnej partii.
btn_unwatch = Przestań śledzić
sgf_caption = Partia #{ $id } jako zapis SGF (GM[40]): czytają go zagram.org, KataGoDots i ten bot.
png_caption = Partia #{ $id }, ruch { $ply }: obrazek w pełnej rozdzielczości.
replay_progress = Rysuję powtórkę partii #{ $id }… { $percent }%
replay_caption =
    Powtórka partii #{ $id }: { $moves ->
        [one] { $moves } ruch
        [few] { $moves } ruchy
        [many] { $moves } ruchów
       *[other] { $moves } ruchu
    }.
replay_empty = Na razie nie ma czego powtarzać.
import_bad = Nie udało mi się odczytać tego pliku jako zapisu partii w kropki: { $reason }
import_too_big = Ten plik jest za duży jak na zapis partii.
# $result: jeden z tekstów record_result_*, import_no_result albo wartość RE z pliku w oryginale.
import_caption =
    <b>{ $name }</b>
    🔵 { $blue } <b>{ $score_blue } : { $score_red }</b> { $red } 🔴
    { $size } · { $moves ->
        [one] { $moves } ruch
        [few] { $moves } ruchy
        [many] { $moves } ruchów
       *[other] { $moves } ruchu
    } · wynik w zapisie: { $result }
    Pozycja po ruchu { $ply } z { $moves }.
import_no_result = brak
# Wynik podany w zapisie SGF (RE). $winner to "blue" albo "red".
record_result_points =
    { $winner ->
        [blue] wygrywa niebieski
       *[red] wygrywa czerwony
    } o { $points ->
        [one] { $points } punkt
        [few] { $points } punkty
        [many] { $points } punktów
       *[other] { $points } punktu
    }
record_result_resignation =
    { $winner ->
        [blue] niebieski wygrywa przez poddanie
       *[red] czerwony wygrywa przez poddanie
    }
record_result_time =
    { $winner ->
        [blue] niebieski wygrywa na czas
       *[red] czerwony wygrywa na czas
    }
record_result_forfeit =
    { $winner ->
        [blue] niebieski wygrywa walkowerem
       *[red] czerwony wygrywa walkowerem
    }
record_result_grounding =
    { $winner ->
        [blue] niebieski wygrywa po uziemieniu
       *[red] czerwony wygrywa po uziemieniu
    }
record_result_win =
    { $winner ->
        [blue] wygrywa niebieski
       *[red] wygrywa czerwony
    }
record_result_draw = remis
btn_continue = ▶ Graj dalej jako nowa partia
lobby_continued = Ta partia kontynuuje zapis od pozycji po ruchu { $ply }; nie liczy się do rankingu.

## Ranking i tryb inline

me_none = Nie masz jeszcze zakończonych partii rankingowych.
inline_title = Partia #{ $id }: { $blue } { $score_blue }:{ $score_red } { $red }
inline_description = ruch { $ply } · { $status }
inline_open = Otwórz w bocie
inline_status_over = zakończona
inline_status_on = ruch: { $name }

## Partie, pytania, wybór

caption_head = <b>#{ $id }</b> · 🔵 { $blue } <b>{ $score_blue } : { $score_red }</b> { $red } 🔴
caption_head_player =
    <b>#{ $id }</b> · rywal: { $opponent } { $colour ->
        [blue] 🔵
       *[red] 🔴
    } · 🔵 <b>{ $score_blue } : { $score_red }</b> 🔴
caption_your_move = <b>Twój ruch</b>
caption_their_move = Teraz gra { $name }
cancelled_caption = <b>Partia anulowana.</b> { $result }.
result_cancelled_resignation = { $loser } poddaje się przed pierwszym ruchem, więc partia się nie liczy
picture_game = #{ $id }
label_game = #{ $id }
label_lobby = czeka na przeciwnika
label_vs = rywal: { $name }
label_your_move = twój ruch
label_their_move = ruch rywala
label_over = zakończona
btn_zoom = 🔍
btn_full = 🗺
zoom_caption = #{ $id } · x { $x0 }–{ $x1 }, y { $y0 }–{ $y1 }
zoom_usage = Wyślij <code>/zoom 20-18</code>, żeby zobaczyć planszę wokół punktu w powiększeniu (samo /zoom: wokół ostatniego ruchu).
watching_ended = Partia #{ $id } się skończyła; nie śledzisz jej już.
lobby_expired = Partia #{ $id }: przez 7 dni nikt nie dołączył, więc zaproszenie jest zamknięte.
question_over = Partia #{ $id } jest zakończona.
draw_lapsed = Propozycja remisu w partii #{ $id } wygasła: partia toczy się dalej.
question_stale = Nieaktualne: partia #{ $id } poszła dalej.
post_as_yourself = Pisz, proszę, we własnym imieniu, a nie w imieniu grupy czy kanału: muszę wiedzieć, kto gra.
pick_game = Która partia?
pick_move = Masz ruch w kilku partiach. W której postawić { $point }?
picked = Partia #{ $id }.
picked_move = { $point } w partii #{ $id }.
button_unknown = Ten przycisk już nie działa.
not_yours = Tylko { $name } może to nacisnąć.
no_turn_anywhere = W żadnej z twoich partii nie masz teraz ruchu.
invite_cancelled = Ta partia została anulowana przez jej twórcę.
invite_expired = To zaproszenie wygasło: przez 7 dni nikt go nie otworzył.
invite_needed = Do tej partii dołącza się przez link z zaproszeniem.
record_over = Partia z tego zapisu jest zakończona; nie da się jej kontynuować.
time_is_up = Za późno: czas na ruch minął, więc partia jest przegrana na czas.
open_invitation = Masz już otwarte zaproszenie (jedno naraz). Oto ono; anuluj je, żeby utworzyć nowe:
resign_withdrawn = Poddanie wycofane: partia #{ $id } toczy się dalej.
resign_done = { $name } poddaje partię #{ $id }.
ground_withdrawn = Uziemienie wycofane: partia #{ $id } toczy się dalej.
ground_done = { $name } ogłasza uziemienie w partii #{ $id }.
draw_accepted = { $name } przyjmuje remis.
record_jump_usage = Odpowiedz na zapis numerem ruchu, na przykład <code>120</code>, żeby do niego przejść.
cmd_zoom = Plansza wokół punktu w powiększeniu: /zoom 20-18

side_blue = Gracz niebieski
side_red = Gracz czerwony
picture_cancelled = partia anulowana
cancelled_plain_caption = <b>Partia anulowana.</b>
dot_blue_captured = niebieska kropka, okrążona
dot_red_captured = czerwona kropka, okrążona
game_ended = Partia #{ $id } jest zakończona; /new zaczyna nową.
draw_offered_private = { $name } proponuje remis w partii #{ $id }. Zgoda?
lobby_expired_group = Partia #{ $id }: przez 7 dni nikt nie dołączył, więc nabór jest zamknięty.

## Zapisy, których nie da się odczytać

sgf_illegal_move = ruch { $move } jest niezgodny z zasadami
sgf_broken = plik jest uszkodzony (nie zgadzają się nawiasy albo właściwości)
sgf_not_sgf = to nie jest plik SGF
sgf_bad_point = „{ $value }” to nie jest punkt
sgf_off_board = punkt „{ $value }” leży poza planszą
sgf_not_points = to zapis innej gry (GM[{ $game }]; kropki to GM[40])
sgf_no_size = zapis nie podaje rozmiaru planszy (SZ)
sgf_bad_size = na planszy { $size } nie da się grać
sgf_bad_start = nie da się ustawić pozycji startowej
sgf_bad_rules = nie da się odczytać zasad gry (RU)
document_unknown = Czytam zapisy partii w formacie SGF (pliki z końcówką <code>.sgf</code>): wyślij taki plik, a pokażę go; można go przejrzeć ruch po ruchu albo dokończyć.

games_none_here = Nie masz tu trwającej partii; /games w czacie prywatnym ze mną pokazuje wszystkie twoje partie.

unconfirmed = Nie mogę potwierdzić, że to się zapisało (problem z bazą danych). <code>/board { $id }</code> pokazuje partię #{ $id } w obecnym stanie.

too_many_imports = Dzienny limit zapisów ({ $count }) jest już wykorzystany; kolejne wyślij jutro.
imports_too_big = Twoje zapisy zajmują całe miejsce, jakie trzymam dla jednej osoby ({ $megabytes } MB); starsze znikają po 30 dniach.
too_many_lobbies = Masz już tyle partii czekających na przeciwników, ile można ({ $count }); anuluj jedną albo poczekaj, aż ktoś dołączy.

lang_admins = Język grupy mogą zmieniać tylko jej administratorzy (i ten, kto zaczął w niej pierwszą partię).
top_not_listed = Nie ma cię na tej liście: w /me możesz się na nią dopisać.
me_listed = Jesteś w rankingu wszystkich graczy.
me_unlisted = Nie ma cię w rankingu wszystkich graczy (tylko w rankingach twoich grup).
btn_list = Pokazuj mnie w rankingu wszystkich graczy
btn_unlist = Nie pokazuj mnie w rankingu wszystkich graczy

top_none_all = Na razie nikt nie zdecydował się pojawić w rankingu wszystkich graczy.
btn_bot_easy = 🤖 Bot ★
btn_bot_normal = 🤖 Bot ★★
btn_bot_hard = 🤖 Bot ★★★
level_easy = łatwy
level_normal = średni
level_hard = trudny
hint_text = 💡 Partia #{ $id }: bot zagrałby <b>{ $point }</b>.
cmd_hint = Podpowiedź: ruch bota za ciebie (partie z botem i bez rankingu)
no_hints = Podpowiedzi są dla partii z botem i partii bez rankingu, a nie dla partii rankingowych między ludźmi.
no_hint_now = Bot nie zdążył teraz wymyślić podpowiedzi; spróbuj ponownie za minutę.
bot_plays_on = Bot nie zgadza się na remis: graj dalej albo się poddaj.
me_bot =
    Z botem ({ $level }): { $wins ->
        [one] { $wins } wygrana
        [few] { $wins } wygrane
        [many] { $wins } wygranych
       *[other] { $wins } wygranej
    }, { $losses ->
        [one] { $losses } przegrana
        [few] { $losses } przegrane
        [many] { $losses } przegranych
       *[other] { $losses } przegranej
    }, { $draws ->
        [one] { $draws } remis
        [few] { $draws } remisy
        [many] { $draws } remisów
       *[other] { $draws } remisu
    }.
caption_bot_thinking = { $name } myśli…

# Tryb lokalny (`tochki-bot local`): ta sama strona na tym komputerze, bez Telegrama. local_you i local_friend to
# imiona dwóch osób przy klawiaturze (gra na zmianę: strona gra za tego, kto ma ruch).
local_title = Kropki na tym komputerze
local_you = Gracz
local_friend = Gość
local_new = Nowa partia
local_hotseat = Dwie osoby
local_bot = Z botem
local_board = Plansza
local_start = Start
local_rules = Zasady
local_time = Czas na ruch
local_colour = Grasz
local_blue = niebieskimi
local_red = czerwonymi
local_random = losowo
local_go = Zacznij partię
local_games = Partie
local_games_none = Nie ma jeszcze partii.
local_sgf = ⬇ SGF
local_png = ⬇ PNG
local_back = ‹ Partie

# Mini App (strona w Telegramie z planszą na żywo). btn_webapp: przycisk pod każdą planszą, który ją otwiera;
# webapp_menu: przycisk menu bota (lista partii).
btn_webapp = 🎯 Otwórz planszę
webapp_menu = Partie
webapp_games = Twoje partie
webapp_games_none = Nie ma jeszcze partii: zacznij ją w czacie poleceniem /new.
webapp_your_move = Twój ruch
webapp_draw_offer = { $name } proponuje remis: odpowiedz w czacie
webapp_end_offer = { $name } proponuje zakończyć partię i policzyć terytorium: odpowiedz w czacie
webapp_your_closing = Zamknij swoje okrążenia (przyciski poniżej), potem Gotowe: wtedy ruch przechodzi dalej
webapp_tap = dotknij wolnego punktu
webapp_watching = oglądasz
webapp_error = Coś poszło nie tak; spróbuj jeszcze raz.
webapp_offline = Brak połączenia; próbuję ponownie…
webapp_lobby = Czekamy na drugiego gracza
webapp_you = ty
# Przycisk Telegrama, który potwierdza wybrany punkt.
webapp_play = Stawiam { $point }
# Pod suwakiem powtórki zakończonej partii.
webapp_replay = Ruch { $ply } z { $total }

## Zestawy zasad (docs/rules.md#rule-sets): lobby, zamykanie okrążeń, koniec za zgodą

rules_name_sports = Sportowe
rules_name_polish = Polskie
rules_name_territory = Na terytorium
# $rules: jeden z rules_name_*.
rules_with_margin = { $rules }, wygrana od razu przy przewadze { $margin }
rules_with_penalty = { $rules }, −1 za własne okrążone kropki
lobby_rules = Zasady: { $rules }
btn_no_margin = bez progu wygranej
# Okrążenie, które gracz może zamknąć: punkt, który je nazywa, kropki przeciwnika w środku, pole w punktach (nie wynik).
btn_pool =
    ⭕ { $point }: { $dots ->
        [one] { $dots } kropka
        [few] { $dots } kropki
        [many] { $dots } kropek
       *[other] { $dots } kropki
    } · pole { $size }
btn_close_all = ⭕ Wszystkie ({ $count })
btn_done = ✅ Gotowe
btn_accept_end = Zgoda na koniec
caption_closing = { $mention }, zamknij swoje okrążenia przyciskami (albo /close x-y), potem naciśnij Gotowe
caption_your_closing = Zamknij swoje okrążenia przyciskami (albo /close x-y), potem naciśnij Gotowe: wtedy ruch przechodzi dalej
caption_their_closing = { $name } zamyka okrążenia
picture_margin = { $rules } do +{ $margin }
picture_closing = { $name } zamyka okrążenia
# Punkty odjęte za okrążenie własnych kropek (opcja zasad polskich i na terytorium).
picture_penalties = kary { $blue }:{ $red }
result_instant_win = { $winner } prowadzi różnicą { $margin } i wygrywa od razu
# $score_blue, $score_red: wynik końcowy z policzonym terytorium (docs/rules.md#agreed-end).
result_agreed = Koniec za zgodą, terytorium policzone ({ $score_blue }:{ $score_red }) — { $outcome }
result_stop = Dodatkowe kropki po STOP postawione — { $outcome }
close_usage = Wyślij <code>/close 21-17</code> (okrążenie z kropką 21-17) albo <code>/close all</code> zaraz po swojej kropce.
close_first = Najpierw zamknij okrążenia albo naciśnij Gotowe (/done): wtedy ruch ma przeciwnik.
nothing_to_close = Nie masz teraz nic do zamknięcia: okrążenia zamyka się zaraz po własnej kropce.
not_in_rules = W tych zasadach tego nie ma.
first_move_region = Pierwsza kropka musi stanąć w obszarze startowym.
stopped = Po STOP nie stawiasz już kropek.
not_a_ring = To nie jest zamknięty pierścień twoich kropek.
no_pool = Nie ma tam twojego okrążenia, które można zamknąć.
empty_closure = W tym okrążeniu nie ma kropki przeciwnika: pustych okrążeń nie wolno zamykać.
nesting = Ten pierścień nie może w ten sposób obejmować starszego państwa.
autoclose_usage = Użyj <code>/autoclose on</code> albo <code>/autoclose off</code>.
autoclose_on = Zamykanie automatyczne: włączone. W zasadach polskich i na terytorium każde okrążenie z kropką przeciwnika zamyka się zaraz po każdej twojej kropce.
autoclose_off = Zamykanie automatyczne: wyłączone. Po swojej kropce wybierasz, które okrążenia zamknąć, i naciskasz Gotowe.
cmd_close = Zamknij okrążenie po swojej kropce (polskie, na terytorium)
cmd_done = Koniec zamykania: ruch przechodzi dalej
cmd_autoclose = Zamykaj okrążenia automatycznie (on/off)
cmd_end = Zaproponuj koniec partii na terytorium z liczeniem
end_offered = { $name } proponuje zakończyć partię #{ $id } i policzyć terytorium. { $opponent }, zgoda?
end_offered_private = { $name } proponuje zakończyć partię #{ $id } i policzyć terytorium. Zgoda?
end_sent = { $name } dostaje twoją propozycję zakończenia partii #{ $id }. Jest ważna do odpowiedzi albo do następnego ruchu.
end_accepted = { $name } zgadza się na koniec: terytorium zostaje policzone.
end_declined = { $name } nie zgadza się na zakończenie partii #{ $id }.
end_lapsed = Propozycja zakończenia partii #{ $id } wygasła: partia toczy się dalej.
end_agreed = Partia #{ $id } kończy się za zgodą, z policzonym terytorium: obie strony to zaproponowały.
end_pending = Twoja propozycja zakończenia partii już czeka na odpowiedź.
answer_draw_first = { $name } proponuje remis: najpierw odpowiedz na tę propozycję.
answer_end_first = { $name } proponuje zakończenie partii: najpierw odpowiedz na tę propozycję.
no_grounding_polish = W zasadach polskich nie ma uziemienia: graj dalej, /draw albo /resign.
no_grounding_territory = W zasadach na terytorium nie ma uziemienia: graj dalej, /end, /draw albo /resign.
rules_polish =
    <b>Zasady polskie (szkrab.net.pl)</b>
    • Nic nie zamyka się samo. Po swojej kropce możesz zrobić <i>stopa</i>: zamknąć dowolne swoje <i>okrążenie</i>, w którym jest kropka przeciwnika (obszar odcięty twoimi kropkami od brzegu). Bot daje przycisk dla każdego (jego punkt, zdobyte kropki, pole), ⭕ Wszystkie i ✅ Gotowe; ruch przechodzi dalej, gdy skończysz. <code>/m 20-18 close 21-17</code> stawia kropkę i od razu zamyka okrążenie z kropką 21-17; /autoclose zamyka wszystkie okrążenia po każdej twojej kropce.
    • Stop to zawsze całe okrążenie; pustych nie wolno zamykać. Wynik to kropki przeciwnika w twoich stopach.
    • Partia kończy się od razu, gdy przewaga osiągnie próg wygranej (domyślnie 15, albo 30), a poza tym, gdy plansza jest pełna; wygrywa wyższy wynik.
rules_territory =
    <b>Zasady na terytorium (zagram.org, „na terytorium”)</b>
    • Nic nie okrąża się samo. Po swojej kropce możesz zamknąć dowolny pierścień swoich kropek wokół kropki przeciwnika i utworzyć <i>państwo</i> (bot pokazuje każde okrążenie jako przycisk, ⭕ Wszystkie i ✅ Gotowe; działa też <code>/close x-y</code>); ruch przechodzi dalej, gdy skończysz.
    • /end proponuje zakończenie partii: gdy przeciwnik się zgodzi, wszystkie otwarte okrążenia obu graczy zostają zamknięte, a do wyniku dochodzi połowa różnicy pustego terytorium (nieparzysty punkt idzie na niekorzyść tego, kto musiałby zacząć je zapełniać).
    • Na pełnej planszy decydują okrążone kropki tak, jak stoją. Wygrywa wyższy wynik.

## STOP (docs/rules.md#stop): dodatkowe kropki przeciwnika; opcje zasad w lobby

# $limit: ile czasu ma przeciwnik na dodatkowe kropki (czas trwania albo stop_no_limit).
rules_with_stop = { $rules }, STOP i { $limit } na dodatkowe kropki
stop_no_limit = bez limitu czasu
btn_penalty = −1 za własną
btn_no_penalty = bez kary
btn_mode_grounding = Uziemienie
btn_mode_stop_phase = STOP
btn_stop = STOP
btn_finish = 🏁 Koniec
btn_autofinish = ⚡ Policz resztę
cmd_stop = Ogłoś STOP (zasady sportowe ze STOP)
cmd_finish = Zakończ dodatkowe kropki po STOP
stop_on_turn = STOP można ogłosić tylko w swoim ruchu.
no_stop = Nie ma czego kończyć: dodatkowe kropki stawia i kończy tylko przeciwnik tego, kto ogłasza STOP.
extra_dots = Przeciwnik ogłasza STOP: postaw dodatkowe kropki, potem /finish (albo <code>/finish auto</code>, żeby policzyć każdą jego kropkę, którą jeszcze da się okrążyć).
# $opponent: kto postawi dodatkowe kropki; $limit: w jakim czasie; wynik to ten, który dałoby uziemienie (najlepszy dla niego).
stop_confirm = Ogłosić STOP w partii #{ $id }? Nie postawisz już żadnej kropki; { $opponent } stawia dodatkowe kropki ({ $limit }). W najlepszym dla przeciwnika razie partia skończy się wynikiem 🔵 { $score_blue } : { $score_red } 🔴 ({ $outcome }).
stop_withdrawn = STOP wycofany: partia #{ $id } toczy się dalej.
stop_done = { $name } ogłasza STOP w partii #{ $id }.
# Pod planszą w czasie dodatkowych kropek. $stopper: kto ogłasza STOP.
caption_stop = { $stopper } ogłasza STOP: { $mention } stawia dodatkowe kropki, potem 🏁 Koniec (/finish)
caption_your_extra = { $stopper } ogłasza STOP: postaw dodatkowe kropki, potem 🏁 Koniec (⚡ liczy każdą kropkę przeciwnika, którą jeszcze da się okrążyć)
caption_their_extra = Twój STOP: { $name } stawia dodatkowe kropki (/ground kończy je od razu, licząc jak przy uziemieniu)
picture_stop = { $stopper } ogłasza STOP: { $name } stawia dodatkowe kropki
result_stop_counted = STOP ({ $declarer }) policzony jak uziemienie — { $outcome }
bad_game_number = „{ $text }” to nie numer partii; partię wskazuje się tak: /board 12.
new_ai_unknown = Partia się nie zaczęła: nie rozumiem „{ $words }”. Spróbuj /new ai [easy|normal|hard] [plansza od 10x10 do 39x39] [krzyż|pusta|cztery] [czas od 1m do 30d albo bez] [niebieski|czerwony] [polskie|terytorium].
lobby_open_for_bot = Tu w lobby czeka partia #{ $id }: naciśnij jej przycisk 🤖, żeby zagrać z botem na jej ustawieniach, albo anuluj ją (/cancel) i poproś jeszcze raz.
game_cancelled_by_alone = Partię #{ $id } anuluje przed pierwszym ruchem { $name }. /new zaczyna nową.
resign_confirm_unplayed = W partii #{ $id } nie masz jeszcze żadnego ruchu: poddanie teraz ją anuluje i partia się nie liczy. Anulować partię #{ $id }?
resign_cancelled_done = Partia #{ $id } anulowana: { $name } poddaje się przed pierwszym ruchem.

## issue 20 §3: a cancelled draw, a refused /new, what the bot sees in a group, local mode's start line

result_cancelled_agreed = Gracze umówili się zakończyć ją przed pierwszym ruchem, więc partia się nie liczy
btn_yes_cancel = Tak, anuluj partię
bad_size = Plansza { $size } nie pasuje: od { $min }x{ $min } do { $max }x{ $max } punktów (na przykład <code>/new 20x20</code>). Partia nie została otwarta.
bad_time = Czas na ruch { $time } nie pasuje: od <code>1m</code> (minuta) do <code>30d</code> (30 dni) albo <code>none</code> (bez limitu). Partia nie została otwarta.
local_ready = Kropki: graj na { $url } (partie w { $path }; Ctrl-C kończy)
lobby_moves_all = Ruchy tutaj: po prostu <code>20-18</code>, <code>/m 20-18</code> albo przyciski pod planszą.
lobby_moves_commands = Ruchy tutaj: <code>/m 20-18</code>, odpowiedź na obrazek planszy albo jego przyciski (w tej grupie widzę tylko polecenia i odpowiedzi na moje wiadomości).

## Ranking Glicko-2 (/top, /me)

# $rules: jeden z rules_name_*.
rating_title_chat = <b>Ranking w tym czacie</b> · { $rules } (Glicko-2)
rating_title_all = <b>Ranking wszystkich graczy</b> · { $rules } (Glicko-2)
rating_none_chat = Nie skończyła się tu jeszcze żadna partia rankingowa na tych zasadach ({ $rules }).
# $rating: ranking i jego odchylenie, już sformatowane (<b>1563</b> ±74).
rating_line =
    { $n }. { $name } — { $rating } · { $games ->
        [one] { $games } partia
        [few] { $games } partie
        [many] { $games } partii
       *[other] { $games } partii
    }
rating_provisional = ? — wstępny: na razie mało partii (odchylenie 110 lub więcej).
rating_place = miejsce { $place } z { $players }
rating_you = Ty: { $rating } · { $place }
rating_you_none = Nie masz jeszcze partii rankingowych na tych zasadach.
# $commands: /top z innymi zasadami, na których tu grano.
rating_other_rules = Grano tu też na innych zasadach: { $commands }
me_title = <b>{ $name }</b>
# $place: rating_place albo nic.
me_rating =
    { $rules }: { $rating } (zmienność { $volatility }) · { $games ->
        [one] { $games } partia
        [few] { $games } partie
        [many] { $games } partii
       *[other] { $games } partii
    } ({ $wins ->
        [one] { $wins } wygrana
        [few] { $wins } wygrane
        [many] { $wins } wygranych
       *[other] { $wins } wygranej
    }, { $losses ->
        [one] { $losses } przegrana
        [few] { $losses } przegrane
        [many] { $losses } przegranych
       *[other] { $losses } przegranej
    }, { $draws ->
        [one] { $draws } remis
        [few] { $draws } remisy
        [many] { $draws } remisów
       *[other] { $draws } remisu
    }){ $place }
me_chat_place = W tym czacie ({ $rules }): miejsce { $place } z { $players }
me_chart = Ranking

## Rewanż i cofnięcie ruchu

btn_rematch = 🔁 Rewanż
btn_rematch_accept = ✅ Gram rewanż
btn_takeback_accept = ✅ Pozwalam cofnąć
# Na ostatniej planszy w grupie, pod wynikiem. $name prosi; $opponent jest wspomniany.
rematch_asked = 🔁 { $name } proponuje rewanż (te same ustawienia, kolory zamienione): { $opponent }?
rematch_asked_you = Zaproponowano rewanż: { $name }.
rematch_asked_private = 🔁 { $name } proponuje rewanż partii #{ $id } (te same ustawienia, kolory zamienione).
rematch_started = 🔁 Rewanż to partia #{ $id }.
rematch_declined = { $name } odrzuca rewanż.
rematch_declined_private = { $name } odrzuca rewanż partii #{ $id }.
game_not_over = Partia jeszcze trwa: rewanż po niej.
no_rematch = Ta partia nie ma rewanżu (została anulowana albo to partia turnieju).
rematch_played = Rewanż tej partii już rozegrano: partia #{ $id }.
no_rematch_asked = Nikt nie proponował rewanżu tej partii.
own_rematch = To twoja propozycja rewanżu: odpowiada drugi gracz.
cmd_takeback = Prośba o cofnięcie ostatniego ruchu (partie bez rankingu)
# $name: kto cofa ruch.
takeback_asked = ↩️ { $name } prosi o cofnięcie swojego ostatniego ruchu w partii #{ $id }: { $opponent }, zgoda?
takeback_asked_private = ↩️ { $name } prosi o cofnięcie swojego ostatniego ruchu w partii #{ $id }.
takeback_sent = Poproszono gracza { $name } o zgodę na cofnięcie twojego ostatniego ruchu w partii #{ $id }.
takeback_pending = Twoja prośba o cofnięcie ruchu w partii #{ $id } czeka na odpowiedź.
takeback_unreachable = Nie mogę napisać do gracza { $name } na prywatnym czacie, więc nie zapytam o cofnięcie ruchu w partii #{ $id }.
takeback_done = ↩️ Partia #{ $id }: ostatni ruch gracza { $name } cofnięty; znów ruch gracza { $name }.
takeback_withdrawn = { $name } wycofuje prośbę o cofnięcie ruchu w partii #{ $id }.
takeback_declined = { $name } nie zgadza się na cofnięcie ruchu w partii #{ $id }.
no_takeback_rated = W partii rankingowej ruchów się nie cofa (zasady sportowe tego zabraniają, 2.6).
no_takeback_tournament = W partii turnieju ruchów się nie cofa.
nothing_to_take_back = Nie masz ruchu do cofnięcia.
no_takeback_offer = Nikt nie prosił o cofnięcie ruchu.
own_takeback = To twoja prośba o cofnięcie: odpowiada przeciwnik.
answer_takeback_first = { $name } już prosi o cofnięcie ruchu: najpierw odpowiedz na tę prośbę.
tournament_game = To partia turnieju #{ $id }: rozgrywa się ją do końca, nie anuluje (wyjście z turnieju to jej przegranie).
btn_rated = ⭐ Rankingowa
btn_unrated = ☕ Bez rankingu
lobby_unrated = Bez rankingu: partia nie liczy się do rankingu; można używać /hint i /takeback.

## Turnieje

cmd_tournament = Turniej w tej grupie: szwajcar, każdy z każdym albo pucharowy
cmd_standings = Tabela turnieju
tournament_format_swiss = System szwajcarski
tournament_format_round_robin = Każdy z każdym
tournament_format_elimination = Pucharowy
tournament_format_rounds =
    { $format }, { $rounds ->
        [one] { $rounds } runda
        [few] { $rounds } rundy
        [many] { $rounds } rund
       *[other] { $rounds } rundy
    }
tournament_title = 🏆 <b>Turniej #{ $id }</b> · { $format }
# $rules: zasady słowami; $rated: tournament_rated albo tournament_unrated.
tournament_settings = { $rules } · plansza { $size } · start: { $start } · { $time } na ruch · { $rated }
tournament_rated = rankingowy
tournament_unrated = bez rankingu
tournament_starts_creator = Zacznie się, gdy uruchomi go { $name }.
# $time: godzina UTC; $left: za ile.
tournament_starts_at = Start o { $time } UTC (za { $left }).
tournament_players = Gracze ({ $count } z najwyżej { $limit }): { $names }
tournament_lobby_hint = Naciśnij <b>Dołącz</b>, żeby grać. { $name } zmienia ustawienia, zaczyna turniej albo usuwa gracza, który się nie stawił.
tournament_started_lobby = 🏆 <b>Turniej #{ $id }</b> się zaczął: { $format }, graczy: { $count }. Pary każdej rundy przychodzą jedną wiadomością, potem pierwsza plansza każdej partii; tabelę pokazuje /standings.
tournament_cancelled = Turniej #{ $id } został anulowany.
tournament_cancelled_few = Turniej #{ $id } się nie zaczął: zapisało się mniej niż { $count } graczy.
tournament_expired = Turniej #{ $id } zamknięty: przez 7 dni nikt go nie uruchomił.
tournament_round = 🏆 <b>Turniej #{ $id }</b> · runda { $round } z { $rounds }
tournament_round_robin_plan = Każdy gra z każdym raz (tabele Bergera).
tournament_table = Stół { $board }: 🔵 { $blue } – 🔴 { $red } · partia #{ $game }
tournament_table_forfeit = Stół { $board }: { $blue } – { $red } · { $winner } wygrywa walkowerem
tournament_bye = Wolny los: { $name } (1 punkt)
tournament_rest = Pauzuje w tej rundzie: { $name }
tournament_round_hint = Dalej plansza każdej partii: grajcie przyciskami pod nią, odpowiedzią na nią albo /m z numerem partii.
tournament_standings_title = 📊 <b>Turniej #{ $id }</b> · tabela po rundzie { $round } z { $rounds }
tournament_final = 🏆 <b>Turniej #{ $id }</b> zakończony: wygrywa <b>{ $winner }</b>!
tournament_final_shared = 🏆 <b>Turniej #{ $id }</b> zakończony: pierwsze miejsce dzielą { $names }.
tournament_line_swiss =
    { $place }. { $name } — <b>{ $points }</b> ({ $games ->
        [one] { $games } partia
        [few] { $games } partie
        [many] { $games } partii
       *[other] { $games } partii
    }) · Bh { $buchholz } · mBh { $median }
tournament_line_round_robin =
    { $place }. { $name } — <b>{ $points }</b> ({ $games ->
        [one] { $games } partia
        [few] { $games } partie
        [many] { $games } partii
       *[other] { $games } partii
    }) · SB { $sb }
tournament_line_elimination = { $place }. { $name } — { $stage }
tournament_left_mark = (poza turniejem)
tournament_footer_swiss = Bh: Buchholz, mBh: Buchholz medianowy.
tournament_footer_round_robin = SB: Sonneborn-Berger.
tournament_footer_elimination = Remis rozgrywa się ponownie z zamienionymi kolorami (najwyżej dwa razy, potem przechodzi wyżej rozstawiony).
tournament_stage_winner = wygrana w finale
tournament_stage_final = przegrana w finale
tournament_stage_third = trzecie miejsce
tournament_stage_fourth = czwarte miejsce
tournament_stage_in = gra rundę { $round }
tournament_stage_round = odpada w rundzie { $round }
# Nagłówki kolumn obrazka z tabelą.
tournament_th_place = #
tournament_th_player = Gracz
tournament_th_points = Pkt
tournament_th_sb = SB
tournament_th_buchholz = Bh
tournament_th_median = mBh
tournament_th_games = Partie
tournament_th_round = R{ $round }
tournament_picture_title = Turniej #{ $id } · { $format }
tournament_picture_after = po rundzie { $round } z { $rounds }
tournament_picture_final = tabela końcowa
tournament_picture_lobby = jeszcze się nie zaczął
tournament_picture_rr_footer = 1 wygrana, ½ remis, 0 przegrana, f walkower. SB: Sonneborn-Berger.
tournament_picture_swiss_footer = +5 wygrana z 5., =3 remis, −2 przegrana, f walkower, + wolny los. Bh: Buchholz, mBh: medianowy.
tournament_picture_elim_footer = +5 wygrana z 5., −2 przegrana, f walkower, + wolny los.
tournament_picture_dot = Kropka: kolor, którym grano.
caption_table = 🏆 Turniej #{ $id } · runda { $round } · stół { $board }
btn_t_swiss = Szwajcar
btn_t_round_robin = Każdy z każdym
btn_t_elimination = Pucharowy
btn_t_rounds_auto = auto
btn_t_starts_creator = 🙋 Uruchomię ręcznie
btn_t_starts_in = ⏰ za { $time }
btn_t_leave = 🚪 Wyjdź
btn_t_start = ▶ Start
btn_t_remove = 👤 Usuń…
btn_t_back = ◀ Wróć
btn_t_standings = 📊 Tabela
btn_t_sgf = 📥 Partie (SGF)
btn_t_leave_yes = 🚪 Tak, wychodzę
tournament_joined = Jesteś w turnieju #{ $id }.
tournament_left = Nie jesteś już w turnieju #{ $id }.
tournament_removed = { $name } nie jest już w turnieju #{ $id }.
tournament_left_running = { $name } wychodzi z turnieju #{ $id }: bieżąca partia przegrana, pozostałe walkowerem.
tournament_leave_confirm = Wyjść z turnieju #{ $id }? Przegrasz bieżącą partię i wszystkie następne walkowerem.
tournament_leave_kept = Zostajesz w turnieju #{ $id }.
tournament_remove_pick = Kto odpada z turnieju #{ $id }? (Usunięcie po starcie oznacza przegraną wszystkich pozostałych partii walkowerem.)
tournament_remove_kept = Nikt nie został usunięty z turnieju #{ $id }.
tournament_sgf = Turniej #{ $id }: { $count ->
        [one] { $count } partia
        [few] { $count } partie
        [many] { $count } partii
       *[other] { $count } partii
    } (SGF).
tournament_no_games = W turnieju #{ $id } nie ma jeszcze skończonych partii.
tournament_open_here = Turniej tej grupy:
tournament_unknown = (pominięte, niezrozumiałe: { $words })
tournament_shown_players = …i jeszcze { $count }.
no_such_tournament = Nie ma tu turnieju #{ $id }.
groups_only = Turnieje gra się w grupach: dodaj bota do grupy i wyślij tam /tournament.
no_tournament = Ta grupa nie ma turnieju: /tournament go otwiera.
tournament_started = Turniej #{ $id } już się zaczął.
tournament_over = Turniej #{ $id } jest zakończony.
too_many_for_round_robin = Każdy z każdym to najwyżej { $count } graczy: wybierz szwajcara albo pucharowy.
joined_already = Już jesteś w turnieju #{ $id }.
tournament_full = Turniej jest pełny ({ $count } graczy).
creator_stays = Twórca zostaje w turnieju: żeby go nie przeprowadzać, anuluj go.
not_in_tournament = Tego gracza nie ma (albo już nie ma) w turnieju #{ $id }.
too_few_players = Turniej zaczyna się od co najmniej { $count } graczy.
btn_t_page = 🏆 Strona turnieju
webapp_tournament_games = Rundy i partie
webapp_puzzle_how = Dotknij punktu, w który chcesz zagrać, potem „Odpowiadam”.
webapp_puzzle_answer = Odpowiadam { $point }
webapp_puzzle_next = Następne zadanie
webapp_puzzle_gone = Nie ma zadania #{ $id }.
btn_puzzle_webapp = 🧩 Rozwiąż na całej planszy

## W granicach limitów Telegrama (grupa przyjmuje około 20 wiadomości na minutę)

press_later = Plansza zmieni się za { $seconds } s: limit wiadomości tej grupy.
board_later = ✓ { $point } · plansza pojawi się za { $seconds } s (limit wiadomości tej grupy)
answered_privately = { $where }: { $text }
board_above = { $link ->
    [none] Plansza partii #{ $id } to najnowsza powyżej ↑
   *[other] Plansza partii #{ $id } to <a href="{ $link }">najnowsza powyżej ↑</a>
}

## Review (Telegram)
# A finished game reviewed (docs/playing.md#reviews): the command, its button and the answers that are the chat's
# own. The review's own texts (its progress, summaries, captions) are in the review's wording.

cmd_review = Analiza zakończonej partii: największe błędy, komentowany zapis SGF
btn_review = 🔎 Analiza
# $id: a game's number, or the number of a record someone sent.
review_game = Partia #{ $id }
review_record = Zapis #{ $id }
# $what: review_game or review_record.
review_under_way = { $what }: analiza już trwa, jej postęp jest tutaj ↑
review_press_started = 🔎 { $what }: analiza się zaczyna, jej postęp pojawi się w czacie.
review_press_running = 🔎 { $what }: analiza już trwa.
review_press_done = 🔎 { $what }: analiza pojawi się w czacie.
review_none = Nie masz tu zakończonej partii do analizy. <code>/review 12</code> wskazuje partię; 🔎 Analiza pod planszą zakończonej partii też działa.
review_usage = <code>/review</code> analizuje twoją ostatnią zakończoną partię tutaj · <code>/review 12</code> partię #12 · 🔎 Analiza pod planszą zakończonej partii albo pod przysłanym mi zapisem
# $title: the review's title ("Review of game #12"); the progress message says this once the review follows it.
review_posted = 🔎 { $title }: gotowe ↓
review_sgf_caption = { $title }: komentowany zapis SGF (GM[40]): ocena każdego ruchu, lepsze ruchy jako warianty; czytają go zagram.org, KataGoDots i ten bot.

## Zadania (/puzzle)

cmd_puzzle = Zadanie z prawdziwej partii: znajdź najlepszy ruch
puzzle_task_capture = <b>Zadanie #{ $id }</b> · ranking { $rating }
    Ruch { $colour ->
        [blue] niebieskich
       *[red] czerwonych
    }: znajdź ruch, który otacza najwięcej.
puzzle_task_save = <b>Zadanie #{ $id }</b> · ranking { $rating }
    Ruch { $colour ->
        [blue] niebieskich
       *[red] czerwonych
    }: znajdź ruch, który ratuje najwięcej.
puzzle_task_win = <b>Zadanie #{ $id }</b> · ranking { $rating }
    Ruch { $colour ->
        [blue] niebieskich
       *[red] czerwonych
    }: znajdź ruch, który wygrywa partię.
puzzle_daily_title = 🗓 Zadanie dnia
puzzle_how_private = Odpowiedz <code>x-y</code> (albo <code>/m x-y</code>, odpowiedzią na wiadomość, przyciskiem w ramce).
puzzle_how_group = Wygrywa pierwsza dobra odpowiedź: naciśnij punkt w ramce (każdy ma jedną próbę) albo odpowiedz <code>x-y</code>.
puzzle_what_capture = <b>{ $point }</b> zdobywa o { $margin ->
        [one] { $margin } kropkę
        [few] { $margin } kropki
        [many] { $margin } kropek
       *[other] { $margin } kropki
    } więcej niż każdy inny ruch
puzzle_what_save = <b>{ $point }</b> ratuje { $margin ->
        [one] { $margin } kropkę
        [few] { $margin } kropki
        [many] { $margin } kropek
       *[other] { $margin } kropki
    } wobec każdego innego ruchu
puzzle_what_win = <b>{ $point }</b> wygrywa partię: potem uziemienie
puzzle_right = ✅ Dobrze! { $what }.
puzzle_wrong = ❌ { $answer } to nie to. { $what }.
puzzle_rating_moved = Twój ranking w zadaniach: { $before } → <b>{ $after }</b>.
puzzle_again = Zadanie #{ $id } masz już za sobą: liczy się raz.
puzzle_next = /puzzle daje następne.
puzzle_none = Wszystkie zadania są już za tobą. Nowe powstają z zakończonych partii: zajrzyj później.
puzzle_none_group = Ta grupa widziała już wszystkie zadania. Nowe powstają z zakończonych partii.
puzzle_skipped = Zadanie #{ $id } pominięte. { $what }.
puzzle_won = 🏆 Zadanie #{ $id } rozwiązane: { $name } — { $what }.
puzzle_press_right = ✅ Dobrze: to pierwsza dobra odpowiedź!
puzzle_press_wrong = ❌ { $point } to nie to. Każdy ma jedną próbę.
puzzle_press_again = Twoja próba już była ({ $point }).
puzzle_press_solved = Już rozwiązane przez: { $name }.
puzzle_reply_late = Zadanie #{ $id } już rozwiązane przez: { $name }.
puzzle_daily_on = Od teraz ta grupa dostaje zadanie dziennie. <code>/puzzle daily off</code> to wyłącza.
puzzle_daily_off = Koniec z zadaniami dnia w tej grupie.
puzzle_daily_private = <code>/puzzle daily</code> jest dla grup; tutaj /puzzle daje zadanie, kiedy chcesz.
puzzle_share_on = Twoje zakończone partie prywatne mogą teraz dawać zadania (jeśli przeciwnik też na to pozwala).
puzzle_share_off = Twoje partie prywatne nie dają zadań.
puzzle_share_group = Wyślij <code>/puzzle share on</code> w naszym prywatnym czacie: to twój własny wybór.
puzzle_usage = <code>/puzzle</code> następne zadanie · <code>/puzzle daily</code> albo <code>/puzzle daily off</code> zadanie dnia w grupie · <code>/puzzle share on</code> albo <code>off</code> czy twoje partie prywatne mogą dawać zadania
me_puzzles = Zadania: <b>{ $rating }</b> ±{ $deviation } · rozwiązane { $solved }, nierozwiązane { $failed }
me_puzzles_share = Twoje partie prywatne mogą dawać zadania (<code>/puzzle share off</code>).
me_puzzles_noshare = Twoje partie prywatne nie dają zadań (<code>/puzzle share on</code>).

## Analizy (/review)
# Analiza skończonej partii (/review): wykres oceny, największe błędy, liczby każdego gracza.
# $id: numer partii (review_of_game) albo zaimportowanego zapisu (review_of_import).
review_of_game = partii #{ $id }
review_of_import = zapisu #{ $id }
# $what: review_of_game albo review_of_import (w dopełniaczu: „analiza partii #12”).
review_title = Analiza { $what }
review_axis_moves = Ruch
review_axis_score = Kropki: niebieskie − czerwone
# Zagrany ruch, gdy było to uziemienie.
review_ground = uziemienie
# $ply: numer ruchu; $played: ruch (x-y albo review_ground); $loss: ile kropek stracił (bywa ułamkiem);
# $better: jeden z review_better_*.
review_mistake = Ruch { $ply } · { $played } traci { $loss ->
        [one] { $loss } kropkę
        [few] { $loss } kropki
        [many] { $loss } kropek
       *[other] { $loss } kropki
    }: { $better }
# $point: lepszy ruch; $count: kropki.
review_better_captures = { $point } okrąża { $count }
review_better_saves = { $point } ratuje { $count }
review_better_ground_wins = uziemienie wygrywa partię
review_better_ground = uziemienie zachowuje wynik
review_better_keeps = { $point } zachowuje wynik
# $average: średnia strata kropek na ruch (jedno miejsce po przecinku); $blunders: ruchy, które straciły 3 kropki
# lub więcej; $mistakes: 1 kropkę lub więcej.
review_numbers = strata { $average ->
        [one] { $average } kropka
        [few] { $average } kropki
        [many] { $average } kropek
       *[other] { $average } kropki
    } na ruch · { $blunders ->
        [one] { $blunders } poważny błąd
        [few] { $blunders } poważne błędy
        [many] { $blunders } poważnych błędów
       *[other] { $blunders } poważnego błędu
    } · { $mistakes ->
        [one] { $mistakes } błąd
        [few] { $mistakes } błędy
        [many] { $mistakes } błędów
       *[other] { $mistakes } błędu
    }
# $name: gracz; $numbers: review_numbers.
review_summary = { $name }: { $numbers }
# $done: ile ruchów już ocenionych; $total: ile wszystkich; $left: czas („40 s”).
review_progress = 🔎 Analiza { $what }… { $done } z { $total ->
        [one] { $total } ruchu
        [few] { $total } ruchów
        [many] { $total } ruchów
       *[other] { $total } ruchu
    }
review_progress_left = 🔎 Analiza { $what }… { $done } z { $total ->
        [one] { $total } ruchu
        [few] { $total } ruchów
        [many] { $total } ruchów
       *[other] { $total } ruchu
    }, zostało około { $left }
review_done = 🔎 <b>Analiza { $what }</b>
# $name: gracz, którego największe błędy są niżej.
review_mistakes_of = Największe błędy ({ $name }):
review_no_mistakes = { $name }: żaden ruch nie stracił choćby kropki.
# Własna trwająca analiza i jak daleko zaszła ($what: review_of_game albo review_of_import).
review_busy_progress = Twoja analiza { $what } jeszcze trwa ({ $done } z { $total ->
        [one] { $total } ruchu
        [few] { $total } ruchów
        [many] { $total } ruchów
       *[other] { $total } ruchu
    }): analizy idą po jednej.
# Odmowy usług (wartości Problem). $subject: game albo import; $id: numer.
review_busy = Twoja analiza { $subject ->
        [import] zapisu #{ $id }
       *[other] partii #{ $id }
    } jeszcze trwa: jedna analiza naraz. Wkrótce będzie gotowa.
review_not_over = Partia #{ $id } wciąż trwa: można ją przeanalizować, gdy się skończy.
review_cancelled = Partia #{ $id } została anulowana przed rozegraniem: nie ma czego analizować.
no_such_record = Nie ma tu zapisu #{ $id }, który możesz przeanalizować.

## Review (Mini App)

webapp_review = 🔎 Analiza
webapp_review_sgf = ⬇ SGF z analizą
webapp_review_legend = Dotknij błędu: ✕ zagrany, ● lepszy
webapp_review_none = Żaden ruch nie stracił ani kropki.
