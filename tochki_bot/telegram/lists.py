"""Lists: your games (``/games``, a button to show each board), the results table, ratings, your record."""

from __future__ import annotations

from ..i18n import t
from ..services import GameView, Problem, ServiceError, leaderboard
from . import callbacks as cb
from .budget import Priority
from .captions import game_label
from .formatting import name
from .keyboards import choice_keyboard, listed_keyboard
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
        await req.reply(t(lang, "games_none" if req.place.private else "games_none_here"))
        return
    labels = []
    for view in views:
        where = None
        if view.kind == "group":
            chat = await req.services.people.chat(view.chat_id)
            where = chat.title if chat is not None and chat.title else None
        labels.append((game_label(lang, view, req.person.id, where), cb.Show(view.id)))
    waiting = sum(1 for v in views if v.to_move is not None and v.colour_of(req.person.id) == v.to_move)
    await req.reply(t(lang, "games_title", count=len(views), waiting=waiting), keyboard=choice_keyboard(labels))


@command
async def cmd_stats(req: Request, args: list[str]) -> None:
    """The chat's table of wins, losses and draws (in private: your record)."""
    if req.place.private:
        wins, losses, draws = await req.services.ratings.record(req.person.id)
        await req.reply(t(req.lang, "stats_private", wins=wins, losses=losses, draws=draws))
        return
    table = await req.services.ratings.results(req.place.chat_id)
    if not table:
        await req.reply(t(req.lang, "stats_none"))
        return
    lines = [t(req.lang, "stats_title")]
    for n, (user_id, wins, losses, draws) in enumerate(table[:30], 1):
        player = await req.services.people.player(user_id)
        who = name(player.name if player else str(user_id))
        lines.append(t(req.lang, "stats_line", n=n, name=who, wins=wins, losses=losses, draws=draws))
    await req.reply("\n".join(lines))


@command
async def cmd_top(req: Request, args: list[str]) -> None:
    """Elo ratings: of this group's games (everyone who played here); in private, of all games, listing only the
    players who agreed to appear there (``/me``)."""
    ratings = req.services.ratings
    if req.place.private:
        table = leaderboard(await ratings.public_table())
    else:
        table = leaderboard(await ratings.table(req.place.chat_id))
    if table:
        lines = [t(req.lang, "top_title_all" if req.place.private else "top_title")]
    else:
        lines = [t(req.lang, "top_none_all" if req.place.private else "top_none")]
    for n, (user_id, rating) in enumerate(table[:20], 1):
        player = await req.services.people.player(user_id)
        who = name(player.name if player else str(user_id))
        lines.append(t(req.lang, "top_line", n=n, name=who, rating=round(rating.rating), games=rating.games))
    if req.place.private and not req.player.public:
        lines.append(t(req.lang, "top_not_listed"))
    await req.reply("\n".join(lines))


async def me_text(req: Request, public: bool) -> str:
    """Your rating and record (and, in a group, your rating there; in private, whether you appear in the ratings
    of all players: ``public``)."""
    mine = (await req.services.ratings.table()).get(req.person.id)
    if mine is None:
        lines = [t(req.lang, "me_none")]
    else:
        lines = [
            t(
                req.lang,
                "me_text",
                name=name(req.player.name),
                rating=round(mine.rating),
                games=mine.games,
                wins=mine.wins,
                losses=mine.losses,
                draws=mine.draws,
            )
        ]
    for record in await req.services.opponent.records(req.person.id):
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
        here = (await req.services.ratings.table(req.place.chat_id)).get(req.person.id)
        if here is not None:
            lines.append(t(req.lang, "me_chat", rating=round(here.rating), games=here.games))
    else:
        lines.append(t(req.lang, "me_listed" if public else "me_unlisted"))
    return "\n".join(lines)


@command
async def cmd_me(req: Request, args: list[str]) -> None:
    """Your rating and record; in private with a button to appear in the ratings of all players or not."""
    keyboard = listed_keyboard(req.own_lang, req.person.id, req.player.public) if req.place.private else None
    await req.reply(await me_text(req, req.player.public), keyboard=keyboard)


@button(cb.Listed)
async def on_listed(req: Request, data: cb.Listed) -> None:
    """Appear or not in the ratings of all players (only the person themself can choose)."""
    if data.user != req.person.id:
        owner = await req.services.people.player(data.user)
        raise ServiceError(Problem.NOT_YOURS, name=owner.name if owner else "?")
    await req.services.people.set_public(req.person.id, data.on)
    await req.answer(t(req.own_lang, "me_listed" if data.on else "me_unlisted"))
    message = req.message
    if message is not None and req.place.private:  # the text says the new choice, the button offers the other
        await req.messenger.edit_text(
            req.place.chat_id,
            message.message_id,
            await me_text(req, data.on),
            listed_keyboard(req.own_lang, req.person.id, data.on),
            priority=Priority.NORMAL,
        )
