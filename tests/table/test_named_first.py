"""A player's name said first ("Paul pose le sept sur la trois") is who acts or who is spoken
to: on another player's turn, the rest is never carried out for the player whose turn it is
(at most it is asked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludivox.asrbench import natural

SEED = Path(natural.corpus_dir()) / "kingsbridge.yaml"
NUMBERS = ("un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
           "douze", "treize")


@pytest.mark.slow
def test_a_move_said_after_another_players_name_is_never_made_for_the_speaker(
    tmp_path: Path,
) -> None:
    # the corpus position "opening": Anne's turn, Paul the other player
    head = SEED.read_text(encoding="utf-8").split("cases:")[0]
    cases = [
        f'  - {{say: "Paul {verb} le {NUMBERS[value]} sur la colonne {NUMBERS[column]}", '
        f'at: opening, expect: none}}\n'
        for verb in ("pose", "met") for value in range(13) for column in range(6)
    ]
    path = tmp_path / "kingsbridge.yaml"
    path.write_text(head + "cases:\n" + "".join(cases), encoding="utf-8")
    report = natural.run(natural.load(path))
    assert len(report.results) == 156
    made = [r.case.say for r in report.results if r.outcome == "harmful"]
    assert made == []
