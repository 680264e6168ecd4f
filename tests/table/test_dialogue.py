"""The dialogue around a move: N-best readings, confirmations, the scan check, verbosity.

Real French grammar, real Kingsbridge engine. The game's hooks (which moves cannot be taken
back, which cards a move uses) are set by a small test binding, so that these tests say what
the session does whatever Kingsbridge's own answers are.
"""

from __future__ import annotations

from typing import Any

from table_helpers import ENGINE, Table, keys, position, settings_for

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.engines.kingsbridge.actions import Place
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, Say, SettingsChanged
from ludivox.table.match import Match
from ludivox.table.session import Session
from ludivox.table.settings import SettingsStore

NAMES = ("Anne", "Paul")
# Anne (seat 0) plays; a 7 goes on column 2 only, the 7 and 8 together too.
ONE_PLACE = dict(
    columns=[[3], [6], [9], [10], [12], [13]],
    players=[{"hand": [7, 8, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
)


class CheckedBinding(KingsbridgeBinding):
    """Kingsbridge where placing cards cannot be taken back and is checked by scan."""

    def irreversible(self, state: Any, action: Any) -> bool:
        return isinstance(action, Place)

    def scan_expectation(self, state: Any, action: Any, seat: int) -> tuple[str, ...] | None:
        if isinstance(action, Place):
            return tuple(f"ludivox:kingsbridge/event/{c}" for c in action.cards)
        return None


def table(grammar: Grammar, store: SettingsStore | None = None, mode: str = "virtual",
          computers: dict[int, Any] | None = None) -> Table:
    binding = CheckedBinding(list(NAMES))
    data: dict[str, Any] = {**ONE_PLACE, "mode": mode}
    if mode == "table":  # with real cards, the cards nobody has seen are unknown (null)
        data["players"] = [{"hand": [7, 8, 11], "pile": [5]},
                           {"hand": [2, 4], "pile": [9] + [None] * 91}]
    state = position(**data)
    session = Session(binding, grammar, Match(binding.engine, state), list(NAMES),
                      computers=computers, settings=store)
    t = Table(session)
    t._run(session.start())
    return t


def column(t: Table, n: int) -> tuple[int, ...]:
    return tuple(t.state.columns[n - 1])


# --- N-best readings ----------------------------------------------------------------------


def test_an_nbest_alternative_that_is_legal_now_is_acted_on(grammar: Grammar) -> None:
    t = table(grammar, settings_for(NAMES, confirm="never"))
    # the recogniser's best guess is a column where the 7 cannot go; its second guess fits
    says = t._run(t.session.handle(Heard("je pose le sept sur la colonne cinq",
                                         ("je pose le sept sur la colonne deux",))))
    assert column(t, 2) == (6, 7)
    assert "event.cards_placed" in keys(says)


def test_nothing_close_says_what_can_be_said_now(grammar: Grammar) -> None:
    t = table(grammar)
    says = t.hear("la météo de demain à Lyon")
    assert keys(says) == ["not_understood_hint"]
    assert "« " in says[0].text and says[0].channel == "seat:1"


def test_a_choice_is_answered_by_its_number_then_the_move_is_confirmed(
    grammar: Grammar,
) -> None:
    binding = CheckedBinding(list(NAMES))
    state = position(columns=[[6], [6], [1], [2], [3], [13]],
                     players=[{"hand": [7, 12], "pile": [5]}, {"hand": [2, 4], "pile": [9]}])
    t = Table(Session(binding, grammar, Match(binding.engine, state), list(NAMES)))
    says = t.hear("je pose le sept")  # columns 1 and 2 both end with a 6
    assert len(says) == 1 and t.session.pending is not None
    assert len(t.session.pending.candidates) == 2
    assert keys(t.hear("oui")) == ["help.choose", says[0].key]  # which one?
    assert keys(t.hear("la deuxième")) == ["confirm_move"]  # chosen; cannot be taken back
    t.hear("oui")
    assert column(t, 2) == (6, 7) and column(t, 1) == (6,)


# --- confirmations --------------------------------------------------------------------------


def test_a_move_that_cannot_be_taken_back_is_confirmed_first(grammar: Grammar) -> None:
    t = table(grammar)  # default settings: confirm what cannot be taken back
    before = ENGINE.dumps(t.state)
    says = t.hear("je pose le sept sur la colonne deux")
    assert keys(says) == ["confirm_move"]
    assert says[0].text == "Poser le sept sur la colonne deux, c'est bien ça ?"
    assert ENGINE.dumps(t.state) == before  # nothing done yet
    says = t.hear("oui")
    assert column(t, 2) == (6, 7) and "event.cards_placed" in keys(says)


def test_no_or_annule_cancels_and_something_new_is_handled_as_new(grammar: Grammar) -> None:
    t = table(grammar)
    before = ENGINE.dumps(t.state)
    t.hear("je pose le sept sur la colonne deux")
    assert keys(t.hear("non")) == ["cancelled"]
    t.hear("je pose le sept sur la colonne deux")
    assert keys(t.hear("annule")) == ["cancelled"]  # the question, not the previous move
    assert ENGINE.dumps(t.state) == before
    t.hear("je pose le sept sur la colonne deux")
    says = t.hear("je pose le sept et le huit sur la colonne deux")  # new move: question gone
    assert keys(says) == ["confirm_move"] and "huit" in says[0].text
    assert keys(t.hear("non")) == ["cancelled"]
    assert keys(t.hear("oui"))[0].startswith("not_understood")  # nothing is asked now
    assert ENGINE.dumps(t.state) == before


QUESTIONS_ASIDE = ("qu'est-ce que j'ai en main ?", "c'est quoi le score ?",
                   "qu'est-ce qu'il y a sur la colonne trois ?", "c'est quoi les règles ?")


def test_a_question_asked_while_a_confirmation_waits_is_answered_then_ours_asked_again(
    grammar: Grammar,
) -> None:
    for asked in QUESTIONS_ASIDE:
        t = table(grammar)
        before = ENGINE.dumps(t.state)
        question = t.hear("je pose le sept sur la colonne deux")[0]
        says = t.hear(asked)
        assert keys(says)[0].startswith(("answer.", "rules")), (asked, keys(says))
        assert says[-1].text == question.text, asked  # the confirmation is recalled
        assert ENGINE.dumps(t.state) == before  # a question changes nothing
        t.hear("oui")
        assert column(t, 2) == (6, 7), asked


def test_the_confirm_setting_always_never(grammar: Grammar) -> None:
    t = table(grammar, settings_for(NAMES, confirm="never"))
    t.hear("je pose le sept sur la colonne deux")
    assert column(t, 2) == (6, 7)  # made at once
    t = table(grammar, settings_for(NAMES, confirm="always"))
    assert keys(t.hear("je pose le sept sur la colonne deux")) == ["confirm_move"]


def test_a_fuzzy_reading_is_still_confirmed_with_never(grammar: Grammar) -> None:
    t = table(grammar, settings_for(NAMES, confirm="never"))
    says = t.hear("je pause le sept sur la colone deux")
    assert keys(says) == ["did_you_mean"]
    says = t.hear("oui")  # one question only: "oui" to the reading makes the move
    assert column(t, 2) == (6, 7)


def test_a_refused_move_is_refused_at_once_never_confirmed(grammar: Grammar) -> None:
    t = table(grammar)
    says = t.hear("je pose le sept sur la colonne trois")
    assert keys(says)[0].startswith("refusal.")


def test_computer_players_are_never_asked(grammar: Grammar) -> None:
    from ludivox.bindings.registry import computer_for

    store = settings_for(NAMES, confirm="always", scan_check="always")
    robot = computer_for("kingsbridge", CheckedBinding(list(NAMES)).engine, "expert", 1)
    t = table(grammar, store, computers={0: robot})  # seat 0 plays at once
    assert t.session.pending is None
    assert not any(s.key in ("confirm_move", "scan.please") for s in t.said)
    assert t.session.acting_seat == 1


# --- scan check -----------------------------------------------------------------------------


def test_a_spoken_move_waits_for_its_card_and_a_wrong_card_is_refused(grammar: Grammar) -> None:
    t = table(grammar, mode="table")  # real cards: the default setting asks for the scan
    before = ENGINE.dumps(t.state)
    says = t.hear("je pose le sept sur la colonne deux")
    assert keys(says) == ["scan.please"]
    assert says[0].text == ("Pour poser le sept sur la colonne deux, scanne le sept, "
                            "ou dis « sans scanner ».")
    says = t.scan("ludivox:kingsbridge/event/9")
    assert keys(says) == ["scan.mismatch"]
    assert "Tu as annoncé le sept, mais cette carte est le neuf" in says[0].text
    assert ENGINE.dumps(t.state) == before  # nothing changed; the question stays
    says = t.scan("ludivox:kingsbridge/event/7")
    assert column(t, 2) == (6, 7) and "event.cards_placed" in keys(says)


def test_several_cards_are_scanned_one_by_one_in_any_order(grammar: Grammar) -> None:
    t = table(grammar, mode="table")
    assert keys(t.hear("je pose le sept et le huit sur la colonne deux")) == ["scan.please"]
    says = t._run(t.session.handle(_tag("kingsbridge:8", "uid-8")))
    assert keys(says) == ["scan.next"] and "le sept" in says[0].text
    says = t._run(t.session.handle(_tag("kingsbridge:8", "uid-8")))
    assert keys(says) == ["scan.already"]  # the same chip twice counts once
    t._run(t.session.handle(_tag("ludivox:kingsbridge/event/7", "uid-7")))
    assert column(t, 2) == (6, 7, 8)


def _tag(payload: str, uid: str) -> Any:
    from ludivox.table.io import TagSeen

    return TagSeen(payload, uid=uid)


def test_the_scan_can_be_skipped_or_the_move_cancelled(grammar: Grammar) -> None:
    t = table(grammar, mode="table")
    before = ENGINE.dumps(t.state)
    t.hear("je pose le sept sur la colonne deux")
    assert keys(t.hear("oui")) == ["help.scan", "scan.please"]  # waiting for the card
    assert keys(t.hear("annule")) == ["cancelled"]
    assert ENGINE.dumps(t.state) == before
    t.hear("je pose le sept sur la colonne deux")
    t.hear("je n'ai pas la puce")
    assert column(t, 2) == (6, 7)


def test_the_scan_setting_table_never_always(grammar: Grammar) -> None:
    # default "table": a virtual game asks for no scan (but confirms, as set)
    t = table(grammar)
    assert keys(t.hear("je pose le sept sur la colonne deux")) == ["confirm_move"]
    t = table(grammar, settings_for(NAMES, scan_check="always", confirm="never"))
    assert keys(t.hear("je pose le sept sur la colonne deux")) == ["scan.please"]
    t = table(grammar, settings_for(NAMES, scan_check="never", confirm="never"), mode="table")
    t.hear("je pose le sept sur la colonne deux")
    assert column(t, 2) == (6, 7)


# --- voice and settings by voice ------------------------------------------------------------


def outputs(t: Table, text: str, seat: int | None = None) -> list[Any]:
    out = list(t.session.handle(Heard(text, seat=seat)))
    t.said.extend(o for o in out if isinstance(o, Say))
    return out


def test_faster_and_louder_change_the_speakers_settings_up_to_the_limits(
    grammar: Grammar,
) -> None:
    t = table(grammar)
    out = outputs(t, "plus vite")
    changed = [o for o in out if isinstance(o, SettingsChanged)]
    assert changed == [SettingsChanged(0, t.session.prefs(0))]
    assert changed[0].settings.rate_wpm == 225
    assert [o.text for o in out if isinstance(o, Say)] == [
        "Je parle plus vite : deux cent vingt-cinq mots par minute."]
    for _ in range(6):
        outputs(t, "plus vite")
    assert t.session.prefs(0).rate_wpm == 500
    out = outputs(t, "plus vite")
    assert not any(isinstance(o, SettingsChanged) for o in out)
    assert next(o.text for o in out if isinstance(o, Say)).startswith(
        "Je ne peux pas aller plus vite")
    assert t.session.prefs(1).rate_wpm == 175  # Paul's voice is his own
    for _ in range(4):
        outputs(t, "moins fort", seat=1)
    assert t.session.prefs(1).volume == 0.2
    assert keys(t.hear("moins fort", seat=1)) == ["settings.limit"]


def test_a_question_stays_asked_while_the_voice_changes(grammar: Grammar) -> None:
    t = table(grammar)
    t.hear("je pose le sept sur la colonne deux")
    t.hear("moins vite")
    assert t.session.prefs(0).rate_wpm == 125
    assert keys(t.hear("chut")) == []  # stops the speech, nothing said
    t.hear("oui")
    assert column(t, 2) == (6, 7)


def test_settings_said_by_voice_are_confirmed_and_told(grammar: Grammar) -> None:
    t = table(grammar)
    for text, key in [("ne me demande plus de confirmer", "settings.confirm"),
                      ("ne me demande plus de scanner", "settings.scan"),
                      ("mode mains libres", "settings.listen"),
                      ("j'ai un casque", "settings.headphones")]:
        out = outputs(t, text)
        assert [o.key for o in out if isinstance(o, Say)] == [key]
        assert any(isinstance(o, SettingsChanged) for o in out)
    prefs = t.session.prefs(0)
    assert (prefs.confirm, prefs.scan_check, prefs.listen, prefs.headphones) == (
        "never", "never", "hands_free", True)
    assert keys(t.hear("j'ai un casque")) == ["settings.unchanged"]
    says = t.hear("quels sont mes réglages ?")
    assert keys(says) == ["settings.summary"]
    assert says[0].text == (
        "Tes réglages, Anne : voix à cent soixante-quinze mots par minute et volume à cent "
        "pour cent ; réponses complètes ; je ne confirme pas tes coups ; je ne demande pas "
        "de scanner ; mains libres ; avec casque.")


# --- verbosity ------------------------------------------------------------------------------


def test_an_expert_hears_short_questions_on_their_own_channel(grammar: Grammar) -> None:
    t = table(grammar)
    says = t.hear("mode expert")
    assert keys(says) == ["settings.verbosity"] and "réponses complètes" in says[0].text
    says = t.hear("je pose le sept sur la colonne deux")
    assert [s.text for s in says] == ["Poser le sept sur la colonne deux ?"]
    assert [s.text for s in t.hear("non")] == ["Annulé."]
    # a refusal keeps its reason, even in short
    says = t.hear("je pose le sept sur la colonne trois")
    assert keys(says)[0].startswith("refusal.") and len(says[0].text) > 20
    # Paul is still a beginner: what he is told is in full sentences
    assert [s.text for s in t.hear("plus vite", seat=1)] == [
        "Je parle plus vite : deux cent vingt-cinq mots par minute."]
    assert [s.text for s in t.hear("plus vite")] == ["Plus vite : deux cent vingt-cinq."]
    t.hear("mode débutant")
    assert [s.text for s in t.hear("je pose le sept sur la colonne deux")] == [
        "Poser le sept sur la colonne deux, c'est bien ça ?"]


def test_a_table_line_is_short_only_when_every_human_chose_short(grammar: Grammar) -> None:
    t = table(grammar, settings_for(NAMES, verbosity="short"))
    session = t.session
    from ludivox.table.binding import Line

    welcome = Line("welcome", {"game": "Kingsbridge"})
    assert session.render(welcome) == "Kingsbridge. Dis « aide » si besoin."
    session.settings.update("Paul", verbosity="full")
    assert session.render(welcome).startswith("Bienvenue !")


# --- settings kept between games --------------------------------------------------------------


def test_settings_said_in_one_game_come_back_in_the_next(grammar: Grammar, tmp_path: Any) -> None:
    path = tmp_path / "settings.json"
    first = table(grammar, SettingsStore(path))
    first.hear("mode expert")
    first.hear("confirme tous mes coups")
    first.hear("plus vite")
    first.hear("demande-moi de scanner les cartes", seat=1)
    first.session.close()
    second = table(grammar, SettingsStore(path))
    anne, paul = second.session.prefs(0), second.session.prefs(1)
    assert (anne.verbosity, anne.confirm, anne.rate_wpm) == ("short", "always", 225)
    assert paul.scan_check == "always" and paul.verbosity == "full"
    says = second.hear("je pose le onze sur la colonne un")  # refused: no question
    assert keys(says)[0].startswith("refusal.")
    assert [s.text for s in second.hear("je pose le sept sur la colonne deux")] == [
        "Poser le sept sur la colonne deux ?"]


# --- with Kingsbridge's own hooks ---------------------------------------------------------


def test_kingsbridge_with_real_cards_asks_for_the_card_announced(grammar: Grammar) -> None:
    binding = KingsbridgeBinding(list(NAMES))
    state = position(columns=ONE_PLACE["columns"], mode="table",
                     players=[{"hand": [7, 8, 11], "pile": [5]},
                              {"hand": [2, 4], "pile": [9] + [None] * 91}])
    session = Session(binding, grammar, Match(binding.engine, state), list(NAMES))
    t = Table(session)
    t._run(session.start())
    says = t.hear("je pose le sept sur la colonne deux")  # default settings, real cards
    assert keys(says) == ["scan.please"]
    assert "Tu as annoncé le sept, mais cette carte est le huit" in t.scan(
        "ludivox:kingsbridge/event/8")[0].text
    assert column(t, 2) == (6,)
    t.scan("kingsbridge:7")
    assert column(t, 2) == (6, 7)
    # scanning first, then saying where: no second scan asked
    t2 = Table(Session(KingsbridgeBinding(list(NAMES)), grammar,
                       Match(binding.engine, state), list(NAMES)))
    t2.scan("kingsbridge:7")
    t2.hear("je le pose sur la colonne deux")
    assert column(t2, 2) == (6, 7)
