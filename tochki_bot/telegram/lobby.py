"""Opening games: ``/new``, the lobby's buttons, invitations, ``/cancel``."""

from __future__ import annotations

from typing import Literal

from ..i18n import t
from ..services import (
    MAX_SIDE,
    MAX_TIME,
    MIN_SIDE,
    MIN_TIME,
    ColourChoice,
    GameView,
    LobbyChoice,
    Problem,
    ServiceError,
    Want,
)
from . import callbacks as cb
from .request import Request, button, command, game_arg


def parse_new_args(args: list[str], unknown: list[str] | None = None) -> LobbyChoice:
    """Read ``/new`` arguments: a board (``20x20``), a start (``cross``, ``empty``...), a time
    (``30m``, ``1h``, ``3d``, ``none``: a minute to 30 days), the creator's colour (``blue`` begins, or ``red``), the
    rule set (``polish``, ``territory``, ``sports``) and, for those two, the instant-win margin as a number
    (``/new 30x30 polish 15``; ``0``: none) and ``penalty`` (a point off for each own dot enclosed); for the sports
    rules ``stop`` (STOP and the opponent's extra dots instead of grounding; a time right after it is the time for
    the extra dots: ``/new stop 5m``) or ``grounding``; ``unrated`` for a game that does not count for the ratings.
    Words it does not know are left out (and added to ``unknown``): the lobby shows what was chosen, and its buttons
    change it. A size or a time out of range is ``unknown`` too, and passed on: the service refuses it
    (``BAD_SIZE``, ``BAD_TIME``)."""
    unknown = [] if unknown is None else unknown
    width = height = None
    start: str | None = None
    move_seconds: int | Literal["unset"] | None = "unset"
    colours: ColourChoice = "random"
    rules: str | None = None
    margin: int | None = None
    penalty: bool | None = None
    stop_mode: str | None = None
    stop_seconds: int | Literal["unset"] | None = "unset"
    rated = True
    after_stop = False
    for arg in args:
        word = arg.strip().lower().replace("х", "x").replace("×", "x")
        was_after_stop, after_stop = after_stop, False
        if word in PENALTY_WORDS:
            penalty = PENALTY_WORDS[word]
            continue
        if word in UNRATED_WORDS:
            rated = False
            continue
        if word in STOP_WORDS:
            stop_mode = STOP_WORDS[word]
            after_stop = stop_mode == "stop_phase"
            continue
        if was_after_stop:  # a time right after "stop" is the time of the extra dots
            if word in NO_LIMIT_WORDS:
                stop_seconds = None
                continue
            seconds = _seconds(word)
            if seconds is not None:
                if 60 <= seconds <= MAX_TIME:
                    stop_seconds = seconds
                else:
                    unknown.append(arg)
                continue
        size = word.split("x", 1)
        if len(size) == 2 and all(p.isascii() and p.isdigit() and len(p) <= 3 for p in size):
            width, height = int(size[0]), int(size[1])
            if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
                unknown.append(arg)  # and kept: the service refuses it, and opens nothing
            continue
        if word in RULE_WORDS:
            rules = RULE_WORDS[word]
            continue
        if word.isascii() and word.isdigit() and len(word) <= 3 and word != "4":
            margin = int(word)
            continue
        if word in ("cross", "скрест", "krzyż", "хрест"):
            start = "cross"
        elif word in ("four-crosses", "4", "four", "4x", "четыре", "cztery", "чотири"):
            start = "four-crosses"
        elif word in ("empty", "пусто", "пустое", "pusta", "pusto", "порожнє", "порожньо"):
            start = "empty"
        elif word in ("blue", "синий", "синие", "first", "первый", "niebieski", "niebieskie", "синій", "сині"):
            colours = "creator_blue"
        elif word in ("red", "красный", "красные", "second", "второй", "czerwony", "czerwone", "червоний", "червоні"):
            colours = "creator_red"
        elif word in NO_LIMIT_WORDS:
            move_seconds = None
        elif (seconds := _seconds(word)) is not None:
            move_seconds = seconds
            if not MIN_TIME <= seconds <= MAX_TIME:
                unknown.append(arg)  # and kept: the service refuses it, and opens nothing
        else:
            unknown.append(arg)
    manual = rules in ("polish", "territory")
    if rules is None and stop_mode is not None:
        rules = "sports"  # "stop" and "grounding" are the sports rules' options
    return LobbyChoice(
        width,
        height,
        start,
        move_seconds,
        colours,
        rules,
        margin if manual else None,
        own_dot_penalty=penalty if manual or rules is None else None,
        stop_mode=stop_mode,
        stop_seconds=stop_seconds,
        rated=rated,
    )


def _seconds(word: str) -> int | None:
    """A time such as ``30m``, ``1h``, ``3d`` (``ч``, ``д`` in Russian, ``г`` in Ukrainian) in seconds; ``None``
    for anything else."""
    if len(word) >= 2 and word[:-1].isascii() and word[:-1].isdigit() and len(word) <= 4 and word[-1] in "hdmчдг":
        return int(word[:-1]) * {"h": 3600, "ч": 3600, "г": 3600, "d": 86400, "д": 86400, "m": 60}[word[-1]]
    return None


NO_LIMIT_WORDS = ("none", "no", "∞", "нет", "без", "bez", "brak", "немає")
"""No time limit (a time per move, or for the extra dots after STOP)."""
PENALTY_WORDS = {
    "penalty": True,
    "punish": True,
    "штраф": True,
    "kara": True,
    "bezkary": False,
    "bez-kary": False,
    "nopenalty": False,
    "no-penalty": False,
    "безштрафа": False,
    "без-штрафа": False,
}
"""The own-dot penalty of the manual rule sets (a point off for each own dot a closure encloses)."""
UNRATED_WORDS = frozenset({"unrated", "casual", "friendly", "безрейтинга", "без-рейтинга", "товарищеская"})
"""A game that does not count for the ratings (hints and takebacks are allowed in it)."""
STOP_WORDS = {
    "stop": "stop_phase",
    "стоп": "stop_phase",
    "grounding": "grounding",
    "ground": "grounding",
    "заземление": "grounding",
    "заземлення": "grounding",
    "uziemienie": "grounding",
}
"""How a sports game may end early: STOP and the opponent's extra dots, or grounding."""


RULE_WORDS = {
    "sports": "sports",
    "спорт": "sports",
    "спортивные": "sports",
    "polish": "polish",
    "pl": "polish",
    "польские": "polish",
    "territory": "territory",
    "terr": "territory",
    "территория": "territory",
    "территорию": "territory",
    "sportowe": "sports",
    "спортивні": "sports",
    "polskie": "polish",
    "польські": "polish",
    "terytorium": "territory",
    "територія": "territory",
    "територію": "territory",
}


BOT_WORDS = frozenset({"ai", "bot", "бот", "ии", "компьютер", "computer", "cpu", "komputer", "комп’ютер", "ші"})
LEVEL_WORDS = {
    "easy": "easy",
    "лёгкий": "easy",
    "легкий": "easy",
    "легко": "easy",
    "normal": "normal",
    "medium": "normal",
    "средний": "normal",
    "hard": "hard",
    "strong": "hard",
    "сильный": "hard",
    "трудный": "hard",
    "сложный": "hard",
    "łatwy": "easy",
    "średni": "normal",
    "trudny": "hard",
    "середній": "normal",
    "сильний": "hard",
}


def parse_bot_args(args: list[str]) -> tuple[str | None, list[str]]:
    """``/new ai hard 20x20``: the bot's level (``normal`` when only "ai" is said; ``None`` for a game between
    people) and the other arguments."""
    words = [a.strip().lower() for a in args]
    if not any(w in BOT_WORDS for w in words):
        return None, args
    level = next((LEVEL_WORDS[w] for w in words if w in LEVEL_WORDS), "normal")
    rest = [a for a, w in zip(args, words, strict=True) if w not in BOT_WORDS and w not in LEVEL_WORDS]
    return level, rest


@command
async def cmd_new(req: Request, args: list[str]) -> None:
    """Open a game: a lobby in a group (one a topic), an invitation link in private (one a person); ``/new ai
    [easy|normal|hard]`` starts a game against the bot at once."""
    level, args = parse_bot_args(args)
    if level is not None:
        unknown: list[str] = []
        choice = parse_new_args(args, unknown)
        if unknown:  # the game would start at once: nothing is left out silently
            req.reply(t(req.lang, "new_ai_unknown", words=", ".join(unknown)[:60]))
            return
        opened = await req.services.lobby.open_against_bot(
            req.place, req.person, level, choice if args else None, req.update_id
        )
        if not opened.existing:
            await req.announcer.started(opened.view)
            return
        if opened.view.state == "lobby":  # a lobby is open here: its settings are what the bot would play
            req.reply(t(req.lang, "lobby_open_for_bot", id=opened.view.id))
            return
    else:
        opened = await req.services.lobby.open(req.place, req.person, parse_new_args(args), req.update_id)
    view = opened.view
    if opened.existing and view.state != "lobby":  # a game is on here: said in words; its board stays where it is
        req.reply(t(req.lang, "open_game_on", id=view.id))
        return
    intro = None
    if opened.existing:
        intro = t(req.lang, "open_invitation" if req.place.private else "open_game_exists")
    await req.announcer.show_lobby(view, req.place.chat_id, req.place.thread_id, req.lang, intro=intro)


async def accept_invitation(req: Request, code: str) -> None:
    """Someone opened an invitation link (``/start g<code>``): the game starts."""
    try:
        view = await req.services.lobby.accept_invite(code, req.person, req.update_id)
    except ServiceError as error:
        expired = error.details.get("id") if error.problem is Problem.INVITE_EXPIRED else None
        if isinstance(expired, int):  # expired just now: the creator's lobby message says so now, not at the clock
            await req.announcer.closed(await req.services.game(expired))
        raise
    await req.announcer.started(view)


@button(cb.Join)
async def on_join(req: Request, data: cb.Join) -> None:
    await req.pressed_on("lobby", game=data.game)
    view = await req.services.lobby.join(data.game, req.person, req.place, req.update_id)
    await req.answer(t(req.own_lang, "joined", id=view.id))
    await req.announcer.started(view)


@button(cb.Set)
async def on_setting(req: Request, data: cb.Set) -> None:
    lobby = await req.pressed_on("lobby", game=data.game)
    view = await req.services.lobby.change(data.game, req.person, data.setting, data.value, req.update_id)
    if lobby is not None:
        await req.answer_when(await req.announcer.update_lobby(view, req.place.chat_id, lobby.message_id, req.lang))


@button(cb.Against)
async def on_against(req: Request, data: cb.Against) -> None:
    """The creator plays the lobby's game against the bot."""
    await req.pressed_on("lobby", game=data.game)
    view = await req.services.lobby.against_bot(data.game, req.person, data.level, req.update_id)
    await req.answer()
    await req.announcer.started(view)


@button(cb.Cancel)
async def on_cancel(req: Request, data: cb.Cancel) -> None:
    await req.pressed_on("lobby", game=data.game)
    view = await req.services.lobby.cancel(data.game, req.person, req.update_id)
    await req.answer()
    await req.announcer.closed(view, by=req.person.id)


async def cancel_game(req: Request, view: GameView) -> None:
    """Close a lobby, or a game with no move yet."""
    view = await req.services.lobby.cancel(view.id, req.person, req.update_id)
    told = await req.announcer.closed(view, by=req.person.id)
    if req.place.chat_id not in told:  # the lobby here was edited to say so already: no third "cancelled"
        req.reply(t(req.lang, "lobby_cancelled", id=view.id))


@command
async def cmd_cancel(req: Request, args: list[str]) -> None:
    view = await req.find(Want.CANCEL, "cancel", game_id=game_arg(args))
    if view is not None:
        await cancel_game(req, view)
