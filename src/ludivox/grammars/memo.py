"""Readings already worked out, kept per grammar: a turn reads the same sentence many times
(as a move, in a compound, as a yes with more words, as a question...), and a grammar never
changes once loaded, so each reading is worked out once.

A method decorated with :func:`remembered` keeps its last answers on its instance (at most
:data:`SIZE`, the oldest dropped first); :func:`forget` empties them (a test that swaps a
reading pass for another)."""

from __future__ import annotations

import contextlib
import functools
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable
from typing import Any, Concatenate, ParamSpec, TypeVar

SIZE = 4096
"""Answers kept per method and grammar: a few hundred sentences a game, each read in a few
sets of intents, fit many times over."""
ATTRIBUTE = "_remembered"
"""The instance attribute holding them (a test sets it aside to read with a pass swapped)."""

S = TypeVar("S")
P = ParamSpec("P")
T = TypeVar("T")


def _key(value: object) -> Hashable:
    """A hashable key for an argument: collections of words or intents by their content."""
    if isinstance(value, str) or value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, list | tuple):
        return tuple(_key(v) for v in value)
    if isinstance(value, Collection):
        return frozenset(value)
    raise TypeError(f"no key for {type(value).__name__}")


def remembered(method: Callable[Concatenate[S, P], list[T]]
               ) -> Callable[Concatenate[S, P], list[T]]:
    """``method`` whose answers (lists) are kept on its instance, per arguments."""
    name = method.__name__

    @functools.wraps(method)
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> list[T]:
        memos: dict[str, OrderedDict[Hashable, tuple[T, ...]]] = vars(self).setdefault(
            ATTRIBUTE, {})
        memo = memos.setdefault(name, OrderedDict())
        key = (_key(args), _key(sorted(kwargs.items())))
        found = memo.get(key)
        if found is None:
            found = memo[key] = tuple(method(self, *args, **kwargs))
            if len(memo) > SIZE:
                memo.popitem(last=False)
        else:
            with contextlib.suppress(KeyError):  # dropped meanwhile by another thread
                memo.move_to_end(key)
        return list(found)

    return wrapper


def forget(owner: Any) -> None:
    """Drop every answer kept on ``owner``."""
    vars(owner).pop(ATTRIBUTE, None)


__all__ = ["ATTRIBUTE", "SIZE", "forget", "remembered"]
