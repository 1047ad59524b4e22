"""``tochki_bot.wording.reviews``: a review's sentences in the four languages (captions, numbers with their plural
forms, progress, refusals) and the views its pictures are drawn from, on reviews made directly."""

from __future__ import annotations

import pytest

from render.review import ChartMark
from tests.support.reviews import long_review, missed_capture_game, review_of, searched_review
from tochki_bot.ai.review import MoveReview
from tochki_bot.engine import Game
from tochki_bot.i18n import LANGUAGES, Language, t
from tochki_bot.services.errors import Problem, ServiceError
from tochki_bot.wording.reviews import (
    amount,
    better_text,
    busy_text,
    chart_view,
    done_text,
    error_text,
    mistake_caption,
    mistake_view,
    mistakes,
    mistakes_text,
    not_over_text,
    numbers_line,
    progress_text,
    refusal_text,
    summary_line,
    title,
)

MISSED = MoveReview(7, "blue", "1-1", "5-4", 1.0, 0.0)
"""Blue's move 7 of ``missed_capture_game``: 1-1 instead of the capture at 5-4."""


def test_the_real_search_flags_the_missed_capture_and_the_caption_says_it() -> None:
    review = searched_review(missed_capture_game(), nodes=200)
    move = review.moves[6]
    assert (move.ply, move.played, move.best, move.grade) == (7, "1-1", "5-4", "mistake")
    assert move in mistakes(review)
    assert mistake_caption(review, move, "en") == "Move 7 · 1-1 lost 1 dot: 5-4 captures 1"


CAPTIONS = {
    "en": "Move 7 · 1-1 lost 1 dot: 5-4 captures 1",
    "ru": "Ход 7 · 1-1 теряет 1 точку: 5-4 окружает 1",
    "uk": "Хід 7 · 1-1 втрачає 1 точку: 5-4 оточує 1",
    "pl": "Ruch 7 · 1-1 traci 1 kropkę: 5-4 okrąża 1",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mistakes_caption_in_every_language(lang: Language) -> None:
    review = review_of(missed_capture_game(), [MISSED])
    assert mistake_caption(review, MISSED, lang) == CAPTIONS[lang]


def test_what_the_better_move_does() -> None:
    review = review_of(missed_capture_game(), [])
    # Red's move 6: 5-4 captures nothing but keeps blue from capturing.
    saving = MoveReview(6, "red", "9-1", "5-4", 0.0, -4.0)
    assert better_text(review, saving, "en") == "5-4 saves 4"
    assert mistake_caption(review, saving, "ru") == "Ход 6 · 9-1 теряет 4 точки: 5-4 спасает 4"
    assert mistake_caption(review, saving, "pl") == "Ruch 6 · 9-1 traci 4 kropki: 5-4 ratuje 4"
    assert mistake_caption(review, saving, "uk") == "Хід 6 · 9-1 втрачає 4 точки: 5-4 рятує 4"
    grounding_wins = MoveReview(6, "red", "9-1", "ground", 2.0, -3.0)
    assert better_text(review, grounding_wins, "en") == "grounding wins the game"
    grounding_keeps = MoveReview(6, "red", "9-1", "ground", -1.0, -2.0)
    assert better_text(review, grounding_keeps, "ru") == "заземление сохраняет счёт"
    tiny = MoveReview(6, "red", "9-1", "5-4", 0.0, -0.2)
    assert better_text(review, tiny, "en") == "5-4 keeps the score"
    grounded = MoveReview(8, "red", "ground", "5-4", 0.0, -5.5)
    assert mistake_caption(review, grounded, "en") == "Move 8 · grounding lost 5.5 dots: 5-4 saves 5.5"
    assert mistake_caption(review, grounded, "pl").startswith("Ruch 8 · uziemienie traci 5,5 kropki")


def test_dots_are_whole_numbers_when_they_are_and_tenths_otherwise() -> None:
    assert [amount(v) for v in (4.0, 3.999, 1.25, 0.04, 12.96)] == [4, 4, 1.2, 0, 13]
    assert isinstance(amount(4.0), int)


def moves_losing(colour: str, losses: list[float]) -> list[MoveReview]:
    """Moves of ``colour`` (and a perfect reply of the other side after each) losing ``losses``."""
    other = "red" if colour == "blue" else "blue"
    found = []
    for i, loss in enumerate(losses):
        found.append(MoveReview(2 * i + 1, colour, "1-1", "2-2", loss, 0.0))  # type: ignore[arg-type]
        found.append(MoveReview(2 * i + 2, other, "3-3", "3-3", 0.0, 0.0))  # type: ignore[arg-type]
    return found


NUMBERS = {
    # (blunders, mistakes): the line in each language, the average one decimal.
    (1, 1): {
        "en": "2.0 dots lost a move · 1 blunder · 1 mistake",
        "ru": "потери 2,0 точки за ход · 1 грубая ошибка · 1 ошибка",
        "uk": "втрати 2,0 точки за хід · 1 груба помилка · 1 помилка",
        "pl": "strata 2,0 kropki na ruch · 1 poważny błąd · 1 błąd",
    },
    (2, 5): {
        "en": "1.6 dots lost a move · 2 blunders · 5 mistakes",
        "ru": "потери 1,6 точки за ход · 2 грубые ошибки · 5 ошибок",
        "uk": "втрати 1,6 точки за хід · 2 грубі помилки · 5 помилок",
        "pl": "strata 1,6 kropki na ruch · 2 poważne błędy · 5 błędów",
    },
    (5, 2): {
        "en": "2.4 dots lost a move · 5 blunders · 2 mistakes",
        "ru": "потери 2,4 точки за ход · 5 грубых ошибок · 2 ошибки",
        "uk": "втрати 2,4 точки за хід · 5 грубих помилок · 2 помилки",
        "pl": "strata 2,4 kropki na ruch · 5 poważnych błędów · 2 błędy",
    },
}


@pytest.mark.parametrize("counts", list(NUMBERS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_players_numbers_with_the_plural_forms_of_each_language(counts: tuple[int, int], lang: Language) -> None:
    blunders, errors = counts
    losses = [3.0] * blunders + [1.0] * errors
    review = review_of(Game(10, 10, "empty"), moves_losing("blue", losses), total=2 * len(losses))
    assert numbers_line(review, "blue", lang) == NUMBERS[counts][lang]
    assert summary_line(review, "blue", lang) == f"Anna: {NUMBERS[counts][lang]}"


def test_a_perfect_players_numbers_and_names_are_escaped() -> None:
    review = review_of(Game(10, 10, "empty"), moves_losing("blue", [0.0]), blue="<b>Ann</b>", red="")
    assert (
        summary_line(review, "blue", "en") == "&lt;b&gt;Ann&lt;/b&gt;: 0.0 dots lost a move · 0 blunders · 0 mistakes"
    )
    assert summary_line(review, "red", "ru").startswith("Красный игрок: потери 0,0 точки за ход")
    assert summary_line(review, "blue", "en", show=lambda c: f"<i>{c}</i>").startswith("<i>blue</i>: ")
    assert mistakes_text(review, "blue", "en") == "&lt;b&gt;Ann&lt;/b&gt;: no move lost a dot or more."


def test_mistakes_are_listed_per_player_the_biggest_first() -> None:
    review = review_of(missed_capture_game(), [MISSED, MoveReview(8, "red", "2-2", "5-4", 0.0, -3.0)])
    assert mistakes(review) == [MISSED, review.moves[1]]  # in the order they were played
    assert mistakes_text(review, "blue", "en") == "Biggest mistakes of Anna:\nMove 7 · 1-1 lost 1 dot: 5-4 captures 1"
    assert mistakes_text(review, "red", "uk").splitlines()[0] == "Найбільші помилки (Борис):"


PROGRESS = {
    "en": ("🔎 Reviewing game #12… 120 of 250 moves", "🔎 Reviewing game #12… 120 of 250 moves, about 40 s left"),
    "ru": ("🔎 Разбор игры №12… 120 из 250 ходов", "🔎 Разбор игры №12… 120 из 250 ходов, осталось около 40 с"),
    "uk": ("🔎 Розбір гри №12… 120 з 250 ходів", "🔎 Розбір гри №12… 120 з 250 ходів, лишилося близько 40 с"),
    "pl": ("🔎 Analiza partii #12… 120 z 250 ruchów", "🔎 Analiza partii #12… 120 z 250 ruchów, zostało około 40 s"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_progress_with_and_without_the_time_left(lang: Language) -> None:
    review = long_review(120)
    running = review_of(review.game, review.moves, total=250)
    assert progress_text(running, lang) == PROGRESS[lang][0]
    timed = review_of(review.game, review.moves, total=250, expected_seconds=40.2)
    assert progress_text(timed, lang) == PROGRESS[lang][1]


def test_one_move_of_one_and_a_record_in_the_progress() -> None:
    game = missed_capture_game()
    one = review_of(game, [], total=1, subject="import", ref=3)
    assert progress_text(one, "en") == "🔎 Reviewing record #3… 0 of 1 move"
    assert progress_text(one, "ru") == "🔎 Разбор записи №3… 0 из 1 хода"
    assert progress_text(review_of(game, [], total=21), "pl") == "🔎 Analiza partii #12… 0 z 21 ruchów"
    assert progress_text(review_of(game, [], total=21), "uk") == "🔎 Розбір гри №12… 0 з 21 ходу"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_done_and_the_refusals(lang: Language) -> None:
    review = review_of(missed_capture_game(), [MISSED])
    done = done_text(review, lang).splitlines()
    assert len(done) == 3 and done[0].startswith("🔎 <b>") and "12" in done[0]
    assert done[1].startswith("Anna: ") and done[2].startswith("Борис: ")
    running = review_of(missed_capture_game(), [MISSED] * 60, ref=9, total=200)
    busy = busy_text(running, lang)
    assert "9" in busy and "60" in busy and "200" in busy
    error = ServiceError(Problem.REVIEW_BUSY, subject="game", id=9)
    assert error_text(error, lang, running) == busy
    assert refusal_text("REVIEW_BUSY", 9, lang, running) == busy
    assert refusal_text("REVIEW_BUSY", 9, lang) is None  # nothing to say how far it is: the usual text
    plain_busy = error_text(error, lang)  # without the running review: the services' text
    assert "9" in plain_busy and "60" not in plain_busy
    record = error_text(ServiceError(Problem.REVIEW_BUSY, subject="import", id=4), lang)
    assert "4" in record and record != error_text(ServiceError(Problem.REVIEW_BUSY, subject="game", id=4), lang)
    for problem in (Problem.REVIEW_NOT_OVER, Problem.REVIEW_CANCELLED, Problem.NO_SUCH_RECORD, Problem.NO_SUCH_GAME):
        text = error_text(ServiceError(problem, id=12), lang)
        assert "12" in text, problem
        assert refusal_text(problem.name, 12, lang) == (None if problem is Problem.NO_SUCH_GAME else text)
    assert refusal_text("NOT_OVER", 12, lang) == not_over_text(12, lang) == refusal_text("REVIEW_NOT_OVER", 12, lang)


def test_the_refusals_in_english() -> None:
    running = review_of(missed_capture_game(), [MISSED] * 60, ref=9, total=200)
    assert (
        busy_text(running, "en") == "Your review of game #9 is still running (60 of 200 moves): one review at a time."
    )
    record = review_of(missed_capture_game(), [], ref=3, subject="import", total=1)
    assert busy_text(record, "ru") == "Ваш разбор записи №3 ещё идёт (0 из 1 хода): разборы идут по одному."
    assert error_text(ServiceError(Problem.REVIEW_NOT_OVER, id=5), "en") == (
        "Game #5 is still being played: it can be reviewed once it is over."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chart_view_holds_every_move_and_the_mistakes(lang: Language) -> None:
    review = long_review(250)
    view = chart_view(review, lang)
    assert view.title == title(review, lang) and "12" in view.title
    assert view.points == tuple((m.ply, m.blue_value()) for m in review.moves)
    assert view.total == 250
    assert {m.ply for m in view.marks} == {m.ply for m in review.moves if m.loss >= 1}
    assert all(isinstance(m, ChartMark) and m.blunder == (m.loss >= 3) for m in view.marks)
    assert (view.blue_name, view.red_name) == ("Митрандир", "Zażółć Gęślą")
    assert view.blue_line == numbers_line(review, "blue", lang) and view.red_line == numbers_line(review, "red", lang)
    assert view.x_caption and view.y_caption and "<" not in view.title


def test_the_chart_of_a_running_review_and_of_a_review_with_no_moves() -> None:
    review = long_review(40)
    running = review_of(review.game, review.moves[:10], total=40)
    view = chart_view(running, "en")
    assert len(view.points) == 10 and view.total == 40  # the axis spans the whole game while it runs
    empty = chart_view(review_of(Game(10, 10, "empty"), []), "en")
    assert empty.points == () and empty.marks == ()
    assert empty.blue_line == "0.0 dots lost a move · 0 blunders · 0 mistakes"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mistakes_board_is_the_position_before_it_with_both_moves_marked(lang: Language) -> None:
    game = missed_capture_game()
    review = review_of(game, [MISSED], blue="Anna 🧩")
    view = mistake_view(review, MISSED, lang)
    dots = sum(1 for row in view.dots for d in row if d is not None)
    assert dots == MISSED.ply - 1
    assert view.dots[0][0] is None  # 1-1 is not played yet
    assert [(m.point, m.kind, m.side) for m in view.marks] == [((1, 1), "played", "blue"), ((5, 4), "better", "blue")]
    assert view.caption == CAPTIONS[lang]
    assert view.to_move == "blue" and view.last_move == (9, 1)
    assert (view.blue_name, view.red_name) == ("Anna", "Борис")  # what the font cannot draw is left out


def test_a_grounding_mistake_marks_only_the_better_dot() -> None:
    review = review_of(missed_capture_game(), [])
    move = MoveReview(8, "red", "ground", "5-4", 0.0, -5.0)
    view = mistake_view(review, move, "en")
    assert [(m.point, m.kind) for m in view.marks] == [((5, 4), "better")]
    best_ground = MoveReview(8, "red", "2-2", "ground", 0.0, -5.0)
    assert [(m.point, m.kind) for m in mistake_view(review, best_ground, "en").marks] == [((2, 2), "played")]


def test_an_average_of_whole_dots_keeps_its_decimal_and_its_plural() -> None:
    review = review_of(Game(10, 10, "empty"), moves_losing("blue", [1.0]), total=2)
    assert numbers_line(review, "blue", "en") == "1.0 dots lost a move · 0 blunders · 1 mistake"
    assert numbers_line(review, "blue", "ru") == "потери 1,0 точки за ход · 0 грубых ошибок · 1 ошибка"
    assert numbers_line(review, "blue", "pl") == "strata 1,0 kropki na ruch · 0 poważnych błędów · 1 błąd"


def test_an_average_is_not_mistaken_for_an_equal_whole_number_already_said() -> None:
    """The texts are cached by their values: 0 and a Fluent number showing "0.0" are equal, not the same text."""
    assert t("en", "review_numbers", average=0, blunders=0, mistakes=0).startswith("0 dots")
    review = review_of(Game(10, 10, "empty"), moves_losing("blue", [0.0]))
    assert numbers_line(review, "blue", "en").startswith("0.0 dots")
