"""Lists: your games (``/games``, a button to show each board), the results table, ratings, your record."""

from __future__ import annotations

from ..i18n import t
from ..services import GameView, leaderboard
from . import callbacks as cb
from .captions import game_label
from .formatting import name
from .keyboards import choice_keyboard
from .request import Request, command

GAMES_SHOWN = 20


@command
async def cmd_games(req: Request, args: list[str]) -> None:
    """Your games in the lobby and being played, whose move it is, and a button to show each board. In a group,
    only the games of that group: your private games are nobody else's business."""
    views: list[GameView] = await req.services.finder.games_of(req.person.id, limit=GAMES_SHOWN)
    if not req.place.private:
        views = [v for v in views if v.chat_id == req.place.chat_id]
    if not views:
        await req.reply(t(req.lang, "games_none" if req.place.private else "games_none_here"))
        return
    labels = []
    for view in views:
        where = None
        if view.kind == "group":
            chat = await req.services.people.chat(view.chat_id)
            where = chat.title if chat is not None and chat.title else None
        labels.append((game_label(req.lang, view, req.person.id, where), cb.Show(view.id)))
    waiting = sum(1 for v in views if v.to_move is not None and v.colour_of(req.person.id) == v.to_move)
    await req.reply(t(req.lang, "games_title", count=len(views), waiting=waiting), keyboard=choice_keyboard(labels))


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
    """Elo ratings: of this group's games, or in private of all games."""
    table = leaderboard(await req.services.ratings.table(None if req.place.private else req.place.chat_id))
    if not table:
        await req.reply(t(req.lang, "top_none"))
        return
    lines = [t(req.lang, "top_title_all" if req.place.private else "top_title")]
    for n, (user_id, rating) in enumerate(table[:20], 1):
        player = await req.services.people.player(user_id)
        who = name(player.name if player else str(user_id))
        lines.append(t(req.lang, "top_line", n=n, name=who, rating=round(rating.rating), games=rating.games))
    await req.reply("\n".join(lines))


@command
async def cmd_me(req: Request, args: list[str]) -> None:
    """Your rating and record (and, in a group, your rating there)."""
    mine = (await req.services.ratings.table()).get(req.person.id)
    if mine is None:
        await req.reply(t(req.lang, "me_none"))
        return
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
    if not req.place.private:
        here = (await req.services.ratings.table(req.place.chat_id)).get(req.person.id)
        if here is not None:
            lines.append(t(req.lang, "me_chat", rating=round(here.rating), games=here.games))
    await req.reply("\n".join(lines))
