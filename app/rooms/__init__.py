"""The room service: the one place where a move is applied, persisted and published."""
