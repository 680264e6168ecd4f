"""7 Kingdoms conversations through the real session, grammar, binding and engine."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from table_helpers import Table, settings_for

from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsBinding, SevenKingdomsTableEngine
from ludivox.engines.seven_kingdoms import SevenKingdomsState, Take
from ludivox.engines.seven_kingdoms.players import choose
from ludivox.grammars.grammar import Grammar
from ludivox.table.binding import Line
from ludivox.table.io import Say
from ludivox.table.match import Match
from ludivox.table.session import Session

ENGINE = SevenKingdomsTableEngine()
GRAMMAR = Grammar.load("seven_kingdoms", "fr")
EXAMPLE = (
    "7k first=3 turn=3 row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
    "s0=hand:2,3,44 s1=hand:4,5,38 s2=hand:6,7,18 s3=hand:8,10,28"
)
NAMES = ["Anne", "Bruno", "Chloé", "Denis"]
# Keys that tell what a hand holds: never on the table channel.
PRIVATE_KEYS = ("answer.hand", "event.cards_drawn", "refusal.", "suggestion", "ask_keep",
                "ask_which_rank")


def make(state: SevenKingdomsState, names: Sequence[str] = NAMES,
         computers: dict[int, Any] | None = None, confirm: str = "never") -> Table:
    """A table whose players, unless told, chose not to confirm moves (the confirmations
    have their own tests: tests/bindings/test_dialogue_games.py). The game's data file is
    read once (the engine's components, frozen, shared by every table)."""
    seated = list(names[: state.players])
    binding = SevenKingdomsBinding(seated, ENGINE.components)
    session = Session(binding, GRAMMAR, Match(ENGINE, state), seated, computers=computers,
                      settings=settings_for(seated, confirm=confirm))
    table = Table(session)
    table._run(session.start())
    return table


def texts(says: Sequence[Say], channel: str | None = None) -> list[str]:
    return [s.text for s in says if channel is None or s.channel == channel]


def secret_mentions(text: str, state: SevenKingdomsState) -> list[int]:
    """Secret hand cards of ``state`` named in ``text`` ("le trente-huit")."""
    found = []
    for seat in state.seats:
        for card in seat.secret:
            word = GRAMMAR.say("action.play", card=card).removeprefix("jouer ")
            if re.search(rf"\b{re.escape(word)}(?![-\w])", text):
                found.append(card)
    return found


def render(line: Line) -> str:
    """A line as the session says it (nested lines first)."""
    params: dict[str, Any] = {}
    for key, value in line.params.items():
        if isinstance(value, Line):
            value = render(value)
        elif isinstance(value, tuple) and value and all(isinstance(v, Line) for v in value):
            value = tuple(render(v) for v in value)
        params[key] = value
    return GRAMMAR.say(line.key, **params)


def assert_private(table: Table) -> None:
    for say in table.said:
        if say.channel == "table":
            assert not say.key.startswith(PRIVATE_KEYS), say


def test_the_rulebook_example_round_by_voice() -> None:
    table = make(ENGINE.loads(EXAMPLE))
    assert "Denis, à toi de jouer une carte." in texts(table.said, "table")
    table.hear("je joue le vingt-huit")
    table.hear("je joue le quarante quatre")
    table.hear("je joue mon marchand")
    said = table.hear("je joue le 18")
    assert "Anne place le quarante-quatre au-dessus du blason un." in texts(said, "table")
    said = table.hear("c'est à qui ?", seat=2)
    assert texts(said) == [
        "C'est à Anne de prendre, avec le quarante-quatre, le paysan : la plus forte carte "
        "encore à résoudre, puis viendront Bruno avec le trente-huit, Denis avec le "
        "vingt-huit et Chloé avec le dix-huit."
    ]
    assert said[0].channel == "seat:3"
    table.hear("je prends le un")
    said = table.hear("dans mon royaume")
    assert "Anne prend le un et le valide dans son royaume." in texts(said, "table")
    table.hear("je prends la place trois")
    said = table.hear("en main")
    assert "Bruno prend le dix-sept et le garde en main." in texts(said, "table")
    said = table.hear("je prends le neuf et le vingt-cinq")
    assert said[-1].key == "ask_keep" and said[-1].channel == "seat:4"
    said = table.hear("je garde le neuf en main et je valide le vingt-cinq")
    assert ("Denis prend le neuf et le vingt-cinq : le neuf en main, le vingt-cinq dans son "
            "royaume.") in texts(said, "table")
    table.hear("je prends le trente-trois")
    said = table.hear("je valide tout")
    table_lines = texts(said, "table")
    assert "Chloé prend le trente-trois et le valide dans son royaume." in table_lines
    assert "Manche deux : Anne commence." in table_lines  # the pawn passed to Anne: once
    assert "Le pion premier joueur passe à Anne." not in table_lines
    state = table.state
    assert state.row[:6] == (44, 38, 28, 18, 49, 41) and state.round == 2
    assert [s.kingdom for s in state.seats] == [(1,), (), (33,), (25,)]
    assert state.seats[1].hand == (4, 5, 17) and state.seats[3].hand == (8, 9, 10)
    assert_private(table)


def test_a_whole_game_of_computers_never_tells_a_secret_hand_on_the_table() -> None:
    state = ENGINE.new_virtual_game(4, 11)
    robots = {s: (lambda st, s=s: choose(ENGINE, st, "expert" if s % 2 else "debutant", s))
              for s in range(4)}
    binding = SevenKingdomsBinding(NAMES)
    session = Session(binding, GRAMMAR, Match(ENGINE, state), NAMES, computers=robots)
    seen: list[Say] = []
    outputs = session.start()
    assert session.state.game_over
    seen = [o for o in outputs if isinstance(o, Say)]
    assert seen and all(s.channel == "table" for s in seen)  # computer seats hear nothing
    assert any(s.key == "event.game_scored" for s in seen)
    # replay the same game move by move and check the table lines against the secrets
    match: Match[Any, Any] = Match(ENGINE, state)
    for _ in range(1000):
        if match.state.game_over:
            break
        seat = ENGINE.awaiting(match.state).seat
        assert seat is not None
        before = match.state
        events = match.apply(robots[seat](before))
        for line in binding.event_lines(before, match.state, events):
            if line.seat is None:
                text = render(line)
                assert not secret_mentions(text, match.state), (text, match.state)
    assert match.state == session.state


def test_one_human_against_computers_hears_only_their_own_hand() -> None:
    state = ENGINE.new_virtual_game(3, 5)
    robots = {s: (lambda st: choose(ENGINE, st, "expert", 1)) for s in (1, 2)}
    table = make(state, computers=robots)
    human_hand = table.state.seats[0].hand
    for _ in range(60):
        if table.state.game_over:
            break
        acting = table.session.acting_seat
        assert acting == 0
        if table.state.phase == "play":
            table.hear(f"je joue le {table.state.seats[0].hand[0]}")
        elif table.state.phase == "bonus":
            table.hear("je prends le jeton " + {"x2": "fois deux", "+1": "plus un",
                                                 "+2": "plus deux", "+3": "plus trois",
                                                 "+4": "plus quatre", "+5": "plus cinq",
                                                 "peasant": "paysan", "blason": "blason"}[
                table.state.tokens_revealed[0]])
        else:
            legal = list(ENGINE.legal_actions(table.state))
            take = legal[0]
            assert isinstance(take, Take)
            if not take.cards:
                table.hear("je ne prends rien")
            else:
                table.hear("je prends " + " et ".join(f"le {c}" for c in take.cards)
                           + " et je les valide")
    assert table.state.round > 3
    assert {s.channel for s in table.said} <= {"table", "seat:1"}
    prompts = [s.text for s in table.said if s.key.startswith("your_turn")]
    assert prompts and all(text.startswith("Anne,") for text in prompts)
    first_hand = GRAMMAR.say("answer.hand", cards=human_hand)
    assert Say("seat:1", first_hand, "answer.hand") in table.said
    assert_private(table)


def test_refusals_say_why_and_what_would_work() -> None:
    table = make(ENGINE.loads(EXAMPLE))
    said = table.hear("je joue le quarante-quatre")  # Denis holds 8, 10, 28
    assert said[0].key == "refusal.card_not_in_hand" and said[0].channel == "seat:4"
    assert said[0].text.startswith("Tu n'as pas le quarante-quatre en main : je ne le vois")
    said = table.hear("je joue le vingt-huit", seat=0)
    assert said[0].key == "not_your_turn"
    assert table.state.seats[3].played is None
    for text in ("je joue le vingt-huit", "je joue le quarante-quatre",
                 "je joue le trente-huit", "je joue le dix-huit"):
        table.hear(text)
    said = table.hear("je prends le neuf")  # Anne's Paysan 44 shows places 2 and 5
    assert said[0].key == "refusal.not_paysan_place"
    assert "ton paysan indique les places deux et cinq" in said[0].text
    assert said[1].key == "suggestion" and "prendre le un" in said[1].text
    said = table.hear("je prends les places deux et cinq")
    assert said[0].key == "refusal.too_many_cards"
    assert said[0].text == ("Avec le paysan, tu ne peux prendre qu'une carte, pas deux. "
                            "Choisis-en une seule.")
    table.hear("je prends le un et je le garde en main")
    said = table.hear("je prends le dix-sept et le trente-trois")  # Marchand: one card
    assert said[0].key == "refusal.too_many_cards"
    assert said[0].text == ("Avec le marchand, tu ne peux prendre qu'une carte, pas deux. "
                            "Choisis-en une seule.")
    table.hear("je prends le dix-sept en main")
    table.hear("je prends le neuf et le vingt-cinq")
    table.hear("je garde tout")  # Denis: 8, 10 + two -> four cards
    said = table.said[-3:]
    assert said[0].key == "refusal.hand_limit"
    assert "Ta main est limitée à trois cartes" in said[0].text
    assert said[1].key == "suggestion"
    assert said[2].key == "ask_keep"  # the cards taken are not forgotten: asked again
    assert table.state.phase == "take" and table.state.order[0] == 3
    table.hear("je prends le neuf et le vingt-cinq et je garde le neuf en main")
    said = table.hear("je prends le quarante-neuf")  # Général: the whole window
    assert said[0].key == "refusal.window_not_whole"
    assert said[0].text.endswith("il faut aussi prendre le trente-trois.")
    assert_private(table)


def test_playing_a_rank_asks_which_card_when_there_are_several() -> None:
    start = ENGINE.loads("7k row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
                         "s0=hand:2,3,44 s1=hand:30,38,40")
    table = make(start)
    said = table.hear("je joue mon roi")
    assert said[-1].key == "ask_which_rank"
    assert said[-1].text == ("Tu as plusieurs cartes de ce rang, le roi : le deux ou le "
                             "trois. Laquelle joues-tu ?")
    said = table.hear("le trois")
    assert table.state.seats[0].played == 3
    said = table.hear("je joue mon roi")
    assert said[0].key == "no_rank_in_hand" and said[0].channel == "seat:2"
    said = table.hear("je joue mon marchand")  # Bruno holds two: 38 and 40
    assert said[-1].key == "ask_which_rank"
    table.hear("le quarante")
    assert 40 in table.state.above and table.state.seats[1].hand == (30, 38)


def test_questions_about_the_line_tokens_kingdoms_majorities_and_score() -> None:
    start = ENGINE.loads(
        "7k row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 placed=+5,-,-,-,-,-,- "
        "s0=hand:2,3,44;kingdom:8,15 s1=hand:4,5,38;kingdom:22"
    )
    table = make(start, names=["Anne", "Bruno"])
    said = table.hear("qu'y a-t-il sous les blasons ?")
    assert said[0].text.startswith(
        "Place un, blason un, qui porte le jeton plus cinq : le neuf. Place deux, blason "
        "deux : le un.")
    said = table.hear("la place trois")
    assert said[0].text == "Place trois, blason trois : le dix-sept."
    said = table.hear("où sont les jetons ?")
    assert said[0].text == ("Jetons révélés : le jeton fois deux et le jeton plus trois. Jetons "
                            "posés : le jeton plus cinq sur le blason un, en position un. "
                            "Encore cinq jetons face cachée.")
    blason = ENGINE.components.card(8).blason
    said = table.hear("mon royaume")
    assert said[0].key == "answer.kingdom_yours" and "deux cartes" in said[0].text
    assert f"blason {GRAMMAR.say('action.blason', blason=blason).split()[-1]}" in said[0].text
    said = table.hear("le royaume du joueur deux")
    assert said[0].text.startswith("Royaume de Bruno, une carte : blason")
    said = table.hear("les majorités")
    assert said[0].key == "answer.majorities"
    said = table.hear("quel est le score ?")
    assert said[0].text.startswith("Score si la partie s'arrêtait maintenant : Anne")
    said = table.hear("ma main")
    assert said[0].channel == "seat:1" and said[0].text == (
        "Tu as en main le deux, le trois et le quarante-quatre.")
    said = table.hear("le royaume du joueur quatre")
    assert said[0].key == "answer.no_such_seat"


def test_the_bishop_chooses_a_token_by_voice() -> None:
    start = ENGINE.loads("7k row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
                         "s0=hand:2,3,12 s1=hand:4,5,38")  # 12: an Évêque
    table = make(start, names=["Anne", "Bruno"])
    table.hear("je joue le douze")
    said = table.hear("je joue le cinq")
    assert "Anne valide son évêque, le douze, dans son royaume." in texts(said, "table")
    assert said[-1].key == "your_turn_bonus"
    said = table.hear("je prends le jeton plus quatre")
    assert said[0].key == "refusal.token_not_revealed"
    assert said[0].text == ("Le jeton plus quatre n'est pas parmi les jetons révélés. Tu peux "
                            "prendre le jeton fois deux ou le jeton plus trois.")
    said = table.hear("je prends le jeton fois deux")
    assert any(t.startswith("Anne pose le jeton fois deux sur le blason")
               for t in texts(said, "table"))
    assert table.state.tokens_placed[0] == "x2"


@pytest.mark.parametrize("by_scan", [False, True])
def test_table_mode_set_up_play_and_refill_by_voice_or_scan(by_scan: bool) -> None:
    table = make(ENGINE.new_table_game(3))
    assert table.said[-1].key == "world_blason"

    def tell(kind: str, value: str, voice: str) -> list[Say]:
        if by_scan:
            return table.scan(f"ludivox:seven-kingdoms/{kind}/{value}")
        return table.hear(voice)

    for blason in (3, 1, 2, 4, 5, 6, 7):
        tell("blason", str(blason), f"blason {blason}")
    assert table.state.blasons == (3, 1, 2, 4, 5, 6, 7)
    tell("token", "x2", "on retourne le jeton fois deux")
    tell("token", "+3", "on retourne le jeton plus trois")
    said = table.hear("le joueur deux commence")
    assert said[0].text == "Bruno a le pion premier joueur. Chacun a reçu trois cartes."
    for card in (9, 1, 17, 33, 25, 49, 41):
        tell("card", str(card), f"on retourne le {card}")
    assert table.state.row == (9, 1, 17, 33, 25, 49, 41)
    said = table.hear("ma main", seat=1)
    assert said[0].text == "Tu as trois cartes en main, que je ne connais pas."
    # the sighted players' cards are scanned or announced as they are played face up
    tell("card", "38", "je joue le trente-huit")
    table.hear("je joue le quarante-quatre")
    tell("card", "28", "je joue le vingt-huit")
    # Bruno (first player) 38, Chloé 44, Anne 28: Chloé's Paysan resolves first
    assert (table.state.phase, table.state.order, table.state.above) == ("take", (2, 1, 0), (44,))
    said = table.hear("je prends le un")  # seat 2 (44: places 2 and 5)
    table.hear("dans mon royaume")
    table.hear("je prends le dix-sept et je le valide")
    table.hear("je prends le neuf et le vingt-cinq et je les valide")
    assert table.state.phase == "refill"
    said = tell("card", "12", "on retourne le douze")
    now: SevenKingdomsState = table.session.state
    assert (now.row[-1], now.phase) == (12, "play")
    # hidden hands stay hidden: each played one of its three unknown cards
    assert [(s.hand, s.unknown) for s in table.state.seats] == [((), 2)] * 3
    assert [s.kingdom for s in table.state.seats] == [(9, 25), (17,), (1,)]
    assert_private(table)


def test_a_scan_of_another_game_or_a_strange_tag_changes_nothing() -> None:
    table = make(ENGINE.loads(EXAMPLE))
    before = table.state
    said = table.scan("ludivox:kingsbridge/event/7")
    assert said[0].key == "scan.wrong_game"
    said = table.scan("ludivox:seven-kingdoms/dice/3")
    assert said[0].key == "scan.not_a_card"
    assert table.state is before


def test_table_mode_end_the_hidden_hands_are_shown_by_voice_or_scan() -> None:
    kingdom = ",".join(map(str, range(21, 42)))
    start = ENGINE.loads(
        "7k mode=table phase=final end=pile_empty revealed=x2,+3 hidden_unknown=6 "
        "row=1,2,3,4,5,6,7 discard=8,9,10,11,12,13,14,15,16,17,18,19,20 pile_unknown=0 "
        f"s0=kingdom:{kingdom} s1=unknown:3;kingdom:42,43,44,45,46"
    )
    table = make(start, names=["Anne", "Bruno"])
    assert table.said[-1].text == ("La partie est finie : Bruno, montrez vos cartes en main une "
                                   "à une, par exemple « j'avais le douze en main ».")
    said = table.hear("j'avais le quarante-sept en main", seat=1)
    assert texts(said, "table")[0] == "Bruno montre le quarante-sept."
    said = table.hear("j'avais le quarante-huit en main", seat=0)
    assert said[0].key == "refusal.no_hidden_card"
    assert said[0].text == ("Je connais déjà toutes les cartes de la main d'Anne : il n'y a "
                            "rien à montrer.")
    table.scan("ludivox:seven-kingdoms/card/48", seat=1)
    said = table.hear("j'avais le quarante-neuf en main", seat=1)
    lines = texts(said, "table")
    assert "Bruno valide sa main : le quarante-sept, le quarante-huit et le quarante-neuf." in lines
    assert lines[-1].startswith("Scores : Anne") and lines[-1].endswith("gagne !")
    assert table.state.game_over
    said = table.hear("je joue le un")
    assert said[0].key == "refusal.game_over"


def test_help_and_not_understood_depend_on_the_moment() -> None:
    table = make(ENGINE.new_table_game(2), names=["Anne", "Bruno"])
    said = table.hear("c'est à qui ?")
    assert said[0].text == ("Personne ne joue pour l'instant, c'est à la table : dis-moi le "
                            "blason en position un, par exemple « blason trois », ou scanne-le.")
    said = table.hear("je fais un gâteau")
    assert said[0].key == "not_understood_hint" and "« blason suivant est le" not in said[0].text
    assert "le blason suivant est le trois" in said[0].text
    table = make(ENGINE.loads(EXAMPLE))
    said = table.hear("aide")
    assert said[0].key == "help.play" and said[0].channel == "seat:4"
    said = table.hear("aide", seat=0)
    assert said[0].key == "help.waiting" and said[0].text.startswith("C'est à Denis d'agir.")
    for text in ("je joue le vingt-huit", "je joue le quarante-quatre",
                 "je joue le trente-huit", "je joue le dix-huit"):
        table.hear(text)
    said = table.hear("aide")
    assert said[0].text.startswith("Tu prends avec le paysan : dis par exemple")
    said = table.hear("rappelle-moi les règles")
    assert said[0].key == "rules.short" and "le roi jusqu'à quatre cartes" in said[0].text


def test_table_mode_bishop_token_reveal_and_a_take_by_two_scans() -> None:
    start = ENGINE.loads(
        "7k mode=table phase=bonus order=0,1 resolving=12 row=1,2,3,4,5,6,7 pile_unknown=36 "
        "revealed=x2,+3 hidden_unknown=6 s0=unknown:2;kingdom:12 s1=unknown:2;played:30"
    )
    table = make(start, names=["Anne", "Bruno"])
    said = table.hear("je prends le jeton plus trois")
    lines = texts(said, "table")
    assert lines[0].startswith("Anne pose le jeton plus trois sur le blason")
    assert said[-1].key == "world_token"  # the table turns a new token face up
    said = table.scan("ludivox:seven-kingdoms/token/+5")
    assert texts(said, "table")[0] == "Jeton révélé : le jeton plus cinq."
    assert table.state.tokens_revealed == ("x2", "+5")
    # Anne's Évêque takes one card: scanned, then where it goes
    said = table.scan("ludivox:seven-kingdoms/card/4", seat=0)
    assert said[-1].key == "ask_keep"
    said = table.hear("en main")
    assert "Anne prend le quatre et le garde en main." in texts(said, "table")
    assert table.state.seats[0].hand == (4,) and table.state.seats[0].unknown == 2
    # Bruno's Chevalier 30: two neighbouring places, scanned one after the other
    said = table.scan("ludivox:seven-kingdoms/card/5", seat=1)
    assert said[-1].text.startswith("Le cinq : tu le gardes en main")  # places 4-5 hold it
    said = table.scan("ludivox:seven-kingdoms/card/6", seat=1)  # adds to the pending take
    assert said[-1].text.startswith("Tu prends le cinq et le six : lesquelles gardes-tu")
    said = table.hear("je garde le six en main et je valide le cinq", seat=1)
    assert ("Bruno prend le cinq et le six : le six en main, le cinq dans son royaume."
            in texts(said, "table"))
    assert table.state.phase == "refill"
    assert_private(table)


def test_a_card_named_alone_plays_only_for_the_player_to_play_who_holds_it() -> None:
    """Issue 16: "le vingt-huit" said by Denis, whose turn it is and who holds it, can only
    mean playing it; "huit" without its article may be a count: it is only offered (played
    after "oui", test_seven_kingdoms_said_plainly.py); a card another player holds, or one
    said out of turn, never plays."""
    table = make(ENGINE.loads(EXAMPLE))
    said = table.hear("huit")
    assert [s.key for s in said] == ["offer_play"], said
    assert all(s.played is None for s in table.state.seats)
    table.hear("non")
    for text, seat in (("le quarante-quatre", 0), ("le vingt-huit", 0), ("le deux", 3)):
        table.hear(text, seat=seat)
        assert all(s.played is None for s in table.state.seats), text
    said = table.hear("le vingt-huit", seat=3)
    assert said[0].key == "event.card_played" and table.state.seats[3].played == 28


def _example_at_takes() -> Table:
    """The rulebook's example round, every card played: Anne (Paysan 44) takes first."""
    table = make(ENGINE.loads(EXAMPLE))
    for text in ("je joue le vingt-huit", "je joue le quarante-quatre",
                 "je joue le trente-huit", "je joue le dix-huit"):
        table.hear(text)
    return table


def test_asking_for_more_cards_than_a_rank_takes_gets_the_reason() -> None:
    table = _example_at_takes()
    for many in ("je prends le un, le neuf, le dix-sept, le vingt-cinq et le trente-trois",
                 "je prends le un le neuf le dix-sept le vingt-cinq le trente-trois et le "
                 "quarante-neuf"):
        said = table.hear(many)
        assert said[0].key == "refusal.too_many_cards", [s.key for s in said]
    assert table.state.phase == "take" and table.state.order[0] == 0


def _denis_takes_nine_and_twenty_five() -> tuple[Table, list[Say]]:
    """The example round up to Denis (Princesse 28, holding 8 and 10) taking 9 and 25: the
    question where they go is pending."""
    table = _example_at_takes()
    for text in ("je prends le un", "dans mon royaume", "je prends la place trois", "en main"):
        table.hear(text)
    return table, table.hear("je prends le neuf et le vingt-cinq")


def test_a_refused_split_keeps_the_cards_taken_and_the_question() -> None:
    table, said = _denis_takes_nine_and_twenty_five()
    assert said[-1].key == "ask_keep"
    for refused in ("je garde tout en main", "je garde le neuf et le vingt-cinq en main"):
        said = table.hear(refused)
        assert said[0].key == "refusal.hand_limit" and said[-1].key == "ask_keep"
    said = table.hear("je garde le neuf en main")  # the split the refusal asked for
    assert ("Denis prend le neuf et le vingt-cinq : le neuf en main, le vingt-cinq dans son "
            "royaume.") in texts(said, "table")


def test_validating_a_card_not_taken_is_refused_and_nothing_is_done() -> None:
    table, _ = _denis_takes_nine_and_twenty_five()
    before = table.state
    said = table.hear("je garde le neuf en main et je valide le trente-trois")
    assert said[0].key == "refusal.validate_not_taken"
    assert "seules les cartes récupérées peuvent être validées" in said[0].text
    assert table.state == before and said[-1].key == "ask_keep"
    said = table.hear("je valide le quarante-neuf et le neuf")
    assert said[0].key == "refusal.validate_not_taken" and table.state == before


def test_general_and_chevalier_choose_places_some_of_them_empty() -> None:
    table = _example_at_takes()
    for text in ("je prends le un", "dans mon royaume", "je prends la place trois", "en main",
                 "je prends le neuf et le vingt-cinq", "je garde le neuf en main"):
        table.hear(text)
    # Chloé's Général (18): places 1, 2, 3 and 5 are empty now; 4 holds the 33
    assert table.state.row[:5] == (None, None, None, 33, None)
    said = table.hear("je prends les places deux, trois et quatre")
    said += table.hear("je valide tout")
    assert "Chloé prend le trente-trois et le valide dans son royaume." in texts(said, "table")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("je garde le un en main", Take((1,), (1,))),
        ("je valide le un", Take((1,))),
        ("je valide le un dans mon royaume", Take((1,))),
    ],
)
def test_saying_where_a_card_goes_takes_it_when_nothing_is_taken_yet(
    text: str, expected: Take
) -> None:
    """Anne (Paysan 44) takes one card: naming it with where it goes is the whole take."""
    table = _example_at_takes()
    before = table.state
    table.hear(text)
    after, _ = ENGINE.apply(before, expected)
    assert table.state == after


def test_any_card_and_any_rank_is_described_as_printed_with_its_power() -> None:
    """ "c'est quoi le N ?" for every card: its rank and blason from the components (said to
    be provisional while unchecked), then the rank's power; nothing changes."""
    from ludivox.engines.seven_kingdoms.components import CARD_COUNT, RANKS

    t = make(ENGINE.loads(EXAMPLE))
    before = t.state
    components = t.session.binding.components
    spoken = GRAMMAR.language.numbers.cardinal
    for number in range(1, CARD_COUNT + 1):
        says = t.hear(f"c'est quoi le {spoken(number)} ?")
        assert [s.key for s in says] == ["answer.card", "answer.rank_power"], number
        card = components.card(number)
        assert f"blason {spoken(card.blason)}" in says[0].text, number
        assert ("provisoires" in says[0].text) == (f"card:{number}" in components.provisional)
        assert t.state is before
    for rank in RANKS:
        name = GRAMMAR.say("name.rank", rank=rank, capitalize=False)
        says = t.hear(f"que fait {name} ?")
        assert [s.key for s in says] == ["answer.rank_power"], rank
        assert name.split()[-1] in says[0].text.lower(), rank
