"""The natural-sentence harness (issue 16, item 5): corpus files load and are consistent, and
each outcome is classified as a player meets it, on the real game."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludivox.asrbench import natural

SEED = Path(natural.corpus_dir()) / "kingsbridge.yaml"


def test_every_corpus_file_is_consistent() -> None:
    corpora = natural.load_all()
    assert corpora
    for corpus in corpora:
        assert natural.check(corpus) == [], corpus.path


def _corpus(tmp_path: Path, cases: str) -> natural.Corpus:
    head = SEED.read_text(encoding="utf-8").split("cases:")[0]
    path = tmp_path / "kingsbridge.yaml"
    path.write_text(head + "cases:\n" + cases, encoding="utf-8")
    return natural.load(path)


def test_outcomes_as_a_player_meets_them(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path, (
        '  - {say: "je pose le sept sur la colonne trois", at: opening, expect: "place 7 on 3"}\n'
        '  - {say: "je pose le sept sur la colonne trois", at: opening, expect: "place 7 on 4"}\n'
        '  - {say: "blablabla zorglub", at: opening, expect: "place 7 on 3"}\n'
        '  - {say: "je ne pose pas le sept", at: opening, expect: none}\n'
        '  - {say: "la trois", before: ["je pose le sept"], at: opening, expect: "place 7 on 3"}\n'
    ))
    report = natural.run(corpus)
    assert [r.outcome for r in report.results] == [
        "understood", "harmful", "not_understood", "understood", "understood"]
    figures = natural.summary([report])
    assert figures["kingsbridge_harmful"] == 1.0 and figures["kingsbridge_cases"] == 5.0


def test_a_corpus_error_is_named(tmp_path: Path) -> None:
    corpus = _corpus(
        tmp_path, '  - {say: "je pose le treize", at: opening, expect: "place 13 on 1"}\n')
    problems = natural.check(corpus)
    assert len(problems) == 1 and "place 13 on 1" in problems[0]
    with pytest.raises(natural.CorpusError, match="position inconnue"):
        _corpus(tmp_path, '  - {say: "x", at: nowhere, expect: none}\n')


# Regression floors on the share understood at once, each game a little under its level
# when the last held-out batch joined (batch 8, 2026-11-23: its first-run misses came with it,
# 95.8 / 94.8 / 94.6 / 88.7 % after that stop's fixes). They guard against losing what is
# understood; the target for every game, on fresh sentences, is 97 %.
UNDERSTOOD_FLOOR = {"kingsbridge": 0.88, "seven-kingdoms": 0.86, "kingdom-builder": 0.88,
                    "monde-sans-fin": 0.82}
"""Just under each corpus's share today. Stop 31 (2026-11-25): held-out batch 10 (first run
41/65, 36/61, 37/55, 30/67) lowered them, its classes raised them again (686 of 701, 494 of
508, 492 of 519, 306 of 314); then held-out batch 11 was added and not tuned on (first run
25/51, 30/47, 24/46, 26/54). Stop 32: held-out batch 12 (first run 17/51, 20/51, 19/51,
18/51) was added, not tuned on: the whole corpus is now 727 of 803, 544 of 606, 535 of 616,
350 of 419. Stop 33: held-out batch 13 (first run 11/50, 31/50, 28/50, 12/50) was added,
which lowered the floors of Kingsbridge and Un monde sans fin; after that stop's classes the
whole corpus is 761 of 853, 586 of 656, 583 of 666, 375 of 469. Stop 34: held-out batch 14
(first run 19/50, 24/50, 23/50, 18/50) lowered all four; after that stop's classes the whole
corpus is 781 of 903, 613 of 706, 610 of 716, 394 of 519. Stop 35: held-out batch 15 (first
run 27/50, 26/50, 27/50, 26/50) lowered all four; after that stop's classes the whole corpus is
811 of 953, 642 of 756, 650 of 766, 420 of 569. Stop 36: held-out batch 16 (first run 24/50,
27/50, 24/50, 27/50) lowered all four; the whole corpus is 836 of 1003, 669 of 806, 674 of 816,
449 of 619. Stop 37: batch 16's classes (handovers, remarks, 7 Kingdoms takes said around,
Un monde sans fin cards said in words): 847 of 1003, 681 of 806, 675 of 816, 470 of 619. Stop
38: held-out batch 17 (first run 27/50, 31/50, 31/50, 33/50) and its classes: 918 of 1053, 734
of 856, 748 of 866, 525 of 669. Stop 39: held-out batch 18 (first run 35/50, 31/50, 33/50,
36/50) and its classes: 979 of 1103, 782 of 906, 802 of 916, 576 of 719. Stop 40: held-out
batch 19 (first run 29/50, 25/50, 33/50, 30/50) and its classes: 1029 of 1153, 829 of 956, 853
of 966, 628 of 769. Stop 41: held-out batch 20 (first run 33/50, 31/50, 32/50, 31/50) and
its classes: 1075 of 1203, 876 of 1006, 908 of 1016, 676 of 819. Stop 42: held-out batch 21
(first run 26/50, 22/50, 24/50, 26/50; after its classes 43, 38, 45, 43) lowered 7 Kingdoms'
share: 1126 of 1253, 916 of 1056, 954 of 1066, 720 of 869. Stop 43: held-out batch 22 (first
run 31/50, 24/50, 29/50, 23/50) and its classes: 1174 of 1303, 963 of 1106, 1003 of 1116, 764
of 919. Stop 44: held-out batch 23 (first run 29/50, 29/50, 33/50, 28/50) and its classes:
1221 of 1353, 1002 of 1156, 1051 of 1166, 806 of 969. Stop 58: held-out batch 33 (40 a game,
first run 18/40, 21/40, 23/40, 15/40) left every share just above its floor (Kingsbridge 1,624
of 1,823 after its classes). Stop 59: held-out batch 34 (40 a game, first run 24/40, 26/40,
23/40, 21/40) lowered Kingsbridge under 0.89 (1,650 of 1,863 before that stop's classes, 1,655
after: 0.888), so its floor is 0.88 until the next classes raise it. Stop 60: held-out batch
35 (40 a game, first run 25/40, 30/40, 21/40, 20/40) lowered Kingdom Builder under 0.89 (1,514
of 1,716 before that stop's classes, 1,518 after: 0.885), so its floor is 0.88 too. A new
held-out batch may lower one for a while: say so here, and raise it again as its classes are
fixed."""
NO_RETRY_FLOOR = {"kingsbridge": 0.92, "seven-kingdoms": 0.90, "kingdom-builder": 0.91,
                  "monde-sans-fin": 0.87}
"""Understood at once, or asked « Tu veux dire … ? » and right after « oui » (one word, no
sentence said again: the last-resort guess, ``grammars/guess.py``): just under each corpus's
share at stop 44 (7 Kingdoms lowered to 0.90 at stop 49 by held-out batch 28, first run 27 of
50 understood, 5 asked then right: the whole corpus then about 1,280 of 1,406, 0.910;
Kingdom Builder lowered to 0.91 at stop 50 by held-out batch 29, first run 35 of 50 understood,
3 asked then right: the whole corpus then 1,348 of 1,466, 0.9195)
(1261 of 1353, 1058 of 1156, 1088 of 1166, 857 of 969); at stop 42
(1162 of 1253, 967 of 1056, 990 of 1066, 762 of 869: 7 Kingdoms lowered by
held-out batch 21); at stop 41 (1111 of 1203, 926 of 1006, 944 of 1016, 715 of 819; stop 40: 1064 of
1153, 880 of 956, 889 of 966, 665 of 769; stop 38: 955 of 1053,
786 of 856, 783 of 866, 564 of 669; stop 37: 889 of 1003, 734 of 806, 714 of 816, 508 of 619;
stop 36: 879, 721, 713, 486; at stop 35, without batch 16: 851 of 953, 688 of 756, 684 of 766,
457 of 569)."""


def test_no_natural_sentence_of_any_game_is_carried_out_as_another_move() -> None:
    """Every corpus, played on its real game: nothing harmful, and a regression guard on
    what is understood at once (the figures themselves are in ``make bench``)."""
    for corpus in natural.load_all():
        report = natural.run(corpus)
        harmful = [r.case.say for r in report.results if r.outcome == "harmful"]
        assert harmful == [], corpus.game
        floor = UNDERSTOOD_FLOOR[corpus.game]
        assert report.share("understood") >= floor, (corpus.game, report.counts())
        no_retry = report.share("understood") + report.share("asked_right")
        assert no_retry >= NO_RETRY_FLOOR[corpus.game], (corpus.game, report.counts())
