"""Scripted first games: positions built and played with the real rules modules."""
