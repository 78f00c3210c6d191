"""The store's schema, as numbered migrations. The schema version is SQLite's user_version; the
PostgreSQL store keeps it in a table of its own and runs the same migrations in its spelling
(``table.sql.postgres_migration``).

Never edit a migration that has shipped: add the next one.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: games, seats and the append-only action log
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    TEXT NOT NULL,
        channel_id  TEXT NOT NULL,
        kind        TEXT NOT NULL,
        sets        TEXT NOT NULL,
        options     TEXT NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
        host_id     TEXT NOT NULL,
        seed        INTEGER,
        state       TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel ON games (guild_id, channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id   TEXT NOT NULL,
        name      TEXT NOT NULL,
        seat      INTEGER NOT NULL,
        joined_at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE actions (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        actor    TEXT NOT NULL,
        action   TEXT NOT NULL,
        at       REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: deadlines (reaction windows, decisions, turn timers) and the pace of a game
    """
    ALTER TABLE games ADD COLUMN pace TEXT NOT NULL DEFAULT 'live';
    CREATE TABLE deadlines (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        target   TEXT NOT NULL,
        due_at   REAL NOT NULL,
        version  INTEGER NOT NULL,
        PRIMARY KEY (game_id, target)
    );
    CREATE INDEX deadlines_due ON deadlines (due_at);
    """,
    # 3: the one private message per player and game that the bot keeps up to date
    """
    CREATE TABLE private_messages (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id     TEXT NOT NULL,
        channel_id  TEXT,
        message_id  TEXT,
        digest      TEXT NOT NULL DEFAULT '',
        closed      INTEGER NOT NULL DEFAULT 0,   -- DMs closed: 1 = not yet told, 2 = told to use /hand
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 4: standing preferences of a player in a game, applied at once by the table
    """
    CREATE TABLE preferences (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id     TEXT NOT NULL,
        auto_pass   INTEGER NOT NULL DEFAULT 0,   -- pass reaction windows when holding nothing playable
        away_until  REAL,                          -- the table plays the defaults until then
        reminders   TEXT NOT NULL DEFAULT 'on',    -- 'on', 'turns' (only for own turns) or 'off'
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 5: reminders already sent: at most one per player and prompt
    """
    CREATE TABLE reminders_sent (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        target   TEXT NOT NULL,
        user_id  TEXT NOT NULL,
        sent_at  REAL NOT NULL,
        PRIMARY KEY (game_id, target, user_id)
    );
    """,
    # 6: a seat can be played by the bot (an empty or abandoned seat)
    """
    ALTER TABLE seats ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
    """,
    # 7: each player's time bank (asynchronous pace)
    """
    CREATE TABLE player_clocks (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id  TEXT NOT NULL,
        bank     REAL NOT NULL,         -- seconds left
        started  REAL,                  -- when the table began waiting on this player's turn
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 8: a bank stops while the game waits on somebody else's decision
    """
    ALTER TABLE player_clocks ADD COLUMN paused REAL;
    """,
    # 9: a new human standing in for a seat, once the host approves
    """
    CREATE TABLE substitutes (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id    TEXT NOT NULL,
        name       TEXT NOT NULL,
        player_id  TEXT NOT NULL,       -- the seat (engine player) they play
        approved   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 10: the scheduler finds due rows by index, never by scanning games: when a deadline's reminder is
    # due and whether it went out, and which process has claimed a due deadline until when; a
    # player's games are found by index too
    """
    ALTER TABLE deadlines ADD COLUMN remind_at REAL;
    ALTER TABLE deadlines ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE deadlines ADD COLUMN claimed_until REAL;
    CREATE INDEX deadlines_claimed ON deadlines (claimed_until) WHERE claimed_until IS NOT NULL;
    CREATE INDEX deadlines_remind ON deadlines (remind_at) WHERE reminded = 0 AND remind_at IS NOT NULL;
    CREATE INDEX seats_user ON seats (user_id);
    """,
    # 11: the character's sex, the player's own, chosen at joining (Munchkin: "Geschlecht")
    """
    ALTER TABLE seats ADD COLUMN sex TEXT NOT NULL DEFAULT 'male';
    """,
    # 12: people who follow a game without playing (/zuschauen): they get the public table by DM
    """
    CREATE TABLE spectators (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id  TEXT NOT NULL,
        name     TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 13: a move taken back stays in the log, marked, and the taking back is a log line of its own
    # (replays skip both); who won each finished game (the games finished before are read once from
    # their states' winners), and a server's finished games found by index (the leaderboard)
    """
    ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE actions ADD COLUMN undo_of INTEGER;
    ALTER TABLE seats ADD COLUMN won INTEGER NOT NULL DEFAULT 0;
    UPDATE seats SET won = 1 WHERE EXISTS (SELECT 1 FROM games g, json_each(g.state, '$.winners') w
        WHERE g.id = seats.game_id AND g.status = 'finished' AND w.value = seats.user_id);
    CREATE INDEX games_guild_status ON games (guild_id, status);
    CREATE INDEX games_guild_channel ON games (guild_id, channel_id);
    """,
    # 14: the language a user chose for themselves, or a server's managers for the server
    """
    CREATE TABLE language_choices (
        scope     TEXT NOT NULL CHECK (scope IN ('user', 'guild')),
        owner_id  TEXT NOT NULL,          -- the user's or the server's Discord id
        language  TEXT NOT NULL,
        PRIMARY KEY (scope, owner_id)
    );
    """,
    # 15: when the table last played a decision's or a turn's default for a seat because its deadline
    # passed while the seat owed the move (or its player was away beyond it); cleared by the player's
    # next own move. A seat with this set is abandoned: the host may hand it to a bot or a stand-in.
    """
    ALTER TABLE seats ADD COLUMN missed_at REAL;
    """,
    # 16: the language a game speaks in its channel (/neu sprache, else the server's at the opening);
    # NULL for games opened before: they speak the server's choice
    """
    ALTER TABLE games ADD COLUMN language TEXT;
    """,
]

LATEST = len(MIGRATIONS)
