import logging

import orjson

from app.observability.logs import JsonFormatter


def test_json_line_carries_the_extra_fields() -> None:
    record = logging.makeLogRecord(
        {"name": "app.rooms.service", "levelno": 20, "levelname": "INFO", "msg": "move",
         "room": "r1", "seat": 1, "move_id": "u:m7", "version": 8}
    )  # fmt: skip
    line = JsonFormatter().format(record)
    data = orjson.loads(line)
    assert "\n" not in line
    assert data["msg"] == "move" and data["level"] == "info"
    assert (data["room"], data["seat"], data["move_id"], data["version"]) == ("r1", 1, "u:m7", 8)
