"""Webhook mode: a small web server that takes Telegram's updates, and the application run around it.

PTB's own webhook server reads a whole request body (up to 100 MB) before it looks at the secret token, so anyone
could make the bot hold hundreds of megabytes. This server decides from the request's head alone, before it reads a
byte of the body:

- a path other than the webhook URL's gets 404, a method other than POST 405;
- a missing or wrong ``X-Telegram-Bot-Api-Secret-Token`` gets 403 (compared in constant time);
- a ``Content-Length`` above ``max_body`` (1 MB: Telegram's updates are a few kilobytes) gets 413;

and each of these answers closes the connection without reading the body. A body that arrives without a
``Content-Length`` (chunked) is counted as it comes and answered with 413 as soon as it passes ``max_body``. A body
that is not a JSON update gets 400; an update is put on the application's update queue and answered with 200.

The inbox (``Intake.accept``): an update is kept in the database before it is answered with 200, so that an update
Telegram was told arrived is handled even if this process dies first (at its next start, or, with several workers
behind one URL, by another worker), and an update accepted before is answered with 200 and left alone. When the
database cannot keep it, the answer is 503 and Telegram sends it again later.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hmac
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

import tornado.web
from telegram import Bot, Update
from telegram.ext import Application, ExtBot
from tornado.http1connection import HTTP1Connection
from tornado.httpserver import HTTPServer
from tornado.iostream import StreamClosedError
from tornado.netutil import bind_sockets

from .lifecycle import Listening, serve

log = logging.getLogger(__name__)

MAX_BODY = 1 << 20
"""The largest update body taken, in bytes."""
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
IDLE_TIMEOUT = 120.0
"""Seconds a kept-alive connection may stay idle (or take to send a request's head)."""
BODY_TIMEOUT = 30.0
"""Seconds a request may take to send its body."""


@dataclass
class Intake:
    """What a request must show and where its update goes. ``accept`` (the inbox) keeps an update before it is
    answered: ``False`` for one accepted before."""

    path: str
    secret: bytes
    bot: Bot
    queue: asyncio.Queue[object]
    max_body: int = MAX_BODY
    accept: Callable[[int, str], Awaitable[bool]] | None = None

    def path_matches(self, path: str) -> bool:
        """The webhook's path, with or without a trailing slash (as PTB's server took it)."""
        return path == self.path or path == self.path.rstrip("/") + "/"

    def secret_matches(self, given: str | None) -> bool:
        """Whether the header carries the secret (a constant-time comparison)."""
        return given is not None and hmac.compare_digest(given.encode("latin-1"), self.secret)


@tornado.web.stream_request_body
class UpdateHandler(tornado.web.RequestHandler):
    """Every request to the server: refused from its head when it can be, else its body is taken up to the cap."""

    intake: Intake
    body: bytearray
    refused: bool

    def initialize(self, intake: Intake) -> None:
        """Tornado's per-request set-up."""
        self.intake = intake
        self.body = bytearray()
        self.refused = False

    async def refuse(self, status: HTTPStatus, *, detach: bool) -> None:
        """Answer ``status`` and close the connection, reading nothing more of the request. ``detach`` while the
        head is being handled (``prepare``): the server then stops reading this connection at once."""
        log.debug(
            "webhook: %s %s from %s refused: %d",
            self.request.method,
            self.request.path,
            self.request.remote_ip,
            status.value,
        )
        self.refused = True
        connection = self.request.connection
        self.set_status(status.value)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Connection", "close")
        with contextlib.suppress(StreamClosedError):  # the client did not wait for the answer
            await self.finish(f"{status.value} {status.phrase}\n")
        if isinstance(connection, HTTP1Connection):
            if detach:
                connection.detach().close()
            else:
                connection.close()

    async def prepare(self) -> None:
        """Decide from the request's head: path, method, secret, declared length."""
        intake = self.intake
        headers = self.request.headers
        if not intake.path_matches(self.request.path):
            await self.refuse(HTTPStatus.NOT_FOUND, detach=True)
        elif self.request.method != "POST":
            await self.refuse(HTTPStatus.METHOD_NOT_ALLOWED, detach=True)
        elif not intake.secret_matches(headers.get(SECRET_HEADER)):
            await self.refuse(HTTPStatus.FORBIDDEN, detach=True)
        elif "Content-Length" in headers:
            try:
                length = int(headers["Content-Length"])
            except ValueError:
                await self.refuse(HTTPStatus.BAD_REQUEST, detach=True)
                return
            if length > intake.max_body:
                await self.refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, detach=True)

    async def data_received(self, chunk: bytes) -> None:
        """Take the body as it comes, refusing it once it is larger than the cap."""
        if self.refused:
            return
        if len(self.body) + len(chunk) > self.intake.max_body:
            self.body = bytearray()
            await self.refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, detach=False)
            return
        self.body += chunk

    async def post(self) -> None:
        """A whole body: a JSON update goes on the update queue (200); anything else gets 400."""
        try:
            data = json.loads(bytes(self.body))
        except ValueError:
            data = None
        update: Update | None = None
        if isinstance(data, dict):
            try:
                update = Update.de_json(data, self.intake.bot)
            except Exception as exc:
                log.warning("webhook: a body with the right secret is not an update (%r)", exc)
        if update is None:
            self.set_status(HTTPStatus.BAD_REQUEST.value)
            return
        if self.intake.accept is not None:
            try:
                fresh = await self.intake.accept(update.update_id, json.dumps(data))
            except Exception:
                log.warning("webhook: update %s could not be kept; Telegram will send it again", update.update_id)
                self.set_status(HTTPStatus.SERVICE_UNAVAILABLE.value)
                return
            if not fresh:  # a repeat: handled (or being handled) already, here or by another worker
                log.info("webhook: update %s was accepted before", update.update_id)
                self.set_status(HTTPStatus.OK.value)
                return
        bot = self.intake.bot
        if isinstance(bot, ExtBot):
            bot.insert_callback_data(update)
        await self.intake.queue.put(update)
        self.set_status(HTTPStatus.OK.value)


class WebhookApp(tornado.web.Application):
    """The tornado application: one handler for every path (it refuses the wrong ones itself)."""

    def __init__(self, intake: Intake) -> None:
        super().__init__([(r"/.*", UpdateHandler, {"intake": intake})])

    def log_request(self, handler: tornado.web.RequestHandler) -> None:
        """No access log: refusals are logged (at debug level) by the handler."""


class CannotListen(Exception):
    """The web server cannot listen where it was told: the port is in use, or the address is not this machine's."""

    def __init__(self, listen: str, port: int, error: OSError, what: str = "the webhook") -> None:
        port_setting, settings = ("--port", "--listen and --port") if what == "the webhook" else ("port", "the address")
        if error.errno == errno.EADDRINUSE:
            why = f"the port is in use by another program: stop it, or choose another {port_setting}"
        elif error.errno == errno.EACCES:
            why = f"this user may not listen on that port (below 1024): choose another {port_setting}"
        else:
            why = f"{error.strerror or error}: check {settings}"
        super().__init__(f"cannot listen on {listen}:{port} for {what}: {why}")


def check_port(listen: str, port: int, what: str = "the webhook") -> None:
    """Raise ``CannotListen`` unless the server for ``what`` could listen on ``listen:port`` now (it binds there, as
    the server will, and lets go)."""
    try:
        sockets = bind_sockets(port, address=listen)
    except OSError as exc:
        raise CannotListen(listen, port, exc, what) from None
    for sock in sockets:
        sock.close()


class WebhookServer:
    """The HTTP server on ``listen:port`` that feeds ``queue``; ``start`` listens, ``stop`` closes everything."""

    def __init__(
        self,
        bot: Bot,
        queue: asyncio.Queue[object],
        *,
        path: str,
        secret_token: str,
        listen: str = "127.0.0.1",
        port: int = 8443,
        max_body: int = MAX_BODY,
    ) -> None:
        self.listen = listen
        self.port = port
        self.intake = Intake("/" + path.lstrip("/"), secret_token.encode("latin-1"), bot, queue, max_body)
        # tornado's own limit is only a backstop: the handler refuses what passes ``max_body`` (413) and closes.
        self._http = HTTPServer(
            WebhookApp(self.intake),
            max_body_size=4 * max_body,
            max_buffer_size=4 * max_body,
            idle_connection_timeout=IDLE_TIMEOUT,
            body_timeout=BODY_TIMEOUT,
        )
        self.running = False

    def start(self) -> None:
        """Listen (the server runs on the current event loop); ``CannotListen`` if it cannot."""
        try:
            self._http.listen(self.port, address=self.listen)
        except OSError as exc:
            raise CannotListen(self.listen, self.port, exc) from None
        self.running = True

    async def stop(self) -> None:
        """Stop listening and close every connection."""
        if not self.running:
            return
        self.running = False
        self._http.stop()
        await self._http.close_all_connections()


async def run_webhook(
    application: Application[Any, Any, Any, Any, Any, Any],
    *,
    url: str,
    path: str,
    secret_token: str,
    listen: str = "127.0.0.1",
    port: int = 8443,
    max_body: int = MAX_BODY,
) -> None:
    """Run ``application`` in webhook mode until SIGINT or SIGTERM (``lifecycle.serve``): after ``post_init``
    listen (``CannotListen`` when the port is taken, before Telegram is told of the URL) and register ``url`` with
    Telegram (``setWebhook`` with the secret and every update type); at the stop, stop listening. The webhook stays
    registered with Telegram (PTB's ``run_webhook`` did not delete it either)."""
    server = WebhookServer(
        application.bot,
        application.update_queue,
        path=path,
        secret_token=secret_token,
        listen=listen,
        port=port,
        max_body=max_body,
    )

    async def begin() -> None:
        server.intake.accept = application.bot_data.get("accept")
        server.start()  # updates that come before the application starts wait in its queue
        await application.bot.set_webhook(
            url=url, allowed_updates=Update.ALL_TYPES, max_connections=40, secret_token=secret_token
        )
        log.info("webhook: listening on %s:%d for %s", listen, port, url)

    await serve(application, Listening(begin, server.stop))
