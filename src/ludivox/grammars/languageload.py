"""Filling a :class:`~ludivox.grammars.language.Language` from its ``language.yaml`` data.

Each list of the file becomes the tuple of phrases or the set of word keys the normaliser and
the passes read; phrases tried in order are kept longest first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludivox.grammars import homophones
from ludivox.grammars.advice import AdviceQuestions
from ludivox.grammars.clefts import Clefts
from ludivox.grammars.conditions import MoveConditions
from ludivox.grammars.courtesy import Courtesy
from ludivox.grammars.names import name_phrases
from ludivox.grammars.repeat_parts import RepeatParts
from ludivox.grammars.tokens import Token, fold
from ludivox.grammars.yamlfile import fail

if TYPE_CHECKING:
    from ludivox.grammars.language import Language


def longest_first(phrases: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """``phrases`` longest first, so that a longer phrase is tried before its own start."""
    return tuple(sorted(phrases, key=len, reverse=True))


def fill(lang: Language, data: Mapping[str, Any], path: Path) -> None:
    """Read every list of ``data`` into ``lang`` (``path`` is used in error messages)."""
    words = lang.numbers
    nums = data.get("numbers") or {}
    lang.fillers = lang._phrases(data.get("fillers"))
    lang.leading_fillers = lang._phrases(data.get("leading_fillers"))
    lang.trailing_fillers = longest_first(lang._phrases(data.get("trailing_fillers")))
    lang.closing_verbs = lang._keys(data.get("closing_verbs"))
    lang.affirming_endings = lang._keys(data.get("affirming_endings"))
    lang.kept_openings = lang._phrases(data.get("kept_openings"))
    lang.discourse_words = lang._keys(data.get("discourse_words"))
    lang.discourse_phrases = lang._phrases(data.get("discourse_words"))
    lang.lone_discourse_words = frozenset(p[0] for p in lang.discourse_phrases if len(p) == 1)
    lang.clause_starts = lang._phrases(data.get("clause_starts"))
    lang.negation_words = lang._keys(data.get("negations"))
    lang.subjects = {
        fold(str(k)): str(v) for k, v in (data.get("subjects") or {}).items()
    }
    lang.topic_questions = lang._keys(data.get("topic_questions"))
    lang.asking = lang._phrases(data.get("topic_questions"))
    lang.relatives = lang._keys(data.get("topic_relatives"))
    lang.not_asking = lang._phrases(data.get("topic_not_questions"))
    lang.tone_questions = lang._phrases(data.get("tone_questions"))
    lang.tone_copulas = lang._keys(data.get("tone_copulas"))
    lang.relation_words = lang._keys(data.get("relation_words"))
    lang.without_words = lang._phrases(data.get("without_words"))
    lang.only_words = lang._phrases(data.get("only_words"))
    lang.topic_pronouns = lang._keys(data.get("topic_pronouns"))
    lang.topic_complements = lang._keys(data.get("topic_complements"))
    lang.topic_no_heads = lang._keys(data.get("topic_no_heads"))
    lang.topic_verbs = lang._keys(data.get("topic_verbs"))
    dislocation = data.get("dislocation") or {}
    lang.dislocation_subjects = lang._keys(dislocation.get("subjects"))
    lang.dislocation_pronouns = lang._keys(dislocation.get("pronouns"))
    lang.dislocation_auxiliaries = lang._keys(dislocation.get("auxiliaries"))
    lang.dislocation_determiners = lang._keys(dislocation.get("determiners"))
    lang.quantity_pronouns = lang._keys(dislocation.get("quantity_pronouns"))
    lang.partitives = lang._keys(dislocation.get("partitives"))
    lang.place_pronoun_preposition = str(dislocation.get("place_preposition") or "")
    lang.cleft_openers = lang._phrases(dislocation.get("cleft_openers"))
    lang.cleft_joints = lang._keys(dislocation.get("cleft_joints"))
    lang.cleft_meant = lang._phrases(dislocation.get("cleft_meant"))
    lang.refused_openers = longest_first(lang._phrases(dislocation.get("refused_openers")))
    lang.contrast_joints = longest_first(lang._phrases(dislocation.get("contrast_joints")))
    lang.corrections = longest_first(lang._phrases(data.get("corrections")))
    reasons = data.get("correction_reasons") or {}
    lang.reason_openers = longest_first(lang._phrases(reasons.get("openers")))
    lang.reason_closers = longest_first(lang._phrases(reasons.get("closers")))
    lang.correcting_words = frozenset(p[0] for p in lang.corrections if len(p) == 1)
    lang.hesitations = lang._keys(data.get("hesitations"))
    lang.hesitation_phrases = longest_first(lang._phrases(data.get("hesitation_phrases")))
    lang.prepositions = lang._keys(data.get("prepositions"))
    lang.genders = {word: str(gender) for gender, words in (data.get("genders") or {}).items()
                    for word in lang._keys(words)}
    lang.cheap_words = lang._keys(data.get("cheap_words"))
    lang.sequence_words = lang._phrases(data.get("sequence_words"))
    lang.means_openings = longest_first(lang._phrases(data.get("means_openings")))
    weighing = data.get("weighing") or {}
    lang.alternatives = lang._keys(weighing.get("alternatives"))
    lang.decisions = longest_first(lang._phrases(weighing.get("decisions")))
    chains = data.get("time_chains") or {}
    lang.chain_openers = lang._phrases(chains.get("openers"))
    lang.chain_steps = {fold(str(k)): str(v) for k, v in (chains.get("steps") or {}).items()}
    lang.naming = name_phrases(data.get("naming"))
    lang.modals = longest_first(lang._phrases(data.get("modals")))
    lang.loose_openings = longest_first(lang._phrases(data.get("loose_openings")))
    lang.handover_openings = longest_first(lang._phrases(data.get("handover_openings")))
    lang.handover_remarks = longest_first(lang._phrases(data.get("handover_remarks")))
    lang.loose_endings = longest_first(lang._phrases(data.get("loose_endings")))
    asked = [a + t for a in lang._phrases(data.get("question_asking"))
             for t in lang._phrases(data.get("question_telling"))]
    lang.question_frames = longest_first(
        (*lang._phrases(data.get("question_frames")), *asked))
    lang.question_clauses = lang._phrases(data.get("question_clauses"))
    lang.choice_markers = lang._phrases(data.get("choice_markers"))
    lang.reason_markers = (*lang._phrases(data.get("reason_markers")), *lang.choice_markers)
    lang.question_frame_ends = longest_first(lang._phrases(data.get("question_frame_ends")))
    lang.other_sides = longest_first(lang._phrases(data.get("other_sides")))
    lang.infinitive_endings = tuple(str(e) for e in data.get("infinitive_endings") or ())
    pairs = data.get("infinitive_presents") or ()
    if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        raise fail("'infinitive_presents' entries are pairs [ending said, ending meant]",
                   pairs, path)
    lang.infinitive_presents = tuple((fold(str(a)), fold(str(b))) for a, b in pairs)
    lang.modal_subject = str(data.get("modal_subject") or "")
    lang.move_questions = longest_first(lang._phrases(data.get("move_questions")))
    lang.move_question_as = str(data.get("move_question_as") or "")
    lang.move_conditions = MoveConditions.load(lang, data.get("move_conditions"))
    lang.advice_questions = AdviceQuestions.load(lang, data.get("advice_questions"))
    lang.clefts = Clefts.load(lang, data.get("clefts"))
    lang.repeat_parts = RepeatParts.load(lang, data.get("repeat_parts"))
    lang.homophones = homophones.load(lang, data.get("homophones"))
    lang.courtesy = Courtesy.load(lang, data.get("courtesy"),
                                  lang._phrases(data.get("question_telling")))
    lang.player_word = str(data.get("player_word") or "")
    lang.past_auxiliaries = lang._phrases(data.get("past_auxiliaries"))
    lang.past_endings = tuple(str(e) for e in data.get("past_endings") or ())
    lang.done_openers = longest_first(lang._phrases(data.get("done_openers")))
    lang.hypothetical_endings = tuple(str(e) for e in data.get("hypothetical_endings") or ())
    lang.supposing_words = longest_first(lang._phrases(data.get("supposing_words")))
    lang.in_situ_questions = lang._keys(data.get("in_situ_questions"))
    lang.in_situ_partitives = lang._keys(data.get("in_situ_partitives"))
    lang.future_endings = {
        fold(str(k)): str(v) for k, v in (data.get("future_endings") or {}).items()
    }
    lang.conditional_endings = {
        fold(str(k)): str(v) for k, v in (data.get("conditional_endings") or {}).items()
    }
    lang.person_endings = {}
    for subject, pairs in (data.get("person_endings") or {}).items():
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs or ()):
            raise fail("'person_endings' entries are pairs [ending said, ending meant]",
                       pairs, path)
        lang.person_endings[fold(str(subject))] = tuple(
            (fold(str(said)), fold(str(meant))) for said, meant in pairs)
    lang.verb_clitics = lang._keys(data.get("verb_clitics"))
    lang.remark_openers = longest_first(lang._phrases(data.get("remark_openers")))
    lang.thinking_markers = longest_first(lang._phrases(data.get("thinking_markers")))
    lang.weighing_words = longest_first(lang._phrases(data.get("weighing_words")))
    lang.self_agreements = longest_first(lang._phrases(data.get("self_agreements")))
    lang.intention_words = lang._keys(data.get("intention_words"))
    lang.place_adverbs = lang._keys(data.get("place_adverbs"))
    lang.remark_words = lang._keys(data.get("remark_words"))
    lang.listener_words = lang._keys(data.get("listener_words"))
    lang.compound_auxiliaries = lang._keys(data.get("compound_auxiliaries"))
    lang.group_pronouns = lang._keys(data.get("group_pronouns"))
    lang.listener_possessives = lang._keys(data.get("listener_possessives"))
    lang.speaker_possessives = lang._keys(data.get("speaker_possessives"))
    lang.moving_verbs = lang._keys(data.get("moving_verbs"))
    lang.named_subject = str(data.get("named_subject") or "")
    lang.person_possessives = {
        fold(str(subject)): {fold(str(k)): fold(str(v)) for k, v in (pairs or {}).items()}
        for subject, pairs in (data.get("person_possessives") or {}).items()
    }
    lang.benefactive_pronouns = lang._keys(data.get("benefactive_pronouns"))
    lang.receiver_verbs = lang._keys(data.get("receiver_verbs"))
    rules = []
    for item in data.get("sounds") or ():
        if not isinstance(item, list) or len(item) != 2:
            raise fail("'sounds' entries are pairs [pattern, replacement]", item, path)
        try:
            rules.append((re.compile(str(item[0])), str(item[1])))
        except re.error as exc:
            raise fail(f"'sounds': bad pattern {item[0]!r}: {exc}", item, path) from exc
    lang.sound_rules = tuple(rules)
    for group in data.get("topic_synonyms") or ():
        keys = tuple(t.key for word in group for t in lang.words(str(word)))
        sounds = tuple(lang.sounds(k) for k in keys)
        lang.topic_synonyms.update((said, sounds) for said in sounds)
        lang.synonym_groups += (keys,)
    lang.naming_answers = name_phrases(data.get("naming_answers"))
    lang.naming_endings = lang._phrases(data.get("naming_endings"))
    lang.address_phrases = name_phrases(data.get("address_phrases"))
    lang.speaker_openers = lang._keys(data.get("speaker_openers"))
    lang.rewrites = lang._pairs([*(data.get("rewrites") or ()), *rewrite_sets(
        data.get("rewrite_sets"), path)], "rewrites", path)
    # each way of asking the assistant to tell, as the telling itself ("pourriez-vous me
    # dire", "auriez-vous l'obligeance de me dire": "dis-moi"), unless written out
    told = [[f"{asking} {telling}", str(meant)]
            for telling, meant in (data.get("question_telling_as") or {}).items()
            for asking in data.get("question_asking") or ()]
    written = {said for said, _ in lang.rewrites}
    telling = lang._pairs(told, "question_telling_as", path)
    # ... and what the telling itself is said as then ("pourriez-vous me dire combien" is
    # "combien", as "dis-moi combien" is)
    telling += tuple((said + other[len(meant):], then) for said, meant in telling
                     for other, then in lang.rewrites
                     if other[:len(meant)] == meant and len(other) > len(meant))
    made = list({said: (said, meant) for said, meant in telling
                 if said not in written}.values())
    lang.rewrites = tuple(sorted((*lang.rewrites, *made), key=lambda p: len(p[0]),
                                 reverse=True))
    lang.ranges = lang._pairs(data.get("ranges"), "ranges", path)
    lang.indirect_questions = lang._pairs(data.get("indirect_questions"), "indirect_questions",
                                          path)
    for said, meant in lang.rewrites:  # by first word, longest first
        lang._rewrites_from.setdefault(said[0] if said else "", []).append((said, meant))
    # a frame is looked for in what was said once rewritten ("tu peux me dire" is "dis-moi")
    lang.question_frames = longest_first(tuple(dict.fromkeys(
        (*lang.question_frames, *(tuple(t.key for t in lang._rewritten(
            [Token(k, k) for k in frame])) for frame in lang.question_frames)))))
    lang.plural_determiners = lang._keys(data.get("plural_determiners"))
    lang.count_possessives = lang._keys(data.get("count_possessives"))
    lang.articles = lang._keys(data.get("articles"))
    lang.count_markers = lang._phrases(data.get("count_markers"))
    lang.count_openers = lang._keys(data.get("count_openers"))
    lang.follow_words = lang._phrases(data.get("follow_words"))
    lang.ranks = {str(k): lang._keys(v) for k, v in (data.get("ranks") or {}).items()}
    lang.ellipsis_words = lang._keys(data.get("ellipsis_words"))
    lang.place_pronouns = lang._keys(data.get("place_pronouns"))
    lang.number_words = lang._keys(data.get("number_words"))
    lang.number_words_kept = lang._keys(data.get("number_words_kept_after"))
    lang.before_consonant = {
        fold(str(k)): str(v) for k, v in (data.get("before_consonant") or {}).items()
    }
    groups = []
    for group in data.get("equivalents") or ():
        if not isinstance(group, list) or len(group) < 2:
            raise fail("'equivalents' entries are lists of two words or more", group, path)
        groups.append(lang._keys(group))
    meanings = []
    for group in data.get("meanings") or ():
        if not isinstance(group, list) or not group:
            raise fail("'meanings' entries are lists of words", group, path)
        meanings.append(lang._keys(group))
    lang.meaning_words = frozenset().union(*meanings)
    for group in data.get("meanings") or ():  # a verb's forms: its first one, as "je" says
        forms = [fold(str(w)) for w in group]
        if any(k.endswith(lang.infinitive_endings) for k in forms):
            lang.first_forms.update((k, str(group[0])) for k in forms)
    lang.equivalents = tuple(groups) + tuple(m for m in meanings if len(m) > 1)
    lists = data.get("lists") or {}
    lang.list_and = str(lists.get("and", "and"))
    lang.list_or = str(lists.get("or", "or"))
    lang.list_separator = str(lists.get("separator", ", "))
    quotes = lists.get("quotes") or ['"', '"']
    lang.quote_open, lang.quote_close = str(quotes[0]), str(quotes[1])
    lang.singular = frozenset(int(n) for n in nums.get("singular", [1]))
    lang.elisions = {str(k): str(v) for k, v in (data.get("elisions") or {}).items()}
    upto = int(nums.get("recognise_upto", 100))
    for spelled, value in words.lexicon(upto).items():
        keys = tuple(t.key for t in lang.words(spelled))
        if len(keys) == 1:
            lang.number_lexicon.setdefault(keys[0], value)
        elif keys:
            lang.compounds.setdefault(keys, value)
    lang._max_filler = max((len(f) for f in lang.fillers), default=0)
    lang.max_compound = max((len(c) for c in lang.compounds), default=0)


def rewrite_sets(groups: Any, path: Path) -> list[list[str]]:
    """The rewrites a ``rewrite_sets`` entry stands for: each of its ``leads`` said with each
    of its ``ends`` is its ``as`` ("on en est où" + "au score": "les scores")."""
    pairs = []
    for group in groups or ():
        if not isinstance(group, dict) or not {"leads", "ends", "as"} <= set(group):
            raise fail("'rewrite_sets' entries have 'leads', 'ends' and 'as'", group, path)
        pairs += [[f"{lead} {end}", str(group["as"])]
                  for lead in group["leads"] for end in group["ends"]]
    return pairs
