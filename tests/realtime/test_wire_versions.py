"""The socket fast lane runs only on the uvicorn and websockets releases it was tested with:
any other install fails here loudly, and a server started on one serves uvicorn's own
protocol (``app.realtime.wire_versions``)."""

from __future__ import annotations

import logging
import tomllib
from typing import Any

import pytest
from packaging.requirements import Requirement
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.server import ServerProtocol

from app.config import ROOT
from app.realtime import wire_versions
from app.realtime.wire import SERVER_OPTIONS, AgoraWebSocketProtocol


def test_the_installed_releases_are_the_tested_ones() -> None:
    assert wire_versions.untested() == [], (
        "app.realtime.wire subclasses uvicorn's private protocol: check it against these "
        "releases, then widen TESTED and the bounds in pyproject.toml together"
    )


def test_pyproject_bounds_are_the_tested_ranges() -> None:
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for package, (low, high) in wire_versions.TESTED.items():
        (requirement,) = [Requirement(d) for d in dependencies if Requirement(d).name == package]
        allowed = requirement.specifier
        assert f"{low[0]}.{low[1]}.0" in allowed and f"{high[0]}.{high[1]}.0" not in allowed
        below = f"{low[0]}.{low[1] - 1}.99" if low[1] else f"{low[0] - 1}.99.0"
        assert below not in allowed, requirement


def test_the_private_hooks_the_lane_overrides_exist() -> None:
    overridden = [
        name
        for name, value in vars(AgoraWebSocketProtocol).items()
        if callable(value) and not name.startswith("__") and hasattr(WebSocketsSansIOProtocol, name)
    ]
    assert {"data_received", "handle_connect", "send", "connection_lost"} <= set(overridden)
    protocol = ServerProtocol()
    for attribute in ("parser", "reader", "expect_continuation_frame"):
        assert hasattr(protocol, attribute), attribute
    assert hasattr(protocol.reader, "buffer") and hasattr(protocol.parser, "gi_yieldfrom")


def test_an_untested_release_serves_uvicorns_own_protocol(
    monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    assert wire_versions.server_options() == SERVER_OPTIONS
    monkeypatch.setattr(wire_versions, "version", lambda package: "99.1.0")
    with caplog.at_level(logging.WARNING, logger="app.realtime.wire_versions"):
        options = wire_versions.server_options()
    assert options == wire_versions.STOCK_OPTIONS
    assert {k: v for k, v in SERVER_OPTIONS.items() if k != "ws"} == {
        k: v for k, v in options.items() if k != "ws"
    }
    assert "uvicorn 99.1.0 (tested: >=0.54,<0.55)" in caplog.text
