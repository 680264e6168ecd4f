"""What each seat hears: lines turned into sentences, channels and phrase lists.

The :class:`Announcer` renders a :class:`~ludivox.table.binding.Line` in the grammar's words,
in the verbosity its listener chose (a private line as its player chose; a table line short
only when every human player chose short answers: a beginner must miss nothing), sends it on
the table or on its player's private channel (nothing to computer players), remembers what
each seat last heard (for "répète"), and gives the speech recognizer the phrases that can be
said now whenever they change.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from typing import Any, Protocol

from ludivox.grammars.language import Language
from ludivox.table.binding import Line
from ludivox.table.io import TABLE, Earcon, Output, Say, SetPhrases, channel_seat, seat_channel
from ludivox.table.new_game import SETUP_INTENTS
from ludivox.table.settings import PlayerSettings

log = logging.getLogger(__name__)


class GrammarLike(Protocol):
    """What the session and the announcer use of a grammar (:class:`Grammar`)."""

    @property
    def language(self) -> Language: ...

    @property
    def intent_names(self) -> frozenset[str]: ...

    @property
    def value_words(self) -> Mapping[str, frozenset[str]]: ...

    @property
    def known(self) -> frozenset[str]: ...

    def understand(
        self, text: str, alternatives: Sequence[str] = (), intents: Any = None
    ) -> list[Any]: ...

    def guess(self, text: str, intents: Any = None) -> list[Any]: ...

    def phrases(self, intents: Any = None, known: Any = None) -> list[str]: ...

    def vocabulary(self, intents: Any = None, known: Any = None) -> set[str]: ...

    def examples(self, intents: Any = None) -> list[str]: ...

    def say(
        self, key: str, /, *, capitalize: bool = True, short: bool = False, **params: Any
    ) -> str: ...

    def has_response(self, key: str) -> bool: ...


class Announcer:
    """Lines to outputs for one table (see the module docstring).

    ``prefs`` gives a seat's settings, ``acting_seat`` whose turn it is now (no "à toi" said
    to a computer player), ``intents_now`` the intents that make sense now, ``asking`` the
    seats whose names may answer "c'est la carte de qui ?".
    """

    def __init__(
        self,
        grammar: GrammarLike,
        players: Sequence[str],
        computers: Collection[int],
        prefs: Callable[[int], PlayerSettings],
        acting_seat: Callable[[], int | None],
        intents_now: Callable[[], frozenset[str] | None],
        asking: Callable[[], Sequence[int]],
    ) -> None:
        self.grammar = grammar
        self.players = players
        self.computers = computers
        self.prefs = prefs
        self.acting_seat = acting_seat
        self.intents_now = intents_now
        self.asking = asking
        self.heard_by: dict[int, list[Say]] = {}
        """What each seat heard last (table lines and its own), for "répète"."""
        self.known_word: Callable[[str], bool] | None = None
        """The speech model's vocabulary check: phrase lists keep only words it knows."""
        self._sent: tuple[Any, ...] | None = None  # what the list last sent was built from
        # the phrase list of the moment and what it was built from, built again only when
        # that changes (with a speech model's check, building takes milliseconds)
        self._built_for: tuple[Any, ...] | None = None
        self._built: tuple[str, ...] = ()

    def short(self, line: Line) -> bool:
        """Is ``line`` said in short form?"""
        if line.seat is not None and 0 <= line.seat < len(self.players):
            return self.prefs(line.seat).verbosity == "short"
        humans = [s for s in range(len(self.players)) if s not in self.computers]
        return bool(humans) and all(self.prefs(s).verbosity == "short" for s in humans)

    def render(self, line: Line, short: bool | None = None, capitalize: bool = True) -> str:
        """The sentence of a line (nested lines in its parameters rendered first, in the
        same verbosity)."""
        if short is None:
            short = self.short(line)
        params = {k: self._value(v, short) for k, v in line.params.items()}
        key = line.key
        if not self.grammar.has_response(key):
            log.error("missing response key %r (params %r)", key, params)
            key = "not_understood"
        return self.grammar.say(key, capitalize=capitalize, short=short, **params)

    def _value(self, value: Any, short: bool) -> Any:
        if isinstance(value, Line):
            return self.render(value, short, capitalize=False)
        if isinstance(value, tuple) and value and all(isinstance(v, Line) for v in value):
            return tuple(self.render(v, short, capitalize=False) for v in value)
        return value

    def emit(
        self,
        lines: Sequence[Line],
        earcon: str | None = None,
        earcons: Sequence[str] = (),
        remember: bool = True,
    ) -> list[Output]:
        """Turn lines into outputs, remember what each seat heard, refresh the phrases."""
        acting = self.acting_seat()
        says = [
            Say(TABLE if line.seat is None else seat_channel(line.seat), self.render(line),
                line.key)
            for line in lines
            if line.seat is None or line.seat not in self.computers
            if not (line.key.startswith("your_turn") and acting in self.computers)
        ]
        if remember and says:
            for seat in range(len(self.players)):
                heard = [s for s in says if s.channel == TABLE or channel_seat(s.channel) == seat]
                if heard:
                    self.heard_by[seat] = heard
        out: list[Output] = [Earcon(e) for e in ([earcon] if earcon else [])]
        out.extend(Earcon(e) for e in earcons)
        out.extend(says)
        source = self._source()
        if source != self._sent:  # built when read, after the lines above are spoken
            self._sent = source
            out.append(SetPhrases(partial(self._phrases_for, source)))
        return out

    def phrases_now(self) -> tuple[str, ...]:
        """What can be said now, as a phrase list for the speech recognizer (with the
        players' names while "c'est la carte de qui ?" waits for one)."""
        return self._phrases_for(self._source())

    def _source(self) -> tuple[Any, ...]:
        """What the phrase list of the moment is built from."""
        return (self.intents_now(), self.known_word, tuple(self.asking()))

    def _phrases_for(self, source: tuple[Any, ...]) -> tuple[str, ...]:
        if source != self._built_for:
            self._built = self._build(source[0], source[2])
            self._built_for = source
        return self._built

    def _build(self, intents: frozenset[str] | None, whose: Sequence[int]) -> tuple[str, ...]:
        known = self.known_word
        if intents is None:  # the answers before a game are no words of the game
            intents = self.grammar.intent_names - SETUP_INTENTS
        phrases = list(self.grammar.phrases(intents, known=known))
        for seat in whose:
            name = folded(self.players[seat])
            if name and (known is None or all(known(w) for w in name.split())):
                phrases.append(name)
        return tuple(phrases)


def folded(text: str) -> str:
    """``text`` lower-cased, without accents or punctuation, words separated by one space."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(c if c.isalnum() else " " for c in plain if not unicodedata.combining(c))
    return " ".join(letters.split())



__all__ = ["Announcer", "GrammarLike", "folded"]
