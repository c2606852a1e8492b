"""Users read recently, so requests and socket handshakes need not read theirs again.

Every authenticated request and every socket handshake reads its user (the cookie's
session version, a ban, a deletion decide whether it may go on): one SELECT on a pooled
connection, 0.3 ms of server CPU on PostgreSQL. ``bench/ws_load.py --game akropolis``
does five per game (three requests and two sockets to restart it).

A read user is kept for :data:`TTL` seconds. Whatever changes a user goes through an ORM
session (bans, promotions, log-outs everywhere, password changes, deletions, a guest
becoming an account, renames): a listener on every session notes the users it flushed
and forgets them when the transaction commits, in this process at once and, through
:func:`on_forget` (the app relays it to its other processes), everywhere else. A read
that raced with such a commit is not kept (:func:`generation`). Only a change made
outside any session of this code base (an operator's SQL, the CLI in another process
while no server shares its relay) waits for the TTL.

Entries are keyed by database (the engine's URL) as well as by user, since the tests
run several servers, each on its own database, in one process.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Session, UOWTransaction

from app.db.models import User

#: seconds a read user is trusted without reading it again
TTL = 30.0
#: users kept at most (oldest out first)
MAX_USERS = 20_000

_lock = threading.Lock()  # the tests' servers run in threads of one process
_users: OrderedDict[tuple[str, str], tuple[float, dict[str, Any]]] = OrderedDict()
_generation = 0
_listeners: list[Callable[[str, list[str]], None]] = []
_CHANGED = "agora_users_changed"


_databases: WeakKeyDictionary[Engine, str] = WeakKeyDictionary()


def database_of(engine: AsyncEngine | Engine) -> str:
    """The key of an engine's database (its URL, computed once per engine)."""
    sync = engine.sync_engine if isinstance(engine, AsyncEngine) else engine
    found = _databases.get(sync)
    if found is None:
        found = _databases[sync] = sync.url.render_as_string(hide_password=True)
    return found


def generation() -> int:
    """Read before a user is read from the database, handed to :func:`put` after."""
    return _generation


def get(database: str, user_id: str) -> dict[str, Any] | None:
    """The user's row as read less than :data:`TTL` seconds ago, if kept."""
    entry = _users.get((database, user_id))
    if entry is None or entry[0] < time.monotonic():
        return None
    return entry[1]


def put(database: str, user_id: str, row: dict[str, Any], read_at: int) -> None:
    """Keep a row read from the database, unless a user was forgotten since ``read_at``
    (:func:`generation` just before the read): the read may predate that change."""
    with _lock:
        if read_at != _generation:
            return
        _users[(database, user_id)] = (time.monotonic() + TTL, row)
        _users.move_to_end((database, user_id))
        while len(_users) > MAX_USERS:
            _users.popitem(last=False)


def forget(database: str, user_ids: Iterable[str]) -> None:
    global _generation
    with _lock:
        _generation += 1
        for user_id in user_ids:
            _users.pop((database, user_id), None)


def on_forget(listener: Callable[[str, list[str]], None]) -> Callable[[], None]:
    """Call ``listener(database, user_ids)`` after a commit changed users; returns the
    function that removes it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener)


@event.listens_for(Session, "after_flush")
def _note_users(session: Session, _flush: UOWTransaction) -> None:
    changed = {
        obj.id
        for obj in (*session.new, *session.dirty, *session.deleted)
        if isinstance(obj, User) and obj.id
    }
    if changed:
        global _generation
        _generation += 1  # a read racing with this transaction must not be kept
        session.info.setdefault(_CHANGED, set()).update(changed)


@event.listens_for(Session, "after_commit")
def _forget_committed(session: Session) -> None:
    changed = session.info.pop(_CHANGED, None)
    if not changed:
        return
    bind = session.get_bind()
    database = database_of(bind.engine if not isinstance(bind, Engine) else bind)
    ids = sorted(changed)
    forget(database, ids)
    for listener in list(_listeners):
        listener(database, ids)


@event.listens_for(Session, "after_soft_rollback")
def _drop_noted(session: Session, _previous: Any) -> None:
    session.info.pop(_CHANGED, None)
