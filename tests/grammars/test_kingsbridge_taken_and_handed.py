"""Batch 20's other Kingsbridge classes, read by the grammar over every value: cards of a
column taken then put (« prends le sept et le huit de la dernière colonne et colle-les après
le six de la troisième »), the turn handed to a player named (« tu passes à Paul »), a
character brought into play (« je voudrais qu'Aldred entre en jeu »), the Évêque's card
said alone (« enlever le douze tout seul de la six ») and cards exchanged « de ma main »."""

from __future__ import annotations

from grammar_helpers import grammar


def _w(n: int) -> str:
    """A number as the grammar's language spells it."""
    return grammar("kingsbridge", "fr").language.numbers.cardinal(n)

CHARACTERS = ("Aldred", "Edgar", "Ragna", "Wynstan", "Den", "Gytha")


def _best(text: str) -> tuple[str, dict[str, object]]:
    found = grammar("kingsbridge", "fr").understand(text)
    assert found and found[0].cost == 0, (text, found[:1])  # as said, not a near reading
    return found[0].name, dict(found[0].slots)


def test_cards_taken_from_a_column_then_put() -> None:
    for card in range(1, 12):
        for source in range(1, 7):
            target = source % 6 + 1
            for verb in ("colle-les", "mets-les", "glisse-les"):
                text = (f"prends le {_w(card)} et le {_w(card + 1)} de la colonne {_w(source)} "
                        f"et {verb} sur la colonne {_w(target)}")
                name, slots = _best(text)
                assert name == "move", text
                assert slots["run"] == (f"card:{card}", f"card:{card + 1}"), text
                assert (slots["source"], slots["target"]) == (
                    f"column:{source}", f"column:{target}"), text


def test_the_turn_handed_to_a_player_named() -> None:
    for said in ("tu passes à joueur", "je passe à joueur", "passe au tour de joueur"):
        assert _best(said)[0] == "end_turn", said


def test_a_character_brought_into_play() -> None:
    for name in CHARACTERS:
        for text in (f"je voudrais qu'{name} entre en jeu" if name[0] in "AEI"
                     else f"je voudrais que {name} entre en jeu",
                     f"{name} entre en jeu", f"je fais entrer {name} en jeu"):
            found, slots = _best(text)
            assert found == "use_character", text
            assert slots["character"] == f"character:{name.lower()}", text


def test_the_bishop_removes_a_card_said_alone() -> None:
    for card in range(1, 14):
        for column in range(1, 7):
            text = (f"j'utilise Wynstan pour enlever le {_w(card)} tout seul de la colonne "
                    f"{_w(column)}")
            name, slots = _best(text)
            assert name == "use_character", text
            assert slots["cards"] == (f"card:{card}",) and slots["column"] == f"column:{column}"


def test_cards_exchanged_from_my_hand() -> None:
    for a in range(1, 13):
        text = f"j'échange le {_w(a)} et le {_w(a + 1)} de ma main"
        name, slots = _best(text)
        assert name == "exchange", text
        assert slots["cards"] == (f"card:{a}", f"card:{a + 1}"), text
