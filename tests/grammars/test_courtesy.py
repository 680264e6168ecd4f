"""Courtesy carries no meaning (batch 30 of the natural corpus: long polite sentences of
elderly speakers, 10 of 12 not understood): a request to the listener before the move's
infinitive ("je vous serais reconnaissante de bien vouloir poser …", "je vous prie de bien
vouloir …", "voudriez-vous avoir la gentillesse de …"), a wish that the listener make it
("j'aimerais que vous posiez …"), an apology said first ("excusez-moi de vous déranger mais
…") and leave asked anywhere ("… si cela ne vous dérange pas trop") keep the reading of every
test sentence "je <verb> …" of every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, infinitives, understood

from ludivox.grammars.courtesy import expand

ASKS = ("je vous serais reconnaissante de bien vouloir", "je vous prie de bien vouloir",
        "auriez-vous l'obligeance de", "voudriez-vous avoir la gentillesse de",
        "je te serais obligé de bien vouloir", "aurais-tu la bonté de",
        "je vous prierais de bien vouloir", "soyez assez aimable pour",
        "pourriez-vous avoir l'amabilité de", "je vous demanderais de bien vouloir")
AROUND = (("excusez-moi de vous déranger mais", ""),
          ("pardonnez-moi jeune homme mais", "si ce n'est pas trop vous demander"),
          ("", "si cela ne vous dérange pas trop"),
          ("si vous me le permettez", "ma foi"),
          ("je suis désolée de vous déranger mais", "si ça ne vous ennuie pas"),
          ("excuse-moi", "comme d'habitude"))
WISHES = ("j'aimerais que vous {vous}", "je voudrais que tu {tu}",
          "j'aimerais, s'il vous plaît, que vous {vous}", "il faudrait que vous {vous}",
          "je souhaiterais que vous {vous}")


def _reading(game: str, text: str, intents: frozenset[str] | None
             ) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in understood(game, text, intents)[:1]]


Reading = list[tuple[str, dict[str, object]]]


def _moves(game: str) -> list[tuple[str, str, str, frozenset[str] | None, Reading]]:
    """(verb said, its infinitive, the words after it, intents, reading) of every exact test
    sentence "je <verb of the game> …" read as its intent."""
    infinitive = infinitives(grammar(game).language)
    out = []
    for case in exact_cases(game):
        words = case.text.split()
        if len(words) < 3 or words[0] != "je" or words[1] not in infinitive:
            continue
        meant = _reading(game, case.text, case.intents)
        if meant and meant[0][0] == case.intent:
            out.append((words[1], infinitive[words[1]], " ".join(words[2:]), case.intents,
                        meant))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_request_to_the_listener_before_the_infinitive_is_the_move(game: str) -> None:
    asks = Rotation(ASKS, per_case=2)
    said: set[str] = set()
    for _, infinitive, rest, intents, meant in _moves(game):
        for ask in asks(meant[0][0]):
            text = f"{ask} {infinitive} {rest}"
            assert _reading(game, text, intents) == meant, text
            said.add(ask)
    assert not asks.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_apologies_and_leave_asked_around_the_move_change_nothing(game: str) -> None:
    around = Rotation(AROUND, per_case=2)
    said: set[tuple[str, str]] = set()
    for verb, _, rest, intents, meant in _moves(game):
        for before, after in around(meant[0][0]):
            text = f"{before} je {verb} {rest} {after}".strip()
            assert _reading(game, text, intents) == meant, text
            said.add((before, after))
    assert not around.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_a_wish_that_the_listener_make_the_move_is_the_speakers_move(game: str) -> None:
    """The listener's subjunctive of each verb in -er ("que vous posiez", "que tu poses")."""
    wishes = Rotation(WISHES, per_case=2)
    said: set[str] = set()
    for _, infinitive, rest, intents, meant in _moves(game):
        if not infinitive.endswith("er"):
            continue
        stem = infinitive[:-2]
        for wish in wishes(meant[0][0]):
            text = f"{wish.format(vous=stem + 'iez', tu=stem + 'es')} {rest}"
            assert _reading(game, text, intents) == meant, text
            said.add(wish)
    assert not wishes.missed(said)


def test_courtesy_patterns_say_each_option() -> None:
    assert expand("(a|b) [c (d|e)|f] g") == ["a c d g", "a c e g", "a f g", "a g", "b c d g",
                                             "b c e g", "b f g", "b g"]
