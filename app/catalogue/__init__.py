"""The front door's data: one card per game, the bot kinds on offer, rules content.

Everything here is data-driven: a game appears in the catalogue (and gets its page at
``/games/{id}``) only when it is in the game registry *and* has a card in ``games.json``
and rules content in ``templates/rules/``. A game that lands later shows up by itself.
"""
