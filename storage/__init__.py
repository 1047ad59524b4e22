"""The bot's database: chats, users, games and their moves in one SQLite file (aiosqlite). No Telegram, no Pillow.

>>> import asyncio
>>> from storage import Storage
>>> async def demo():
...     async with await Storage.open(":memory:") as db:
...         return await db.schema_version()
>>> asyncio.run(demo()) >= 1
True
"""

from .records import ChatRecord, ColourChoice, GameKind, GameRecord, GameState, UserRecord
from .repository import (
    Conflict,
    Duplicate,
    OpenGameExists,
    SchemaTooNew,
    Storage,
    StorageError,
    default_path,
)
from .schema import MIGRATIONS, latest_version

__all__ = [
    "MIGRATIONS",
    "ChatRecord",
    "ColourChoice",
    "Conflict",
    "Duplicate",
    "GameKind",
    "GameRecord",
    "GameState",
    "OpenGameExists",
    "SchemaTooNew",
    "Storage",
    "StorageError",
    "UserRecord",
    "default_path",
    "latest_version",
]
