"""The WebSocket protocol uvicorn runs for us: its sans-I/O protocol with a fast lane.

uvicorn's ``websockets-sansio`` protocol is correct but spends, per message, a pass
through the ``websockets`` frame parser (a generator chain), an ``asyncio.Queue``, a
``pause_reading``/``resume_reading`` pair (two ``epoll_ctl`` calls) and, to send, the
library's frame writer plus one ``transport.write`` (one ``send`` syscall) per message.
At R = 500 rooms of the race workload (``bench/ws_load.py``) that was about a third of
the server's CPU.

This subclass keeps every rare case in the library's hands and takes the common ones:

* **Receiving.** When the library's parser sits between frames (nothing buffered), each
  complete, unfragmented, uncompressed, masked text or binary frame in the incoming bytes
  is unmasked here (the library's C ``apply_mask``) and queued; anything else (control
  frames, fragments, a partial frame, compressed or oversized frames) and everything
  after it goes to the library as before. Reading pauses only when a client has
  :data:`PAUSE_AFTER` messages waiting, not after each one.
* **Sending.** Frames are built here and gathered per connection; one ``transport.write``
  per connection per loop iteration sends them (the mover's ack and patch leave in one
  segment). With permessage-deflate negotiated the library still compresses.
* **The app's lane.** The ASGI scope carries ``scope["extensions"]["agora.wire"]``: the
  room socket (:mod:`app.api.ws`) sends with :meth:`send_text_now` (no await, no task
  switch) and reads with :meth:`receive` directly. The ASGI ``send``/``receive`` keep
  working for everything else, in the same order.

The handshake, the closing handshake, pings, limits and errors are the library's.

**No permessage-deflate** (:data:`SERVER_OPTIONS`, as Colyseus and socket.io default):
every browser offers it and uvicorn accepted it, so a browser's messages took the
library's path both ways plus zlib, while the bench's clients (which do not offer it)
measured the fast lane. A Node client offering it, as browsers do (race, R = 500,
alternating): 2,609 / 2,672 moves/s against 5,645 / 5,263, server CPU per move 276
against 163 µs, and about 50 KB more server memory per socket (its zlib state). Game
messages are small JSON patches; a snapshot is the one large message per connection.
"""

from __future__ import annotations

import asyncio
import struct
from collections import deque
from typing import Any, Final, cast

from uvicorn._types import ASGIReceiveEvent, ASGISendEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

try:  # the C version ships with websockets' wheels
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover
    from websockets.utils import apply_mask

EXTENSION: Final = "agora.wire"
#: uvicorn's WebSocket settings (``python -m app`` and the tests' servers share them):
#: no compression (above), frames of at most 1 MiB (the app refuses a message over
#: ``ws_max_message_bytes`` with an error; a frame over this closes the socket, 1009)
SERVER_OPTIONS: dict[str, Any] = {
    "ws": "app.realtime.wire:AgoraWebSocketProtocol",
    "ws_per_message_deflate": False,
    "ws_max_size": 1 << 20,
}
PAUSE_AFTER: Final = 16  # messages queued before reading from that client pauses
_OPEN: Final = State.OPEN


class MessageQueue:
    """The receive side: a deque and one waiter (``asyncio.Queue`` costs ~2.5 KB a socket)."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque[ASGIReceiveEvent] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def qsize(self) -> int:
        return len(self._items)

    def empty(self) -> bool:
        return not self._items

    def put_nowait(self, item: ASGIReceiveEvent) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> ASGIReceiveEvent:
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.popleft()


def frame(opcode: int, payload: bytes) -> bytes:
    """An unmasked, final server frame."""
    length = len(payload)
    if length < 126:
        return bytes((0x80 | opcode, length)) + payload
    if length < 65536:
        return struct.pack("!BBH", 0x80 | opcode, 126, length) + payload
    return struct.pack("!BBQ", 0x80 | opcode, 127, length) + payload


class AgoraWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with the fast lane described above."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = MessageQueue()  # type: ignore[assignment]
        self._out: list[bytes] = []
        self._max = self.config.ws_max_size
        # Whether send_text_now may write: open, handshake done, no close sent, the
        # transport not paused. Worked out where those change (:meth:`_update_lane`), not
        # on each message: they were five attribute reads of this (interpreted) class,
        # an asyncio.Event's is_set and the websockets state property (two Python frames)
        # per message sent, 6 % of the server's CPU at R = 500 (perf, bench/ws_load.py).
        self._lane = False
        self._open = False  # the websockets state is OPEN (a property: a Python frame)
        self._write_paused = False

    # ------------------------------------------------------------------ receiving
    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # accepted by the library: the app task starts next
            scope["extensions"][EXTENSION] = self  # type: ignore[index]

    def data_received(self, data: bytes) -> None:
        if self.handshake_complete and self._between_frames():
            data = self._take_frames(data)
            if not data:
                return
        self._flush()  # whatever the library writes (pongs, closes) follows our frames
        super().data_received(data)
        self._update_lane()  # a close (received, or answering an error) changes the state

    def _update_lane(self) -> None:
        """Everything but a closing transport, which :meth:`_flush` checks: a close the
        keepalive's timer makes closes the transport at once."""
        self._open = self.conn.state is _OPEN
        self._lane = (
            self._open
            and self.handshake_complete
            and not self.disconnected
            and not self.close_sent
            and not self._write_paused
        )

    def pause_writing(self) -> None:
        super().pause_writing()
        self._write_paused = True
        self._update_lane()

    def resume_writing(self) -> None:
        super().resume_writing()
        self._write_paused = False
        self._update_lane()

    def _between_frames(self) -> bool:
        """The library's parser waits for a new frame with nothing buffered."""
        conn = self.conn
        # _open is the state as of the last change this class saw; a close from the
        # keepalive's timer sets close_sent, checked below.
        if not self._open or conn.expect_continuation_frame or conn.reader.buffer:
            return False
        if self.close_sent or self.frames:
            return False
        waiting = conn.parser  # ServerProtocol.parse -> Protocol.parse -> StreamReader.at_eof
        while (inner := waiting.gi_yieldfrom) is not None:  # type: ignore[attr-defined]
            waiting = inner
        return bool(waiting.gi_code.co_name == "at_eof")  # type: ignore[attr-defined]

    def _take_frames(self, data: bytes) -> bytes:
        """Queue the complete simple frames at the start of ``data``; return the rest."""
        view, size, at = memoryview(data), len(data), 0
        queue = self.queue
        while size - at >= 6:
            first, second = view[at], view[at + 1]
            if first not in (0x81, 0x82) or not second & 0x80:
                break  # a control frame, a fragment, compressed, or unmasked: the library
            length, header = second & 0x7F, 6
            if length == 126:
                if size - at < 8:
                    break
                length, header = (view[at + 2] << 8) | view[at + 3], 8
            elif length == 127:
                break
            if length > self._max or size - at < header + length:
                break
            start = at + header
            # The C apply_mask takes any buffer; its stub says bytes for the mask.
            mask = view[start - 4 : start]
            payload = apply_mask(view[start : start + length], mask)  # type: ignore[arg-type]
            if first == 0x81:
                try:
                    message: ASGIReceiveEvent = {
                        "type": "websocket.receive",
                        "text": payload.decode(),
                    }
                except UnicodeDecodeError:
                    break  # the library closes with 1007
            else:
                message = {"type": "websocket.receive", "bytes": payload}
            queue.put_nowait(message)
            at = start + length
        if queue.qsize() >= PAUSE_AFTER and not self.read_paused:
            self.read_paused = True
            self.transport.pause_reading()
        return data[at:] if at else data

    def send_receive_event_to_app(self) -> None:
        # The library's path (fragmented or compressed messages): same queue, but reading
        # pauses only behind a backlog, like the fast lane.
        paused = self.read_paused
        self.read_paused = True  # keeps the parent from pausing after this one message
        super().send_receive_event_to_app()
        self.read_paused = paused
        if self.queue.qsize() >= PAUSE_AFTER and not paused:
            self.read_paused = True
            self.transport.pause_reading()

    async def receive(self) -> ASGIReceiveEvent:
        message = await self.queue.get()
        if self.read_paused and self.queue.qsize() < PAUSE_AFTER // 2 and not self.close_sent:
            self.read_paused = False
            self.transport.resume_reading()
        return message

    # ------------------------------------------------------------------ sending
    def send_text_now(self, text: str) -> bool:
        """Send a text message without awaiting; False when it must wait (then use
        the ASGI ``send``, which waits for the transport to drain)."""
        if not self._lane:
            return False
        self._write_text(text)
        return True

    def _write_text(self, text: str) -> None:
        if self.conn.extensions:  # permessage-deflate: the library compresses
            self.conn.send_text(text.encode())
            self._queue_bytes(b"".join(self.conn.data_to_send()))
        else:
            self._queue_bytes(frame(0x1, text.encode()))

    def _queue_bytes(self, data: bytes) -> None:
        if not self._out:
            self.loop.call_soon(self._flush)
        self._out.append(data)

    def _flush(self) -> None:
        out = self._out
        if out:
            self._out = []
            if not self.transport.is_closing():
                self.transport.write(out[0] if len(out) == 1 else b"".join(out))

    async def send(self, message: ASGISendEvent) -> None:
        if message["type"] == "websocket.send" and message.get("text") is not None:
            await self.writable.wait()
            text = cast(str, message.get("text"))
            if self.send_text_now(text):
                return
        self._flush()  # our frames go before whatever the library writes
        try:
            await super().send(message)
        finally:
            self._update_lane()  # the accept opens the lane, a close shuts it
        if message["type"] == "websocket.http.response.body" and not message.get("more_body"):
            # A handshake answered with an HTTP response (a 503 under load) is complete;
            # the library leaves the flag down and logs "returned without completing
            # handshake" as an error for every refusal.
            self.handshake_complete = True
        elif message["type"] == "websocket.accept" and self.handshake_complete:
            # The handshake's request and response are not needed again: an idle socket
            # should not keep their headers (bench/ws_idle.py measures what one costs).
            self.request = self.response = None  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self._out = []
        self._lane = self._open = False
        super().connection_lost(exc)

    def shutdown(self) -> None:
        self._flush()
        super().shutdown()
        self._update_lane()
