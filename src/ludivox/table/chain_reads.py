"""Moves chained in one sentence that the plain cuts of :mod:`compound` miss: moves, then a
sequence word and the turn's end (« vingt huit, ensuite vingt neuf, et pour finir vingt dix
et je passe »: one part more than a compound is cut into), and one move said in two clauses
joined by another sequence word than the plain one (« je prends le trente-neuf et après je le
mets dans ma main »). Read exactly, never guessed; nothing done unless all of it is."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ludivox.grammars.grammar import TURN_OVER_INTENTS
from ludivox.table import compound
from ludivox.table.binding import Binding
from ludivox.table.cuts import sequence_cuts
from ludivox.table.judge import Judge


def read(
    grammar: compound.Understands, binding: Binding[Any, Any], judge: Judge[Any, Any],
    state: Any, text: str, seat: int, intents: Collection[str] | None,
    excluded: Collection[str],
) -> compound.Moves | compound.Broken | None:
    """:func:`then_turn_over`, else :func:`joined`."""
    found = then_turn_over(grammar, binding, judge, state, text, seat, intents, excluded)
    return found if found is not None else joined(
        grammar, binding, judge, state, text, seat, intents, excluded)


def then_turn_over(
    grammar: compound.Understands, binding: Binding[Any, Any], judge: Judge[Any, Any], state: Any,
    text: str, seat: int, intents: Collection[str] | None, excluded: Collection[str],
) -> compound.Moves | compound.Broken | None:
    """Moves, then a sequence word and the turn's end (« vingt huit, ensuite vingt neuf, et
    pour finir vingt dix et je passe »): the moves read as any compound is, exactly, from
    the words before that sequence word, then the end (``compound._then_end``); one part more
    than a compound is cut into. None when the sentence ends otherwise."""
    lang = grammar.language
    words = lang.words(text)  # as said: "vingt huit" may be a hex (20, 8)
    for start in range(max(1, len(words) - compound.MAX_HANDOVER), len(words)):
        end = start
        while (size := compound._sequence_ending(lang, words[:end])):
            end -= size
        if end in (start, 0):
            continue  # the end is said after a sequence word, after moves
        ending = compound._exact(grammar, " ".join(t.text for t in words[start:]), None, excluded)
        if ending is None or ending.name not in TURN_OVER_INTENTS:
            continue
        head = " ".join(t.text for t in words[:end])
        moves = compound._read_parts(grammar, binding, judge, state, head, seat, intents, excluded)
        if isinstance(moves, compound.Moves) and moves.actions:
            return compound._then_end(binding, judge, state, moves, ending, seat)
        return moves if isinstance(moves, compound.Broken) else None
    return None


def joined(
    grammar: compound.Understands, binding: Binding[Any, Any], judge: Judge[Any, Any], state: Any,
    text: str, seat: int, intents: Collection[str] | None, excluded: Collection[str],
) -> compound.Moves | None:
    """One move said in two clauses joined by a sequence word other than the plain one
    (« je prends le trente-neuf et après je le mets dans ma main », « … ensuite la princesse
    et pour finir je garde le roi en main »): read with each whole sequence word said as the
    language's first one (« et »), exactly, as one legal move; None otherwise."""
    lang = grammar.language
    words = lang.words(text)
    cuts = sequence_cuts(lang, [t.key for t in words])
    whole = [(a, b) for a, b in cuts
             if not any(c <= a and b <= d and (c, d) != (a, b) for c, d in cuts)]
    if not lang.sequence_words or not whole:
        return None
    joint, said, last = " ".join(lang.sequence_words[0]), [], 0
    for a, b in sorted(whole):
        said += [*(t.text for t in words[last:a]), joint]
        last = b
    plain = " ".join([*said, *(t.text for t in words[last:])])
    if plain == " ".join(t.text for t in words):
        return None
    reading = compound._exact(grammar, plain, intents, excluded)
    if reading is None or reading.name in compound.BARE:
        return None
    found = compound._play(binding, judge, state, [reading], seat, 1)
    return found if isinstance(found, compound.Moves) and found.actions else None


__all__ = ["joined", "read", "then_turn_over"]
