"""What the front ends sent about games and records: stored so that a reply to a board finds its game, buttons that
are out of date can be taken away, and an uploaded picture is reused."""

from __future__ import annotations

from storage import MessageKind, MessageRecord, Notice, Storage


class Messages:
    """The messages the bot sent and their state."""

    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    async def sent(self, message: MessageRecord) -> None:
        """A message about a game or record was sent (its id is what Telegram gave back)."""
        async with self._storage.transaction(durable=False):
            await self._storage.messages.add(message)

    async def replaced(
        self, new: list[MessageRecord], retired: list[MessageRecord], announced: Notice | None = None
    ) -> None:
        """New messages (boards) were sent and the buttons of ``retired`` older ones taken away; with ``announced``,
        that announcement is no longer owed. All in one transaction, which need not wait for the disk: if a crash
        undoes it, the announcement is made again."""
        async with self._storage.transaction(durable=False):
            for message in new:
                await self._storage.messages.add(message)
            for old in retired:
                await self._storage.messages.retire(old.chat_id, old.message_id)
            if announced is not None:
                await self._storage.outbox.done(announced.game_id, announced.ply, announced.kind)

    async def boards_at(self, game_id: int, ply: int) -> set[int]:
        """The chats that already got a board of the game at move ``ply``."""
        return await self._storage.messages.boards_at(game_id, ply)

    async def latest_board(self, game_id: int, chat_id: int) -> MessageRecord | None:
        """The newest board of the game in the chat, if one is remembered."""
        return await self._storage.messages.latest_board(game_id, chat_id)

    async def about(self, chat_id: int, message_id: int) -> MessageRecord | None:
        """What a message the bot sent is about, if it is remembered."""
        return await self._storage.messages.get(chat_id, message_id)

    async def live(
        self, game_id: int, *, chat_id: int | None = None, kind: MessageKind | None = None
    ) -> list[MessageRecord]:
        """The game's messages whose buttons are still there, oldest first."""
        return await self._storage.messages.live(game_id, chat_id=chat_id, kind=kind)

    async def superseded(self, limit: int = 100) -> list[MessageRecord]:
        """Boards whose buttons should have gone (a newer board of the game is in their chat), oldest first."""
        return await self._storage.messages.superseded(limit)

    async def retired(self, chat_id: int, message_id: int) -> None:
        """A message's buttons were taken away."""
        async with self._storage.transaction(durable=False):
            await self._storage.messages.retire(chat_id, message_id)

    async def picture(self, game_id: int, ply: int) -> str | None:
        """Telegram's ``file_id`` of a picture of the game at ``ply`` already uploaded, if any."""
        return await self._storage.messages.picture_of(game_id, ply)
