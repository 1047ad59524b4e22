"""The database schema as an ordered list of migrations; ``PRAGMA user_version`` says how many are applied.

Never edit a migration that has shipped: add a new one. A database made by an older version is upgraded step by
step when it is opened; one made by a newer version is refused.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: chats, users, games and their moves; board messages; processed updates.
    """
    CREATE TABLE chats (
        id              INTEGER PRIMARY KEY,            -- Telegram chat id
        type            TEXT    NOT NULL,               -- private, group, supergroup, channel
        title           TEXT,
        language        TEXT,                           -- 'ru' / 'en' chosen with /lang; NULL: follow the users
        board_width     INTEGER,                        -- default settings for /new in this chat
        board_height    INTEGER,
        start           TEXT,
        move_seconds    INTEGER,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL
    );

    CREATE TABLE users (
        id              INTEGER PRIMARY KEY,            -- Telegram user id
        first_name      TEXT    NOT NULL,
        last_name       TEXT,
        username        TEXT,
        language        TEXT,                           -- chosen with /lang in a private chat
        telegram_language TEXT,                         -- what Telegram reports
        reachable       INTEGER NOT NULL DEFAULT 1,     -- 0 once the user has blocked the bot
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL
    );

    CREATE TABLE games (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id         INTEGER NOT NULL REFERENCES chats(id),
        thread_id       INTEGER NOT NULL DEFAULT 0,     -- forum topic, 0 for none
        kind            TEXT    NOT NULL CHECK (kind IN ('group', 'private')),
        width           INTEGER NOT NULL,
        height          INTEGER NOT NULL,
        start           TEXT    NOT NULL,
        setup           TEXT,                           -- JSON start dots of a 'custom' start
        move_seconds    INTEGER,                        -- time per move; NULL for none
        state           TEXT    NOT NULL CHECK (state IN ('lobby', 'active', 'finished', 'cancelled')),
        creator_id      INTEGER NOT NULL REFERENCES users(id),
        colours         TEXT    NOT NULL DEFAULT 'random', -- how colours are chosen: creator_blue, creator_red, random
        blue_id         INTEGER REFERENCES users(id),
        red_id          INTEGER REFERENCES users(id),
        invite          TEXT    UNIQUE,                 -- deep-link code of a private invitation
        ply             INTEGER NOT NULL DEFAULT 0,     -- moves stored so far: the optimistic-concurrency check
        winner          TEXT,                           -- 'blue', 'red', or NULL for a draw / an unfinished game
        reason          TEXT,                           -- resignation, timeout, grounding, board_full, draw
        score_blue      INTEGER NOT NULL DEFAULT 0,
        score_red       INTEGER NOT NULL DEFAULT 0,
        deadline        REAL,                           -- when the player to move runs out of time
        alert_at        REAL,                           -- when the clock job next looks at it (reminder or timeout)
        reminded        INTEGER NOT NULL DEFAULT 0,     -- reminders already sent for this deadline
        draw_offer      TEXT,                           -- colour with a pending draw offer
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL,
        finished_at     REAL
    );
    -- One open game per group chat (per forum topic).
    CREATE UNIQUE INDEX games_one_open_per_place ON games(chat_id, thread_id)
        WHERE state IN ('lobby', 'active') AND kind = 'group';
    CREATE INDEX games_due ON games(alert_at) WHERE state = 'active' AND alert_at IS NOT NULL;
    CREATE INDEX games_blue ON games(blue_id, state);
    CREATE INDEX games_red ON games(red_id, state);
    CREATE INDEX games_chat ON games(chat_id, state);

    CREATE TABLE moves (
        game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply             INTEGER NOT NULL,               -- 1-based
        colour          TEXT    NOT NULL CHECK (colour IN ('blue', 'red')),
        kind            TEXT    NOT NULL CHECK (kind IN ('dot', 'ground', 'resign', 'draw', 'timeout')),
        x               INTEGER,
        y               INTEGER,
        user_id         INTEGER,                        -- who made it; NULL for a loss on time
        created_at      REAL    NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;

    CREATE TABLE board_messages (
        chat_id         INTEGER NOT NULL,
        message_id      INTEGER NOT NULL,
        game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply             INTEGER NOT NULL,               -- the move the picture shows
        created_at      REAL    NOT NULL,
        PRIMARY KEY (chat_id, message_id)
    ) WITHOUT ROWID;
    CREATE INDEX board_messages_game ON board_messages(game_id, chat_id);

    CREATE TABLE processed_updates (
        update_id       INTEGER PRIMARY KEY,
        processed_at    REAL    NOT NULL
    );
    """,
    # 2: sharing and records: pictures reused by file_id, spectators, imported records, rated games.
    """
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;  -- counts for ratings when finished
    ALTER TABLE games ADD COLUMN watch TEXT;                         -- code of the spectator link
    CREATE UNIQUE INDEX games_watch ON games(watch) WHERE watch IS NOT NULL;
    CREATE INDEX games_finished ON games(state, finished_at) WHERE state = 'finished';
    ALTER TABLE board_messages ADD COLUMN file_id TEXT;              -- Telegram's id of the uploaded picture

    CREATE TABLE spectators (
        game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        chat_id         INTEGER NOT NULL,               -- a private chat that follows the game
        created_at      REAL    NOT NULL,
        PRIMARY KEY (game_id, chat_id)
    ) WITHOUT ROWID;

    CREATE TABLE imports (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id         INTEGER NOT NULL,
        user_id         INTEGER NOT NULL,
        name            TEXT,                           -- the file's name
        sgf             TEXT    NOT NULL,               -- the record as sent
        created_at      REAL    NOT NULL
    );
    """,
    # 3: every bot message tied to a game or a record (boards, lobbies, questions, spectator notes, records), with
    # whether it still has buttons to take away; lobbies found by age (invitations expire) and by creator.
    """
    CREATE TABLE messages (
        chat_id         INTEGER NOT NULL,
        message_id      INTEGER NOT NULL,
        kind            TEXT    NOT NULL CHECK (kind IN ('board', 'lobby', 'question', 'follow', 'record')),
        game_id         INTEGER REFERENCES games(id) ON DELETE CASCADE,
        import_id       INTEGER REFERENCES imports(id) ON DELETE CASCADE,
        ply             INTEGER NOT NULL DEFAULT 0,     -- the move it shows, or was asked at
        user_id         INTEGER,                        -- whom it belongs to: who asked a question, who sent a record
        topic           TEXT,                           -- what a question asks: resign, ground, draw
        live            INTEGER NOT NULL DEFAULT 1,     -- it still has buttons that must go when it is out of date
        file_id         TEXT,                           -- Telegram's id of a board's uploaded picture
        created_at      REAL    NOT NULL,
        PRIMARY KEY (chat_id, message_id)
    ) WITHOUT ROWID;
    INSERT INTO messages (chat_id, message_id, kind, game_id, ply, live, file_id, created_at)
        SELECT chat_id, message_id, 'board', game_id, ply, 0, file_id, created_at FROM board_messages;
    UPDATE messages SET live = 1 WHERE (chat_id, message_id) IN (
        SELECT chat_id, MAX(message_id) FROM messages
        WHERE game_id IN (SELECT id FROM games WHERE state = 'active') GROUP BY chat_id, game_id
    );
    DROP TABLE board_messages;
    CREATE INDEX messages_game ON messages(game_id, ply) WHERE game_id IS NOT NULL;
    CREATE INDEX messages_live ON messages(game_id, chat_id) WHERE live = 1;
    CREATE INDEX games_lobbies ON games(created_at) WHERE state = 'lobby';
    CREATE INDEX games_creator ON games(creator_id, state);
    """,
    # 4: the outbox: what must be announced (a new position, a game started, a lobby closed), written in the same
    # transaction as the change; deleted once every chat concerned was told.
    """
    CREATE TABLE outbox (
        game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply             INTEGER NOT NULL,
        kind            TEXT    NOT NULL CHECK (kind IN ('started', 'position', 'closed')),
        created_at      REAL    NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, ply, kind)
    ) WITHOUT ROWID;
    CREATE INDEX outbox_age ON outbox(created_at);
    """,
    # 5: whether a player agreed to appear in the ratings of all players (else only in their own groups' ratings).
    """
    ALTER TABLE users ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
    """,
    # 6: a draw offer is owed to the opponent like any other announcement (SQLite cannot change a CHECK in place:
    # the table is rebuilt, its rows kept).
    """
    CREATE TABLE outbox_new (
        game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply             INTEGER NOT NULL,
        kind            TEXT    NOT NULL CHECK (kind IN ('started', 'position', 'closed', 'draw')),
        created_at      REAL    NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, ply, kind)
    ) WITHOUT ROWID;
    INSERT INTO outbox_new (game_id, ply, kind, created_at, attempts)
        SELECT game_id, ply, kind, created_at, attempts FROM outbox;
    DROP TABLE outbox;
    ALTER TABLE outbox_new RENAME TO outbox;
    CREATE INDEX outbox_age ON outbox(created_at);
    """,
    # 7: rule sets (VARIANTS.md): a game's rules and their options (JSON of ``GameSettings.options``, the seed of a
    # random start included), who is still closing pools after their dot; a player's "close automatically"; moves of
    # the new kinds (an agreed end, STOP and its finish, a closure made after the dot, the end of closing) with the
    # rings of their closures (the moves table is rebuilt: SQLite cannot change a CHECK in place).
    """
    ALTER TABLE games ADD COLUMN rules TEXT NOT NULL DEFAULT 'sports';
    ALTER TABLE games ADD COLUMN options TEXT;
    ALTER TABLE games ADD COLUMN closing TEXT;
    ALTER TABLE users ADD COLUMN autoclose INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE moves_new (
        game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply             INTEGER NOT NULL,
        colour          TEXT    NOT NULL CHECK (colour IN ('blue', 'red')),
        kind            TEXT    NOT NULL CHECK (kind IN ('dot', 'ground', 'resign', 'draw', 'timeout', 'end', 'stop',
                                                         'finish', 'close', 'done')),
        x               INTEGER,
        y               INTEGER,
        user_id         INTEGER,
        created_at      REAL    NOT NULL,
        closures        TEXT,                           -- rings of the manual closures made (closures_text)
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;
    INSERT INTO moves_new (game_id, ply, colour, kind, x, y, user_id, created_at)
        SELECT game_id, ply, colour, kind, x, y, user_id, created_at FROM moves;
    DROP TABLE moves;
    ALTER TABLE moves_new RENAME TO moves;
    """,
    # 8: the STOP phase's own time limit (``stop_mode`` ``stop_phase``: how long the opponent of the STOP has for the
    # extra dots; NULL for none); a chat remembers its last game's rule set, options and STOP time for its next /new.
    """
    ALTER TABLE games ADD COLUMN stop_seconds INTEGER;
    ALTER TABLE chats ADD COLUMN rules TEXT;
    ALTER TABLE chats ADD COLUMN options TEXT;
    ALTER TABLE chats ADD COLUMN stop_seconds INTEGER;
    """,
]


def latest_version() -> int:
    """The schema version this code writes."""
    return len(MIGRATIONS)
