"""Every game of a database replayed (``verify_all``, ``python -m app.cli verify``): a
whole store verifies, undos included; a changed state, a changed, missing or extra log
row and a seed that is not the committed one are each reported, and the command exits 1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from sqlalchemy import create_engine, delete, update
from sqlalchemy.orm import Session

from app.cli import main
from app.config import get_settings
from app.db.migrate import upgrade
from app.db.models import MoveRecord, Room, User
from app.db.session import create_engine as create_async_engine
from app.games import akropolis, race
from app.games.interface import Game
from app.rooms.context import seed_commitment
from app.rooms.verify_all import Report, verify_all
from tests.conftest import base_settings
from tests.rooms.test_timeline import play_with_undos

# (game module, seats, options, seed) of the rooms every store starts with
GAMES = {
    "akropolis": (akropolis, 2, {}, 7),
    "race": (race, 3, {"target": 30}, 1),
}
TAMPERED = {
    "changed-state": "the replayed state differs from the stored state",
    "missing-move": "needs log seqs 1-",
    "extra-move": "needs log seqs 1-",
    "other-seed": "the seed does not match its published hash",
    "illegal-move": "replay failed: ",
}


def add_game(
    session: Session, room_id: str, game: Game, seats: int, options: dict, seed: int
) -> None:
    """A started room whose state and log are those of a random game with undos."""
    state, rows = play_with_undos(game, seats, options, seed)
    finished = game.result(state) is not None
    session.add(
        Room(
            id=room_id, invite_code=room_id, game=game.INFO.id, rules_version=game.INFO.version,
            options=orjson.dumps(options).decode(), seat_count=seats, host_id="host",
            status="finished" if finished else "playing", seed=str(seed),
            seed_hash=seed_commitment(str(seed)), state=orjson.dumps(state).decode(),
            version=len(rows) + 1,
        )
    )  # fmt: skip
    session.add_all(
        MoveRecord(room_id=room_id, seq=row.seq, seat=row.seat, move=row.move, kind=row.kind)
        for row in rows
    )


def tamper(session: Session, room_id: str, how: str) -> None:
    room = session.get(Room, room_id)
    assert room is not None and room.state is not None
    last = MoveRecord.room_id == room_id, MoveRecord.seq == room.version - 1
    if how == "changed-state":
        state = orjson.loads(room.state)
        state["tampered"] = True
        room.state = orjson.dumps(state).decode()
    elif how == "missing-move":
        session.execute(delete(MoveRecord).where(*last))
    elif how == "extra-move":  # a move row written without its room's update
        room.version -= 1
    elif how == "other-seed":
        room.seed = str(int(room.seed or 0) + 1)
    elif how == "illegal-move":
        first = MoveRecord.room_id == room_id, MoveRecord.seq == 1
        session.execute(update(MoveRecord).where(*first).values(move='{"no": "such move"}'))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[str]:
    """A migrated SQLite store with a host, a room never started and a game of each kind
    untouched, and a copy of the Akropolis game tampered with in each way."""
    path = tmp_path / "agora.db"
    url = f"sqlite+aiosqlite:///{path}"
    upgrade(url)
    engine = create_engine(f"sqlite:///{path}")
    with Session(engine) as session, session.begin():
        session.add(User(id="host", display_name="Host"))
        session.add(
            Room(id="waiting", invite_code="waiting", game="race", seat_count=2, host_id="host")
        )
        for room_id, args in GAMES.items():
            add_game(session, room_id, *args)
        for how in TAMPERED:
            add_game(session, how, *GAMES["akropolis"])
    with Session(engine) as session, session.begin():
        for how in TAMPERED:
            tamper(session, how, how)
    engine.dispose()
    yield url


async def test_every_tampered_game_is_reported_and_only_those(store: str) -> None:
    engine = create_async_engine(base_settings(database_url=store))
    try:
        report: Report = await verify_all(engine)
    finally:
        await engine.dispose()
    assert report.not_started == 1 and not report.skipped
    problems = {check.room_id: check.problem for check in report.checked}
    assert set(problems) == {*GAMES, *TAMPERED}
    for room_id in GAMES:
        assert problems[room_id] is None, problems[room_id]
    for how, reason in TAMPERED.items():
        assert reason in (problems[how] or ""), (how, problems[how])
    assert report.moves == sum(check.moves for check in report.checked) > 0


def test_the_command_exits_1_and_names_the_mismatches(
    store: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DATABASE_URL", store)
    get_settings.cache_clear()
    try:
        assert main(["verify"]) == 1
    finally:
        get_settings.cache_clear()
    out = capsys.readouterr().out
    for how in TAMPERED:
        assert f"MISMATCH {how} (akropolis, " in out, out
    assert f"2 of {2 + len(TAMPERED)} games verified by replay" in out
    assert f"1 rooms not started, 0 skipped, {len(TAMPERED)} mismatched" in out
