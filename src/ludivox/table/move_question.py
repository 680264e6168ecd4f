"""Asking whether a move is allowed: "est-ce que je peux poser le sept sur la trois ?",
"puis-je prendre le douze ?", "j'ai le droit de construire en cinq douze ?".

The move after one of the language's ``move_questions`` is read as the game reads any move
(through the binding, judged by the engine) and answered; it is never made at once, since
the player asked. When exactly one move fits and is allowed it is offered ("Oui, tu peux
poser le sept sur la colonne trois. Tu le fais ?": "oui" makes it, as any offered move);
several allowed moves are listed; a refused one gets "Non." and the engine's reason with
what would work. Out of turn the answer is only whose turn it is: judging another player's
move would tell what their hand holds. Pure: the session acts on the :class:`Verdict`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ludivox.grammars.language import Language, Token, fold
from ludivox.grammars.tenses import infinitive_present
from ludivox.table import compound
from ludivox.table.binding import Binding, IntentLike, Line, Proposal, Refusal
from ludivox.table.judge import Judge

MAX_LISTED = 3
"""At most this many allowed moves are listed."""
TIED = 1e-9
"""Readings within this cost of the best one are as good ("glisser le deux derrière le un":
the hand's two placed, or the column's two moved)."""


@dataclass(frozen=True)
class Verdict:
    """The answer to a move question; ``offer``: the one allowed move, offered by the last
    line as a yes / no question."""

    lines: tuple[Line, ...]
    offer: Any = None


def _asked(language: Language, tokens: list[Token], unknown: bool = False,
           known: Collection[str] = ()) -> list[Token] | None:
    """The words after a move question ("est-ce que je peux" / "j'ai le droit d'"), when
    they start with one of the game's verbs in the infinitive (a common meaning's, or one
    whose present is among ``known``, the game's words: "accepter" for "j'accepte";
    ``unknown``: or with another infinitive, "je peux glisser le neuf ..."); None
    otherwise."""
    keys = tuple(t.key for t in tokens)
    for asked in language.move_questions:
        end = len(asked)
        if end >= len(keys) or keys[:end - 1] != asked[:-1] or keys[end - 1] not in (
                asked[-1], fold(language.elisions.get(asked[-1], asked[-1]))):
            continue  # "le droit de" is also said "le droit d'"
        if keys[end] in language.benefactive_pronouns and end + 1 < len(keys):
            end += 1  # "est-ce que je peux me mettre en un un": the verb after its pronoun
        verb = keys[end]
        game_verb = verb in language.meaning_words or (
            infinitive_present(language, verb, known) is not None)
        if (game_verb or (unknown and language.number_value(verb) is None)) and verb.endswith(
                language.infinitive_endings):
            return tokens[len(asked):]
    return None


def as_move(language: Language, text: str, numbers_apart: bool = False,
            unknown: bool = False, known: Collection[str] = ()) -> str | None:
    """The move a question asks about, as a wish the grammar reads ("est-ce que je peux
    poser le sept" -> "je veux poser le sept"; "c'est correct si je pose le sept" -> "je pose
    le sept": :class:`~ludivox.grammars.conditions.MoveConditions`); None when ``text`` asks
    no such question.
    The words after the question must start with one of the game's verbs, in the
    infinitive ("je peux dire quoi ?" is another question). ``numbers_apart``: number words
    separated by a space stay apart ("construire en vingt huit": 20 and 8, a hex).
    ``unknown``: a verb the game does not know is kept too (for the guess); ``known``: the
    game's words (:attr:`~ludivox.grammars.grammar.Grammar.known`)."""
    tokens = language.tokens(text, numbers_apart=numbers_apart)
    after = _asked(language, tokens, unknown, known)
    if unknown:
        return None if after is None else " ".join(t.text for t in after)
    if after is None:  # "c'est correct si je mets le neuf sur la six ?": that move as said
        said = language.move_conditions.statement(tokens)
        return " ".join(t.text for t in said) if said else None
    wish = " ".join(t.text for t in language.words(language.move_question_as))
    return f"{wish} {' '.join(t.text for t in after)}"


def supposed(language: Language, text: str) -> bool:
    """Whether ``text`` asks about a move by supposing it ("et si je pose le sept ?", "c'est
    correct si …", "si je construis en dix treize, ça donne quoi ?"): never a move made, and
    never a « si » that says yes."""
    return language.move_conditions.statement(language.tokens(text)) is not None


def as_rule(language: Language, text: str) -> str | None:
    """A move asked about ("j'ai le droit de construire loin de mes cités ?") or supposed
    impossible ("qu'est-ce qui se passe si je peux plus construire à côté de mes cités ?") as
    the rule question it asks when it is no move ("je dois construire loin de mes cités");
    None when ``text`` asks or supposes no such thing."""
    tokens = language.tokens(text)
    after = _asked(language, tokens)
    rule: list[Token] | None
    if after:  # "j'ai le droit de construire loin de mes cités ?", when no move
        rule = [*language.move_conditions.obligation, *after]
    else:
        said = language.move_conditions.statement(tokens)
        rule = language.move_conditions.as_rule(said) if said else None
    return " ".join(t.text for t in rule) if rule else None


def first_verb(language: Language, text: str) -> str | None:
    """The game's verb a move question asks about, whatever follows it ("est-ce que je peux
    vendre du bois ?" -> "vendre"), as a word key; None otherwise."""
    after = _asked(language, language.tokens(text))
    return after[0].key if after else None


def asked_verb(language: Language, text: str) -> str | None:
    """The verb of a move question that names nothing else ("est-ce que je peux échanger
    ?" -> "echanger"), as a word key; None otherwise."""
    after = _asked(language, language.tokens(text))
    said = [t.key for t in after or () if t.key not in language.cheap_words]
    return said[0] if len(said) == 1 else None


def by_verb(
    language: Language,
    binding: Binding[Any, Any],
    state: Any,
    legal: Iterable[Any],
    verb: str,
    seat: int,
    render: Callable[[Line], str],
    out_of_turn: Line | None,
) -> Verdict | None:
    """"Est-ce que je peux échanger ?": the allowed moves said with that verb or one of the
    same meaning (the first word of how the game says the move), the only one offered, or
    the first few listed; None when no allowed move has that verb."""
    found = []
    for action in legal:
        line = binding.describe(state, action, seat)
        words = language.words(render(line))
        if words and (words[0].key == verb or language.equivalent(words[0].key, verb)):
            found.append((action, line))
    if not found:
        return None
    if out_of_turn is not None:
        return Verdict((out_of_turn,))
    if len(found) == 1:
        return Verdict((Line("answer.can_offer", {"action": found[0][1]}, seat),), found[0][0])
    options = tuple(line for _, line in found[:MAX_LISTED])
    return Verdict((Line("answer.can_options", {"options": options}, seat),))


def answer(
    binding: Binding[Any, Any],
    judge: Judge[Any, Any],
    state: Any,
    readings: Sequence[IntentLike],
    seat: int,
    out_of_turn: Line | None,
) -> Verdict | None:
    """The answer for ``seat`` about the best reading, when it is a move (else None);
    ``out_of_turn``: the line said instead when ``seat`` is not the one to play."""
    if not readings:
        return None
    result = binding.interpret(state, readings[0], seat)
    if not isinstance(result, Proposal | Refusal):
        return None
    if out_of_turn is not None:
        return Verdict((out_of_turn,))
    if isinstance(result, Refusal):
        return Verdict((Line("answer.can_not", {}, seat), *result.lines))
    candidates = result.candidates
    if not candidates:
        return Verdict((Line("answer.can_incomplete", {}, seat),))
    for other in readings[1:]:  # the same words read as well as another move: both told
        if other.cost > readings[0].cost + TIED:
            break
        more = binding.interpret(state, other, seat)
        if isinstance(more, Proposal) and more.question is None:
            candidates = (*candidates, *(c for c in more.candidates if c not in candidates))
    legal = judge.legal(state, candidates)
    if len(legal) == 1:
        what = binding.describe(state, legal[0], seat)
        return Verdict((Line("answer.can_offer", {"action": what}, seat),), legal[0])
    if legal:
        options = tuple(binding.describe(state, a, seat) for a in legal[:MAX_LISTED])
        return Verdict((Line("answer.can_options", {"options": options}, seat),))
    refused = result.refusal_of if result.refusal_of is not None else candidates[0]
    reason = judge.refusal(state, refused)
    if reason is None:  # cannot happen: no candidate is legal
        return None
    lines = binding.refusal_lines(state, refused, reason, seat)
    return Verdict((Line("answer.can_not", {}, seat), *lines))


def sequence(
    grammar: compound.Understands,
    binding: Binding[Any, Any],
    state: Any,
    move: str,
    seat: int,
    intents: Collection[str] | None,
    excluded: Collection[str],
    out_of_turn: Line | None,
) -> tuple[Verdict, tuple[Any, ...]] | None:
    """"Est-ce que je peux construire en dix dix-huit puis en onze dix-neuf ?": several moves
    asked about at once (:mod:`ludivox.table.compound`), all allowed in order (then the
    moves) or the reason one is not; None when ``move`` is no sequence of moves."""
    several = compound.read(grammar, binding, state, move, seat, intents, excluded)
    if several is None:
        return None
    if out_of_turn is not None:
        return Verdict((out_of_turn,)), ()
    if isinstance(several, compound.Broken):
        return Verdict((Line("answer.can_not", {}, seat), *several.lines)), ()
    steps, now = [], state
    for action in several.actions:
        steps.append(binding.describe(now, action, seat))
        now = binding.engine.apply(now, action)[0]
    line = Line("answer.can_sequence", {"actions": tuple(steps)}, seat)
    return Verdict((line,)), several.actions


__all__ = ["MAX_LISTED", "Verdict", "answer", "as_move", "as_rule", "asked_verb", "by_verb",
           "first_verb", "sequence", "supposed"]
