"""A phrase said at the edge of a sentence: opening it ("c'est bon, ...") or closing it
("..., ce tour-ci"), and the sentence read without it (language.py, frames.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludivox.grammars.tokens import Token, ending_with, starting_with


def at_edge(tokens: Sequence[Token], phrase: tuple[str, ...], at_start: bool) -> bool:
    """Whether ``tokens`` open (``at_start``) or close with ``phrase`` and hold more words."""
    size = len(phrase)
    edge = tokens[:size] if at_start else tokens[-size:]
    return len(tokens) > size and tuple(t.key for t in edge) == phrase


def without_edges(
    tokens: list[Token], openings: Sequence[tuple[str, ...]],
    endings: Sequence[tuple[str, ...]],
    after_opening: Callable[[list[Token]], list[Token]] = lambda rest: rest,
) -> list[list[Token]]:
    """``tokens`` without each of ``openings`` it opens with (then ``after_opening``: "c'est bon
    pour moi, ..." and "c'est bon, pour moi la laine ..."), without the first of ``endings``
    it closes with, and without both: the readings that differ from ``tokens``, in that
    order."""
    if not tokens:
        return []
    first = tokens[0].key
    starts = [after_opening(tokens[len(o):]) for o in starting_with(openings, first)
              if at_edge(tokens, o, at_start=True)]
    start = starts[0] if starts else None
    out = list(starts)
    for said in (tokens, start):
        if not said:
            continue
        last = said[-1].key
        end = next((said[:-len(e)] for e in ending_with(endings, last)
                    if at_edge(said, e, at_start=False)), None)
        if end is not None:
            out.append(end)
    return out


__all__ = ["at_edge", "without_edges"]
