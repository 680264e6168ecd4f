"""A remark said around a whole move, in words that say nothing of the game (batch 33: « allez
c'est la saison des récoltes je joue ma carte récolte » was not understood; « je joue ma
carte récolte » was), is left out; a remark that says something is never left out, and a
reason that says a number is never dropped to carry out the move before it (batch 34: « Ragna
me fait sauter le huit sur la colonne cinq comme ça le neuf passe derrière le sept » was offered
as the skip alone, and « oui » left the nine in hand).

Properties over every exact move sentence of every game (the grammars' own test sentences),
and over every word of each game's sentences for what a remark may not say."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar
from test_reasons_after import CONFIRM_COST, _moves

from ludivox.grammars import detached, frames

# remarks in words no grammar uses (or only the language's remark_words)
AFTER = ("on verra bien", "c'est la vie les amis", "sacrée chaleur dehors",
         "allez hop les copains", "sacré bazar hein")
BEFORE = ("bon les amis on y va", "c'est la saison des récoltes", "il fait chaud dehors",
          "ah les copains belle soirée")
# said around a move: each says something the game could act on
SAYING = ("au début", "et je passe", "sinon rien", "pas du tout", "si Paul veut bien",
          "on verra le sept", "tu crois", "ou pas")
# said right after a thing, taking it up: about it ("le trente-cinq, il fait quoi ?")
TAKEN_UP = ("il fait", "il est bien joli", "elle est belle celle-là",
            # ... or the verb's object (the audio fixture « passe-moi le sel »: « je passe »)
            "le sel", "un café bien chaud", "la fenêtre du salon")


@pytest.mark.parametrize("game", GAMES)
def test_a_move_with_a_remark_around_it_is_the_move(game: str) -> None:
    """Each exact move sentence with remarks after it, and before it when the sentence is the
    speaker's own (« je … »), reads as the move, at once."""
    g = grammar(game)
    after, before = Rotation(AFTER, per_case=1), Rotation(BEFORE, per_case=1)
    common = grammar("common").intent_names  # the game's own moves only (a question, a
    # setting, « répète » is read by its words: tests/grammars/test_topics*.py)
    checked = 0
    for text, intents, meant in _moves(game):
        if meant[0] in common or "?" in text:  # (a question asks: its words are read)
            continue
        said = [f"{text} {r}" for r in after(meant[0])]
        if text.split()[0] in ("je", "j'ai") or text.startswith("j'"):
            said += [f"{r} {text}" for r in before(meant[0])]
        for sentence in said:
            got = g.understand(sentence, intents=intents)
            if got and got[0].cost == 0 and (got[0].name, dict(got[0].slots)) != meant:
                continue  # a template holds the words said around it: read as said
            assert got and (got[0].name, dict(got[0].slots)) == meant, (sentence, got[:1])
            assert got[0].cost < CONFIRM_COST, (sentence, got[0].cost)
            checked += 1
    assert checked > 30, checked


@pytest.mark.parametrize("game", GAMES)
def test_a_remark_that_says_something_is_never_left_out(game: str) -> None:
    """For every word of the game's sentences that is not one of the language's little or
    remark words, every number, and the remarks of :data:`SAYING`: said in a remark around a
    move, no cut leaves the move alone; nor when what follows takes up the move's thing
    (:data:`TAKEN_UP`)."""
    g = grammar(game)
    lang = g.language
    free = lang.cheap_words | lang.discourse_words | lang.remark_words
    words = sorted(w for w in g.known if w not in free and "'" not in w)
    moves = _moves(game)[:3]
    assert moves and len(words) > 100
    for text, _, _ in moves:
        move = [t.key for t in lang.tokens(text)]
        named = {v for k in move for v in g.value_words.get(k, ())}
        for word in [*words, "sept", "douze", *SAYING]:
            if set(g.value_words.get(word, ())) & named:
                continue  # the same value said again says nothing new
            for said in (f"{text} on verra {word} bien", f"il fait {word} chaud {text}"):
                assert move not in _cuts(game, said), (said, word)
        for taken_up in TAKEN_UP:
            said = f"{text} {taken_up}"
            assert move not in _cuts(game, said), said


def _cuts(game: str, said: str) -> list[list[str]]:
    """The sides of ``said`` the remark reader may read alone, as word keys."""
    g = grammar(game)
    return [[t.key for t in kept] for kept, _ in detached.cuts(
        g.language, g.language.tokens(said), g.value_words, g.known)]


@pytest.mark.parametrize("game", GAMES)
def test_a_reason_that_says_a_number_never_leaves_the_move_alone(game: str) -> None:
    """Each exact move sentence, then « comme ça le neuf passe derrière le sept »: neither
    read nor guessed as the move alone, at any cost (a second move may be said in it)."""
    g = grammar(game)
    checked = 0
    for text, intents, meant in _moves(game)[:40]:
        said = f"{text} comme ça le neuf passe derrière le sept"
        found = [*g.understand(said, intents=intents), *g.guess(said, intents)]
        assert all((f.name, dict(f.slots)) != meant for f in found), (said, found[:1])
        checked += 1
    assert checked >= 10, checked


@pytest.mark.parametrize("game", GAMES)
def test_what_is_said_after_a_move_that_the_game_understands_is_no_remark(game: str) -> None:
    """Each exact move sentence, then the turn handed to a player (the first corpus run of
    this reader: « bon ben neuf sur six c'est tout, à toi Paul » placed the nine and left the
    turn open): never the move alone at once (the session reads the end of the turn after
    it, where the game has one)."""
    g = grammar(game)
    word = g.language.player_word
    endings = [e for e in ("c'est tout à toi Paul", "c'est tout pour moi à Marie", "à Paul")
               if any(r.cost == 0 for r in g.understand(e.replace("Paul", word).replace(
                   "Marie", word)))]  # (where the game has an end of the turn to say)
    checked = 0
    for text, intents, meant in _moves(game)[:40]:
        for after in endings:
            said = f"{text} {after}"
            found = g.understand(said, intents=intents)
            assert not (found and found[0].cost == 0
                        and (found[0].name, dict(found[0].slots)) == meant), (said, found[:1])
            checked += 1
    assert checked >= 20 or not endings, checked


# said after a question, about the speaker or for nothing (batch 34: « c'est au tour de qui
# de se servir là » was not understood; « c'est au tour de qui » was)
AFTER_QUESTION = ("sacré bazar ce soir", "bon sang de bonsoir", "c'est la galère ce soir")


@pytest.mark.parametrize("game", GAMES)
def test_a_question_with_a_remark_after_it_is_the_question(game: str) -> None:
    """Each exact question sentence of the game's own tests, a remark after it: the same
    question, answered at once."""
    g = grammar(game)
    remarks = Rotation(AFTER_QUESTION, per_case=1)
    checked = 0
    said_with: set[str] = set()
    for case in exact_cases(game):
        found = g.understand(case.text, intents=case.intents)
        if not found or found[0].cost or not frames.questions([found[0].name]) or len(
                g.language.words(case.text)) < detached.MIN_KEPT:  # (one word then talk: apart)
            continue
        meant = (found[0].name, dict(found[0].slots))
        for remark in remarks(meant[0]):
            said = f"{case.text.rstrip(' ?')} {remark}"
            got = g.understand(said, intents=case.intents)
            if got and got[0].cost == 0 and (got[0].name, dict(got[0].slots)) != meant:
                continue  # a template holds the words said after: read as said
            assert got and (got[0].name, dict(got[0].slots)) == meant, (said, got[:1])
            assert got[0].cost < CONFIRM_COST, (said, got[0].cost)
            checked += 1
            said_with.add(remark)
    assert checked > 30, checked
    assert not remarks.missed(said_with)


# a participle and what follows it, said after an auxiliary (« qu'est-ce que Paul a fait
# jusqu'ici » was answered as « qu'est-ce que Paul a », Paul's stock, « fait jusqu'ici » left out)
PARTICIPLES = ("fait jusqu'ici", "vu tout à l'heure", "dit hier soir", "fait ce soir")


@pytest.mark.parametrize("game", GAMES)
def test_a_verb_is_never_cut_from_its_auxiliary(game: str) -> None:
    """Each exact sentence of the game's tests, then an auxiliary of the past and a participle
    with words after it: no cut between the auxiliary and its participle."""
    g = grammar(game)
    auxiliaries = sorted(g.language.compound_auxiliaries)
    assert {"a", "ai", "est"} <= set(auxiliaries)
    remarks = Rotation(PARTICIPLES, per_case=1)
    checked = 0
    for case in exact_cases(game)[:60]:
        for auxiliary in auxiliaries:
            for participle in remarks(auxiliary):
                said = f"{case.text.rstrip(' ?')} {auxiliary} {participle}"
                cut = [(kept[-1].key, remark[0].key) for kept, remark in detached.cuts(
                    g.language, g.language.tokens(said), g.value_words, g.known)]
                assert (auxiliary, participle.split()[0]) not in cut, said
                checked += 1
    assert checked > 100, checked
