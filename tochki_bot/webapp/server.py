"""The Mini App's web server: the page at ``/`` (static files shipped in the package) and the JSON API under
``/api/``, on tornado (which python-telegram-bot's webhook extra brings), in the bot's own event loop.

Routes (every ``/api/`` call sends ``Authorization: tma <initData>``; without valid data: 401 and nothing else):

- ``GET /``, ``GET /app.css``, ``GET /app.js`` and the other ES modules it imports (``/api.js``, ``/board.js``, ...:
  every ``.js`` file in ``static/``): the page;
- ``GET /api/session``: who you are, your language, the page's texts;
- ``GET /api/games``: your games;
- ``GET /api/games/<id>[?watch=<code>]``: the game's state;
- ``GET /api/games/<id>/updates?version=<v>[&watch=<code>]``: the state once it is not version ``v`` (long poll);
- ``GET /api/tournaments/<id>[?watch=<code>]``: a tournament's page (its players, its creator, or its code);
- ``GET /api/puzzles/next``, ``GET /api/puzzles/<id>``: a puzzle to solve (the one waiting in your private chat, else
  the next one for you; or that one), without its solution until you answered it; ``POST /api/puzzles/<id>/answers``
  with ``{"x": 12, "y": 7, "key": "..."}``: right or wrong, the solution (400 a bad body, 404 no such puzzle, 422 a
  point that cannot be played);
- ``POST /api/games/<id>/moves`` with ``{"x": 20, "y": 18, "ply": 57, "key": "..."}``: 200 and the new state, 401
  bad auth, 403 not your game or not your move, 409 stale ply (with the current state), 422 illegal point, 429 too
  many requests (per person: ``RateLimit``);
- ``POST /api/games/<id>/close`` with ``{"ply": 58, "x": 21, "y": 17}`` or ``{"ply": 58, "all": true}``, ``POST
  /api/games/<id>/done`` with ``{"ply": 58}`` (manual rule sets, right after your dot) and ``POST
  /api/games/<id>/finish`` with ``{"ply": 60, "auto": false}`` (the extra dots after the opponent's STOP): the same
  answers as a move (403 when it is not yours to do);
- ``POST /api/games/<id>/review[?watch=<code>]`` with ``{}``: start the review of a finished game you may read (or
  get the one there is; 403 a game you may not read, 409 ``review_not_over`` a game not finished, 409
  ``review_busy`` while another review of yours runs); ``GET /api/games/<id>/review[?watch=<code>]``: how far it
  is, or all of it (404 ``no_review``: nobody asked for one yet); ``GET /api/games/<id>/review.sgf[?watch=<code>]``:
  the annotated record (``application/x-go-sgf``, a download, once done).

In local mode (``WebAppServer(local=True)``, ``tochki-bot local``) there is no initData and no Telegram script; the
server listens on a loopback address only and answers only this computer (``local.request_problem``: 403 for
anyone else), has a request limit of its own (``local.local_rate_limit``: one person, however fast), and more
routes:

- ``POST /api/local/games`` with ``{"mode": "hotseat" | "bot", "level", "rules", "size", "start", "time",
  "colour"}``: a new game;
- ``POST /api/games/<id>/actions`` with ``{"action": "resign" | "ground", "ply": 57, "key": "..."}``: resign, declare
  grounding (answered as a move is);
- ``GET /api/games/<id>/ground``: what declaring grounding now would give (the question the page asks first);
- ``GET /api/games/<id>/sgf``: the game's record (``application/x-go-sgf``, a download);
- ``GET /api/games/<id>/png``: its board as a PNG (the bot's picture), when the server was given ``pictures``.
"""

from __future__ import annotations

import json
import logging
import socket
from importlib import resources
from typing import Any

import tornado.httputil
import tornado.web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from ..services import Services
from .api import Api, RateLimit, Reply
from .auth import Authenticator, InitDataAuthenticator, Viewer
from .local import LocalApi, LocalAuthenticator, Pictures, local_rate_limit, loopback_listen, request_problem

log = logging.getLogger(__name__)

TELEGRAM_JS = "https://telegram.org/js/telegram-web-app.js"
"""Telegram's script for Mini Apps: the only thing the page loads from elsewhere."""
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
"""The page's files besides ``index.html``, by their ending: the ES modules (``app.js`` imports the others) and the
styles."""
PAGES = ("tournament.html", "puzzle.html")
"""The pages besides ``index.html`` (the games list and a game)."""
MAX_BODY = 16 * 1024
"""The largest request body taken (a move is under 100 bytes)."""


def page_files(telegram_js: str) -> dict[str, tuple[bytes, str]]:
    """The page's files as served: ``index.html`` (with the address of Telegram's script), the script, the styles."""
    folder = resources.files("tochki_bot.webapp").joinpath("static")
    index = folder.joinpath("index.html").read_text(encoding="utf-8")
    if not telegram_js:  # local mode: no Telegram, so no script of Telegram's
        index = index.replace('<script src="{{TELEGRAM_JS}}"></script>\n', "")
    index = index.replace("{{TELEGRAM_JS}}", telegram_js)
    files = {"": (index.encode(), "text/html; charset=utf-8")}
    for page in PAGES:  # a tournament's page, a puzzle's
        html = folder.joinpath(page).read_text(encoding="utf-8")
        if not telegram_js:
            html = html.replace('<script src="{{TELEGRAM_JS}}"></script>\n', "")
        files[page] = (html.replace("{{TELEGRAM_JS}}", telegram_js).encode(), "text/html; charset=utf-8")
    for item in folder.iterdir():
        kind = TYPES.get("." + item.name.rpartition(".")[2])
        if kind is not None and item.is_file():
            files[item.name] = (item.read_bytes(), kind)
    return files


def csp(telegram_js: str) -> str:
    """The page may run only its own scripts (its ES modules come from ``'self'`` too) and Telegram's, and talk only
    to its own server."""
    script = "'self'"
    if telegram_js.startswith("https://"):
        script += " " + "/".join(telegram_js.split("/")[:3])
    return (
        f"default-src 'none'; script-src {script}; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'"
    )


class Context:
    """What every handler shares."""

    def __init__(self, api: Api, authenticator: Authenticator, rate: RateLimit, files: dict[str, tuple[bytes, str]]):
        self.api = api
        self.authenticator = authenticator
        self.rate = rate
        self.files = files
        self.policy = ""
        self.local_port: int | None = None
        """Local mode: the port this computer's browser reaches the server on (``None``: not local mode)."""

    def refusal(self, request: tornado.httputil.HTTPServerRequest) -> str | None:
        """Local mode: why a request may not be served (not from this computer), or ``None``."""
        if self.local_port is None:
            return None
        problem = request_problem(
            request.remote_ip, request.headers.get("Host"), self.local_port, request.headers.get("Origin")
        )
        json_type = request.headers.get("Content-Type", "").startswith("application/json")
        if problem is None and request.method == "POST" and not json_type:
            problem = "a JSON body is expected"  # a form another page posts here has no JSON type
        return problem


class PageHandler(tornado.web.RequestHandler):
    """The page's files."""

    ctx: Context

    def initialize(self, ctx: Context) -> None:
        self.ctx = ctx

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def prepare(self) -> None:
        problem = self.ctx.refusal(self.request)
        if problem is not None:
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"403: {problem}\n")

    def get(self, name: str) -> None:
        start = self.get_query_argument("tgWebAppStartParam", "") if name == "" else ""
        if start.startswith("t"):
            name = "tournament.html"  # a direct link to a tournament's page (startapp=t<id>_<code>)
        elif start.startswith("p"):
            name = "puzzle.html"  # a direct link to a puzzle (startapp=p<id>, p: the next one)
        found = self.ctx.files.get(name)
        if found is None:
            raise tornado.web.HTTPError(404)
        body, kind = found
        self.set_header("Content-Type", kind)
        self.set_header("Cache-Control", "no-cache")
        if name == "" or name in PAGES:
            self.set_header("Content-Security-Policy", self.ctx.policy)
        self.write(body)

    def head(self, name: str) -> None:
        self.get(name)


class ApiHandler(tornado.web.RequestHandler):
    """``/api/...``: authenticated, rate-limited, JSON in and out."""

    ctx: Context
    viewer: Viewer

    def initialize(self, ctx: Context) -> None:
        self.ctx = ctx

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def reply(self, reply: Reply) -> None:
        self.set_status(reply.status)
        for name, value in reply.headers.items():
            self.set_header(name, value)
        self.finish(json.dumps(reply.body, ensure_ascii=False, separators=(",", ":")))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps({"error": "http_" + str(status_code), "message": self._reason}))

    def prepare(self) -> None:
        problem = self.ctx.refusal(self.request)
        if problem is not None:
            self.reply(Reply(403, {"error": "forbidden", "message": problem}))
            return
        viewer = self.ctx.authenticator.authenticate(self.request.headers.get("Authorization"))
        if viewer is None:
            self.set_header("WWW-Authenticate", "tma")
            self.reply(Reply(401, {"error": "unauthorized", "message": "Telegram's initData is missing or invalid"}))
            return
        wait = self.ctx.rate.take(viewer.id)
        if wait:
            self.reply(
                Reply(
                    429,
                    {"error": "rate_limited", "message": "too many requests"},
                    {"Retry-After": str(max(1, round(wait)))},
                )
            )
            return
        self.viewer = viewer

    def json_body(self) -> tuple[Any, str | None] | None:
        """A change's JSON body and its ``Idempotency-Key`` header; ``None`` once a body that is not JSON got its
        400."""
        try:
            body = json.loads(self.request.body or b"null")
        except ValueError:
            self.reply(Reply(400, {"error": "bad_request", "message": "the body is not JSON"}))
            return None
        return body, self.request.headers.get("Idempotency-Key")

    def watch(self) -> str | None:
        code = self.get_query_argument("watch", None)
        return code[:64] if code else None


class SessionHandler(ApiHandler):
    async def get(self) -> None:
        self.reply(await self.ctx.api.session(self.viewer))


class GamesHandler(ApiHandler):
    async def get(self) -> None:
        self.reply(await self.ctx.api.games(self.viewer))


class GameHandler(ApiHandler):
    async def get(self, game_id: str) -> None:
        self.reply(await self.ctx.api.game(self.viewer, int(game_id), self.watch()))


class TournamentHandler(ApiHandler):
    async def get(self, tournament_id: str) -> None:
        self.reply(await self.ctx.api.tournament(self.viewer, int(tournament_id), self.watch()))


class NextPuzzleHandler(ApiHandler):
    async def get(self) -> None:
        self.reply(await self.ctx.api.next_puzzle(self.viewer))


class PuzzleHandler(ApiHandler):
    async def get(self, puzzle_id: str) -> None:
        self.reply(await self.ctx.api.puzzle(self.viewer, int(puzzle_id)))


class PuzzleAnswerHandler(ApiHandler):
    async def post(self, puzzle_id: str) -> None:
        found = self.json_body()
        if found is None:
            return
        body, key = found
        self.reply(await self.ctx.api.answer_puzzle(self.viewer, int(puzzle_id), body, key))


class UpdatesHandler(ApiHandler):
    async def get(self, game_id: str) -> None:
        version = self.get_query_argument("version", "")[:64]
        self.reply(await self.ctx.api.wait(self.viewer, int(game_id), version, self.watch()))

    def on_connection_close(self) -> None:
        """The page went away: the long poll's answer has nowhere to go (it ends by its timeout)."""


class MovesHandler(ApiHandler):
    async def post(self, game_id: str) -> None:
        found = self.json_body()
        if found is None:
            return
        body, key = found
        self.reply(await self.ctx.api.move(self.viewer, int(game_id), body, key))


class StepHandler(ApiHandler):
    """A closure, the end of closing, or the end of the extra dots after a STOP: like a move."""

    async def post(self, game_id: str, action: str) -> None:
        found = self.json_body()
        if found is None:
            return
        body, key = found
        self.reply(await self.ctx.api.step(self.viewer, int(game_id), action, body, key))


class ReviewHandler(ApiHandler):
    """A finished game's review: how it stands, or start it."""

    async def get(self, game_id: str) -> None:
        self.reply(await self.ctx.api.review(self.viewer, int(game_id), self.watch()))

    async def post(self, game_id: str) -> None:
        if self.json_body() is None:
            return
        self.reply(await self.ctx.api.start_review(self.viewer, int(game_id), self.watch()))


class ReviewSgfHandler(ApiHandler):
    """A done review's annotated record, as a download."""

    async def get(self, game_id: str) -> None:
        found = await self.ctx.api.review_sgf(self.viewer, int(game_id), self.watch())
        if isinstance(found, Reply):
            self.reply(found)
            return
        record, file_name = found
        self.set_header("Content-Type", "application/x-go-sgf; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{file_name}"')
        self.finish(record.encode())


class NewGameHandler(ApiHandler):
    """Local mode: a new game, hot-seat or against the bot."""

    async def post(self) -> None:
        assert isinstance(self.ctx.api, LocalApi)
        found = self.json_body()
        if found is None:
            return
        body, _ = found
        self.reply(await self.ctx.api.new_game(self.viewer, body))


class ActionHandler(ApiHandler):
    """Local mode: resign, or declare grounding."""

    async def post(self, game_id: str) -> None:
        assert isinstance(self.ctx.api, LocalApi)
        found = self.json_body()
        if found is None:
            return
        body, key = found
        self.reply(await self.ctx.api.act(self.viewer, int(game_id), body, key))


class GroundQuestionHandler(ApiHandler):
    """Local mode: what declaring grounding now would give."""

    async def get(self, game_id: str) -> None:
        assert isinstance(self.ctx.api, LocalApi)
        self.reply(await self.ctx.api.ground_question(self.viewer, int(game_id)))


class ExportHandler(ApiHandler):
    """Local mode: the game's SGF record or PNG picture, as a download."""

    async def get(self, game_id: str, kind: str) -> None:
        assert isinstance(self.ctx.api, LocalApi)
        found = await self.ctx.api.export(self.viewer, int(game_id), kind)
        if isinstance(found, Reply):
            self.reply(found)
            return
        body, content_type, file_name = found
        self.set_header("Content-Type", content_type)
        self.set_header("Content-Disposition", f'attachment; filename="{file_name}"')
        self.finish(body)


class NotFoundHandler(ApiHandler):
    """Any other ``/api/`` path (after authentication, so strangers learn nothing of the routes)."""

    def get(self) -> None:
        self.reply(Reply(404, {"error": "not_found", "message": "no such API"}))

    post = get


class WebAppApplication(tornado.web.Application):
    def __init__(self, ctx: Context, *, local: bool = False) -> None:
        game = r"/api/games/([0-9]{1,12})"
        routes: list[tuple[str, type[tornado.web.RequestHandler], dict[str, Any]]] = [
            (r"/api/session", SessionHandler, {"ctx": ctx}),
            (r"/api/games", GamesHandler, {"ctx": ctx}),
            (game, GameHandler, {"ctx": ctx}),
            (game + r"/updates", UpdatesHandler, {"ctx": ctx}),
            (game + r"/moves", MovesHandler, {"ctx": ctx}),
            (game + r"/(close|done|finish)", StepHandler, {"ctx": ctx}),
            (game + r"/review", ReviewHandler, {"ctx": ctx}),
            (game + r"/review\.sgf", ReviewSgfHandler, {"ctx": ctx}),
            (r"/api/tournaments/([0-9]{1,12})", TournamentHandler, {"ctx": ctx}),
            (r"/api/puzzles/next", NextPuzzleHandler, {"ctx": ctx}),
            (r"/api/puzzles/([0-9]{1,12})", PuzzleHandler, {"ctx": ctx}),
            (r"/api/puzzles/([0-9]{1,12})/answers", PuzzleAnswerHandler, {"ctx": ctx}),
        ]
        if local:
            routes += [
                (r"/api/local/games", NewGameHandler, {"ctx": ctx}),
                (game + r"/actions", ActionHandler, {"ctx": ctx}),
                (game + r"/ground", GroundQuestionHandler, {"ctx": ctx}),
                (game + r"/(sgf|png)", ExportHandler, {"ctx": ctx}),
            ]
        routes += [
            (r"/api/.*", NotFoundHandler, {"ctx": ctx}),
            (r"/(|[a-z][a-z0-9-]*\.js|app\.css|tournament\.html|puzzle\.html)", PageHandler, {"ctx": ctx}),
        ]
        super().__init__(routes, compress_response=True)

    def log_request(self, handler: tornado.web.RequestHandler) -> None:
        """Requests are logged at debug level only (initData is never logged)."""
        if log.isEnabledFor(logging.DEBUG):
            request = handler.request
            log.debug("webapp: %s %s %d", request.method, request.path, handler.get_status())


class WebAppServer:
    """The Mini App's server on ``listen:port`` over the bot's services; ``start(services)`` listens, ``stop``
    closes. ``authenticator`` decides who calls (Telegram's initData, signed for ``token``, by default).

    ``local=True``: local mode (no Telegram; ``local.LocalAuthenticator`` in ``language`` by default, the page
    without Telegram's script, new games and exports, ``pictures`` to draw PNGs). It refuses (``ValueError``) to
    listen anywhere but on a loopback address."""

    def __init__(
        self,
        *,
        token: str = "",
        listen: str = "127.0.0.1",
        port: int = 8080,
        authenticator: Authenticator | None = None,
        rate: RateLimit | None = None,
        telegram_js: str = TELEGRAM_JS,
        poll_timeout: float | None = None,
        local: bool = False,
        language: str | None = None,
        pictures: Pictures | None = None,
    ) -> None:
        if local and not loopback_listen(listen):
            raise ValueError(f"local mode listens on this computer only (127.0.0.1, ::1, localhost), not {listen}")
        if not local and not token and authenticator is None:
            raise ValueError("the Mini App needs the bot's token to check initData")
        self.listen = listen
        self.port = port
        self.local = local
        self.pictures = pictures
        self.authenticator = authenticator or (LocalAuthenticator(language) if local else InitDataAuthenticator(token))
        self.rate = rate or (local_rate_limit() if local else RateLimit())
        self.telegram_js = "" if local else telegram_js
        self.poll_timeout = poll_timeout
        self.api: Api | None = None
        self._http: HTTPServer | None = None

    async def start(self, services: Services) -> None:
        """Listen (port 0: any free port, then ``self.port`` says which)."""
        options: dict[str, Any] = {} if self.poll_timeout is None else {"poll_timeout": self.poll_timeout}
        if self.local:
            api: Api = LocalApi(services, pictures=self.pictures, **options)
        else:
            api = Api(services, **options)
        ctx = Context(api, self.authenticator, self.rate, page_files(self.telegram_js))
        ctx.policy = csp(self.telegram_js)
        try:
            sockets = bind_sockets(self.port, address=self.listen, family=socket.AF_UNSPEC)
        except BaseException:
            api.close()
            raise
        self.api = api
        self.port = sockets[0].getsockname()[1]
        if self.local:
            ctx.local_port = self.port
        http = self._http = HTTPServer(
            WebAppApplication(ctx, local=self.local), max_body_size=MAX_BODY, idle_connection_timeout=120.0
        )
        http.add_sockets(sockets)
        log.info("webapp: listening on %s:%d", self.listen, self.port)

    async def stop(self) -> None:
        """Answer the long polls, stop listening, close every connection."""
        if self.api is not None:
            self.api.close()
            self.api = None
        if self._http is not None:
            http, self._http = self._http, None
            http.stop()
            await http.close_all_connections()

    @property
    def base_url(self) -> str:
        """Where the server can be reached on this machine (tests and benchmarks)."""
        host = f"[{self.listen}]" if ":" in self.listen else self.listen
        return f"http://{host}:{self.port}"


__all__ = ["TELEGRAM_JS", "WebAppServer", "csp", "page_files"]
