"""Table mode at the console: two players, one loudspeaker, one keyboard, one card reader.

Nobody's input carries a seat here: the assistant works out whose scan or words it was (the
player who just drew scans their cards while the next one plays), asks "c'est la carte de
qui ?" when several could be meant, and says "C'est noté, Paul." when the answer itself is
private (the table must not hear which cards Paul drew)."""

from __future__ import annotations

import io

import pytest
from table_helpers import card, make_table

from ludivox.engines.kingsbridge import new_table_game
from ludivox.grammars.grammar import Grammar
from ludivox.shell.console import Console
from ludivox.table.io import Heard, Input, Say, SetPhrases, TagSeen

ANNE_HAND = "j'ai un deux, un quatre, un six, un huit, un dix et un onze"
PAUL_HAND = "j'ai un deux, un trois, un quatre, un dix, un onze et un treize"


class Loudspeaker:
    """A console in table mode for Anne and Paul, speaking (as text) what the table hears."""

    def __init__(self, grammar: Grammar) -> None:
        self.table = make_table(grammar, new_table_game(2))
        self.out = io.StringIO()
        self.console = Console(grammar, text_only=True, rate=None, out=self.out,
                               settings=self.table.session.settings)
        self.console.session = self.table.session
        self.console.perform(self.table.session.start())

    def heard(self, inp: Input) -> list[str]:
        """What the loudspeaker says after ``inp`` (typed, or a card on the reader)."""
        self.out.truncate(0)
        self.out.seek(0)
        self.console._handle(self.table.session, inp)
        return self.out.getvalue().splitlines()

    def type(self, text: str) -> list[str]:
        return self.heard(Heard(text))

    def scan(self, number: int) -> list[str]:
        return self.heard(TagSeen(card(number)))

    def hands(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        players = self.table.state.players
        return players[0].hand, players[1].hand


@pytest.fixture
def speaker(grammar: Grammar) -> Loudspeaker:
    return Loudspeaker(grammar)


def _anne_plays_two_cards_and_ends(speaker: Loudspeaker) -> list[str]:
    said = speaker.type("les colonnes sont cinq, huit, douze, un, trois et sept")
    assert said[-1].startswith("Anne, dis-moi les cartes de ta main")  # asked aloud
    assert speaker.type(ANNE_HAND) == ["C'est noté, Anne."]  # her cards are not said
    speaker.type("je pose le six sur la colonne un")
    speaker.type("je pose le huit sur la colonne six")
    return speaker.type("j'ai fini")  # Anne draws two cards; Paul's turn


def test_each_player_is_asked_for_their_hand_aloud_and_hears_it_was_noted(
    speaker: Loudspeaker,
) -> None:
    said = _anne_plays_two_cards_and_ends(speaker)
    assert "À Paul de jouer." in said and "À toi, Paul." not in said  # whose turn, once
    assert said[-1].startswith("Paul, dis-moi les cartes de ta main")
    assert speaker.type(PAUL_HAND) == ["C'est noté, Paul."]
    assert speaker.hands()[1] == (2, 3, 4, 10, 11, 13)


def test_cards_drawn_and_scanned_after_the_turn_go_to_the_player_who_drew_them(
    speaker: Loudspeaker,
) -> None:
    _anne_plays_two_cards_and_ends(speaker)
    speaker.type(PAUL_HAND)
    # Paul is playing; Anne scans the two cards she drew at the end of her turn
    assert speaker.scan(5) == ["C'est noté, Anne."]
    assert speaker.hands() == ((2, 4, 5, 10, 11), (2, 3, 4, 10, 11, 13))
    assert speaker.type("j'ai pioché le neuf") == ["C'est noté, Anne."]  # said, not scanned
    assert speaker.hands() == ((2, 4, 5, 9, 10, 11), (2, 3, 4, 10, 11, 13))
    assert speaker.table.state.turn == 1  # still Paul's turn


def test_a_scan_several_players_could_have_made_is_asked_about(speaker: Loudspeaker) -> None:
    _anne_plays_two_cards_and_ends(speaker)
    speaker.type(PAUL_HAND)
    # Paul holds a thirteen and Anne has two cards not told yet: whose is it?
    assert " ".join(speaker.scan(13)) == "C'est la carte de qui : Paul ou Anne ? Dis ton prénom."
    assert speaker.hands()[0] == (2, 4, 10, 11)  # nothing changed yet
    assert speaker.type("c'est Anne") == ["C'est noté, Anne."]
    assert speaker.hands() == ((2, 4, 10, 11, 13), (2, 3, 4, 10, 11, 13))
    # asked again, and answered by something else: the question is forgotten, nothing noted
    assert "C'est la carte de qui" in " ".join(speaker.scan(13))
    said = speaker.type("c'est à qui ?")
    assert said and "C'est noté" not in " ".join(said)
    assert speaker.hands()[0] == (2, 4, 10, 11, 13)
    # by voice too: the names can be heard while the question waits
    outputs = speaker.table.session.handle(TagSeen(card(13)))
    phrases = [o.phrases for o in outputs if isinstance(o, SetPhrases)]
    assert phrases and {"anne", "paul"} <= set(phrases[-1])
    answer = [o for o in speaker.table.session.handle(Heard("paul")) if isinstance(o, Say)]
    assert answer and all(s.channel == "seat:2" for s in answer)  # Paul's own thirteen


def test_the_player_whose_turn_it_is_scans_their_own_cards(speaker: Loudspeaker) -> None:
    speaker.type("les colonnes sont cinq, huit, douze, un, trois et sept")
    assert speaker.scan(4) == ["C'est noté, Anne."]  # Anne's hand, not read out
    assert speaker.hands() == ((4,), ())
