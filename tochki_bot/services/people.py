"""People and chats: who the bot has met, their languages, and whether their private chat works."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from storage import ChatRecord, Storage, UserRecord

from .model import Chat, Person, Place, Player
from .support import LRU

CACHE_SIZE = 4096
GROUP_GAMES = 50
"""A group's language, when its admins chose none, is the one most of the people of its latest games use."""


BOT_IDS: dict[int, str] = {-11: "easy", -12: "normal", -13: "hard"}
"""The users who are the bot, by level (no Telegram user has a negative id)."""
BOT_NAMES: dict[str, str] = {"easy": "🤖 Bot ★", "normal": "🤖 Bot ★★", "hard": "🤖 Bot ★★★"}
"""The bot's name at each level: the same in every language (the stars are its strength)."""


def player_of(user: UserRecord) -> Player:
    """The view of a stored user."""
    return Player(
        user.id,
        user.name,
        user.username,
        user.language,
        user.telegram_language,
        user.reachable,
        user.public,
        BOT_IDS.get(user.id),
    )


def chat_of(chat: ChatRecord) -> Chat:
    """The view of a stored chat."""
    return Chat(chat.id, chat.type, chat.title, chat.language, chat.bot_status)


class People:
    """Users and chats, with bounded caches in front of storage (names and titles are refreshed as they change).

    Several workers on one database: every change of a user or a chat is told to the other workers
    (``Database.notify``), which drop their cached copy (``forget_user``, ``forget_chat``)."""

    def __init__(self, storage: Storage, cache_size: int = CACHE_SIZE) -> None:
        self._storage = storage
        self._users: LRU[int, UserRecord] = LRU(cache_size)
        self._chats: LRU[int, ChatRecord] = LRU(cache_size)
        self._people_in: LRU[int, list[int]] = LRU(cache_size)
        """The people of each group's latest games (``group_language``), until a game starts there."""

    # --------------------------------------------------------------------------------------------------------------
    # Users

    async def meet(self, who: Person) -> Player:
        """Record (or refresh) the person behind a request; no write when nothing changed."""
        known = self._users.get(who.id)
        first_name = who.first_name or str(who.id)
        if known is None or (known.first_name, known.last_name, known.username, known.telegram_language) != (
            first_name,
            who.last_name,
            who.username,
            who.language_code,
        ):
            known = await self._storage.users.upsert(who.id, first_name, who.last_name, who.username, who.language_code)
            self._users.put(who.id, known)
            await self._storage.db.notify("user", who.id)
        return player_of(known)

    async def _user(self, user_id: int) -> UserRecord | None:
        user = self._users.get(user_id)
        if user is None:
            user = await self._storage.users.get(user_id)
            if user is not None:
                self._users.put(user_id, user)
        return user

    async def player(self, user_id: int | None) -> Player | None:
        """A user the bot has met, by id."""
        if user_id is None:
            return None
        user = await self._user(user_id)
        return player_of(user) if user is not None else None

    async def set_language(self, user_id: int, language: str | None) -> None:
        """The language a user chose for their private chat (``None``: follow their messenger's)."""
        await self._storage.users.set_language(user_id, language)
        await self.changed_user(user_id)

    async def set_public(self, user_id: int, public: bool) -> None:
        """Whether the person appears in the ratings of all players (they choose it)."""
        await self._storage.users.set_public(user_id, public)
        await self.changed_user(user_id)

    async def set_autoclose(self, user_id: int, on: bool) -> None:
        """Whether the person's pools holding an opponent dot are closed right after each of their dots."""
        await self._storage.users.set_autoclose(user_id, on)
        await self.changed_user(user_id)

    async def autoclose(self, user_id: int) -> bool:
        """The person's "close automatically" (manual rules)."""
        user = await self._user(user_id)
        return user is not None and user.autoclose

    async def set_reachable(self, user_id: int, reachable: bool) -> None:
        """Note whether the user's private chat with the bot works (a send to it failed, or worked again)."""
        user = await self._user(user_id)
        if user is not None and user.reachable != reachable:
            await self._storage.users.set_reachable(user_id, reachable)
            await self.changed_user(user_id)

    # --------------------------------------------------------------------------------------------------------------
    # Chats

    async def visit(self, place: Place) -> Chat:
        """Record (or refresh) the chat of a request."""
        known = self._chats.get(place.chat_id)
        if known is not None and known.type == place.chat_type and known.title == place.title:
            return chat_of(known)
        chat = await self._storage.chats.upsert(place.chat_id, place.chat_type, place.title)
        self._chats.put(place.chat_id, chat)
        await self._storage.db.notify("chat", place.chat_id)
        return chat_of(chat)

    async def chat(self, chat_id: int) -> Chat | None:
        """A chat the bot has been in, by id."""
        chat = self._chats.get(chat_id)
        if chat is None:
            chat = await self._storage.chats.get(chat_id)
            if chat is not None:
                self._chats.put(chat_id, chat)
        return chat_of(chat) if chat is not None else None

    async def group_language(self, chat_id: int, language_of: Callable[[Player], str]) -> str | None:
        """The language a group speaks: the one its admins chose (``set_chat_language``); else the one most of its
        people use (the creators and players of its latest ``GROUP_GAMES`` games, each counted once, the bot not
        at all; ``language_of`` says which language a person reads), a tie going to the language of the newest
        game's creator (then its players, then the game before). ``None``: the admins chose none and nobody has
        played there yet (each person is then answered in their own)."""
        chat = await self.chat(chat_id)
        if chat is not None and chat.language is not None:
            return chat.language
        people = self._people_in.get(chat_id)
        if people is None:
            people = [p for p in await self._storage.games.people_in(chat_id, GROUP_GAMES) if p not in BOT_IDS]
            if not people:
                return None  # not kept: the first game there changes it
            self._people_in.put(chat_id, people)
        counts: Counter[str] = Counter()
        first: dict[str, int] = {}  # where each language comes first, the newest game's creator at 0
        for order, user_id in enumerate(people):
            player = await self.player(user_id)
            if player is not None:
                language = language_of(player)
                counts[language] += 1
                first.setdefault(language, order)
        if not counts:
            return None
        return max(counts, key=lambda language: (counts[language], -first[language]))

    async def set_chat_language(self, chat_id: int, language: str | None) -> None:
        """A group's own language (``None``: the language most of its people use, ``group_language``)."""
        await self._storage.chats.set_language(chat_id, language)
        await self.changed_chat(chat_id)

    async def set_bot_status(self, place: Place, status: str) -> Chat:
        """Telegram told the bot its own member status in a chat (``my_chat_member``: added, made an administrator,
        removed...): kept per chat, for what the bot may say about what it sees there."""
        await self.visit(place)
        known = await self.chat(place.chat_id)
        if known is None or known.bot_status != status:
            await self._storage.chats.set_bot_status(place.chat_id, status)
            await self.changed_chat(place.chat_id)
        chat = await self.chat(place.chat_id)
        assert chat is not None
        return chat

    async def chat_defaults(self, chat_id: int) -> ChatRecord | None:
        """The chat's row with the settings of its last game (for the next ``/new``)."""
        await self.chat(chat_id)
        return self._chats.get(chat_id)

    async def changed_user(self, user_id: int) -> None:
        """A user's row changed: drop it from the cache here and in the other workers."""
        self._users.pop(user_id)
        await self._storage.db.notify("user", user_id)

    async def changed_chat(self, chat_id: int) -> None:
        """A chat's row changed (or a game started there): drop it from the cache here and in the other workers."""
        self._chats.pop(chat_id)
        self._people_in.pop(chat_id)
        await self._storage.db.notify("chat", chat_id)

    def forget_user(self, user_id: int) -> None:
        """Drop what is cached about a user (another worker changed their row)."""
        self._users.pop(user_id)

    def forget_chat(self, chat_id: int) -> None:
        """Drop what is cached about a chat (its row changed elsewhere, or a game started there)."""
        self._chats.pop(chat_id)
        self._people_in.pop(chat_id)
