"""What batch 27's readings of words said before the move (« pour le pont je donne mon bois »,
« pis après » between two moves, « donne » a word that carries meaning) must leave as it was:
a complement said first is put after the verb only when nothing else takes it (no pronoun
naming another thing, no remark it may end), a word that carries meaning is never said as a
form of another, a command means the player's own sentence, and a sequence word inside a
longer one is still a cut when the longer one is none. Properties over the language data and
the exact test sentences of every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, grammar
from test_said_by_us_and_remarked import _moves, _reading

from ludivox.grammars.dislocation import undislocated
from ludivox.grammars.tenses import in_first_person
from ludivox.grammars.tokens import phrase_at
from ludivox.table.cuts import sequence_cuts as _cuts

# a complement with its preposition that holds no number and no word of meaning
FRONTS = ("la table", "le pont", "ma rangée", "mon voisin")
OBJECT_PRONOUNS = ("le", "la", "les", "lui")
# a remark on the hand ending with a complement of its own
REMARKS = ("j'ai que des petits en main", "il me reste que des gros dans la main",
           "y'a plus grand-chose sur la table", "il me reste deux cartes pour la fin")


def _verbs(game: str) -> list[str]:
    """The speaker's present of the verbs of the game's exact move sentences (« pose »)."""
    lang = grammar(game).language
    return sorted({verb for verb, *_ in _moves(game) if verb in lang.meaning_words})


def _keys(tokens: list[object] | None) -> list[str] | None:
    return None if tokens is None else [t.key for t in tokens]  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_a_complement_said_first_goes_after_the_verb_unless_a_pronoun_names_another(
        game: str) -> None:
    """« pour le pont je donne mon bois » is « je donne mon bois pour le pont » (before: not
    read, a complement said first had to hold a number); « au royaume je le garde » is read as
    said: « le » names the card, not the place (open28 moved it and dropped « le », and 7
    Kingdoms kept the card in the kingdom); never after a negation, nor after a remark."""
    lang = grammar(game).language
    prepositions = sorted(p for p in lang.prepositions
                          if p not in lang.dislocation_pronouns and p not in lang.meaning_words)
    verbs = _verbs(game)
    assert verbs and prepositions
    for verb in verbs:
        for prep in prepositions:
            for front in FRONTS:
                said = lang.tokens(f"{prep} {front} je {verb} mon bois")
                plain = lang.tokens(f"je {verb} mon bois {prep} {front}")
                assert _keys(undislocated(lang, said)) == _keys(plain), (prep, front, verb)
                assert undislocated(lang, said, placed=False) is None, (prep, front, verb)
                denied = lang.tokens(f"{prep} {front} je ne {verb} pas mon bois")
                assert undislocated(lang, denied) is None, (prep, front, verb)
                for pronoun in OBJECT_PRONOUNS:
                    taken = lang.tokens(f"{prep} {front} je {pronoun} {verb}")
                    assert undislocated(lang, taken) is None, (prep, front, pronoun, verb)


@pytest.mark.parametrize("game", GAMES)
def test_a_remark_ending_with_its_own_complement_keeps_it(game: str) -> None:
    """« j'ai que des petits en main je prends celle de la troisième place » is the take
    alone: « en main » ends the remark, it is not where the card goes (open28 read « je
    prends celle de la troisième place en main »)."""
    remark = Rotation(REMARKS)
    seen: set[str] = set()
    for verb, rest, intent, intents, meant in _moves(game):
        (before,) = remark(intent)
        text = f"{before} je {verb} {rest}"
        assert _reading(game, text, intents) == meant, text
        seen.add(before)
    assert not remark.missed(seen)


@pytest.mark.parametrize("game", GAMES)
def test_a_word_that_carries_meaning_said_by_a_person_keeps_its_meaning(game: str) -> None:
    """« je prie Ragna » was read « je pris Ragna », then « je prends Ragna » (the subjunctive's
    « -e » said as « -s »): a word of meaning becomes only a form of its own meaning, for
    every word of meaning and every person of the language."""
    g = grammar(game)
    lang = g.language
    known = {key for state in g.automaton.words for key, _, _ in state} | set(g.value_words)
    changed = 0
    for word in sorted(lang.meaning_words):
        for subject in lang.person_endings:
            said = lang.tokens(f"{subject} {word} le sept")
            if len(said) != 4 or said[1].key != word:
                continue  # elided or merged: not this word said after its subject
            got = in_first_person(lang, said, known)
            if got is None:
                continue
            form = got[1].key
            assert form == word or lang.equivalent(word, form), (subject, word, form)
            changed += 1
    assert changed >= 3, changed


GOODS = ("une laine", "un blé", "un or", "une pierre", "un bois", "un tissu", "une piété",
         "une loyauté")


def test_a_give_said_as_a_command_is_the_speakers_give() -> None:
    """Un monde sans fin: « donne une laine », « donnez une laine » are « je donne une
    laine » (was the arrow turned for the speaker's income); « donne-moi l'or » still asks
    the income for the speaker."""
    gives = 0
    for goods in GOODS:
        meant = _reading("world_without_end", f"je donne {goods}", None)
        assert meant, goods  # a give, or the loyalty token given to protect
        for command in ("donne", "donnez"):
            said = f"{command} {goods}"
            assert _reading("world_without_end", said, None) == meant, said
        gives += meant[0][0] == "give_one"
    for income in ("l'or", "la laine", "la pierre", "le bois"):
        said = f"donne-moi {income}"
        assert [name for name, _ in _reading("world_without_end", said, None)] == [
            "orient_for"], said
    assert gives >= 5, gives


@pytest.mark.parametrize("game", GAMES)
def test_a_sequence_word_inside_a_longer_one_is_a_cut_tried_after_it(game: str) -> None:
    """« pis après » is one cut, tried before « pis » and « après » (batch 27); those stay
    cuts, tried after every whole one, for when the longer is no sequence word there
    (« combien de malus et puis-je finir une colonne »: the two questions were read as one,
    « je finir une colonne »), except a first word whose longer one goes on with words that
    open no part (« après » of « après quoi »: never « quoi je passe », batch 29). Every
    sequence word inside every longer one of the language."""
    lang = grammar(game).language
    checked = 0
    for whole in lang.sequence_words:
        keys = ["le", "sept", *whole, "le", "neuf"]
        cuts = _cuts(lang, keys)
        outer = (2, 2 + len(whole))
        assert outer in cuts, whole
        for inner in lang.sequence_words:
            for at in range(len(whole) - len(inner) + 1):
                if inner == whole or tuple(whole[at:at + len(inner)]) != inner:
                    continue
                cut = (2 + at, 2 + at + len(inner))
                rest = keys[2 + at:]
                if any(len(q) > len(inner) and q[:len(inner)] == inner
                       and tuple(rest[:len(q)]) == q and len(rest) > len(q)
                       and not phrase_at(q[len(inner):], 0, lang.sequence_words)
                       for q in lang.sequence_words):
                    # « après » of « après quoi »: what it leaves (« quoi … ») opens no part
                    assert cut not in cuts, (whole, inner)
                    continue
                assert cut in cuts, (whole, inner)
                assert cuts.index(cut) > cuts.index(outer), (whole, inner, cuts)
                checked += 1
    assert checked >= 10, checked
