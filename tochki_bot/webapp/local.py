"""Local mode: the Mini App's page and API on this computer, without Telegram (``tochki-bot local``).

Nobody signs anything here: whoever can reach the server is the person at this computer, so the server must be
reachable from this computer only. Three checks keep it so:

- it listens on a loopback address only (``loopback_listen``; the CLI refuses any other ``--listen``);
- a request whose peer is not a loopback address gets 403 (``request_problem``), whatever the server listens on;
- the ``Host`` header must be ``127.0.0.1``, ``localhost`` or ``[::1]`` with the server's port, and an ``Origin``
  header, when the browser sends one, the same: a web page elsewhere that renames itself to 127.0.0.1 (DNS
  rebinding) or posts to it from its own origin (cross-site requests) gets 403.

Two people live in the local database: ``ME`` (id 1, "Player") and ``FRIEND`` (id 2, "Friend"). A game against the
bot is ``ME`` against the bot at a level; a hot-seat game is ``ME`` against ``FRIEND``, and the page plays for
whichever of them is to move (``LocalApi.actor``). Everything else (the moves' checks, storage, the bot's moves)
is the bot's own, through the same services.

>>> request_problem("127.0.0.1", "127.0.0.1:8080", 8080) is None
True
>>> request_problem("192.168.1.5", "127.0.0.1:8080", 8080)
'not from this computer'
>>> request_problem("127.0.0.1", "evil.example:8080", 8080)
'Host is not this computer'
>>> loopback_listen("0.0.0.0"), loopback_listen("::1"), loopback_listen("localhost")
(False, True, True)
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable
from typing import Any

from ..i18n import Language, duration, language_for, t
from ..services import (
    BOARD_CHOICES,
    LEVELS,
    RULE_CHOICES,
    START_CHOICES,
    TIME_CHOICES,
    ColourChoice,
    GameView,
    LobbyChoice,
    Person,
    Place,
    ServiceError,
    Services,
)
from ..wording import outcome_sentence, plain
from .api import Api, RateLimit, Reply, checked_body, error, refused
from .auth import Viewer
from .contract import FormOption, GameState, GroundQuestion, LocalChoices, ShownWith
from .state import game_state, page_name, status_text

ME = 1
"""The person at this computer."""
FRIEND = 2
"""The second person at this computer, in hot-seat games."""
HOME = Place(ME, "private")
"""Where local games are played (a private chat of ``ME``'s, as far as the services know)."""
LOCAL_TEXTS = (
    "local_title",
    "local_new",
    "local_go",
    "local_games",
    "local_games_none",
    "local_sgf",
    "local_png",
    "local_back",
)
COLOURS: dict[str, ColourChoice] = {"blue": "creator_blue", "red": "creator_red", "random": "random"}
COLOUR_LABELS = {"blue": "local_blue", "red": "local_red", "random": "local_random"}
MODES = {"bot": "local_bot", "hotseat": "local_hotseat"}
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
"""The host names a browser on this computer uses for the server (what ``Host`` may say)."""

LOCAL_WAITS = 32
"""Long polls open at once: everyone here is one person, with as many tabs as they like."""
LOCAL_RATE = 50.0
LOCAL_BURST = 1000.0
"""Local mode's request limit (a second, and at once): the one person at this computer, however fast they play (a
move is three or four requests: the move, the long polls it ends, the bot's answer), in as many tabs as they like.
Still bounded: a runaway script on this computer cannot keep the server from its other work. The Mini App's
per-person limit (``RateLimit``'s defaults) is for strangers on the internet."""

Pictures = Callable[[GameView, Language], bytes]
"""Draws a game's board as a PNG (the CLI passes the bot's renderer: the Mini App itself does not draw pictures)."""


def local_rate_limit(clock: Callable[[], float] | None = None) -> RateLimit:
    """The request limit of local mode (``LOCAL_RATE``, ``LOCAL_BURST``)."""
    return RateLimit(LOCAL_RATE, LOCAL_BURST, clock=clock or time.monotonic)


def time_value(seconds: int | None) -> str:
    """A time per move as the form sends it: seconds, ``0`` for none."""
    return str(seconds or 0)


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP address as the socket gives it) is this computer's loopback."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def loopback_listen(listen: str) -> bool:
    """Whether local mode may listen on ``listen``: a loopback address, or ``localhost``."""
    return listen.strip("[]").lower() == "localhost" or is_loopback(listen.strip("[]"))


def request_problem(remote_ip: str | None, host: str | None, port: int, origin: str | None = None) -> str | None:
    """Why a request may not be served in local mode (``None``: it may). ``remote_ip`` is the peer's address, ``host``
    and ``origin`` the request's ``Host`` and ``Origin`` headers, ``port`` the server's."""
    if not is_loopback(remote_ip or ""):
        return "not from this computer"
    hosts = {f"{name}:{port}" for name in LOOPBACK_NAMES}
    if port == 80:
        hosts.update(LOOPBACK_NAMES)
    if (host or "").lower() not in hosts:
        return "Host is not this computer"
    if origin is not None and origin.lower() not in {"http://" + h for h in hosts}:
        return "Origin is not this page"
    return None


class LocalAuthenticator:
    """Everyone is ``ME`` (the server lets only this computer in); the header is not looked at."""

    def __init__(self, language: str | None = None) -> None:
        self.language: Language = language_for(language)

    def authenticate(self, authorization: str | None) -> Viewer | None:
        return Viewer(ME, t(self.language, "local_you"), language_code=self.language)


class LocalApi(Api):
    """The Mini App's API for the people at this computer: new games (hot-seat or against the bot), hot-seat moves
    for whoever is to move, resigning and grounding, and the games' records and pictures."""

    def __init__(self, services: Services, *, pictures: Pictures | None = None, **options: Any) -> None:
        super().__init__(services, **options)
        self.pictures = pictures
        self.waits_per_user = LOCAL_WAITS

    @staticmethod
    def hotseat(view: GameView) -> bool:
        """Both players are people at this computer."""
        return {p.id for p in view.players} == {ME, FRIEND}

    def person(self, user_id: int, lang: Language) -> Person:
        return Person(user_id, t(lang, "local_you" if user_id == ME else "local_friend"), language_code=lang)

    async def actor(self, view: GameView, viewer: Viewer) -> Viewer:
        """In a hot-seat game, the page plays for whichever of the two is to move."""
        mover = view.player_to_move
        if not self.hotseat(view) or mover is None:
            return viewer
        lang = await self.language(viewer)
        person = self.person(mover.id, lang)
        return Viewer(person.id, person.first_name, language_code=viewer.language_code)

    async def state(self, view: GameView, viewer: Viewer) -> GameState:
        """The game as the page shows it; in a hot-seat game, as the player to move sees it (but with the status
        line a spectator reads: "Friend to move", not "Your move")."""
        if not self.hotseat(view):
            return await super().state(view, viewer)
        lang = await self.language(viewer)
        mover = view.player_to_move
        playing = view.state == "active" and mover is not None
        state = game_state(view, mover.id if playing and mover is not None else viewer.id, lang, self.services.now)
        state["hotseat"] = True
        if playing:
            state["status_text"] = status_text(lang, view, None)
        return state

    async def session(self, viewer: Viewer) -> Reply:
        reply = await super().session(viewer)
        lang = reply.body["lang"]
        reply.body["texts"].update({key.removeprefix("local_"): t(lang, key) for key in LOCAL_TEXTS})
        reply.body["texts"]["resign"], reply.body["texts"]["ground"] = t(lang, "cmd_resign"), t(lang, "cmd_ground")
        reply.body["texts"]["resign_confirm"] = plain(t(lang, "resign_confirm", id="{id}"))
        reply.body["local"] = self.choices(lang)
        return reply

    def choices(self, lang: Language) -> LocalChoices:
        """The new-game form: the bot's lobby's choices, in words, each option with the value chosen at first."""

        def option(
            key: str, label: str, choices: list[tuple[str, str]], chosen: str, shown_with: ShownWith | None = None
        ) -> FormOption:
            return {
                "key": key,
                "label": t(lang, label) if label else "",
                "choices": [{"value": value, "label": text} for value, text in choices],
                "chosen": chosen,
                "shown_with": shown_with,
            }

        return {
            "options": [
                option("mode", "", [(mode, t(lang, key)) for mode, key in MODES.items()], "bot"),
                option(
                    "level",
                    "",
                    [(level, t(lang, f"btn_bot_{level}")) for level in LEVELS],
                    "normal",
                    {"key": "mode", "value": "bot"},
                ),
                option("rules", "local_rules", [(r, t(lang, f"rules_name_{r}")) for r in RULE_CHOICES], "sports"),
                option("size", "local_board", [(f"{w}x{h}", f"{w}x{h}") for w, h in BOARD_CHOICES], "20x20"),
                option("start", "local_start", [(s, t(lang, f"start_{s}")) for s in START_CHOICES], "cross"),
                option(
                    "time",
                    "local_time",
                    [(time_value(s), duration(lang, s) if s else t(lang, "time_none")) for s in TIME_CHOICES],
                    time_value(None),
                ),
                option("colour", "local_colour", [(c, t(lang, COLOUR_LABELS[c])) for c in COLOURS], "blue"),
            ],
            "pictures": self.pictures is not None,
        }

    async def new_game(self, viewer: Viewer, body: Any) -> Reply:
        """``{"mode": "hotseat" | "bot", "level": "normal", "rules": "sports", "size": "20x20", "start": "cross",
        "time": "0", "colour": "blue"}`` (each one of ``choices``; ``time`` in seconds a move, ``0`` for none): a new
        game, started at once; 200 and its state."""
        if not isinstance(body, dict):
            return error(400, "bad_request", "a JSON object is expected")
        mode = body.get("mode")
        level = body.get("level", "normal")
        rules = body.get("rules", "sports")
        size = body.get("size", "20x20")
        start = body.get("start", "cross")
        seconds = body.get("time", "0")
        colour = body.get("colour", "blue")
        sizes = {f"{w}x{h}": (w, h) for w, h in BOARD_CHOICES}
        times = {time_value(s): s for s in TIME_CHOICES}
        if (
            mode not in MODES
            or (mode == "bot" and level not in LEVELS)
            or rules not in RULE_CHOICES
            or size not in sizes
            or start not in START_CHOICES
            or seconds not in times
            or colour not in COLOURS
        ):
            return error(400, "bad_request", "mode, level, rules, size, start, time or colour is not a choice")
        lang = await self.language(viewer)
        me = self.person(ME, lang)
        width, height = sizes[size]
        choice = LobbyChoice(width, height, start, times[seconds], COLOURS[colour], rules)
        lobby = self.services.lobby
        try:
            if mode == "bot":
                view = (await lobby.open_against_bot(HOME, me, level, choice)).view
            else:
                opened = await lobby.open(HOME, me, choice)
                if opened.existing:  # a hot-seat game left half-made (the program stopped in between): start anew
                    await lobby.cancel(opened.view.id, me)
                    opened = await lobby.open(HOME, me, choice)
                assert opened.view.invite is not None
                view = await lobby.accept_invite(opened.view.invite, self.person(FRIEND, lang))
        except ServiceError as exc:
            return refused(lang, exc)
        return Reply(200, await self.state(view, viewer))

    async def act(self, viewer: Viewer, game_id: int, body: Any, key: str | None = None) -> Reply:
        """``{"action": "resign" | "ground", "ply": 57, "key": "..."}``: the player (in hot-seat, the one to move)
        resigns, or declares grounding on their move: answered as a move is (``Api._act``: 200 and the game, else the
        refusal's status, with the game as it is now for a page that is behind)."""
        checked = checked_body(body, key)
        if isinstance(checked, Reply):
            return checked
        ply, key = checked
        play = self.services.play
        declare = {"resign": play.resign, "ground": play.ground}.get(body.get("action"))
        if declare is not None:
            return await self._act(
                viewer,
                game_id,
                lambda person, update_id: declare(
                    game_id, person, expected_ply=ply, update_id=update_id, origin="webapp"
                ),
                key,
            )
        return error(400, "bad_request", "action must be resign or ground")

    async def ground_question(self, viewer: Viewer, game_id: int) -> Reply:
        """What declaring grounding now would give (the services' ``ground_preview``, as ``/ground`` in the chat
        asks it): the question with the final score and who would win; or the refusal, as for the declaration."""
        found = await self._readable(viewer, game_id, None)
        if isinstance(found, Reply):
            return found
        mover = await self.actor(found, viewer)
        person = Person(mover.id, mover.first_name, language_code=mover.language_code)
        try:
            preview = await self.services.play.ground_preview(game_id, person)
        except ServiceError as exc:
            return await self.refusal(viewer, game_id, exc)
        lang = await self.language(viewer)
        view = preview.view
        blue, red = preview.score
        winner = preview.winner
        outcome = outcome_sentence(lang, winner, lambda colour: page_name(view, colour, lang))
        question: GroundQuestion = {
            "question": plain(t(lang, "ground_confirm", id=view.id, score_blue=blue, score_red=red, outcome=outcome)),
            "score": [blue, red],
            "winner": winner,
        }
        return Reply(200, question)

    async def export(self, viewer: Viewer, game_id: int, kind: str) -> Reply | tuple[bytes, str, str]:
        """The game's record (``sgf``) or picture (``png``): the bytes, their type, a file name; or a refusal."""
        found = await self._readable(viewer, game_id, None)
        if isinstance(found, Reply):
            return found
        if kind == "sgf":
            try:
                text = self.services.records.sgf(found)
            except ValueError as exc:
                return error(422, "no_record", str(exc))
            return text.encode(), "application/x-go-sgf; charset=utf-8", f"tochki-{found.id}.sgf"
        if self.pictures is None:
            return error(404, "not_found", "no pictures here")
        png = await asyncio.to_thread(self.pictures, found, await self.language(viewer))
        return png, "image/png", f"tochki-{found.id}-{found.ply}.png"


__all__ = [
    "FRIEND",
    "ME",
    "LocalApi",
    "LocalAuthenticator",
    "Pictures",
    "is_loopback",
    "local_rate_limit",
    "loopback_listen",
    "request_problem",
]
