"""The Telegram application: configuration, handlers, the ordered update processor, the clock job, start and stop."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

from telegram import BotCommand, BotCommandScopeDefault
from telegram.error import TelegramError
from telegram.ext import AIORateLimiter, Application, ApplicationBuilder, ContextTypes
from telegram.request import BaseRequest

from storage import Storage

from . import sharing
from .captions import Players
from .config import Config
from .games import ClockEvent, Games
from .handlers import Services, register
from .messenger import Messenger, Unreachable
from .processor import ChatOrderedProcessor
from .texts import COMMANDS, LANGUAGES, duration, t

log = logging.getLogger(__name__)
CLOCK_JOB = "clock"
PRUNE_EVERY = 3600.0
KEEP_UPDATES = 7 * 86400.0
"""Telegram keeps undelivered updates for a day; a week of processed ids is plenty to spot repeats."""


def build_application(
    config: Config,
    *,
    request: BaseRequest | None = None,
    clock: Callable[[], float] | None = None,
) -> Application:  # type: ignore[type-arg]
    """The bot, ready to run. ``request`` replaces the HTTP client (tests pass a fake Bot API)."""
    builder = (
        ApplicationBuilder()
        .token(config.token)
        .concurrent_updates(ChatOrderedProcessor(config.concurrent_updates))
        .rate_limiter(
            AIORateLimiter(
                overall_max_rate=config.overall_rate,
                overall_time_period=1,
                group_max_rate=config.group_rate,
                group_time_period=60,
                max_retries=3,
            )
        )
        .post_init(startup)
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
    sharing.register(application)
    register(application)
    return application


async def startup(application: Application) -> None:  # type: ignore[type-arg]
    """Open the database, register the command menu in both languages, start the clock job."""
    config: Config = application.bot_data["config"]
    clock = application.bot_data.get("clock")
    db = await Storage.open(config.db_path, **({"clock": clock} if clock else {}))
    games = Games(db, clock=clock)
    bot = application.bot
    application.bot_data["services"] = Services(
        games=games,
        messenger=Messenger(bot, games),
        username=bot.username,
        can_read_all=bool(bot.can_read_all_group_messages),
    )
    for lang in LANGUAGES:
        commands = [BotCommand(c, t(lang, f"cmd_{c}")) for c in COMMANDS]
        try:
            await bot.set_my_commands(
                commands, scope=BotCommandScopeDefault(), language_code=None if lang == "en" else lang
            )
        except TelegramError:
            log.warning("could not register the %s command menu", lang, exc_info=True)
    if application.job_queue is not None:
        application.job_queue.run_repeating(clock_job, interval=config.clock_interval, first=0.0, name=CLOCK_JOB)
    log.info("tochki-bot @%s started on %s", bot.username, config.db_path)


async def shutdown(application: Application) -> None:  # type: ignore[type-arg]
    """Close the database."""
    services: Services | None = application.bot_data.pop("services", None)
    if services is not None:
        await services.games.db.close()


async def clock_job(context: ContextTypes.DEFAULT_TYPE) -> None:
    """The periodic job: reminders and losses on time, decided from the database (so they survive restarts)."""
    services: Services | None = context.application.bot_data.get("services")
    if services is not None:
        await run_clock(services)


async def run_clock(services: Services, now: float | None = None) -> list[ClockEvent]:
    """One pass of the clock: tell the players about every event. Returns the events."""
    now = services.games.clock() if now is None else now
    if now - services.pruned_at >= PRUNE_EVERY:
        await services.games.db.prune_updates(now - KEEP_UPDATES)
        services.pruned_at = now
    events = await services.games.tick(now)
    for event in events:
        try:
            if event.kind == "timeout":
                await services.messenger.announce(event.outcome)
            else:
                await remind(services, event)
        except Exception:
            log.exception("clock event for game %s failed", event.outcome.record.id)
    return events


async def remind(services: Services, event: ClockEvent) -> None:
    """Remind the player to move: in private first; if that fails, in the group (a mention notifies them)."""
    record, game = event.outcome.record, event.outcome.game
    messenger = services.messenger
    player = record.player(game.to_move)
    if player is None:
        return
    user = await services.games.user(player)
    players = Players(
        await services.games.user(record.blue_id) if record.blue_id else None,
        await services.games.user(record.red_id) if record.red_id else None,
    )
    key = event.kind
    lang = await messenger.user_language(player)
    where = ""
    if record.kind == "group":
        chat = await services.games.db.get_chat(record.chat_id)
        if chat is not None and chat.title:
            where = t(lang, "in_chat", title=chat.title)
    text = t(
        lang, key, mention=players.mention(game.to_move), id=record.id, where=where, left=duration(lang, event.left)
    )
    if user is None or user.reachable:
        with contextlib.suppress(Unreachable):  # blocked or never started: fall back to the group
            await messenger.send(player, text)
            return
    if record.kind == "group":
        lang = await messenger.chat_language(record.chat_id)
        text = t(
            lang, key, mention=players.mention(game.to_move), id=record.id, where="", left=duration(lang, event.left)
        )
        await messenger.send(record.chat_id, text, thread_id=record.thread_id)
