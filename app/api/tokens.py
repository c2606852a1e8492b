"""Personal API tokens (app.accounts.tokens): made, listed and revoked with a session.

``POST /api/tokens`` ``{"name", "scopes": ["play", "read", "bot"], "expires_in_days"?}`` →
``201 {"id", "token", ...}``: the token is shown once. ``GET /api/tokens`` lists the live
ones (never their secrets). ``DELETE /api/tokens/{id}`` revokes one at once.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Response
from pydantic import Field

from app.accounts import tokens
from app.api.deps import CurrentUser, SessionDep
from app.api.validation import INTEGRAL, RequestModel

router = APIRouter(prefix="/api/tokens", tags=["tokens"])

AUTH_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "Not signed in"},
    403: {"description": "A guest, or a request made with a token (tokens need a session)"},
}


class TokenIn(RequestModel):
    name: str = Field(min_length=1, max_length=60)
    scopes: list[str] = Field(min_length=1, max_length=3)
    expires_in_days: Annotated[int, Field(ge=1, le=3650), INTEGRAL] | None = None


CREATE_ERRORS = {**AUTH_ERRORS, 422: {"description": "An unknown scope, or too many tokens"}}


@router.post("", status_code=201, responses=CREATE_ERRORS)
async def create_token(body: TokenIn, user: CurrentUser, session: SessionDep) -> dict[str, Any]:
    row, secret = await tokens.create(
        session, user, name=body.name, scopes=body.scopes, days=body.expires_in_days
    )
    return {**tokens.public(row), "token": secret}


@router.get("", responses=AUTH_ERRORS)
async def list_tokens(user: CurrentUser, session: SessionDep) -> list[dict[str, Any]]:
    return [tokens.public(row) for row in await tokens.owned(session, user)]


@router.delete(
    "/{token_id}", status_code=204, responses={**AUTH_ERRORS, 404: {"description": "No such token"}}
)
async def revoke_token(token_id: str, user: CurrentUser, session: SessionDep) -> Response:
    await tokens.revoke(session, user, token_id)
    return Response(status_code=204)
