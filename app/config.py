"""Settings from the environment, with safe defaults for the embedded mode."""

from __future__ import annotations

import secrets
from functools import cache
from pathlib import Path

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    """Every knob of the app. Environment variables use the same names, upper-cased."""

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    database_url: str = f"sqlite+aiosqlite:///{ROOT / 'var' / 'agora.db'}"
    # A streaming replica of database_url (PostgreSQL) for the reads that tolerate a little
    # lag (app.db.replica; docs/read-replica.md). Empty: every read on the primary.
    database_replica_url: str = ""
    # One Redis (redis://host:port/db), or a Redis Cluster: redis+cluster://host:port[,…]
    # (app.realtime.redis_client; docs/scaling.md). Unset: one process, nothing shared.
    redis_url: str | None = None
    # A random key per process is safe (sessions just end on restart); production sets one.
    secret_key: str = Field(default_factory=lambda: secrets.token_urlsafe(32))
    # Cookies are Secure when this is on, and always on a request that came over HTTPS.
    cookie_secure: bool = False
    # Addresses (or "*") of reverse proxies whose X-Forwarded-Proto / X-Forwarded-For are
    # believed (app.api.security_headers). Empty: the headers are ignored.
    trusted_proxies: list[str] = ["127.0.0.1", "::1"]
    session_max_age_days: int = 30
    auto_migrate: bool = True
    agora_test_games: bool = False
    # Test servers only (needs agora_test_games): a fixed seed per game id for every room's
    # deal, so a browser test that needs a situation gets the same deal each run (the
    # random bots' choices follow the room's seed too: app.rooms.bot_moves).
    agora_test_seeds: dict[str, int] = {}
    # Origins allowed to open a WebSocket, besides the page's own host. "*" allows any.
    allowed_origins: list[str] = []
    ws_max_message_bytes: int = 16_384
    # Any HTTP request body over this is refused with 413 (app.api.request_guard).
    http_max_body_bytes: int = 65_536
    ws_rate_per_second: float = 20.0
    ws_rate_burst: int = 60
    ws_send_queue: int = 256
    # With Redis, a process's socket counts live this long unless its heartbeat (every
    # third of it) renews them: a killed process's sockets stop counting within it.
    presence_ttl_seconds: float = 30.0
    chat_max_length: int = 500
    bot_delay_seconds: float = 0.4
    # Simulations per reviewed position (app.rooms.review): half the hard level's cap, so
    # reviews take half as long; fewer make them cheaper and rougher (the test servers use
    # 24: the better move is drawn all the same).
    review_iterations: int = Field(default=192, ge=1)
    # Worker processes for the search bots (0: the machine's cores less one).
    bot_workers: int = 0
    # Default length of a reaction deadline when a game does not say.
    reaction_seconds: float = 30.0
    # The deadline scheduler (app.rooms.scheduler): how often every process looks for due
    # deadlines in the database (0: never, only local timers), and how long a claimed
    # deadline stays with its claimer before another process may fire it again.
    scheduler_poll_seconds: float = 1.0
    deadline_lease_seconds: float = 30.0
    # Every process beats this often (app.rooms.liveness); one silent for the second
    # figure is taken for dead and its leased deadlines are taken over at once.
    process_beat_seconds: float = 1.0
    process_dead_after_seconds: float = 3.0
    # With Redis: how often each process compares the versions of the rooms its sockets
    # watch with the database (app.rooms.freshness); 0: never.
    freshness_check_seconds: float = 2.0
    # A live game's seat whose player is away this long on their turn may be handed to a
    # bot by the others (app.rooms.absence).
    absence_grace_seconds: float = 60.0
    waiting_room_ttl_minutes: int = 120
    playing_room_ttl_hours: int = 72
    expiry_sweep_seconds: float = 60.0
    commit_batch_max: int = 512
    # PostgreSQL writer connections: one batch in flight per writer.
    commit_writers: int = 3
    public_base_url: str = ""
    # Timeouts (seconds): a frozen database or Redis answers 503 instead of hanging.
    db_connect_timeout: float = 5.0
    db_statement_timeout: float = 10.0
    db_pool_timeout: float = 5.0
    # Pooled PostgreSQL connections per process: opened on demand up to size + overflow,
    # then kept (app.db.session). Under load a transaction holds its connection through
    # the event loop's queue: at 20 the Akropolis bench opened ~5 connections a second
    # (3.7 ms of CPU each), at 30 one, at 40 none. Two replicas at 30 + 10 stay under
    # PostgreSQL's 100.
    db_pool_size: int = 30
    db_pool_overflow: int = 10
    redis_timeout: float = 2.0
    # No HTTP request runs longer than this (then 503 with Retry-After).
    request_timeout: float = 15.0
    # Abuse limits (app.limits): shared through Redis when redis_url is set. A limit is a
    # count per window (seconds); logins back off exponentially after free failures.
    rate_limits: bool = True
    login_free_failures_account: int = 5
    login_free_failures_address: int = 20
    login_failure_window_seconds: float = 900.0
    login_backoff_seconds: float = 1.0
    login_backoff_max_seconds: float = 900.0
    registrations_per_address: int = 10
    registrations_window_seconds: float = 3600.0
    guests_per_address: int = 30
    guests_window_seconds: float = 3600.0
    rooms_per_user: int = 20
    rooms_window_seconds: float = 600.0
    chat_per_user: int = 10
    chat_window_seconds: float = 10.0
    # A program's API token (app.accounts.tokens): requests and socket moves per window.
    token_requests_per_window: int = 300
    token_moves_per_window: int = 300
    token_window_seconds: float = 60.0
    # Leaderboards list players with at least this many rated games, this many a page.
    leaderboard_min_games: int = 3
    leaderboard_page_size: int = 25
    # /metrics: open to anyone (e.g. bound to a private interface), or to this bearer token.
    metrics_public: bool = False
    metrics_token: str = ""

    @model_validator(mode="after")
    def _test_seeds_on_test_servers_only(self) -> Settings:
        if self.agora_test_seeds and not self.agora_test_games:
            raise ValueError("AGORA_TEST_SEEDS is for test servers: it needs AGORA_TEST_GAMES")
        return self

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


@cache
def get_settings() -> Settings:
    return Settings()
