"""Word error rate, command accuracy, false acceptances and percentiles on hand cases."""

from __future__ import annotations

import pytest

from ludivox.asrbench.metrics import Outcome, figures, normalize_words, percentile, wer

REF = "je pose le sept sur la colonne trois"  # 8 words


def test_perfect_transcript_has_no_error() -> None:
    assert wer(REF, "je pose le sept sur la colonne trois") == 0.0


def test_one_wrong_card_is_one_substitution() -> None:
    assert wer(REF, "je pose le six sur la colonne trois") == pytest.approx(1 / 8)


def test_a_dropped_word_and_an_added_filler() -> None:
    assert wer(REF, "je pose le sept sur la trois") == pytest.approx(1 / 8)
    assert wer(REF, "euh je pose le sept sur la colonne trois") == pytest.approx(1 / 8)


def test_nothing_heard_is_every_word_missed() -> None:
    assert wer(REF, "") == 1.0
    assert wer(REF, "[unk]") == 1.0  # one substitution, seven deletions


def test_punctuation_case_and_hyphens_do_not_count() -> None:
    assert normalize_words("Qu'y a-t-il sur la colonne deux ?") == [
        "qu'y", "a", "t", "il", "sur", "la", "colonne", "deux"]
    assert wer("Qu'y a-t-il sur la colonne deux ?", "qu'y a t il sur la colonne deux") == 0.0
    assert wer("J’échange le deux", "j'échange le deux") == 0.0


def test_the_figures_of_a_small_run() -> None:
    outcomes = [
        Outcome(True, True, True, REF, REF, 0.8),
        Outcome(True, False, False, REF, "je pose le six sur la colonne trois", 0.9),
        Outcome(True, True, True, "je passe", "je passe", 1.0),
        Outcome(False, True, False, "tu veux un café", "", None),
        Outcome(False, False, True, "c'est à qui de distribuer", "c'est à qui", 0.7),
    ]
    got = figures(outcomes)
    assert got.commands == 3 and got.chatter == 2
    assert got.command_accuracy == pytest.approx(2 / 3)
    assert got.false_acceptance == pytest.approx(1 / 2)
    # pooled: 1 substitution + 4 missed + 2 missed words over 8+8+2+4+5 reference words
    assert got.wer == pytest.approx((1 + 4 + 2) / 27)
    assert got.latency_p50_ms == pytest.approx(850.0)


def test_percentiles_interpolate() -> None:
    assert percentile([], 50) is None
    assert percentile([3.0], 95) == 3.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == pytest.approx(2.5)
    assert percentile(list(range(1, 101)), 95) == pytest.approx(95.05)
