"""How players frame a move (batch 24 of the natural corpus): an obligation said first
(« il faut que je mette … », the subjunctive), « nous » and « on » for the speaker
(« nous vendons nos laines », « on construit … »), a word cut off and begun again (« je po-
je pose … »), a remark on the hand before the move (« j'ai que des petits en main, je pose
… »), a reason after it (« … sinon je suis bloqué »), a decision frame (« bon ben je vais y
aller avec … ») and a what-if question read as the move question. Properties over every
exact test sentence of every game that starts with « je » and one of the verbs below."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, understood

from ludivox.grammars.tokens import fold
from ludivox.table.move_question import as_move

# the speaker's present -> (subjunctive, "nous", "on"), as people say them
FORMS = {
    "pose": ("pose", "posons", "pose"), "mets": ("mette", "mettons", "met"),
    "joue": ("joue", "jouons", "joue"), "prends": ("prenne", "prenons", "prend"),
    "construis": ("construise", "construisons", "construit"),
    "vends": ("vende", "vendons", "vend"), "fais": ("fasse", "faisons", "fait"),
    "bâtis": ("bâtisse", "bâtissons", "bâtit"), "place": ("place", "plaçons", "place"),
    "déplace": ("déplace", "déplaçons", "déplace"), "garde": ("garde", "gardons", "garde"),
    "échange": ("échange", "échangeons", "échange"), "finis": ("finisse", "finissons", "finit"),
}
OBLIGATIONS = ("il faut que je", "faut que je", "il faudrait que je", "il va falloir que je")
REMARKS = ("j'ai que des petits en main", "il me reste trois cartes", "y'a que ça",
           "il me reste que des gros")
# what was done, as a remark: "j'ai posé le sept"
DONE = {"pose": "posé", "mets": "mis", "joue": "joué", "prends": "pris",
        "construis": "construit", "place": "placé", "déplace": "déplacé", "garde": "gardé",
        "échange": "échangé", "bâtis": "bâti", "vends": "vendu", "fais": "fait",
        "finis": "fini"}
REASONS = ("sinon je suis bloqué", "pour avoir la majorité", "j'ai rien qui va",
           "parce que j'ai pas le choix",
           # batch 25: the card of no use, the move said plainly
           "il me sert à rien", "tout simplement")
DECISIONS = ("bon ben je vais y aller avec", "je me lance", "bon bah je me lance",
             # batch 25: the move done on the table, then said
             "c'est fait", "ça y est")


def _reading(game: str, text: str, intents: frozenset[str] | None
             ) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in understood(game, text, intents)[:1]]


def _moves(game: str) -> list[tuple[str, str, str, frozenset[str] | None, object]]:
    """(verb, the rest, the intent, the intents, the reading) of each exact move sentence
    « je <verb> <rest> » whose reading names a value."""
    out = []
    for case in exact_cases(game):
        words = case.text.split()
        if len(words) < 3 or words[0] != "je" or words[1] not in FORMS:
            continue
        meant = _reading(game, case.text, case.intents)
        if meant and meant[0][1] and meant[0][0] not in ("yes", "no"):
            out.append((words[1], " ".join(words[2:]), case.intent or "", case.intents, meant))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_an_obligation_said_first_is_the_move(game: str) -> None:
    """« il faut que je mette le sept sur la trois » is « je mets le sept sur la trois »."""
    said = Rotation(OBLIGATIONS)
    seen: set[str] = set()
    for verb, rest, intent, intents, meant in _moves(game):
        (frame,) = said(intent)
        text = f"{frame} {FORMS[verb][0]} {rest}"
        assert _reading(game, text, intents) == meant, text
        seen.add(frame)
    assert not said.missed(seen)


@pytest.mark.parametrize("game", GAMES)
def test_nous_and_on_are_the_speaker(game: str) -> None:
    """« nous vendons nos deux laines », « on construit en un deux »: the speaker's move, for
    every verb of the game's meaning lists (« fait » is also « c'est fait »: a word the
    grammar knows that is no verb of the lists is never changed, so « on fait … » is not)."""
    lang = grammar(game).language
    checked = 0
    for verb, rest, _, intents, meant in _moves(game):
        if fold(verb) not in lang.meaning_words:
            continue
        for subject, form in (("nous", FORMS[verb][1]), ("on", FORMS[verb][2])):
            text = f"{subject} {form} {rest}"
            assert _reading(game, text, intents) == meant, text
            checked += 1
    assert checked >= 6, checked


@pytest.mark.parametrize("game", GAMES)
def test_a_verb_cut_off_and_begun_again_is_the_verb(game: str) -> None:
    """« je po- je pose le sept … », also as a speech model writes it without the hyphen: a
    start of the verb the grammar does not know as a word."""
    known = {fold(w) for w in grammar(game).vocabulary()}
    checked = 0
    for verb, rest, _, intents, meant in _moves(game):
        start = next((verb[:n] for n in range(2, len(verb)) if fold(verb[:n]) not in known),
                     None)
        for cut in (f"{start}-", start) if start else ():
            text = f"je {cut} je {verb} {rest}"
            assert _reading(game, text, intents) == meant, text
            checked += 1
    assert checked >= 4, checked


@pytest.mark.parametrize("game", GAMES)
def test_a_remark_before_or_a_reason_after_changes_nothing(game: str) -> None:
    """« j'ai que des petits en main je pose … », « je pose … sinon je suis bloqué »."""
    remark, reason, decision = Rotation(REMARKS), Rotation(REASONS), Rotation(DECISIONS)
    seen: set[str] = set()
    for verb, rest, intent, intents, meant in _moves(game):
        (before,), (after,), (frame,) = remark(intent), reason(intent), decision(intent)
        for text in (f"{before} je {verb} {rest}", f"je {verb} {rest} {after}",
                     f"{frame} je {verb} {rest}"):
            assert _reading(game, text, intents) == meant, text
        seen |= {before, after, frame}
    assert not remark.missed(seen) and not reason.missed(seen) and not decision.missed(seen)


@pytest.mark.parametrize("game", GAMES)
def test_a_remark_that_says_a_move_or_a_negation_is_never_dropped(game: str) -> None:
    """« j'ai posé le sept je pose le huit » says two moves and « j'ai pas le choix je ne pose
    pas … » denies one: neither is read as the last move alone."""
    lang = grammar(game).language
    checked = 0
    for verb, rest, _, intents, meant in _moves(game)[:20]:
        texts = [f"j'ai pas le choix je {verb} pas {rest}"]
        if fold(DONE[verb]) in lang.first_forms:
            texts.append(f"j'ai {DONE[verb]} le sept je {verb} {rest}")
        for text in texts:
            found = understood(game, text, intents)
            assert not found or found[0].cost > 0 or _reading(game, text, intents) != meant, \
                text
            checked += 1
    assert checked >= 2, checked


@pytest.mark.parametrize("game", GAMES)
def test_what_would_happen_is_asked_about_the_move(game: str) -> None:
    """« qu'est-ce qui se passe si je pose le sept sur la trois ? » and « si je pose …, ça
    me rapporte quoi ? » ask about that move, as « est-ce que je peux … » does: never made."""
    lang = grammar(game).language
    checked = 0
    for verb, rest, _, intents, meant in _moves(game):
        for text in (f"qu'est-ce qui se passe si je {verb} {rest}",
                     f"si je {verb} {rest} ça me rapporte quoi"):
            move = as_move(lang, text)
            assert move is not None and _reading(game, move, intents) == meant, text
            checked += 1
    assert checked >= 2, checked
