"""Vosk phrase lists built from the same templates as the matcher.

Vosk turns a phrase list into a bigram model over its words, so the list does not need
every sentence: it needs every pair of words that can follow each other. We collect the
word bigrams of the allowed templates (slot lists expanded to their spoken words, digits
left out) and cover them with a few walks from a sentence start to a sentence end, each
walk preferring pairs not yet covered. Every listed pair is a pair some template allows.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from itertools import pairwise

from ludivox.grammars.automaton import Automaton

START = "<s>"
END = "</s>"
MAX_WORDS = 24
# covered pairs crossed to reach an uncovered one before a walk ends (3: a quarter fewer
# phrases than 2, about 6 % more words in all, the same pairs)
MAX_BRIDGE = 3


def bigrams(auto: Automaton, starts: Iterable[int]) -> dict[str, set[str]]:
    """Word -> words that may follow it (``START``/``END`` mark sentence edges)."""
    memo: dict[int, tuple[list[tuple[str, int]], bool]] = {}

    def outgoing(state: int) -> tuple[list[tuple[str, int]], bool]:
        if state not in memo:
            arcs: list[tuple[str, int]] = []
            final = False
            for t, _ in auto.closure[state]:
                final = final or t in auto.finals
                arcs += [(text, target) for _, text, target in auto.words[t]]
                for table, _, target in auto.lookups[t]:
                    for entries in auto.tables[table].values():
                        arcs += [(text, target) for _, text in entries]
            memo[state] = (arcs, final)
        return memo[state]

    # Each state an arc leads to is entered by the words on the arcs into it.
    incoming: dict[int, set[str]] = {}
    queue: deque[int] = deque()
    edges: dict[str, set[str]] = {START: set()}
    for s in starts:
        for word, target in outgoing(s)[0]:
            edges[START].add(word)
            if target not in incoming:
                queue.append(target)
            incoming.setdefault(target, set()).add(word)
    while queue:
        for word, target in outgoing(queue.popleft())[0]:
            if target not in incoming:
                queue.append(target)
            incoming.setdefault(target, set()).add(word)
    for state, words in incoming.items():
        arcs, final = outgoing(state)
        following = {w for w, _ in arcs} | ({END} if final else set())
        for word in words:
            edges.setdefault(word, set()).update(following)
    return edges


def cover(edges: dict[str, set[str]]) -> list[list[str]]:
    """Walks from START to END that together use every bigram at least once.

    Greedy: start with the shortest way to an uncovered pair, then keep taking uncovered
    pairs, bridging over at most :data:`MAX_BRIDGE` covered ones (the fewest), and finish
    by the shortest way out.
    """
    graph = {a: sorted(bs) for a, bs in edges.items()}
    from_start = _shortest_tree(graph, START)
    reverse: dict[str, list[str]] = {}
    for a, bs in graph.items():
        for b in bs:
            reverse.setdefault(b, []).append(a)
    to_end = _shortest_tree({k: sorted(v) for k, v in reverse.items()}, END)
    uncovered = {(a, b) for a, bs in graph.items() for b in bs if b in to_end}
    left = {a: sum(1 for b in bs if (a, b) in uncovered) for a, bs in graph.items()}

    def use(walk: list[str]) -> None:
        for x, y in pairwise(walk):
            if (x, y) in uncovered:
                uncovered.discard((x, y))
                left[x] -= 1

    walks: list[list[str]] = []
    for a, b in sorted(uncovered):
        if (a, b) not in uncovered or a not in from_start:
            continue
        walk = [*_path(from_start, a)[::-1], b]  # START .. a, b
        use(walk)
        while walk[-1] != END and len(walk) < MAX_WORDS:
            bridge = _bridge(graph, walk[-1], uncovered, left)
            if bridge is None:
                break
            use([walk[-1], *bridge])
            walk += bridge
        if walk[-1] != END:
            tail = _path(to_end, walk[-1])[1:]
            use([walk[-1], *tail])
            walk += tail
        words = [w for w in walk if w not in (START, END)]
        if words:
            walks.append(words)
    return walks


def _bridge(
    graph: dict[str, list[str]], node: str, uncovered: set[tuple[str, str]], left: dict[str, int]
) -> list[str] | None:
    """The words to add to reach an uncovered pair from ``node`` over the fewest covered
    ones (at most :data:`MAX_BRIDGE`), the pair included; None when none is that close."""
    for nxt in graph.get(node, ()):
        if (node, nxt) in uncovered:
            return [nxt]
    parent: dict[str, str] = {}
    frontier = [node]
    for _ in range(MAX_BRIDGE):
        reached: list[str] = []
        for at in frontier:
            for nxt in graph.get(at, ()):
                if nxt in (END, node) or nxt in parent:
                    continue
                parent[nxt] = at
                if left.get(nxt, 0) > 0:
                    way = [nxt]
                    while parent[way[-1]] != node:
                        way.append(parent[way[-1]])
                    return [*way[::-1], next(c for c in graph[nxt] if (nxt, c) in uncovered)]
                reached.append(nxt)
        frontier = reached
    return None


def _shortest_tree(graph: dict[str, list[str]], root: str) -> dict[str, str | None]:
    parent: dict[str, str | None] = {root: None}
    queue = deque([root])
    while queue:
        node = queue.popleft()
        for nxt in graph.get(node, ()):
            if nxt not in parent:
                parent[nxt] = node
                queue.append(nxt)
    return parent


def _path(tree: dict[str, str | None], node: str) -> list[str]:
    """node, parent, grandparent ... root."""
    out = [node]
    while (up := tree[out[-1]]) is not None:
        out.append(up)
    return out


def split_unknown(
    phrases: list[list[str]], known: Callable[[str], bool] | None
) -> list[list[str]]:
    """Split words a recogniser does not know at hyphens/apostrophes when the parts are known.

    ``known`` is for example ``lambda w: model.find_word(w) >= 0`` with a Vosk model.
    """
    if known is None:
        return phrases
    memo: dict[str, list[str]] = {}

    def parts(word: str) -> list[str]:
        if word not in memo:
            memo[word] = [word]
            if not known(word):
                pieces = [p for p in word.replace("'", "' ").replace("-", " ").split() if p]
                if len(pieces) > 1 and all(known(p) for p in pieces):
                    memo[word] = pieces
        return memo[word]

    return [[p for w in phrase for p in parts(w)] for phrase in phrases]


__all__ = ["END", "START", "bigrams", "cover", "split_unknown"]
