"""One folder per game: how the table talks about it.

Each game's folder holds its binding (spoken intents -> engine actions, events -> sentences,
its questions and narration), its scan flows and its computer players' wiring; ``decks``
lists the cards that can be tagged; ``registry`` is the one table of games that everything
listing or building a game reads. Bindings depend on the engines, the grammars and the
conversation core (:mod:`ludivox.table`), never on a device (:mod:`ludivox.shell`).
"""
