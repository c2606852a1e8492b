"""Unguessable identifiers for users, rooms and invite codes."""

import secrets


def new_id() -> str:
    return secrets.token_hex(8)


def new_invite_code() -> str:
    # 128 bits: an invite link cannot be guessed.
    return secrets.token_urlsafe(16)
