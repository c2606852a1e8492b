"""Routing's own refusals (no such path, wrong method) in the house error shape.

Starlette answers them as ``{"detail": ...}`` and, for a wrong method, names in
``Allow`` only the methods of the first route whose path matched: ``/api/rooms`` has
GET in one router and POST in another, so a program was told ``Allow: GET`` for a path
it may POST to (schemathesis ST205). Here ``Allow`` lists every route's methods for the
path, and the body is ``{"code", "message"}`` like every other error.
"""

from __future__ import annotations

from fastapi import FastAPI, Request, routing
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.routing import compile_path

CODES = {404: "not_found", 405: "method_not_allowed"}


def allowed_methods(app: FastAPI, path: str) -> list[str]:
    """Every method some route serves at this path (the routes of included routers
    too: FastAPI keeps those behind their router)."""
    methods: set[str] = set()
    for route in routing.iter_route_contexts(app.routes):
        served, pattern = getattr(route, "methods", None), route.path_format
        if served and pattern and compile_path(pattern)[0].match(path):
            methods |= served
    return sorted(methods)


def install_http_errors(app: FastAPI) -> None:
    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        headers = dict(error.headers or {})
        if error.status_code == 405:
            headers["Allow"] = ", ".join(allowed_methods(app, request.url.path))
        code = CODES.get(error.status_code, "http_error")
        return JSONResponse(
            {"code": code, "message": str(error.detail)},
            status_code=error.status_code,
            headers=headers or None,
        )
