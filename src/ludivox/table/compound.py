"""Compound sentences: several moves said in one breath, understood whole or not at all.

"je pose le sept sur la trois et le neuf sur la six", "je pose le neuf sur la six et j'ai
fini", "j'utilise Ragna et je pose le cinq sur la deux". The sentence is cut where the
language's sequence words are ("et", "puis", "ensuite"...); each part must be understood
exactly, and each must give one legal move in the position the parts before it leave. A part
that leaves a choice open ("j'utilise Ragna": which value to skip?) is settled by the parts
after it when exactly one choice lets them all be played. Nothing is done unless every part
is: a player never ends up with half of what they said.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ludivox.grammars.edges import at_edge
from ludivox.grammars.grammar import HANDOVER_INTENTS, TURN_OVER_INTENTS
from ludivox.grammars.language import Language
from ludivox.grammars.tokens import phrase_at
from ludivox.table.binding import Answer, Binding, Line, Proposal, Refusal
from ludivox.table.counted import counted
from ludivox.table.cuts import (
    MAX_PARTS,
    last_part_replaced,
    means_parts,
    parts,
    value_parts,
    whole_cuts,
)
from ludivox.table.judge import Judge

MAX_FIRST_CHOICES = 200  # choices of an open first part tried against the parts after it
BARE = frozenset({"number", "choose"})  # "le huit" alone: a bare answer, or a part's ellipsis
MAX_ELLIPSIS = 4  # words of a part said without its verb ("le huit", "et le neuf dessus")
MAX_HANDOVER = 8  # words of a turn handed over after moves ("c'est à toi de jouer, Paul")


class Understands(Protocol):
    """The grammar as the compound reader uses it."""

    @property
    def language(self) -> Language: ...

    @property
    def intent_names(self) -> frozenset[str]: ...

    def understand(
        self,
        text: str,
        alternatives: Sequence[str] = (),
        intents: Collection[str] | None = None,
    ) -> list[Any]: ...


@dataclass(frozen=True)
class Moves:
    """Every part understood and legal in turn: the moves to make, in order."""

    actions: tuple[Any, ...]


@dataclass(frozen=True)
class Broken:
    """Every part understood, one of them not playable: ``part`` (from 1; 0: the moves as a
    whole, as many as said) and why."""

    part: int
    lines: tuple[Line, ...]


def ellipses(language: Language, before: str, piece: str,
             same_gender: bool = False) -> list[str]:
    """A part said without its verb, after a part that had one ("je pose le sept sur la
    trois puis le huit [aussi]"): the part before with one of its values replaced by this
    part's words ("je pose le huit sur la trois", "je pose le sept sur le huit"), one
    sentence per value (``same_gender``: only the values whose article has the gender of
    this part's); [] when this part is more than a value and the words said for nothing.
    Which one is meant is for the moves to settle (:func:`read`)."""
    said = [t for t in language.tokens(piece) if t.key not in language.discourse_words
            and t.key not in language.ellipsis_words]
    if not said or len(said) > MAX_ELLIPSIS:
        return []
    if not any(language.number_value(t.key) is not None for t in said):
        return []
    tokens = language.tokens(before)
    found = []
    for j, token in enumerate(tokens):
        if language.number_value(token.key) is None:
            continue
        start = j - 1 if j and tokens[j - 1].key in language.cheap_words else j
        if same_gender and start < j and language.genders.get(said[0].key) not in (
                None, language.genders.get(tokens[start].key)):
            continue
        words = [t.text for t in tokens[:start]] + [t.text for t in said] + [
            t.text for t in tokens[j + 1:]]
        found.append(language.detokenize(words))
    return found


def placed_there(language: Language, before: str, piece: str) -> str | None:
    """A part with its own verb whose place is the one of the part before, said as a
    pronoun or an ellipsis word ("je pose le quatre sur la un puis j'y remets mon cinq",
    "… puis je mets le cinq dessus"): the part said with that place ("je remets mon cinq
    sur la un"); None when the part says no such word, or a place of its own."""
    tokens = language.tokens(piece)
    there = {i for i, t in enumerate(tokens)
             if t.key in language.place_pronouns or t.key in language.ellipsis_words}
    if not there or any(t.key in language.prepositions and i not in there
                        for i, t in enumerate(tokens)):
        return None
    head = language.tokens(before)
    place = max((i for i, t in enumerate(head) if t.key in language.prepositions), default=0)
    if not place:
        return None
    said = [language.before_consonant.get(t.key, t.text)  # "j'y mets": "je mets"
            if k + 1 in there and language.before_consonant.get(t.key) else t.text
            for k, t in enumerate(tokens) if k not in there]
    return language.detokenize([*said, *(t.text for t in head[place:])])


def value_restated(language: Language, before: str, piece: str) -> list[str]:
    """``piece`` said again for ``before`` with another value ("je prends le six et je le
    valide", then "le douze plutôt, et je le valide"): ``before`` with one of its values
    replaced by the one said (:func:`ellipses`, only values whose article has the said
    one's gender: "le douze" never replaces "la trois"); the words ``piece`` ends with that
    ``before`` ends with too are said again, not new."""
    said = [t for t in language.tokens(piece) if t.key not in language.lone_discourse_words]
    ending = [t.key for t in language.tokens(before)]
    kept = len(said)
    while kept > 0 and len(said) - kept < len(ending) and \
            said[kept - 1].key == ending[kept - 1 - len(said)]:
        kept -= 1
    value = language.detokenize([t.text for t in said[:kept]])
    return ellipses(language, before, value, same_gender=True) if kept else []


def value_swapped(language: Language, values: Mapping[str, frozenset[str]], before: str,
                  piece: str) -> list[str]:
    """``piece``, a named value alone with its article ("la pierre", "de la laine"), put in
    place of a value of the same kind in ``before`` ("je prends du bois avec le matériau":
    "je prends la pierre avec le matériau"), its article with it; one sentence per value
    it may replace. ``values``: word -> the values it names ("res:stone": kind "res")."""
    little = language.cheap_words | language.discourse_words
    said = [t for t in language.tokens(piece) if t.key not in language.lone_discourse_words]
    named = [t for t in said if t.key in values and t.key not in little]
    if len(named) != 1 or len(said) > MAX_ELLIPSIS or any(
            t.key not in little for t in said if t is not named[0]):
        return []
    kinds = {v.partition(":")[0] for v in values[named[0].key]}
    tokens = language.tokens(before)
    found = []
    for j, token in enumerate(tokens):
        meant = values.get(token.key, frozenset()) if token.key not in little else frozenset()
        if not meant or meant & values[named[0].key] or not kinds & {
                v.partition(":")[0] for v in meant}:
            continue
        start = j
        while start and tokens[start - 1].key in language.cheap_words:
            start -= 1
        head, tail = [t.text for t in tokens[:start]], [t.text for t in tokens[j + 1:]]
        found.append(language.detokenize([*head, *(t.text for t in said), *tail]))
        # its own article as said before ("du bois" -> "de la pierre" when "la pierre"
        # does not fit): the value word alone in its place
        found.append(language.detokenize([*(t.text for t in tokens[:j]), named[0].text,
                                          *tail]))
    return found


def completed(language: Language, before: str, piece: str) -> str | None:
    """A part that is a complement alone ("... et hop dans mon royaume"): the part before
    said with it ("je prends le six dans mon royaume"); None for any other part."""
    said = [t for t in language.tokens(piece) if t.key in language.prepositions
            or t.key not in language.discourse_words]
    if not said or len(said) > MAX_ELLIPSIS or said[0].key not in language.prepositions:
        return None
    return language.detokenize([*(t.text for t in language.tokens(before)),
                                *(t.text for t in said)])


def _readings(
    grammar: Understands, pieces: list[str], intents: Collection[str] | None,
    excluded: Collection[str], elliptic_parts: bool = True, loose: float | None = None,
) -> list[list[Any]]:
    """Every way to read the parts exactly, in order: each part alone, or, said without
    its verb, with the words of the part before it (:func:`ellipses`). Without
    ``elliptic_parts`` (parts cut between two values) each part must be a whole move.
    ``loose``: a part not read exactly is read as the grammar's best reading of it, when
    no other reading within that cost of it says something else."""
    ways: list[tuple[list[Any], str]] = [([], "")]
    for number, piece in enumerate(pieces):
        # what can be said after the first part is what its move leaves ("je prends le six
        # et hop dans mon royaume": where it goes is asked once it is taken): any reading,
        # its move judged in turn (:func:`_play`)
        now = intents if number == 0 else None
        found = _exact(grammar, piece, now, excluded, loose)
        if not elliptic_parts:
            if found is None or found.name in BARE:
                return []
            ways = [([*readings, found], piece) for readings, _ in ways]
            continue
        elliptic = [([*readings, again], text)
                    for readings, before in (ways if number else [])
                    for text in ellipses(grammar.language, before, piece)
                    if (again := _exact(grammar, text, now, excluded)) is not None]
        # the part before completed by this one: its reading replaced
        joined = [([*readings[:-1], again], text)
                  for readings, before in (ways if number else [])
                  if (text := completed(grammar.language, before, piece)) is not None
                  and (again := _exact(grammar, text, intents if number == 1 else None,
                                       excluded)) is not None]
        if found is None:  # "… puis j'y remets mon cinq": the place of the part before
            elliptic += [([*readings, again], text)
                         for readings, before in (ways if number else [])
                         if (text := placed_there(grammar.language, before, piece))
                         and (again := _exact(grammar, text, now, excluded)) is not None]
        if found is not None and (found.name not in BARE or not elliptic):
            ways = [([*readings, found], piece) for readings, _ in ways]
        else:
            ways = elliptic
        ways += joined
        if not ways:
            return []
    return [readings for readings, _ in ways]


def _exact(grammar: Understands, text: str, intents: Collection[str] | None,
           excluded: Collection[str], loose: float | None = None) -> Any:
    """The reading of ``text`` understood word for word (but for the discourse words it
    starts with: "puis tout de suite dix vingt"), else None; ``loose`` (a cost margin): else
    the grammar's best reading (one it would ask about said alone: no content word changed),
    when no rival within that margin (:func:`_rivals`)."""
    close = None
    for said in dict.fromkeys((text, _unprefaced(grammar.language, text))):
        found = grammar.understand(said, (), intents)
        if found and found[0].cost == 0 and found[0].name not in excluded:
            return found[0]
        if loose is not None and close is None and found and found[0].name not in excluded \
                and found[0].name not in BARE and not _rivals(found, loose):
            close = found[0]
    return close


def _rivals(found: Sequence[Any], margin: float) -> bool:
    """True if another reading within ``margin`` of the best one's cost says something else
    (another intent or other slots): then none of them is taken for the player's."""
    best = found[0]
    return any(r.cost < best.cost + margin
               and (r.name, dict(r.slots)) != (best.name, dict(best.slots))
               for r in found[1:])


def _unprefaced(language: Language, text: str) -> str:
    """``text`` without the discourse words it starts with ("tout de suite", "aussi")."""
    tokens = language.tokens(text)
    keys = [t.key for t in tokens]
    start = 0
    while size := phrase_at(keys, start, language.discourse_phrases):
        start += size
    return language.detokenize([t.text for t in tokens[start:]])


def read(
    grammar: Understands,
    binding: Binding[Any, Any],
    state: Any,
    text: str,
    seat: int,
    intents: Collection[str] | None,
    excluded: Collection[str],
    about: int | None = None,
    loose: float | None = None,
) -> Moves | Broken | None:
    """The moves a compound sentence asks for, why one part cannot be played, or ``None``
    when the sentence is not a sequence of moves understood exactly. ``loose`` (a cost
    margin): parts read as the grammar's best reading when not word for word
    (:func:`_exact`): moves to ask about, never to make at once; then only :class:`Moves`
    of two moves or more, or ``None``. Several readings (an
    ellipsis read two ways) are acted on only when exactly one gives legal moves; a cut
    between two values (:func:`value_parts`) is only taken when its moves are legal.
    ``about``: the seat of the player whose name ``text`` says as the player word (« …,
    c'est à Paul »: the turn handed over to that player, when the game agrees it is theirs)."""
    judge: Judge[Any, Any] = Judge(binding.engine)
    if loose is not None:
        found = _read_parts(grammar, binding, judge, state, text, seat, intents, excluded,
                            loose)
        return found if isinstance(found, Moves) and len(found.actions) > 1 else None
    found = _read_parts(grammar, binding, judge, state, text, seat, intents, excluded)
    if found is None:
        found = _handed_over(grammar, binding, judge, state, text, seat, intents, excluded,
                             about)
    if found is None:  # « … et enfin je passe », « … et après je le garde »: chain_reads.py
        from ludivox.table import chain_reads

        found = chain_reads.read(grammar, binding, judge, state, text, seat, intents, excluded)
    said = counted(grammar.language, text, MAX_PARTS) if found is None else None
    if said is None:
        return found
    # "trois colonies d'un coup : A, B et C": the moves listed, exactly as many as said
    count, rest = said
    found = _read_parts(grammar, binding, judge, state, rest, seat, intents, excluded)
    if isinstance(found, Moves) and len(found.actions) != count:
        return Broken(0, (Line("compound.miscounted", {"said": count,
                                                      "count": len(found.actions)}, seat),))
    return found


def _read_parts(
    grammar: Understands, binding: Binding[Any, Any], judge: Judge[Any, Any], state: Any,
    text: str, seat: int, intents: Collection[str] | None, excluded: Collection[str],
    loose: float | None = None,
) -> Moves | Broken | None:
    """:func:`read` of a sentence cut at its sequence words or between its values."""
    lang = grammar.language
    cut = [(pieces, True) for pieces in parts(lang, text)]
    # "grâce à Aldred, le onze …": the means a whole move of its own, taken only when both
    # are legal, never when the whole is one move ("avec l'enclos je bouge la cité …")
    means = means_parts(lang, text) if _exact(grammar, text, intents, excluded) is None else []
    values = value_parts(lang, text)
    apart = value_parts(lang, text, apart=True) if lang.tokens(text, numbers_apart=True) != \
        lang.tokens(text) else []
    for pieces, elliptic in [*cut, *((p, False) for p in (*means, *values, *apart))]:
        results = [_play(binding, judge, state, readings, seat, 1)
                   for readings in _readings(grammar, pieces, intents, excluded, elliptic,
                                             loose)]
        moves = {r for r in results if isinstance(r, Moves)}
        if len(moves) == 1:
            return moves.pop()
        if elliptic and results and not moves and all(isinstance(r, Broken) for r in results):
            return results[0]  # why the first reading cannot be played
    return None


def _handed_over(
    grammar: Understands, binding: Binding[Any, Any], judge: Judge[Any, Any], state: Any,
    text: str, seat: int, intents: Collection[str] | None, excluded: Collection[str],
    about: int | None = None,
) -> Moves | Broken | None:
    """Moves said, then the turn handed over with no word between ("je pose le sept sur la
    quatre, à toi Paul", "je pose le sept sur la quatre c'est à toi"): the moves, then the
    turn's end (none when the moves already ended it: "je pioche, à Paul"). The moves are
    read as any sentence or compound is, exactly; the end must be a whole handover."""
    tokens = grammar.language.tokens(text)
    for start in range(max(1, len(tokens) - MAX_HANDOVER), len(tokens)):
        tail = grammar.language.detokenize([t.text for t in tokens[start:]])
        ending = _exact(grammar, tail, None, excluded)
        # a game with no end of turn of its own: its moves end it, the remark adds nothing
        remark = ending is None and "end_turn" not in grammar.intent_names \
            and handover_remark(grammar.language, tail)
        if not remark and (ending is None or ending.name not in HANDOVER_INTENTS):
            continue
        end = start
        while (size := _sequence_ending(grammar.language, tokens[:end])):
            end -= size  # "… puis c'est à Paul": the word that led to the handover
        head = grammar.language.detokenize([t.text for t in tokens[:end]])
        said = _exact(grammar, head, intents, excluded)
        if said is not None and said.name not in BARE:
            moves = _play(binding, judge, state, [said], seat, 1)
        else:
            moves = _read_parts(grammar, binding, judge, state, head, seat, intents, excluded)
        if isinstance(moves, Moves) and moves.actions and remark:
            return moves
        if isinstance(moves, Moves) and moves.actions:
            return _then_end(binding, judge, state, moves, ending, seat, about)
        if isinstance(moves, Broken):
            return moves  # why the moves cannot be played: nothing done, nor the end
        return None
    return None


def handover_remark(language: Language, text: str) -> bool:
    """Whether ``text`` only says the turn is over or handed on (« c'est fini pour moi »,
    « à toi joueur »: the language's ``handover_openings`` and ``handover_remarks``, the
    player word, ``loose_endings``), with nothing else said."""
    keys = [t.key for t in language.tokens(text)]
    said = (*language.handover_openings, *language.handover_remarks, *language.loose_endings,
            (language.player_word,))
    at = 0
    while at < len(keys) and (size := phrase_at(keys, at, said)):
        at += size
    return bool(keys) and at == len(keys)


def _sequence_ending(language: Language, tokens: list[Any]) -> int:
    """How many words of a sequence word (« puis », « et puis ») end ``tokens`` (0: none)."""
    return next((len(p) for p in language.sequence_words
                 if at_edge(tokens, p, at_start=False)), 0)


def _then_end(binding: Binding[Any, Any], judge: Judge[Any, Any], state: Any, moves: Moves,
              ending: Any, seat: int, about: int | None = None) -> Moves | None:
    """``moves`` and the turn's end ``ending`` after them (:func:`_play`: none when the moves
    end the turn themselves); None when the turn cannot end there. An ending that names a
    player (« c'est à Paul ») ends the turn only when the game says that player is next."""
    for action in moves.actions:
        state, _ = binding.engine.apply(state, action)
    end = _play(binding, judge, state, [ending], seat, len(moves.actions) + 1)
    if isinstance(end, Moves) and len(end.actions) <= 1:
        return Moves((*moves.actions, *end.actions))
    told = binding.about(state, ending, seat, about) if about is not None else None
    if isinstance(told, Proposal) and len(told.candidates) == 1 \
            and judge.refusal(state, told.candidates[0]) is None:
        return Moves((*moves.actions, told.candidates[0]))
    return None


def _play(
    binding: Binding[Any, Any],
    judge: Judge[Any, Any],
    state: Any,
    readings: list[Any],
    seat: int,
    number: int,
) -> Moves | Broken | None:
    """The moves for ``readings`` from ``state`` (``number``: the first one's place)."""
    if not readings:
        return Moves(())
    if number > 1 and len(readings) == 1 and readings[0].name in TURN_OVER_INTENTS \
            and binding.acting_seat(state) != seat:
        return Moves(())  # "j'échange le deux et je repioche": the moves ended the turn
    result = binding.interpret(state, readings[0], seat)
    if result is None or isinstance(result, Answer):
        return None  # a question or an unknown reading: not a sequence of moves
    if isinstance(result, Refusal):
        return Broken(number, result.lines)
    legal = judge.legal(state, result.candidates or binding.open_moves(state, result.partial))
    if not legal:
        target = result.refusal_of or (result.candidates[0] if result.candidates else None)
        if target is None:
            return None
        reason = judge.refusal(state, target)
        if reason is not None and number > 1 and len(readings) == 1 \
                and readings[0].name in TURN_OVER_INTENTS:
            ended = _turn_over(binding, judge, state, reason.suggestions, seat)
            if ended is not None:  # « … et je passe » after moves: the turn's end
                return Moves((ended,))
        lines = () if reason is None else binding.refusal_lines(state, target, reason, seat)
        return Broken(number, tuple(lines))
    acting = binding.acting_seat(state)
    if number > 1 and acting is not None and acting != seat \
            and any(binding.needs_turn(action) for action in legal):
        return None  # the turn passed: a part after it is not the speaker's move to make
    if len(legal) > 1 and len(readings) == 1:
        return None  # the last part leaves a choice: asked the usual way, not here
    broken: Broken | None = None
    fitting: list[Moves] = []
    for action in legal[:MAX_FIRST_CHOICES]:
        after, _ = binding.engine.apply(state, action)
        rest = _play(binding, judge, after, readings[1:], seat, number + 1)
        if isinstance(rest, Moves):
            fitting.append(Moves((action, *rest.actions)))
        elif isinstance(rest, Broken) and broken is None:
            broken = rest
    if len(fitting) == 1:
        return fitting[0]
    if not fitting and len(legal) == 1:
        return broken
    return None  # no choice, or several, lets the rest be played: not acted on


def _turn_over(binding: Binding[Any, Any], judge: Judge[Any, Any], state: Any,
               suggested: Sequence[Any], seat: int) -> Any:
    """The one action the engine offers instead of a turn-ending word refused after moves
    (« tu as déjà joué : finis ton tour »), when it is legal and ends the speaker's turn;
    None otherwise (nothing is guessed)."""
    if len(suggested) != 1 or judge.refusal(state, suggested[0]) is not None:
        return None
    after, _ = binding.engine.apply(state, suggested[0])
    return suggested[0] if binding.acting_seat(after) != seat else None


__all__ = ["Broken", "Moves", "completed", "ellipses", "handover_remark", "last_part_replaced",
           "parts", "read",
           "value_parts", "value_restated", "value_swapped", "whole_cuts"]
