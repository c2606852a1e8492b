"""Ratings, results and the queries behind profiles and leaderboards.

| module | job |
| --- | --- |
| :mod:`.skill` | OpenSkill (Plackett–Luce) arithmetic and places from a game's ranking (pure) |
| :mod:`.record` | a finished game's rows: results for every seated player, rating updates |
| :mod:`.queries` | profiles, rating history and leaderboards (read only) |

Decisions:

* A room is rated when the host asked for it (the ``rated`` room option) and, when the
  game starts, every seat is an account: a guest or a bot seat makes it casual. Solo
  games (Akropolis against the Illustrious Architect) are never rated: see
  :func:`.record.rated_at_start`.
* Ratings are per game: ``ratings.game`` is the game id.
* A player who leaves (or is removed from) a rated game before the end ranks last,
  sharing last place with any other such player; the bot that took over the seat is
  never rated.
* The leaderboard orders by the conservative rating ``ordinal = mu - 3 sigma``.

This package knows the database and the games' result shape; it knows no rooms service
and no HTTP (import-linter checks it).
"""
