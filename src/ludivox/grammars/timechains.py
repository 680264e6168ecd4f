"""Time words that chain moves said in one breath: « d'abord le sept sur la trois, puis le
neuf sur la six, et enfin je passe ». After one of the language's chain openers (« d'abord »,
« en premier ») or right after a sequence word (« et enfin »), a word that may also correct
(« le sept, enfin, le huit ») is one more step of the chain: it is read as the sequence word
it means (``chain_steps``), so that the sentence is cut there, each part read alone keeps
that meaning, and nothing said before it is taken back. Language-neutral: every word comes
from the language data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludivox.grammars.tokens import Token, fold, phrase_at

if TYPE_CHECKING:
    from ludivox.grammars.language import Language


def chained(lang: Language, tokens: list[Token]) -> list[Token]:
    """``tokens`` with each chain step said in a chain read as the sequence word it means,
    or left out right after a sequence word (« et enfin »: « et »); never one that starts a
    longer correction (« enfin non, le huit »)."""
    if not lang.chain_steps or not any(t.key in lang.chain_steps for t in tokens):
        return tokens
    keys = [t.key for t in tokens]
    out: list[Token] = []
    for at, key in enumerate(keys):
        step = lang.chain_steps.get(key)
        if step is None or not at or any(
                len(p) > 1 and tuple(keys[at:at + len(p)]) == p for p in lang.corrections):
            out.append(tokens[at])
            continue
        if any(tuple(keys[at - len(p):at]) == p for p in lang.sequence_words if len(p) <= at):
            continue  # « et enfin »: the sequence word said says it all
        opened = any(phrase_at(keys, k, lang.chain_openers) for k in range(at))
        out.append(Token(step, fold(step)) if opened else tokens[at])
    return out


__all__ = ["chained"]
