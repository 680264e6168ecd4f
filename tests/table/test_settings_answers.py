"""Settings by voice as a player hears them: doubtful readings asked first, "répète" never
telling an old value, a scan setting in a game without real cards, clear short answers."""

from __future__ import annotations

from table_helpers import keys, make_table

from ludivox.engines.kingsbridge import new_table_game, new_virtual_game
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, SpeechControl


def test_a_doubtful_reading_of_a_setting_is_asked_before_changing_it(grammar: Grammar) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    says = table.hear("j'ai un cas")  # not quite "j'ai un casque"
    assert keys(says) == ["did_you_mean"] and "casque" in says[0].text
    assert not table.session.prefs(0).headphones
    assert keys(table.hear("non")) == ["cancelled"]
    assert not table.session.prefs(0).headphones
    table.hear("j'ai un cas")
    says = table.hear("oui")
    assert keys(says) == ["settings.headphones"] and table.session.prefs(0).headphones
    table.hear("mode expair")
    assert table.session.prefs(0).verbosity == "full"  # nothing changed before "oui"


def test_a_question_pending_survives_a_doubtful_setting(grammar: Grammar) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    question = table.hear("je pose sur la trois")  # "which cards?"
    assert keys(question) == ["ask_cards_for"]
    table.hear("mode expair")
    table.hear("non")  # the setting is not changed; the first question is asked again
    assert keys(table.said[-2:]) == ["cancelled", "ask_cards_for"]
    assert table.session.pending is not None and table.session.pending.partial is not None


def test_hush_acts_at_once_even_half_heard(grammar: Grammar) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    outputs = table.session.handle(Heard("chu"))
    assert outputs == [SpeechControl("stop")]


def test_repeat_after_settings_changes_never_tells_an_old_value(grammar: Grammar) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    turn = table.hear("c'est à qui ?")
    table.hear("quels sont mes réglages ?")
    table.hear("plus vite")
    table.hear("mode expert")
    said = table.hear("répète")
    assert [s.text for s in said] == [s.text for s in turn]
    assert "mots par minute" not in " ".join(s.text for s in said)


def test_scan_always_in_a_virtual_game_says_it_waits_for_real_cards(grammar: Grammar) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    says = table.hear("demande-moi toujours de scanner")
    assert "dès qu'on jouera avec de vraies cartes" in says[0].text
    says = table.hear("quels sont mes réglages ?")
    assert "scanner la carte, dès qu'on jouera avec de vraies cartes" in says[0].text
    real = make_table(grammar, new_table_game(2))
    says = real.hear("demande-moi toujours de scanner")
    assert "vraies cartes" not in says[0].text


def test_short_confirmation_settings_say_who_confirms(grammar: Grammar) -> None:
    table = make_table(grammar, new_virtual_game(2, 5))
    table.hear("mode expert")
    assert table.hear("confirme tous mes coups")[0].text == "Je te ferai confirmer chaque coup."
    said = table.hear("confirme seulement ce qui ne se rattrape pas")[0].text
    assert said == "Je te ferai confirmer les coups sans retour."
