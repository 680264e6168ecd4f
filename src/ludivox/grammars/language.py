"""Per-language settings (``common/<lang>/language.yaml``) and text normalisation.

The code is language-neutral; everything French lives in the data file: filler words,
cheap words (articles) and interchangeable words for the fuzzy cost model, list
conjunctions for responses, number-word extras.

Normalisation (the same for templates and for what was heard): lowercase, typographic
apostrophes unified, punctuation dropped, hyphens as spaces ("dix-sept", "a-t-il"),
elisions split after the apostrophe ("j'ai" -> "j'" "ai"). For input only: fillers removed
("euh", "s'il te plaît" anywhere; "bon", "alors" first; "merci" last, unless nothing else
was said) and multi-word numbers merged into digits ("dix sept" -> "17", so it can never be
read as a 10 and a 7). Matching compares keys with accents folded, so typed
input without accents still matches.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludivox.digits import small_int
from ludivox.grammars import valuepasses as passes
from ludivox.grammars.advice import AdviceQuestions
from ludivox.grammars.clefts import Clefts
from ludivox.grammars.conditions import MoveConditions
from ludivox.grammars.courtesy import Courtesy
from ludivox.grammars.edges import at_edge, without_edges
from ludivox.grammars.languageload import fill
from ludivox.grammars.meant import meant_after_correction
from ludivox.grammars.memo import remembered
from ludivox.grammars.numbers import NumberWords
from ludivox.grammars.repeat_parts import RepeatParts
from ludivox.grammars.said_values import says_another_move
from ludivox.grammars.timechains import chained
from ludivox.grammars.tokens import Token, ending_with, fold, phrase_at, starting_with
from ludivox.grammars.yamlfile import fail, load_yaml

_APOSTROPHES = str.maketrans({c: "'" for c in "’‘ʼ`´′"})
_DASHES = re.compile(r"[-‐‑‒–—―_]")
_NOT_WORD = re.compile(r"[^\w']+")
_WORD = re.compile(r"\w+'?")
_SURFACE_NOT_WORD = re.compile(r"[^\w'\-]+")
_DIGITS = re.compile(r"\d+")
_VOWELS = frozenset("aeiouyh")
@dataclass
class Language:
    """One language's data and its normaliser."""

    code: str
    fillers: tuple[tuple[str, ...], ...] = ()
    leading_fillers: tuple[tuple[str, ...], ...] = ()
    trailing_fillers: tuple[tuple[str, ...], ...] = ()
    closing_verbs: frozenset[str] = frozenset()  # "tiens": a verb after a subject
    affirming_endings: frozenset[str] = frozenset()  # "... mon évêque, oui": _drop_fillers
    correcting_words: frozenset[str] = frozenset()  # the one-word ``corrections`` ("non")
    kept_openings: tuple[tuple[str, ...], ...] = ()  # "allez-y": not the opener "allez"
    discourse_words: frozenset[str] = frozenset()  # "toujours", "là": cheap to hear for nothing
    lone_discourse_words: frozenset[str] = frozenset()  # those said alone ("plutôt", not "en")
    discourse_phrases: tuple[tuple[str, ...], ...] = ()  # the same, whole ("tout de suite")
    clause_starts: tuple[tuple[str, ...], ...] = ()  # "je", "à toi": a clause, no "et" said
    dislocation_subjects: frozenset[str] = frozenset()  # "le neuf, je le pose"
    dislocation_pronouns: frozenset[str] = frozenset()
    dislocation_auxiliaries: frozenset[str] = frozenset()  # "je vais le jouer"
    dislocation_determiners: frozenset[str] = frozenset()  # "ma colonie, je la pose ..."
    quantity_pronouns: frozenset[str] = frozenset()  # "des laines, j'*en* vends deux"
    partitives: frozenset[str] = frozenset()  # "*des* laines, j'en vends deux"
    place_pronoun_preposition: str = ""  # "le pont, j'y mets mon bois": "*sur* le pont"
    cleft_openers: tuple[tuple[str, ...], ...] = ()  # "c'est le huit que je joue"
    cleft_joints: frozenset[str] = frozenset()
    cleft_meant: tuple[tuple[str, ...], ...] = ()  # "c'est l'évêque que je voulais"
    refused_openers: tuple[tuple[str, ...], ...] = ()  # "non, pas la trois, la quatre"
    contrast_joints: tuple[tuple[str, ...], ...] = ()  # "pas le bois *mais* la pierre"
    negation_words: frozenset[str] = frozenset()  # "ne", "pas": a sentence never acted on
    subjects: dict[str, str] = field(default_factory=dict)  # "on pose" -> "je pose"
    topic_questions: frozenset[str] = frozenset()  # their words ("qu'", "est", "ce", "quoi")
    asking: tuple[tuple[str, ...], ...] = ()  # "quoi", "qu'est-ce": said, the sentence asks
    relatives: frozenset[str] = frozenset()  # "qui": asks said first ("le huit qui reste")
    not_asking: tuple[tuple[str, ...], ...] = ()  # "c'est ce que": its "est-ce" asks nothing
    tone_questions: tuple[tuple[str, ...], ...] = ()  # "il reste …": asked by the tone
    tone_copulas: frozenset[str] = frozenset()  # "le pont il *est* fini": asked by the tone
    relation_words: frozenset[str] = frozenset()  # "à l'est *de* ...": never left out
    without_words: tuple[tuple[str, ...], ...] = ()  # "sans la laine": a value taken out
    only_words: tuple[tuple[str, ...], ...] = ()  # "non, juste le tissu": the rest dropped
    topic_pronouns: frozenset[str] = frozenset()  # "il est où ?": for nothing in a question
    topic_complements: frozenset[str] = frozenset()  # "les cartes de score": about the cards
    topic_no_heads: frozenset[str] = frozenset()  # "le plus de points": about the points
    topic_verbs: frozenset[str] = frozenset()  # "mon royaume contient quoi ?": asks, no topic
    corrections: tuple[tuple[str, ...], ...] = ()
    reason_openers: tuple[tuple[str, ...], ...] = ()  # "…, ah non *elle* finit par neuf
    reason_closers: tuple[tuple[str, ...], ...] = ()  # *alors* sur la cinquième" (valuepasses)
    hesitations: frozenset[str] = frozenset()  # "euh": a restart after one (restarts.py)
    hesitation_phrases: tuple[tuple[str, ...], ...] = ()  # "c'est ça": restarts.py too
    prepositions: frozenset[str] = frozenset()  # "en main, non, dans mon royaume"
    genders: dict[str, str] = field(default_factory=dict)  # "la" -> feminine
    rewrites: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    ranges: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    indirect_questions: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()  # frames.py
    before_consonant: dict[str, str] = field(default_factory=dict)
    plural_determiners: frozenset[str] = frozenset()
    count_possessives: frozenset[str] = frozenset()  # "mes six cartes ?": frames.uncounted
    articles: frozenset[str] = frozenset()  # "la cathédrale": a thing named (yes_rest.py)
    count_markers: tuple[tuple[str, ...], ...] = ()  # "trois … d'un coup" (counted.py)
    count_openers: frozenset[str] = frozenset()  # "les trois à la suite" (counted.py)
    follow_words: tuple[tuple[str, ...], ...] = ()  # "…, après le huit" (dislocation.py)
    ranks: dict[str, frozenset[str]] = field(default_factory=dict)  # see hand_ranks.py
    ellipsis_words: frozenset[str] = frozenset()  # "le huit dessus": see table/compound.py
    place_pronouns: frozenset[str] = frozenset()  # "j'y mets le cinq": table/compound.py
    number_words: frozenset[str] = frozenset()  # "la colonne *numéro* six": left out
    number_words_kept: frozenset[str] = frozenset()  # not after these ("le numéro six")
    sequence_words: tuple[tuple[str, ...], ...] = ()
    means_openings: tuple[tuple[str, ...], ...] = ()  # "grâce à Aldred, …": table/cuts.py
    alternatives: frozenset[str] = frozenset()  # "la trois ou la quatre": weighed.py
    decisions: tuple[tuple[str, ...], ...] = ()  # "…, bon allez, la quatre": weighed.py
    chain_openers: tuple[tuple[str, ...], ...] = ()  # "d'abord": see timechains.py
    chain_steps: dict[str, str] = field(default_factory=dict)  # "enfin" -> "puis" there
    naming: tuple[tuple[str, ...], ...] = ()
    modals: tuple[tuple[str, ...], ...] = ()
    loose_endings: tuple[tuple[str, ...], ...] = ()  # "... ce tour-ci", "... moi": see loosened
    loose_openings: tuple[tuple[str, ...], ...] = ()  # "c'est bon, ...": see loosened
    handover_openings: tuple[tuple[str, ...], ...] = ()  # "terminé, à toi": grammar.py
    handover_remarks: tuple[tuple[str, ...], ...] = ()  # "…, à toi": table/compound.py
    question_frames: tuple[tuple[str, ...], ...] = ()  # "c'est quoi ...": see frames.py
    question_frame_ends: tuple[tuple[str, ...], ...] = ()  # "..., c'est quoi"
    other_sides: tuple[tuple[str, ...], ...] = ()  # "..., ou pas ?": topics.py
    question_clauses: tuple[tuple[str, ...], ...] = ()  # "avant que je valide, qui ..."
    reason_markers: tuple[tuple[str, ...], ...] = ()  # "..., c'est mieux pour les mineurs"
    choice_markers: tuple[tuple[str, ...], ...] = ()  # "..., plutôt que sur la trois"
    infinitive_endings: tuple[str, ...] = ()
    infinitive_presents: tuple[tuple[str, str], ...] = ()  # "protéger" -> "protège" (tenses)
    modal_subject: str = ""
    move_questions: tuple[tuple[str, ...], ...] = ()  # "est-ce que je peux" (move_question.py)
    move_question_as: str = ""
    move_conditions: MoveConditions = field(default_factory=MoveConditions)  # "... si ..."
    advice_questions: AdviceQuestions = field(default_factory=AdviceQuestions)  # "bon coup ?"
    clefts: Clefts = field(default_factory=Clefts)  # "ce que je pose c'est le sept"
    repeat_parts: RepeatParts = field(default_factory=RepeatParts)  # "répète juste la fin"
    courtesy: Courtesy = field(default_factory=Courtesy)  # "que vous placiez le roi"
    homophones: dict[str, str] = field(default_factory=dict)  # "saint" -> "cinq"
    player_word: str = ""
    past_auxiliaries: tuple[tuple[str, ...], ...] = ()  # "Paul a joué ...": see done_by.py
    past_endings: tuple[str, ...] = ()
    done_openers: tuple[tuple[str, ...], ...] = ()  # "j'ai posé le neuf": tenses.told_done
    hypothetical_endings: tuple[str, ...] = ()  # "je mettrais": never guessed (guess.py)
    supposing_words: tuple[tuple[str, ...], ...] = ()  # "imagine …": never a move (guess.py)
    in_situ_questions: frozenset[str] = frozenset()  # "j'ai combien …" (in_situ.py)
    in_situ_partitives: frozenset[str] = frozenset()  # "combien de cartes"
    future_endings: dict[str, str] = field(default_factory=dict)  # "je" -> "rai" (tenses.py)
    conditional_endings: dict[str, str] = field(default_factory=dict)  # "tu" -> "rais"
    # "nous vendons" -> "je vends" (tenses.py): per subject, [ending said, ending meant]
    person_endings: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    verb_clitics: frozenset[str] = frozenset()  # "on la garde": between subject and verb
    # per subject: "nous vendons nos laines" -> "mes"
    person_possessives: dict[str, dict[str, str]] = field(default_factory=dict)
    remark_openers: tuple[tuple[str, ...], ...] = ()  # "j'ai que des petits, …" (remarks.py)
    thinking_markers: tuple[tuple[str, ...], ...] = ()  # "…, je crois que" (remarks.py)
    weighing_words: tuple[tuple[str, ...], ...] = ()  # "X ou Y, bon, …" (table/deliberation)
    self_agreements: tuple[tuple[str, ...], ...] = ()  # "…, ouais c'est ça" (the same)
    intention_words: frozenset[str] = frozenset()  # "moi vouloir …" (learner.py)
    place_adverbs: frozenset[str] = frozenset()  # "…, je vais là" (remarks.py)
    remark_words: frozenset[str] = frozenset()  # "…, c'est pour le bon dieu" (detached.py)
    listener_words: frozenset[str] = frozenset()  # "…, à toi Paul": no remark (detached.py)
    group_pronouns: frozenset[str] = frozenset()  # "nous deux": topics.py
    compound_auxiliaries: frozenset[str] = frozenset()  # "Paul a | fait": no cut (detached.py)
    listener_possessives: frozenset[str] = frozenset()  # "Paul, mets ton onze …"
    speaker_possessives: frozenset[str] = frozenset()  # "mon neuf": mine (owned.py)
    moving_verbs: frozenset[str] = frozenset()  # "je déplace mon neuf": on the table
    named_subject: str = ""  # "Anne construit …" said as "on construit …" (table/session)
    benefactive_pronouns: frozenset[str] = frozenset()  # "tu me mets": see benefactive.py
    receiver_verbs: frozenset[str] = frozenset()
    sound_rules: tuple[tuple[re.Pattern[str], str], ...] = ()
    topic_synonyms: dict[str, tuple[str, ...]] = field(default_factory=dict)  # sound -> group
    synonym_groups: tuple[tuple[str, ...], ...] = ()  # the same, as words (for tests)
    naming_answers: tuple[tuple[str, ...], ...] = ()
    naming_endings: tuple[tuple[str, ...], ...] = ()  # "..., appelle-moi comme ça"
    address_phrases: tuple[tuple[str, ...], ...] = ()  # "Paul t'as vu", "attends Paul"
    speaker_openers: frozenset[str] = frozenset()  # "je", "mon": the speaker's own words
    cheap_words: frozenset[str] = frozenset()
    meaning_words: frozenset[str] = frozenset()
    first_forms: dict[str, str] = field(default_factory=dict)  # "validez" -> "valide"
    equivalents: tuple[frozenset[str], ...] = ()
    list_and: str = "and"
    list_or: str = "or"
    list_separator: str = ", "
    quote_open: str = '"'
    quote_close: str = '"'
    singular: frozenset[int] = frozenset({1})
    elisions: dict[str, str] = field(default_factory=dict)
    numbers: NumberWords = field(default_factory=lambda: NumberWords("en"))
    number_lexicon: dict[str, int] = field(default_factory=dict)
    compounds: dict[tuple[str, ...], int] = field(default_factory=dict)  # words -> value
    _max_filler: int = 0
    _rewrites_from: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = field(
        default_factory=dict)  # the rewrites by the first word they say ("#": a number)
    max_compound: int = 0

    @staticmethod
    def load(path: Path) -> Language:
        """Read ``language.yaml``; raises :class:`GrammarError` with file and line."""
        data = load_yaml(path)
        if not isinstance(data, dict) or "language" not in data:
            raise fail("a language file needs a 'language:' code", None, path, 1)
        return Language.from_dict(data, path)

    @staticmethod
    def from_dict(data: Mapping[str, Any], path: Path) -> Language:
        """Build from parsed YAML (``path`` is used in error messages)."""
        code = str(data["language"])
        nums = data.get("numbers") or {}
        words = NumberWords(
            code,
            extra_ordinals=nums.get("extra_ordinals"),
            ordinal_suffixes=nums.get("ordinal_suffixes"),
        )
        lang = Language(code=code, numbers=words)
        fill(lang, data, path)
        return lang

    def _pairs(
        self, items: Any, name: str, path: Path
    ) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
        pairs = []
        for item in items or ():
            if not isinstance(item, list) or len(item) != 2:
                raise fail(f"'{name}' entries are pairs [said, meant]", item, path)
            said, meant = (self._pattern(str(w)) for w in item)
            pairs.append((said, meant))
        return tuple(sorted(pairs, key=lambda p: len(p[0]), reverse=True))

    def _pattern(self, text: str) -> tuple[str, ...]:
        """Word keys of a rewrite phrase, "#" kept as the number placeholder."""
        keys: list[str] = []
        for part in text.split():
            keys.extend(["#"] if part == "#" else (t.key for t in self.words(part)))
        return tuple(keys)

    def _keys(self, words: Iterable[Any] | None) -> frozenset[str]:
        """The keys of every word of ``words`` (a YAML list of words or phrases)."""
        return frozenset(t.key for w in words or () for t in self.words(str(w)))

    def _phrases(self, items: Any) -> tuple[tuple[str, ...], ...]:
        keys = (tuple(t.key for t in self.words(str(item))) for item in items or ())
        return tuple(k for k in keys if k)

    # -- normalisation -------------------------------------------------------------------

    def words(self, text: str) -> list[Token]:
        """Lowercase words of ``text``, punctuation dropped, elisions split (no filler
        removal), time chains read (« d'abord … enfin … »: timechains.py)."""
        return chained(self, self._said_words(text))

    def _said_words(self, text: str) -> list[Token]:
        """:meth:`words` as said, no time chain read (timechains.py)."""
        text = unicodedata.normalize("NFC", text).lower().translate(_APOSTROPHES)
        text = _NOT_WORD.sub(" ", _DASHES.sub(" ", text))
        return [Token(w, fold(w)) for w in _WORD.findall(text)]

    @remembered
    def tokens(self, text: str, numbers_apart: bool = False, literal: bool = False
               ) -> list[Token]:
        """Normalise what was heard or typed: :meth:`words`, fillers out, numbers merged,
        self-corrections between two values settled on the last one.

        ``numbers_apart``: number words said apart stay apart ("vingt huit" is 20 and 8, a
        hex; "vingt-huit" is 28). ``literal``: only numbers merged ("ensuite c'est à qui")."""
        if literal:
            return passes.merge_numbers(self, self._unelided(self.words(text)))
        if numbers_apart:
            words = chained(self, [t for chunk in text.split()
                                   for t in passes.merge_numbers(self, self._said_words(chunk))])
            merged = self._drop_fillers(self._unelided(words))
        else:
            merged = passes.merge_numbers(
                self, self._drop_fillers(self._unelided(self.words(text))))
        merged = [t for i, t in enumerate(merged) if t.key not in self.number_words or not i
                  or merged[i - 1].key in self.number_words_kept or i + 1 == len(merged)
                  or self.number_value(merged[i + 1].key) is None]
        merged = self.courtesy.wished(self, merged)  # "que vous placiez" -> "je place"
        ranged = passes.expand_ranges(self, merged)
        rewritten = meant_after_correction(self, self._rewritten(ranged))
        return passes.counted(self, passes.corrected(self, rewritten))

    def sounds(self, key: str) -> str:
        """How the word ``key`` sounds, roughly (the language's ``sounds`` rules); ``key``
        itself when the language has none."""
        for pattern, replacement in self.sound_rules:
            key = pattern.sub(replacement, key)
        return key

    def loosened(self, tokens: list[Token]) -> list[list[Token]]:
        """``tokens`` without an opening "c'est bon" (``loose_openings``), without a closing
        "ce tour-ci" or "moi" (``loose_endings``), and without both: the readings that
        differ from ``tokens`` ("c'est bon, c'est tout pour moi" keeps its "moi"); then up to
        a reason said after (``reason_markers``), alone and without those edges."""
        # "c'est bon, bon, ...": the opener after it goes too
        endings = self._loose_endings(tokens)
        out = without_edges(tokens, self.loose_openings, endings,
                            lambda rest: self._drop_fillers(rest) or rest)
        for said in list(out):  # two said in a row: "…, hein, une fois", "… moi en ce moment"
            bare = self._drop_fillers(said) or said
            more = [bare] if bare != said else []
            more += without_edges(bare, (), self._loose_endings(bare))
            out += [m for m in more if m and m not in out and m != tokens]
        keys = [t.key for t in tokens]
        for cut in [at for at in range(len(keys) - 1, 1, -1)
                    if phrase_at(keys, at, self.reason_markers)]:
            # "..., c'est mieux pour les mineurs": the reason left out (each marker said, the
            # last first: "on fait comme ça, c'est mieux" holds one in the move); never one
            # that may say a second move, unless it says the choice not made
            marker = phrase_at(keys, cut, self.reason_markers)
            if says_another_move(self, keys[:cut], keys[cut + marker:]) and not phrase_at(
                    keys, cut, self.choice_markers):
                continue
            said = self._drop_fillers(tokens[:cut])
            out += [said, *without_edges(said, self.loose_openings, endings)]
        return out

    def _loose_endings(self, tokens: list[Token]) -> tuple[tuple[str, ...], ...]:
        """``loose_endings`` that may close ``tokens``: not the question's object after a verb
        of the game ("je joue quoi"), never a tic there."""
        if len(tokens) > 1 and tokens[-2].key in self.first_forms:
            return tuple(e for e in self.loose_endings if e != (tokens[-1].key,)
                         or e not in self.asking)
        return self.loose_endings

    def without_modal(self, tokens: list[Token], subject: str = "") -> list[Token] | None:
        """``tokens`` without a modal before an infinitive of the game's verbs ("je vais
        construire en un un" -> "construire en un un", or with ``subject`` "je" -> "je
        construire en un un"), or None when there is none."""
        for at in range(len(tokens)):
            for modal in starting_with(self.modals, tokens[at].key):
                end = at + len(modal)
                if end >= len(tokens) or tuple(t.key for t in tokens[at:end]) != modal:
                    continue
                verb = tokens[end].key
                if verb in self.meaning_words and verb.endswith(self.infinitive_endings):
                    return [*tokens[:at], *self.words(subject), *tokens[end:]]
                if self.speaker_word(modal[-1]):  # "il faut que je pose", "… je protège"
                    return [*tokens[:at], *tokens[end - 1:]]
        return None

    def speaker_word(self, key: str) -> bool:
        """True for the speaker's own subject ("je", "j'") that ends a modal ("il faut que
        je"): the verb after it is then said by the speaker, in any form."""
        return bool(self.modal_subject) and self.before_consonant.get(
            key, key) == fold(self.modal_subject)

    def surface_words(self, text: str) -> list[str]:
        """Words as written in a template, for speech recognisers: lowercase, no punctuation,
        apostrophes and hyphens kept inside words ("j'ai", "mets-le")."""
        text = unicodedata.normalize("NFC", text).lower().translate(_APOSTROPHES)
        text = _SURFACE_NOT_WORD.sub(" ", text.replace("_", " "))
        return [w.strip("-") for w in text.split() if w.strip("-'")]

    def number_value(self, key: str) -> int | None:
        """The value of a number token (digits or a number word), else ``None``."""
        if _DIGITS.fullmatch(key):
            return small_int(key)  # a run too long to be a number is no number
        return self.number_lexicon.get(key)

    def equivalent(self, a: str, b: str) -> bool:
        """True when two word keys are interchangeable (``le``/``la``)."""
        return any(a in g and b in g for g in self.equivalents)

    def _drop_fillers(self, tokens: list[Token]) -> list[Token]:
        """Fillers out anywhere ("euh"), then openers at the start ("euh alors du coup je pose
        ..."), then closers at the end, each repeatedly; never the last word ("ouais alors
        hein ?" is "hein ?"), nor a kept opening before closers only ("ouais merci")."""
        tokens = self._drop_inner_fillers(tokens)
        for phrases, at_start in ((self.leading_fillers, True), (self.trailing_fillers, False)):
            changed = True
            while changed and tokens:
                changed = False
                kept = self._kept_opening(tokens, at_start)
                edge = tokens[0] if at_start else tokens[-1]
                for phrase in (starting_with if at_start else ending_with)(phrases, edge.key):
                    if kept or not tokens:
                        break  # "allez-y" is an answer, not the opener "allez" before "y"
                    if at_edge(
                            tokens, phrase, at_start) and (at_start or not self._verb_there(
                                tokens, len(phrase))):
                        size = len(phrase)
                        tokens, changed = (tokens[size:] if at_start else tokens[:-size]), True
                        kept = self._kept_opening(tokens, at_start)
        if len(tokens) > 3 and tokens[-1].key in self.affirming_endings and not any(
                t.key in self.negation_words or t.key in self.correcting_words
                for t in tokens[:-1]):
            tokens = tokens[:-1]
        return tokens

    def _verb_there(self, tokens: list[Token], size: int) -> bool:
        """Whether the last ``size`` words are a closer that is also a verb
        (``closing_verbs``) after a subject, « en » or « me », a verb then ("… que je
        tiens", "qu'est-ce que tu en dis" are no closing « tiens », « dis »; "que me
        conseilles-tu, merci" ends with one)."""
        before = tokens[-size - 1].key if len(tokens) > size else ""
        return tokens[-size].key in self.closing_verbs and (
            before in self.dislocation_subjects or before in self.quantity_pronouns
            or before in self.benefactive_pronouns)

    def _closers_only(self, tokens: list[Token]) -> bool:
        """Whether ``tokens`` are closing fillers only ("merci", "merci hein")."""
        while tokens:
            size = next((len(p) for p in self.trailing_fillers
                         if tuple(t.key for t in tokens[-len(p):]) == p), 0)
            if not size:
                return False
            tokens = tokens[:-size]
        return True

    def _kept_opening(self, tokens: list[Token], closed: bool = False) -> bool:
        """The whole sentence is a kept phrase ("allez-y", "bien sûr"), or (``closed``) one
        before closing fillers only ("ouais merci"): said so, it is an answer; before more
        words ("allez, y a-t-il ...") its first word only opens."""
        return any(tuple(t.key for t in tokens[:len(p)]) == p and (
            len(p) == len(tokens) or (closed and self._closers_only(tokens[len(p):])))
            for p in self.kept_openings)

    def _drop_inner_fillers(self, tokens: list[Token]) -> list[Token]:
        if not self.fillers:
            return tokens
        fillers = set(self.fillers)
        out: list[Token] = []
        i = 0
        while i < len(tokens):
            for size in range(min(self._max_filler, len(tokens) - i), 0, -1):
                if tuple(t.key for t in tokens[i : i + size]) in fillers:
                    i += size
                    break
            else:
                out.append(tokens[i])
                i += 1
        return out

    def as_speaker(self, tokens: list[Token]) -> list[Token] | None:
        """``tokens`` with a subject that means the speaker before a verb of the game said
        as "je" ("on pose le neuf" -> "je pose le neuf"), or None when there is none. Another
        reading, tried when nothing fits as said ("on joue à quatre" stays a set-up answer)."""
        out = list(tokens)
        for i, tok in enumerate(out[:-1]):
            me = self.subjects.get(tok.key)
            if me is not None and out[i + 1].key in self.meaning_words and (
                    out[i + 1].key not in self.negation_words):
                out[i] = Token(me, fold(me))
        return out if out != tokens else None

    def _unelided(self, tokens: list[Token]) -> list[Token]:
        """A spoken elision before a consonant written out: "j'mets" is "je mets"."""
        out = list(tokens)
        if not self.before_consonant:
            return out
        for i, tok in enumerate(out[:-1]):
            full = self.before_consonant.get(tok.key)
            if full is not None and out[i + 1].key[:1] not in _VOWELS:
                out[i] = Token(full, fold(full))
        return out

    def rewritten_words(self, text: str) -> list[Token]:
        """:meth:`words` with the ``rewrites`` made (fillers and numbers left as said)."""
        return self._rewritten(self.words(text))

    def _rewritten(self, tokens: list[Token]) -> list[Token]:
        """Phrases said differently and meaning the same (``rewrites``; "#" is a number,
        kept): "ma carte sept" is "le sept", "chuis" is "je suis"."""
        if not self.rewrites:
            return tokens
        out: list[Token] = []
        i = 0
        while i < len(tokens):
            found = self._rewrites_from.get(tokens[i].key, [])
            if self.number_value(tokens[i].key) is not None:  # "#" stands for it too
                found = sorted([*found, *self._rewrites_from.get("#", [])],
                               key=lambda pair: len(pair[0]), reverse=True)
            for said, meant in found:
                numbers = passes.fits(self, tokens, i, said)
                if numbers is not None:
                    values = iter(numbers)
                    out.extend(next(values) if w == "#" else Token(w, w) for w in meant)
                    i += len(said)
                    break
            else:
                out.append(tokens[i])
                i += 1
        return out

    @staticmethod
    def detokenize(words: Sequence[str]) -> str:
        """Words back to text, elisions glued again: ["j'", "ai"] -> "j'ai"."""
        out = ""
        for word in words:
            out += word if (not out or out.endswith("'")) else " " + word
        return out

    def elide(self, before: str, word: str) -> str:
        """``before`` with its last word elided when ``word`` starts with a vowel sound.

        Used in front of inserted names ("de Anne" -> "d'Anne") and of a verb put back after
        its subject ("je utilise" -> "j'utilise"); numbers are never elided ("le huit", "le
        onze").
        """
        if not word or fold(word[0].lower()) not in "aeiouy":
            return before
        head, sep, last = before.rstrip(" ").rpartition(" ")
        short = self.elisions.get(last.lower())
        if short is None or not before.endswith(" "):
            return before
        if last[:1].isupper():
            short = short[:1].upper() + short[1:]
        return head + sep + short

    def join(self, items: Sequence[str], conjunction: str | None = None) -> str:
        """Join items naturally: "a, b et c" (``conjunction`` defaults to the language's "and")."""
        word = self.list_and if conjunction is None else conjunction
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return self.list_separator.join(items[:-1]) + f" {word} " + items[-1]


__all__ = ["Language", "Token", "fold"]
