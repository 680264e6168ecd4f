"""What a grammar says back: its response sentences per key, rendered with their parameters
(:class:`Saying`, the half of :class:`~ludivox.grammars.grammar.Grammar` that answers)."""

from __future__ import annotations

from collections.abc import Mapping

from ludivox.grammars.language import Language
from ludivox.grammars.responses import Node, Renderer, placeholders, proper_nouns
from ludivox.grammars.specs import Declarations


class Saying:
    """The response sentences of one game and language (``responses.yaml``), each key with
    its declared parameters and, for some, a short form for experts."""

    def __init__(self, game: str, lang: str, language: Language, declarations: Declarations,
                 responses: Mapping[str, Node], short: Mapping[str, Node] | None = None
                 ) -> None:
        self.game = game
        self.lang = lang
        self.declarations = declarations
        self._responses = dict(responses)
        self._short = dict(short or {})
        self._renderer = Renderer(
            language, proper_nouns([*self._responses.values(), *self._short.values()])
        )

    def say(
        self, key: str, /, *, seed: int | None = None, capitalize: bool = True,
        short: bool = False, **params: object,
    ) -> str:
        """Render response ``key`` with ``params``; raises KeyError for an unknown key or a
        missing parameter. Several variants: the first, or a seeded random choice.
        ``capitalize=False``: a piece to go inside another sentence (names keep capitals).
        ``short=True``: the key's short form for experts, when it has one (see README)."""
        node = self._responses.get(key)
        if node is None:
            raise KeyError(f"unknown response key {key!r} in {self.game}/{self.lang}")
        if short:
            node = self._short.get(key, node)
        return self._renderer.render(key, node, params, seed, capitalize)

    def has_response(self, key: str) -> bool:
        """True when ``key`` is a response of this grammar."""
        return key in self._responses

    def has_short(self, key: str) -> bool:
        """True when ``key`` has a short form (said to players who chose short answers)."""
        return key in self._short

    @property
    def short_keys(self) -> frozenset[str]:
        """Every response key that has a short form."""
        return frozenset(self._short)

    @property
    def response_keys(self) -> frozenset[str]:
        """Every response key."""
        return frozenset(self._responses)

    def response_params(self, key: str) -> tuple[str, ...]:
        """The parameters ``key`` is declared with (it may use fewer)."""
        return self.declarations.responses[key]

    def response_uses(self, key: str) -> set[str]:
        """The parameters ``key``'s sentences actually use."""
        return placeholders(self._responses[key])


__all__ = ["Saying"]
