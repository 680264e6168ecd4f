"""Issue 16: a question about a thing is never answered about a neighbouring thing because
the two share a word ("c'est quoi les cartes de score ?" is about the scoring cards, never
the scores). A question read by its topic is about the noun a complement is joined to."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, grammar

from ludivox.grammars.intents import Intent


def _content(game: str, intent: str) -> set[str]:
    """The words an intent's sentences use that carry meaning (no little or question word)."""
    g = grammar(game)
    lang = g.language
    skip = (lang.cheap_words | lang.discourse_words | lang.topic_questions | lang.negation_words
            | lang.topic_pronouns | lang.topic_no_heads)
    return {t.key for w in g.vocabulary([intent]) for t in lang.words(w)
            if t.key.isalpha() and len(t.key) > 3 and lang.number_value(t.key) is None
            and t.key not in skip}


@pytest.mark.parametrize("game", GAMES)
def test_a_noun_and_its_complement_never_go_to_the_complements_intent(game: str) -> None:
    """For every two intents sharing a word, "c'est quoi les <A's noun> de <B's word> ?"
    (a noun only A says, a complement only B says) is never read as a question that does
    not say that noun: at most not understood."""
    g = grammar(game)
    sounds = g.language.sounds
    names = [n for n in g.intent_names if _content(game, n)]
    words = {n: _content(game, n) for n in names}
    known = {n: {sounds(t.key) for w in g.vocabulary([n]) for t in g.language.words(w)}
             for n in names}
    checked = 0
    topics: dict[str, list[Intent]] = {}  # one sentence says many pairs: read it once
    for a in names:
        for b in names:
            if a == b or not words[a] & words[b]:
                continue  # only neighbours: intents that share a word
            heads = sorted(w for w in words[a] - words[b] if sounds(w) not in known[b])
            tails = sorted(w for w in words[b] - words[a] if sounds(w) not in known[a])
            if not heads or not tails:
                continue
            said = f"c'est quoi les {heads[0]} de {tails[0]} ?"
            if said not in topics:
                topics[said] = g.topic(said)
            for reading in topics[said]:
                assert sounds(heads[0]) in known[reading.name], (said, reading.name)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("said", [
    "c'est quoi les cartes de score ?", "quelles sont les cartes de points ?",
    "c'est quoi les cartes de décompte ?", "c'est quoi les objectifs de cette partie ?",
])
def test_kingdom_builder_scoring_cards_are_the_cards(said: str) -> None:
    """Kingdom Builder's scoring cards, however named, are the three cards of the game."""
    g = grammar("kingdom_builder")
    got = g.understand(said) or g.topic(said)
    assert got and got[0].name == "ask_cards", (said, got[:1])


def test_the_scores_are_still_the_scores() -> None:
    """The neighbouring question is unchanged: the scores are asked as before."""
    g = grammar("kingdom_builder")
    for said in ("c'est quoi le score ?", "où en sont les scores ?", "qui mène ?"):
        got = g.understand(said) or g.topic(said)
        assert got and got[0].name == "ask_scores", (said, got[:1])
