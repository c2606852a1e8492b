"""`python -m app`: migrate (embedded default) and serve on http://127.0.0.1:8000."""

from __future__ import annotations

import logging
import os

import uvicorn

from app import gc_tuning, native
from app.observability.logs import configure
from app.realtime.wire_versions import server_options


def main() -> None:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    level = os.environ.get("LOG_LEVEL", "info")
    configure(level, os.environ.get("LOG_FORMAT", "json"))
    gc_tuning.tune()
    stale = native.stale()
    if stale:
        logging.getLogger("app").warning(
            "the compiled modules are out of date (%s); `make native` rebuilds them",
            "; ".join(stale),
        )
    uvicorn.run(
        "app.main:create_app",
        factory=True,
        host=host,
        port=port,
        **server_options(),  # our WebSocket protocol (its fast lane), no compression, 1 MiB
        proxy_headers=False,  # the app believes only its trusted_proxies (app.api.security_headers)
        log_level=level,
        log_config=None,  # keep our JSON handler for uvicorn's loggers too
    )


if __name__ == "__main__":
    main()
