"""Lists: your games (``/games``, a button to show each board), the results table, ratings, your record."""

from __future__ import annotations

import asyncio

from render.chart import ChartView, Series, render_chart_png
from render.fonts import drawable

from ..i18n import t
from ..services import GameView, Problem, Rating, ServiceError
from ..services.ratings import START_DEVIATION, START_RATING
from ..wording.puzzles import puzzler_lines
from . import callbacks as cb
from .captions import game_label
from .delivery.postbox import Kind
from .formatting import name
from .keyboards import choice_keyboard, listed_keyboard
from .lobby import RULE_WORDS
from .request import Request, button, command

GAMES_SHOWN = 20


@command
async def cmd_games(req: Request, args: list[str]) -> None:
    """Your games in the lobby and being played, whose move it is, and a button to show each board. In a group,
    only the games of that group: your private games are nobody else's business."""
    lang = req.own_lang  # a list of the person's own games, with buttons only they can use
    views: list[GameView] = await req.services.finder.games_of(req.person.id, limit=GAMES_SHOWN)
    if not req.place.private:
        views = [v for v in views if v.chat_id == req.place.chat_id]
    if not views:
        req.reply(t(lang, "games_none" if req.place.private else "games_none_here"))
        return
    labels = []
    for view in views:
        where = None
        if view.kind == "group":
            chat = await req.services.people.chat(view.chat_id)
            where = chat.title if chat is not None and chat.title else None
        labels.append((game_label(lang, view, req.person.id, where), cb.Show(view.id)))
    waiting = sum(1 for v in views if v.to_move is not None and v.colour_of(req.person.id) == v.to_move)
    req.reply(t(lang, "games_title", count=len(views), waiting=waiting), keyboard=choice_keyboard(labels))


@command
async def cmd_stats(req: Request, args: list[str]) -> None:
    """The chat's table of wins, losses and draws (in private: your record)."""
    if req.place.private:
        wins, losses, draws = await req.services.ratings.record(req.person.id)
        req.say("stats_private", wins=wins, losses=losses, draws=draws)
        return
    table = await req.services.ratings.results(req.place.chat_id)
    if not table:
        req.say("stats_none")
        return
    lines = [t(req.lang, "stats_title")]
    for n, (user_id, wins, losses, draws) in enumerate(table[:30], 1):
        player = await req.services.people.player(user_id)
        who = name(player.name if player else str(user_id))
        lines.append(t(req.lang, "stats_line", n=n, name=who, wins=wins, losses=losses, draws=draws))
    req.reply("\n".join(lines))


def _rules_arg(args: list[str]) -> str | None:
    """The rule set a command names (``/top polish``), if any."""
    for arg in args:
        rules = RULE_WORDS.get(arg.strip().lower())
        if rules is not None:
            return rules
    return None


def rating_text(rating: Rating) -> str:
    """``<b>1563</b> ±74``; a provisional rating with ``?``."""
    return f"<b>{rating.shown}</b> ±{round(rating.deviation)}"


@command
async def cmd_top(req: Request, args: list[str]) -> None:
    """Glicko-2 ratings under a rule set (``/top polish``; by default the one played most here, else sports): in a
    group its players (everyone who played a rated game here), best first; in private the players who agreed to
    appear in the ratings of all players (``/me``) and where you stand among everyone."""
    ratings = req.services.ratings
    played = [] if req.place.private else await ratings.chat_rules(req.place.chat_id)
    rules = _rules_arg(args) or (played[0] if played else "sports")
    title = t(req.lang, f"rules_name_{rules}")
    if req.place.private:
        table = await ratings.public_table(rules)
        lines = [t(req.lang, "rating_title_all" if table else "top_none_all", rules=title)]
    else:
        table = await ratings.chat_table(req.place.chat_id, rules)
        lines = [t(req.lang, "rating_title_chat" if table else "rating_none_chat", rules=title)]
    for n, (user_id, rating) in enumerate(table, 1):
        player = await req.services.people.player(user_id)
        who = name(player.name if player else str(user_id))
        lines.append(t(req.lang, "rating_line", n=n, name=who, rating=rating_text(rating), games=rating.games))
    if any(rating.provisional for _, rating in table):
        lines.append(t(req.lang, "rating_provisional"))
    if req.place.private:
        standing = await ratings.standing(req.person.id, rules)
        if standing is None:
            lines.append(t(req.lang, "rating_you_none"))
        else:
            place = t(req.lang, "rating_place", place=standing.place, players=standing.players)
            lines.append(t(req.lang, "rating_you", rating=rating_text(standing.rating), place=place))
        if not req.player.public:
            lines.append(t(req.lang, "top_not_listed"))
    others = [r for r in played if r != rules]
    if others:
        lines.append(t(req.lang, "rating_other_rules", commands=", ".join(f"/top {r}" for r in others)))
    req.reply("\n".join(lines))


async def me_text(req: Request, public: bool) -> str:
    """Your Glicko-2 rating under each rule set you played rated games under (its deviation and volatility, your
    record and place among everyone), your record against the bot; in a group your place among its players, in
    private whether you appear in the ratings of all players (``public``)."""
    services = req.services
    mine = await services.ratings.of(req.person.id)
    lines = [t(req.lang, "me_title", name=name(req.player.name))]
    if not mine:
        lines.append(t(req.lang, "me_none"))
    for rules, rating in mine.items():
        standing = await services.ratings.standing(req.person.id, rules)
        place = " · " + t(req.lang, "rating_place", place=standing.place, players=standing.players) if standing else ""
        lines.append(
            t(
                req.lang,
                "me_rating",
                rules=t(req.lang, f"rules_name_{rules}"),
                rating=rating_text(rating),
                volatility=f"{rating.volatility:.3f}",
                games=rating.games,
                wins=rating.wins,
                losses=rating.losses,
                draws=rating.draws,
                place=place,
            )
        )
    if any(rating.provisional for rating in mine.values()):
        lines.append(t(req.lang, "rating_provisional"))
    for record in await services.opponent.records(req.person.id):
        lines.append(
            t(
                req.lang,
                "me_bot",
                level=t(req.lang, f"level_{record.level}"),
                wins=record.wins,
                losses=record.losses,
                draws=record.draws,
            )
        )
    if not req.place.private:
        for rules in mine:
            table = await services.ratings.chat_table(req.place.chat_id, rules, limit=1000)
            ranks = [n for n, (user_id, _) in enumerate(table, 1) if user_id == req.person.id]
            if ranks:
                title = t(req.lang, f"rules_name_{rules}")
                lines.append(t(req.lang, "me_chat_place", rules=title, place=ranks[0], players=len(table)))
    else:
        lines.append(t(req.lang, "me_listed" if public else "me_unlisted"))
    puzzler = await services.puzzles.puzzler(req.person.id)
    lines += puzzler_lines(puzzler, req.lang, private=req.place.private)
    return "\n".join(lines)


async def me_picture(req: Request) -> bytes | None:
    """The history of your ratings as a picture (``None``: you have played no rated game)."""
    services = req.services
    series = []
    for rules, rating in (await services.ratings.of(req.person.id)).items():
        history = await services.ratings.history(req.person.id, rules)
        # Where the line begins: at the start (1500 / 350) when the history holds every game, else (the last
        # ``HISTORY`` games only) at the first game it holds.
        points = [(START_RATING, START_DEVIATION)] if rating.games <= len(history) else []
        points += [(p.rating, p.deviation) for p in history]
        series.append(Series(t(req.lang, f"rules_name_{rules}"), tuple(points)))
    if not series:
        return None
    title = drawable(req.player.name) or t(req.lang, "me_chart")
    return await asyncio.to_thread(render_chart_png, ChartView(title, tuple(series)))


@command
async def cmd_me(req: Request, args: list[str]) -> None:
    """Your ratings and record, with a picture of your ratings' history once you have one; in private with a
    button to appear in the ratings of all players or not."""
    keyboard = listed_keyboard(req.own_lang, req.person.id, req.player.public) if req.place.private else None
    text = await me_text(req, req.player.public)
    png = await me_picture(req)
    if png is None:
        req.reply(text, keyboard=keyboard)
        return
    message = req.update.message
    req.messenger.send_photo(
        req.place.chat_id,
        png,
        text,
        keyboard=keyboard,
        thread_id=req.place.thread_id,
        reply_to=message.message_id if message is not None else None,
    )


@button(cb.Listed)
async def on_listed(req: Request, data: cb.Listed) -> None:
    """Appear or not in the ratings of all players (only the person themself can choose)."""
    if data.user != req.person.id:
        owner = await req.services.people.player(data.user)
        raise ServiceError(Problem.NOT_YOURS, name=owner.name if owner else "?")
    await req.services.people.set_public(req.person.id, data.on)
    await req.answer(t(req.own_lang, "me_listed" if data.on else "me_unlisted"))
    message = req.message
    if message is None or not req.place.private:
        return
    # The text says the new choice, the button offers the other.
    text, keyboard = await me_text(req, data.on), listed_keyboard(req.own_lang, req.person.id, data.on)
    png = await me_picture(req) if message.photo else None
    if png is not None:
        req.messenger.edit_photo(req.place.chat_id, message.message_id, png, text, keyboard)
    else:
        req.messenger.edit_text(req.place.chat_id, message.message_id, text, keyboard, kind=Kind.PRESS)
