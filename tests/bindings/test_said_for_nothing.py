"""Words some speakers say that carry no meaning — regional and teenage discourse words
(« faque », « peuchère », « boudiou », « frérot », « de ouf », « en mode chill », « et zou »,
« vite » said of the move) and greetings (« on dit quoi », « c'est comment ») — cost nothing:
the move said with them is made at once, as it is without them, in every game; a greeting
alone changes nothing and is answered with what can be said now, never a game answer. None
of them is a word a game's templates need, but « vite » of the speech settings, which keeps
its meaning there. Properties over moves of seeded positions of the four games, said as the
assistant says them."""

from __future__ import annotations

import pytest
from table_helpers import ALL_GRAMMARS, game_session
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard

# {s}: the move as said ("je vais poser le sept sur la colonne trois")
SAID_AROUND = ("faque {s}", "peuchère {s}", "boudiou {s}", "{s} frérot", "vas-y frérot {s}",
               "on dit quoi {s}", "c'est comment là {s}", "{s} de ouf", "en mode chill {s}",
               "{s} en mode easy", "{s} et zou", "{s} peuchère", "fait que {s}")
GREETINGS = ("on dit quoi", "c'est comment", "on dit quoi là", "c'est comment là",
             "salut frérot", "bonjour peuchère")
NEW_WORDS = ("faque", "peuchère", "boudiou", "frérot", "ouf", "chill", "easy", "kiffe", "zou")


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_said_with_discourse_words_is_made_at_once(game: str) -> None:
    """Before: each of them made the move only guessed and asked (« Tu veux dire … ? »)."""
    engine = engine_for(game)
    checked = 0
    for state, seat, action, _, said in said_moves(game, "for-nothing", 3, 2):
        made, _ = engine.apply(state, action)
        for around in SAID_AROUND:
            text = around.format(s=said)
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert session.state == made, (text, keys)
            checked += 1
    assert checked >= len(SAID_AROUND)


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_vite_said_of_the_move_is_cheap(game: str) -> None:
    """« je vais vite poser … »: made at once (the speech settings keep their « vite »)."""
    engine = engine_for(game)
    checked = 0
    for state, seat, action, _, said in said_moves(game, "for-nothing-vite", 3, 2):
        words = said.split()
        if words[:2] != ["je", "vais"]:
            continue
        text = " ".join(["je", "vais", "vite", *words[2:]])
        session = game_session(game, state)
        keys = _keys(session.handle(Heard(text, seat=seat)))
        assert session.state == engine.apply(state, action)[0], (text, keys)
        checked += 1
    assert checked


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_greeting_alone_changes_nothing_and_answers_nothing_of_the_game(game: str) -> None:
    """Before: « on dit quoi » was asked as « on fait quoi ? » in Kingsbridge, « c'est
    comment » answered with the event card in Un monde sans fin."""
    for state, seat, *_ in said_moves(game, "for-nothing-greeting", 2, 1):
        for greeting in GREETINGS:
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(greeting, seat=seat)))
            assert session.state == state, (greeting, keys)
            assert session.pending is None, (greeting, keys)
            # what can be said now, or the game's own question put again
            asked = session.binding.yes_no_question(state, seat)
            assert keys == (["not_understood_hint"] if asked is None
                            else ["not_understood_asked", asked.key]), (greeting, keys)


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_the_speech_settings_keep_vite(game: str) -> None:
    for state, seat, *_ in said_moves(game, "for-nothing-speed", 1, 1):
        for text in ("parle moins vite", "parle plus vite"):
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert keys == ["settings.voice"], (text, keys)


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_no_discourse_word_is_a_word_the_game_needs(game: str) -> None:
    vocabulary = Grammar.load(ALL_GRAMMARS[game], "fr").vocabulary()
    assert not {w for w in vocabulary for new in NEW_WORDS if new in w}
