"""Advice asked about one move ("c'est un bon coup de jouer l'évêque ?", "c'est un bon coup
vingt dix ?", "tu crois que c'est bien de construire en dix dix-huit puis en onze dix-neuf ?"):
whether it is allowed now (the engine's reason when not) and how it compares with the
coach's advice, followed by that advice as "quel est le meilleur coup ?" says it. Never a
move made: a sentence asking so is answered even when its move is not understood. Pure: the
session says the lines (:mod:`ludivox.grammars.advice` finds the question).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ludivox.table import compound, move_question
from ludivox.table.binding import Answer, Binding, Line, Proposal, Refusal
from ludivox.table.judge import Judge


def coach_lines(grammar: compound.Understands, binding: Binding[Any, Any], state: Any,
                seat: int) -> tuple[Line, ...]:
    """The game's general advice for ``seat``: the answer to the first of the language's
    coach sentences its grammar reads ("quel est le meilleur coup ?"); ``()`` when none."""
    for sentence in grammar.language.advice_questions.coach:
        found = grammar.understand(sentence)
        if found and found[0].cost == 0:
            answer = binding.interpret(state, found[0], seat)
            if isinstance(answer, Answer):
                return answer.lines
    return ()


def _move_text(grammar: compound.Understands, text: str, numbers_apart: bool
               ) -> tuple[str, bool] | None:
    """The move ``text`` asks advice about, as the grammar reads moves, and whether it was
    said before the question's ending; None when ``text`` asks no such advice."""
    language = grammar.language
    tokens = language.tokens(text, numbers_apart=numbers_apart)
    asked = language.advice_questions.asked(tokens)
    if asked is None:
        return None
    words, infinitive, opened = asked
    said = language.detokenize([t.text for t in words])
    if infinitive:
        return f"{language.advice_questions.wish} {said}", True
    return said, opened


def answer(
    grammar: compound.Understands,
    binding: Binding[Any, Any],
    judge: Judge[Any, Any],
    state: Any,
    text: str,
    seat: int,
    intents: Collection[str] | None,
    excluded: Collection[str],
    out_of_turn: Line | None,
) -> tuple[Line, ...] | None:
    """The answer to advice asked about a move in ``text``; None when ``text`` asks none, or
    says a move before an ending ("…, c'est un bon coup ?") that is not read as one."""
    found = _move_text(grammar, text, numbers_apart=False)
    if found is None:
        return None
    move, opened = found
    if not move:  # "c'est un bon coup ?": the advice
        return coach_lines(grammar, binding, state, seat) or None
    verdict = _verdict(grammar, binding, judge, state, move, seat, intents, excluded,
                       out_of_turn)
    if verdict is None:
        apart = _move_text(grammar, text, numbers_apart=True)  # "vingt dix": a hex
        if apart is not None and apart[0] != move:
            verdict = _verdict(grammar, binding, judge, state, apart[0], seat, intents,
                               excluded, out_of_turn)
    coach = coach_lines(grammar, binding, state, seat)
    if verdict is None:
        if not opened:
            return None
        return (Line("advice.move_unclear", {}, seat), *coach)
    lines, actions = verdict
    if lines and lines[0].key == "answer.can_not":
        return (Line("advice.move_illegal", {}, seat), *lines[1:], *coach)
    if not actions:
        return (*lines, *coach)
    advised = tuple(binding.advised(state, seat))
    if advised[:len(actions)] == actions:
        key = "advice.move_best"
    else:
        key = "advice.move_other" if advised else "advice.move_allowed"
    return (Line(key, {}, seat), *coach)


def _verdict(
    grammar: compound.Understands,
    binding: Binding[Any, Any],
    judge: Judge[Any, Any],
    state: Any,
    move: str,
    seat: int,
    intents: Collection[str] | None,
    excluded: Collection[str],
    out_of_turn: Line | None,
) -> tuple[tuple[Line, ...], tuple[Any, ...]] | None:
    """The move question's lines for ``move`` and the one move (or moves in order) found
    allowed; None when ``move`` reads as no move."""
    readings = grammar.understand(move, (), intents)
    if readings and readings[0].cost == 0 and isinstance(
            binding.interpret(state, readings[0], seat), Proposal | Refusal):
        verdict = move_question.answer(binding, judge, state, readings, seat, out_of_turn)
        if verdict is not None:
            return verdict.lines, () if verdict.offer is None else (verdict.offer,)
    several = move_question.sequence(grammar, binding, state, move, seat, intents, excluded,
                                     out_of_turn)
    return None if several is None else (several[0].lines, several[1])


__all__ = ["answer", "coach_lines"]
