"""The fast lane of our uvicorn WebSocket protocol (app.realtime.wire), over raw sockets.

An echo app runs under uvicorn with the protocol; the client writes frames by hand so
it can pipeline them, split them anywhere, fragment them and break the rules.
"""

from __future__ import annotations

import base64
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn

from app.realtime.wire import EXTENSION, AgoraWebSocketProtocol, frame
from tests.conftest import free_port

MAX_SIZE = 70_000


async def echo_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Echoes text as ``echo:…`` through the fast lane, or through ASGI for ``asgi:…``."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    wire = scope["extensions"].get(EXTENSION)
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    receive_next = wire.receive
    while True:
        message = await receive_next()
        if message["type"] == "websocket.disconnect":
            return
        if message.get("bytes") is not None:
            await send({"type": "websocket.send", "bytes": message["bytes"]})
            continue
        text = message["text"]
        if text.startswith("asgi:"):
            await send({"type": "websocket.send", "text": text})
        elif text == "close":
            await send({"type": "websocket.close", "code": 4000, "reason": "bye"})
            return
        elif not wire.send_text_now(f"echo:{text}"):
            return  # closed (by a protocol error): nothing more can be sent


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    number = free_port()
    config = uvicorn.Config(
        echo_app, host="127.0.0.1", port=number, log_level="warning",
        ws=AgoraWebSocketProtocol, ws_max_size=MAX_SIZE, ws_per_message_deflate=False,
    )  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    yield number
    server.should_exit = True
    thread.join(timeout=10)


def client_frame(opcode: int, payload: bytes, *, fin: bool = True) -> bytes:
    """A masked client frame."""
    mask = os.urandom(4)
    first = (0x80 if fin else 0) | opcode
    length = len(payload)
    if length < 126:
        header = bytes((first, 0x80 | length))
    elif length < 65536:
        header = struct.pack("!BBH", first, 0x80 | 126, length)
    else:
        header = struct.pack("!BBQ", first, 0x80 | 127, length)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return header + mask + masked


class RawClient:
    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101")

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_frame(self) -> tuple[int, bytes]:
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", self._read(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", self._read(8))
        assert not second & 0x80, "server frames are not masked"
        assert first & 0x80, "the server never fragments"
        return first & 0x0F, self._read(length)

    def read_text(self) -> str:
        opcode, payload = self.read_frame()
        assert opcode == 1, (opcode, payload)
        return payload.decode()

    def close_code(self) -> int:
        opcode, payload = self.read_frame()
        assert opcode == 8, (opcode, payload)
        return int(struct.unpack("!H", payload[:2])[0])


def test_the_app_sees_the_fast_lane(port: int) -> None:
    client = RawClient(port)
    client.sock.sendall(client_frame(1, b"hi"))
    assert client.read_text() == "echo:hi"


def test_pipelined_frames_arrive_in_order_in_one_write(port: int) -> None:
    client = RawClient(port)
    texts = [f"m{i}" * (i % 50) + "é" for i in range(200)]  # short and 126+ byte frames
    client.sock.sendall(b"".join(client_frame(1, text.encode()) for text in texts))
    assert [client.read_text() for _ in texts] == [f"echo:{text}" for text in texts]


def test_frames_split_at_every_byte(port: int) -> None:
    client = RawClient(port)
    data = client_frame(1, b"one") + client_frame(1, b"x" * 300) + client_frame(1, b"two")
    for index in range(len(data)):
        client.sock.sendall(data[index : index + 1])
        time.sleep(0.0005)
    assert [client.read_text() for _ in range(3)] == ["echo:one", "echo:" + "x" * 300, "echo:two"]


def test_fragments_pings_and_large_frames_go_through_the_library_in_order(port: int) -> None:
    client = RawClient(port)
    big = "b" * 66_000  # a 64-bit length: the library's path
    client.sock.sendall(
        client_frame(1, b"a")
        + client_frame(1, b"frag", fin=False)
        + client_frame(9, b"ping!")
        + client_frame(0, b"ment")
        + client_frame(1, big.encode())
        + client_frame(1, b"z")
    )
    frames = [client.read_frame() for _ in range(5)]
    assert (10, b"ping!") in frames  # the pong (written at once, the echoes by the app task)
    texts = [payload.decode() for opcode, payload in frames if opcode == 1]
    assert texts == ["echo:a", "echo:fragment", f"echo:{big}", "echo:z"]


def test_binary_and_asgi_sends_keep_their_order(port: int) -> None:
    client = RawClient(port)
    client.sock.sendall(
        client_frame(1, b"1") + client_frame(2, b"\x00\xff") + client_frame(1, b"asgi:2")
        + client_frame(1, b"3")
    )  # fmt: skip
    assert client.read_text() == "echo:1"
    assert client.read_frame() == (2, b"\x00\xff")
    assert [client.read_text() for _ in range(2)] == ["asgi:2", "echo:3"]


def test_an_app_close_follows_the_messages_before_it(port: int) -> None:
    client = RawClient(port)
    client.sock.sendall(client_frame(1, b"last") + client_frame(1, b"close"))
    assert client.read_text() == "echo:last"
    assert client.close_code() == 4000


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (client_frame(1, b"\xff\xfe"), 1007),  # invalid UTF-8
        (client_frame(1, b"x" * (MAX_SIZE + 1)), 1009),  # over the size limit
        (client_frame(1, b"x")[:1] + bytes((1,)) + b"x", 1002),  # not masked
        (client_frame(3, b"?"), 1002),  # a reserved opcode
    ],
    # Named ids: the frames' masks are random, and pytest-xdist's workers must collect
    # the same test names.
    ids=["invalid-utf8", "too-large", "unmasked", "reserved-opcode"],
)
def test_broken_frames_close_the_socket_with_the_library_codes(
    port: int, data: bytes, code: int
) -> None:
    client = RawClient(port)
    client.sock.sendall(client_frame(1, b"ok") + data)
    opcode, payload = client.read_frame()
    if opcode == 1:  # the echo may leave before the library fails the connection
        assert payload == b"echo:ok"
        opcode, payload = client.read_frame()
    assert (opcode, struct.unpack("!H", payload[:2])[0]) == (8, code)


def test_a_flood_pauses_reading_without_losing_messages(port: int) -> None:
    client = RawClient(port)
    count = 3000
    client.sock.sendall(b"".join(client_frame(1, str(i).encode()) for i in range(count)))
    assert [client.read_text() for _ in range(count)] == [f"echo:{i}" for i in range(count)]


def test_server_frames_use_the_shortest_length() -> None:
    assert frame(1, b"x" * 125)[:2] == bytes((0x81, 125))
    assert frame(1, b"x" * 126)[:4] == bytes((0x81, 126, 0, 126))
    assert frame(2, b"x" * 65536)[:2] == bytes((0x82, 127))
