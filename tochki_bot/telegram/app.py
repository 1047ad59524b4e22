"""The Telegram application: handlers wired to the use cases, the ordered update processor, the clock job, the
command menu, start and stop."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeAlias
from urllib.parse import urlparse

from telegram import BotCommand, BotCommandScopeDefault, MenuButtonWebApp, Update, WebAppInfo
from telegram.error import TelegramError
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    ExtBot,
    InlineQueryHandler,
    MessageHandler,
    filters,
)
from telegram.request import BaseRequest

from ..config import Config
from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, t, telegram_codes
from ..painter import Painter
from ..services import REVIEW_NODES, ClockPass, GameView, Origin, Services
from . import endings, general, lists, lobby, play, privacy, puzzles, rematch, reviews, sharing, tournaments
from .deadlines import DeadlineWatch
from .delivery.announcer import Announcer
from .delivery.ledger import Ledger, Limits
from .delivery.postbox import Postbox
from .keyboards import MiniApp
from .lifecycle import run_polling
from .messenger import Messenger
from .processor import ChatOrderedProcessor
from .ratelimit import ChatRateLimiter
from .reach import start_problem
from .request import Button, Front, Handler, unknown_button
from .webhook import run_webhook

log = logging.getLogger(__name__)
CLOCK_JOB = "clock"
PRUNE_EVERY = 3600.0
SHOWN_BY_OTHERS: frozenset[Origin] = frozenset({"webapp", "ai"})
"""Changes the chat hears of through the services' listeners; its own (and the clock's) it shows as it makes them."""

BotApplication: TypeAlias = Application[ExtBot[Any], Any, dict[Any, Any], dict[Any, Any], dict[Any, Any], Any]
"""The bot's ``Application``: its bot data, user data and chat data are plain dicts. The bot and context types are
left open: built, it is ``ExtBot[int]`` (``ChatRateLimiter``'s argument), seen from a job's context ``ExtBot[None]``
and an unbound context type (python-telegram-bot's own annotations)."""


class Extra(Protocol):
    """Something that runs in the bot's process over its services (the Mini App's web server): started once the
    services are open, stopped before they close."""

    async def start(self, services: Services) -> None: ...

    async def stop(self) -> None: ...


COMMANDS: tuple[tuple[str, Handler], ...] = (
    ("new", lobby.cmd_new),
    ("m", play.cmd_move),
    ("move", play.cmd_move),
    ("board", play.cmd_board),
    ("zoom", play.cmd_zoom),
    ("hint", play.cmd_hint),
    ("close", play.cmd_close),
    ("done", play.cmd_done),
    ("autoclose", play.cmd_autoclose),
    ("resign", endings.cmd_resign),
    ("draw", endings.cmd_draw),
    ("end", endings.cmd_end),
    ("ground", endings.cmd_ground),
    ("stop", endings.cmd_stop),
    ("finish", endings.cmd_finish),
    ("takeback", rematch.cmd_takeback),
    ("tournament", tournaments.cmd_tournament),
    ("standings", tournaments.cmd_standings),
    ("cancel", lobby.cmd_cancel),
    ("games", lists.cmd_games),
    ("stats", lists.cmd_stats),
    ("top", lists.cmd_top),
    ("me", lists.cmd_me),
    ("puzzle", puzzles.cmd_puzzle),
    ("review", reviews.cmd_review),
    ("sgf", sharing.cmd_sgf),
    ("png", sharing.cmd_png),
    ("replay", sharing.cmd_replay),
    ("watch", sharing.cmd_watch),
    ("unwatch", sharing.cmd_unwatch),
    ("lang", general.cmd_lang),
    ("help", general.cmd_help),
    ("rules", general.cmd_rules),
    ("start", general.cmd_start),
)
"""Every command and its handler; all but ``start`` are in the command menu, in this order."""
MENU = tuple(name for name, _ in COMMANDS if name != "start")

BUTTONS: tuple[Button, ...] = (
    lobby.on_join,
    lobby.on_setting,
    lobby.on_against,
    lobby.on_cancel,
    play.on_play,
    play.on_close,
    play.on_done,
    play.on_info,
    play.on_window,
    play.on_show,
    play.on_pick,
    endings.on_resign,
    endings.on_ground,
    endings.on_stop,
    endings.on_finish,
    endings.on_draw,
    sharing.on_step,
    sharing.on_continue,
    sharing.on_unfollow,
    lists.on_listed,
    rematch.on_rematch,
    rematch.on_rematch_answer,
    rematch.on_takeback,
    tournaments.on_setting,
    tournaments.on_join,
    tournaments.on_action,
    tournaments.on_remove,
    tournaments.on_leave,
    puzzles.on_try,
    reviews.on_review,
)
"""One handler per kind of button."""

ACTIONS = {
    "board": play.show_board,
    "zoom": play.show_zoom,
    "hint": play.show_hint,
    "resign": endings.ask_resign,
    "draw": endings.offer_draw,
    "end": endings.offer_end,
    "ground": endings.ask_ground,
    "stop": endings.ask_stop,
    "finish": endings.finish_extra,
    "cancel": lobby.cancel_game,
    "sgf": sharing.send_sgf,
    "png": sharing.send_png,
    "replay": sharing.send_replay,
    "watch": sharing.send_watch,
    "takeback": rematch.ask_takeback,
}
"""What an answer to "which game?" runs, by the command that asked."""


def build_application(
    config: Config,
    *,
    request: BaseRequest | None = None,
    clock: Callable[[], float] | None = None,
    extras: Sequence[Extra] = (),
) -> BotApplication:
    """The bot, ready to run. ``request`` replaces the HTTP client (tests pass a fake Bot API); ``extras`` run beside
    it over the same services (the Mini App's web server)."""
    builder = (
        ApplicationBuilder()
        .token(config.token)
        .concurrent_updates(ChatOrderedProcessor(config.concurrent_updates, user_rate=config.user_rate))
        .rate_limiter(
            ChatRateLimiter(
                overall_max_rate=config.overall_rate,
                overall_time_period=1,
                group_max_rate=0,  # the delivery's ledger keeps each group within its minute: one budget
                group_time_period=60,
                max_retries=3,
            )
        )
        .post_init(startup)
        .post_stop(send_what_is_posted)
        .post_shutdown(shutdown)
    )
    if config.api_base_url:
        builder = builder.base_url(config.api_base_url)
    if config.file_base_url:
        builder = builder.base_file_url(config.file_base_url)
    if request is not None:
        builder = builder.request(request).get_updates_request(request)
    application = builder.build()
    application.bot_data["config"] = config
    application.bot_data["clock"] = clock
    application.bot_data["extras"] = list(extras)
    register(application)
    return application


def register(application: BotApplication) -> None:
    """Add every handler. Commands and texts are taken from new messages only, never from edits."""
    new = filters.UpdateType.MESSAGE
    for name, handler in COMMANDS:
        application.add_handler(CommandHandler(name, handler, filters=new))
    for button in BUTTONS:
        application.add_handler(CallbackQueryHandler(button.handle, pattern=button.kind.matches))
    application.add_handler(CallbackQueryHandler(unknown_button))
    application.add_handler(MessageHandler(new & filters.Document.FileExtension("sgf"), sharing.on_document))
    application.add_handler(MessageHandler(new & filters.Document.ALL, sharing.on_other_document))
    application.add_handler(MessageHandler(new & filters.TEXT & ~filters.COMMAND, play.on_text))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, general.on_migrate))
    application.add_handler(ChatMemberHandler(privacy.on_my_status, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(InlineQueryHandler(sharing.on_inline))
    application.add_error_handler(general.on_error)


async def startup(application: BotApplication) -> None:
    """Open the database, register the command menu in both languages, start the clock job."""
    config: Config = application.bot_data["config"]
    clock = application.bot_data.get("clock")
    services = await Services.open(
        config.db_path,
        clock=clock,
        ai_workers=config.ai_workers,
        ai_seconds=config.ai_seconds,
        ai_seed=config.ai_seed,
        review_nodes=config.review_nodes or REVIEW_NODES,
    )
    bot = application.bot
    limits = Limits(group=config.group_rate, window=config.group_window, private_rate=config.chat_rate)
    postbox = Postbox(Ledger(limits))
    messenger = Messenger(bot, postbox)
    postbox.digest = messenger.digest
    miniapp = MiniApp(config.webapp_url, bot.username, config.webapp_name) if config.webapp_url else None
    front = application.bot_data["front"] = Front(
        services=services,
        messenger=messenger,
        announcer=Announcer(services, messenger, bot.username, miniapp, Painter(config.picture_workers)),
        username=bot.username,
        can_read_all=bool(bot.can_read_all_group_messages),
        actions=dict(ACTIONS),
    )
    front.announcer.privacy_off = front.can_read_all
    desk = front.reviews = reviews.ReviewDesk(front)
    services.reviews.on_progress(desk.on_progress)  # a review's progress messages, and the review once done
    application.bot_data["pruned_at"] = 0.0
    front.announcer.painter.start()

    async def on_change(view: GameView, origin: Origin) -> None:
        if origin in SHOWN_BY_OTHERS:  # each listener runs in a task of its own: waiting here holds up nothing
            await front.announcer.announce(view)
        await tournaments.after_change(front, view)  # a tournament's game ended: its next round, its standings

    services.changes.subscribe(on_change)
    services.opponent.on_thinking(front.announcer.thinking)
    keep_updates(application, services)
    # Before any update: games whose time ran out while the bot was down are decided, and whatever was stored but
    # not announced (the bot stopped between the two) is announced now. Nothing here may keep the bot from starting.
    try:
        found = await services.clock.tick()
        await front.announcer.clock(found)
        await tournaments.deliver(front, grace=0.0)  # a round's pairings (and topics) before its games' boards
        announced = await front.announcer.owed(grace=0.0)
        announced += await desk.resume()  # reviews that ended while the bot was down reach their chats now
        taken = await take_orphans(application)
        if len(found) or announced or taken:
            log.info(
                "on start: %d clock events, %d announcements made again, %d updates of stopped workers taken over",
                len(found),
                announced,
                taken,
            )
    except Exception:
        log.exception("the clock's first pass failed; the bot starts anyway")
    try:  # the bot's moves that were due when it stopped are made now
        due = await services.opponent.start()
        if due:
            log.info("on start: the bot is to move in %d games", due)
        if not services.opponent.workers:
            log.info("TOCHKI_AI_WORKERS=0: this process searches nothing; `tochki-bot ai-worker` processes do")
    except Exception:
        log.exception("the bot's games could not be resumed; it starts anyway")

    async def register_menu(lang: Language, code: str | None) -> None:
        commands = [BotCommand(c, t(lang, f"cmd_{c}")) for c in MENU]
        try:
            await bot.set_my_commands(commands, scope=BotCommandScopeDefault(), language_code=code)
        except TelegramError as exc:  # the bot works without it; the next start registers it again
            log.warning("could not register the %s command menu (%s)", code or lang, exc)

    # English is the menu of every language the bot does not speak; the others are registered for each Telegram
    # language whose people read them (Russian also for Belarusian, Kazakh and Kyrgyz)
    menus: list[tuple[Language, str]] = [
        (lang, code) for lang in LANGUAGES if lang != DEFAULT_LANGUAGE for code in telegram_codes(lang)
    ]
    await asyncio.gather(register_menu(DEFAULT_LANGUAGE, None), *(register_menu(lang, code) for lang, code in menus))
    if miniapp is not None:
        try:
            await bot.set_chat_menu_button(
                menu_button=MenuButtonWebApp(t("en", "webapp_menu"), WebAppInfo(miniapp.url + "/"))
            )
        except TelegramError:
            log.warning("could not set the menu button to the Mini App", exc_info=True)
    for extra in application.bot_data.get("extras", []):
        await extra.start(services)
    if application.job_queue is not None:
        application.job_queue.run_repeating(clock_job, interval=config.clock_interval, first=0.0, name=CLOCK_JOB)
    if config.deadlines:  # reminders and deadlines are acted on when due, not at the next regular pass
        watch = application.bot_data["deadlines"] = DeadlineWatch(services, lambda: run_clock(application))
        if application.job_queue is not None:  # it starts with the application (not when a stop came first)
            application.job_queue.run_once(start_watch, when=0.0, name="deadlines")
        else:
            watch.start()
        puzzle_watch = application.bot_data["puzzle_watch"] = puzzles.PuzzleWatch(front)
        if application.job_queue is not None:
            application.job_queue.run_once(start_puzzle_watch, when=0.0, name="puzzles")
        else:
            puzzle_watch.start()
    log.info("tochki-bot @%s started on %s", bot.username, config.db_path)


def keep_updates(application: BotApplication, services: Services) -> None:
    """In webhook mode each update is kept in the database's inbox before Telegram is answered, and noted there once
    handled: an update accepted by a process killed before it handled it is handled at the next start (or, with
    several workers, by another worker at its next clock pass). Several workers on one database: a chat's updates
    are handled under a lock held across every worker. (With long polling, Telegram keeps the updates until the next
    ``getUpdates`` confirms them.)"""
    processor = application.update_processor
    if isinstance(processor, ChatOrderedProcessor):
        if services.shared:
            processor.exclusive = services.exclusive
        if application.bot_data.get("webhook"):
            processor.finished = services.updates.done
            application.bot_data["accept"] = services.updates.accept


async def take_orphans(application: BotApplication) -> int:
    """Take over the updates that workers now gone (or this process's previous run) accepted and did not handle, and
    handle them here (webhook mode). Returns how many."""
    front: Front = application.bot_data["front"]
    if application.bot_data.get("accept") is None:
        return 0
    taken = await front.services.updates.orphans()
    for update_id, body in taken:
        try:
            update = Update.de_json(json.loads(body), application.bot)
        except Exception:
            log.exception("update %s of a stopped worker cannot be read; it is dropped", update_id)
            await front.services.updates.done(update_id)
            continue
        log.info("taking over update %s of a stopped worker", update_id)
        bot = application.bot
        if isinstance(bot, ExtBot):
            bot.insert_callback_data(update)
        await application.update_queue.put(update)
    return len(taken)


async def send_what_is_posted(application: BotApplication) -> None:
    """Once no more updates come in, and while the connection to Telegram is still open: what was posted goes out
    (a few seconds at most; what cannot, the outbox announces at the next start), then the postbox closes."""
    front: Front | None = application.bot_data.get("front")
    if front is None:
        return
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(front.announcer.settled(), timeout=5)
    await front.messenger.postbox.close()


async def shutdown(application: BotApplication) -> None:
    """Let the announcements under way finish; close the database."""
    for extra in application.bot_data.get("extras", []):
        try:
            await extra.stop()
        except Exception:
            log.exception("could not stop %r", extra)
    watch: DeadlineWatch | None = application.bot_data.pop("deadlines", None)
    if watch is not None:
        await watch.stop()
    puzzle_watch: puzzles.PuzzleWatch | None = application.bot_data.pop("puzzle_watch", None)
    if puzzle_watch is not None:
        await puzzle_watch.stop()
    front: Front | None = application.bot_data.pop("front", None)
    if front is not None:
        await front.messenger.postbox.close()  # closed at the stop already, unless the bot stopped while starting
        await front.services.opponent.close()
        await front.services.changes.settle()
        await front.services.close()
        front.announcer.painter.close()


async def start_watch(context: ContextTypes.DEFAULT_TYPE) -> None:
    """The deadline watch starts once the application runs (on its event loop)."""
    watch: DeadlineWatch | None = context.application.bot_data.get("deadlines")
    if watch is not None:
        watch.start()


async def start_puzzle_watch(context: ContextTypes.DEFAULT_TYPE) -> None:
    """The puzzle watch (daily puzzles, puzzles from finished games) starts once the application runs."""
    watch: puzzles.PuzzleWatch | None = context.application.bot_data.get("puzzle_watch")
    if watch is not None:
        watch.start()


async def clock_job(context: ContextTypes.DEFAULT_TYPE) -> None:
    """The periodic job: reminders, losses on time, stale lobbies, decided from the database (so they survive
    restarts)."""
    if context.application.bot_data.get("front") is not None:
        await run_clock(context.application)


async def run_clock(application: BotApplication, now: float | None = None) -> ClockPass:
    """One pass of the clock: tell the players about everything it found, make the announcements still owed, take
    over the updates of workers that are gone. Returns what it found."""
    front: Front = application.bot_data["front"]
    services = front.services
    now = services.now if now is None else now
    async with services.leading("housekeeping") as leader:  # one worker at a time forgets and tidies
        if leader and now - application.bot_data.get("pruned_at", 0.0) >= PRUNE_EVERY:
            pruned = await services.prune(now)
            application.bot_data["pruned_at"] = now
            if any(pruned.values()):
                log.info("forgot %s", ", ".join(f"{n} {what}" for what, n in pruned.items() if n))
        found = await services.clock.tick(now)  # one pass at a time across workers
        await front.announcer.clock(found)
        for tournament_id in found.tournaments:  # started or closed on the clock just now
            await tournaments.deliver(front, tournament_id)
        await tournaments.deliver(front)  # a round's pairings (and topics) before its games' boards
        await front.announcer.owed()  # each worker its own announcements, and those of workers that are gone
        if leader:
            await front.announcer.tidy()
    await take_orphans(application)
    return found


def run(
    config: Config,
    *,
    webhook: str | None = None,
    listen: str = "127.0.0.1",
    port: int = 8443,
    secret_token: str | None = None,
    extras: Sequence[Extra] = (),
) -> None:
    """Run the bot until SIGINT or SIGTERM: long polling, or with ``webhook`` (a public HTTPS URL) our web server on
    ``listen:port`` that Telegram posts updates to (``webhook.run_webhook``: requests without ``secret_token`` are
    refused before their body is read, bodies over 1 MB too). ``extras`` (the Mini App's web server) run in the
    same event loop.

    A Telegram error that stops the start is raised as the ``reach.StartupProblem`` it stands for (``Unreachable``,
    ``TokenRejected``, ``Refused``); a port the webhook cannot listen on as ``webhook.CannotListen``."""
    application = build_application(config, extras=extras)
    application.bot_data["webhook"] = bool(webhook)
    quiet = QuietStart(application)
    logging.getLogger("telegram.ext").addFilter(quiet)
    try:
        _run(application, webhook=webhook, listen=listen, port=port, secret_token=secret_token)
    except TelegramError as exc:
        raise start_problem(config, exc) from None
    finally:
        logging.getLogger("telegram.ext").removeFilter(quiet)


class QuietStart(logging.Filter):
    """Until the application runs, python-telegram-bot logs the Telegram error that stops its start, with a
    traceback, before it raises it; ``run`` reports that error in one line, so those records are left out. Once the
    application runs, everything is logged."""

    def __init__(self, application: BotApplication) -> None:
        super().__init__()
        self.application = application

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is logged."""
        return (
            self.application.running
            or record.levelno < logging.ERROR
            or "Network Retry Loop" not in record.getMessage()
        )


def _run(application: BotApplication, *, webhook: str | None, listen: str, port: int, secret_token: str | None) -> None:
    """The application's whole life on one event loop (``lifecycle.serve``): long polling, or our webhook server."""
    if webhook:
        asyncio.run(
            run_webhook(
                application,
                url=webhook,
                path=urlparse(webhook).path,
                secret_token=secret_token or secrets.token_urlsafe(32),
                listen=listen,
                port=port,
            )
        )
    else:
        asyncio.run(run_polling(application))
