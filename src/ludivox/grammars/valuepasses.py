"""The passes over heard words that settle values (``Language.tokens`` runs them): number
words merged ("dix sept" -> 17), ranges expanded ("du quatre au sept" -> 4 5 6 7), counts
("les deux quatre" -> 4 4), self-corrections ("le sept non le huit" -> "le huit") and the
number placeholders of rewrites (restarts and stutters: :mod:`.restarts`). Language-neutral:
every word comes from the language data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludivox.grammars.tokens import Token, phrase_at, starting_with

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

MAX_COUNT = 4  # "les quatre cinq": at most four cards of one value are named together
MAX_RANGE = 12  # "du un au treize": every card value of a game, no more
MAX_REWORDED = 6  # "le sept sur la trois, non, le neuf sur la six": a whole complement said again


def fits(
    lang: Language, tokens: list[Token], at: int, phrase: tuple[str, ...]
) -> list[Token] | None:
    """The number tokens standing for "#" when ``phrase`` is said at ``at``, else None."""
    if at + len(phrase) > len(tokens):
        return None
    numbers = []
    for word, tok in zip(phrase, tokens[at:], strict=False):
        if word == "#":
            if lang.number_value(tok.key) is None:
                return None
            numbers.append(tok)
        elif word != tok.key:
            return None
    return numbers


def expand_ranges(lang: Language, tokens: list[Token]) -> list[Token]:
    """A range of single values said with its ends ("du quatre au sept", "de quatre à
    six", "le quatre jusqu'au sept") becomes every value in it. A value of several
    numbers ("de cinq douze à ...": a hex) is never a range end."""
    if not lang.ranges or sum(lang.number_value(t.key) is not None for t in tokens) < 2:
        return tokens  # a range has two ends
    out = list(tokens)
    i = 0
    while i < len(out):
        for opening, joint in lang.ranges:
            expanded = range_at(lang, out, i, opening, joint)
            if expanded is not None:
                end, values = expanded
                out[i:end] = [Token(str(v), str(v)) for v in values]
                i += len(values) - 1
                break
        i += 1
    return out


def range_at(
    lang: Language, tokens: list[Token], at: int, opening: tuple[str, ...], joint: tuple[str, ...]
) -> tuple[int, range] | None:
    phrase = (*opening, "#", *joint, "#")
    ends = fits(lang, tokens, at, phrase)
    end = at + len(phrase)
    if ends is None or (at > 0 and lang.number_value(tokens[at - 1].key) is not None):
        return None
    if end < len(tokens) and lang.number_value(tokens[end].key) is not None:
        return None
    low, high = (lang.number_value(t.key) or 0 for t in ends)
    if not 0 < high - low <= MAX_RANGE:
        return None
    return end, range(low, high + 1)


def counted(lang: Language, tokens: list[Token]) -> list[Token]:
    """A plural determiner before numbers (``plural_determiners``): before exactly two, the
    first counts the second ("les deux quatre": 4 4); before more, or before two that a list
    goes on from ("les quatre, cinq et six"), it is dropped."""
    if not lang.plural_determiners:
        return tokens
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        run = 0
        if tokens[i].key in lang.plural_determiners:
            while i + 1 + run < len(tokens) and lang.number_value(
                tokens[i + 1 + run].key
            ) is not None:
                run += 1
        if run == 2 and _listed_on(lang, tokens, i + 3):
            run = 3  # "les quatre, cinq et six": a list of values, nothing counted
        count = lang.number_value(tokens[i + 1].key) if run == 2 else None
        if count is not None and 2 <= count <= MAX_COUNT:
            out.extend([tokens[i + 2]] * count)
            i += 3
        elif run >= 3:
            i += 1  # "mes quatre cinq six": the values
        else:
            out.append(tokens[i])
            i += 1
    return out


def _listed_on(lang: Language, tokens: list[Token], at: int) -> bool:
    """Whether the list goes on at ``at`` with "and" and another value ("... et six")."""
    return at + 1 < len(tokens) and tokens[at].key == lang.list_and \
        and lang.number_value(tokens[at + 1].key) is not None


def merge_numbers(lang: Language, tokens: list[Token]) -> list[Token]:
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        for size in range(min(lang.max_compound, len(tokens) - i), 1, -1):
            value = lang.compounds.get(tuple(t.key for t in tokens[i : i + size]))
            if value is not None:
                out.append(Token(str(value), str(value)))
                i += size
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def corrected(lang: Language, tokens: list[Token]) -> list[Token]:
    """``<values> <correction> [little words] <values>`` keeps the last values: "le sept
    non le huit" -> "le huit"; a value of several numbers is corrected as a whole or by
    its end ("cinq douze non cinq treize", "cinq douze non treize": "cinq treize").
    Nothing else is touched ("non" alone stays)."""
    if not lang.corrections:
        return tokens
    out = _noun_kept(lang, list(tokens))
    i = 0
    while i < len(out):
        if lang.number_value(out[i].key) is None or (
            i + 1 < len(out) and lang.number_value(out[i + 1].key) is not None
        ):
            i += 1
            continue  # not the end of a run of numbers
        after = correction_at(lang, out, i + 1)
        if after is None:
            i += 1
            continue
        contrast = tuple(t.key for t in out[i + 1:after]) in lang.contrast_joints
        again = restated(lang, out, i + 1, after)
        if again and _decided_anew(lang, out, i + 1 - again, after + again):
            i += 1  # "… avec le neuf, non, le onze, je l'accroche derrière le dix": whole
            continue
        if again:  # "le sept sur la trois, non, le neuf sur la six": all of it said again
            del out[i + 1 - again:after]
            i = i + 1 - again
            i -= _refusal_dropped(lang, out, i) if contrast else 0
            continue
        # little words, and the words said again before the value ("sur la deux, pardon,
        # sur la trois")
        frame = {t.key for t in out[max(0, i - 4):i]}
        # a value of several numbers ("cinq douze", a hex) is said again whole: "un" before a
        # number is then one of its numbers ("cinq douze, non, un un"), no article ("une" is)
        whole = i > 0 and lang.number_value(out[i - 1].key) is not None
        j = after
        while j < len(out) and ((lang.number_value(out[j].key) is None and (
            out[j].key in lang.cheap_words or out[j].key in frame
        )) or (article_before_number(lang, out, j) and not (
            whole and lang.genders.get(out[j].key) == "masculine"))):
            j += 1
        said = 0  # how many numbers the correction says
        while j + said < len(out) and lang.number_value(out[j + said].key) is not None:
            said += 1
        first = i
        while first > 0 and i - first + 1 < said and (
            lang.number_value(out[first - 1].key) is not None
        ):
            first -= 1
        run = first  # where the value's numbers start, after its article
        while run > 0 and lang.number_value(out[run - 1].key) is not None:
            run -= 1
        if not said or (run > 0 and j > after and other_gender(lang, out[run - 1], out[j - 1])):
            i += 1  # "sur la trois, non, le sept": which value is meant is asked (regendered)
            continue
        if _decided_anew(lang, out, run, j + said):
            i += 1  # "… sur la trois, ah non, le six (va) sur la quatre": a new decision, whole
            continue
        del out[first:j]  # the corrected numbers, the correction, its little words
        i = first - (_refusal_dropped(lang, out, first) if contrast else 0)
    return out


def _decided_anew(lang: Language, tokens: list[Token], start: int, end: int) -> bool:
    """Whether the value corrected (from ``start``) and the one said after the correction
    (up to ``end``) are two decisions said whole (:func:`_placed_anew`, :func:`_clause_at`),
    no value replaced."""
    return _placed_anew(lang, tokens, start, end) or _clause_at(lang, tokens, end)


def _placed_anew(lang: Language, tokens: list[Token], start: int, end: int) -> bool:
    """Whether the value corrected (from ``start``) had a place before it and the one said
    after the correction (up to ``end``) has its own place right after it ("le onze
    devant le douze, non, le sept va sur la trois"): a new decision said whole."""
    return _place_at(lang, tokens, end, 3) and any(
        t.key in lang.prepositions for t in tokens[max(0, start - 3):start])


def _place_at(lang: Language, tokens: list[Token], at: int, within: int) -> bool:
    """Whether a place is said from ``at`` on: a preposition within ``within`` words, then a
    number within three words of it ("va sur la trois"; never "bien sûr", heard "bien sur")."""
    return any(tokens[k].key in lang.prepositions and any(
        lang.number_value(t.key) is not None for t in tokens[k + 1:k + 4])
        for k in range(at, min(at + within, len(tokens))))


def _clause_at(lang: Language, tokens: list[Token], at: int) -> bool:
    """Whether the speaker's own clause with a place starts at ``at`` ("…, le onze, *je
    l'accroche derrière le dix*"): the value said before it is that clause's, a new
    decision said whole (:mod:`ludivox.grammars.said_again`), not a value replaced."""
    return at < len(tokens) and lang.speaker_word(tokens[at].key) and _place_at(
        lang, tokens, at + 1, len(tokens))


def _noun_kept(lang: Language, tokens: list[Token]) -> list[Token]:
    """A count and its noun corrected by a count alone, last ("je vends une laine, attends
    non, les deux" -> "je vends deux laine"): the new count with the noun said first."""
    for i in range(1, len(tokens) - 2):
        if lang.number_value(tokens[i - 1].key) is None or lang.number_value(
                tokens[i].key) is not None or tokens[i].key in lang.cheap_words \
                or correction_at(lang, tokens, i, chained=False) is not None:
            continue  # no noun after the count (« trois non plutôt deux »: corrected())
        after = correction_at(lang, tokens, i + 1)
        j = after if after is not None else len(tokens)
        while j < len(tokens) - 1 and tokens[j].key in lang.cheap_words:
            j += 1  # "les deux"
        if j == len(tokens) - 1 and lang.number_value(tokens[j].key) is not None:
            return [*tokens[:i - 1], tokens[j], tokens[i]]
    return tokens


def _refusal_dropped(lang: Language, tokens: list[Token], at: int) -> int:
    """« pas la trois, plutôt la cinq » corrected to « pas la cinq »: the « pas » before the
    little words ending at ``at`` refused the value replaced, not the one meant; taken out
    (``refused_openers``). How many words were."""
    k = at
    while k > 0 and tokens[k - 1].key in lang.cheap_words \
            and lang.number_value(tokens[k - 1].key) is None:
        k -= 1
    for opener in lang.refused_openers:
        if k >= len(opener) and tuple(t.key for t in tokens[k - len(opener):k]) == opener:
            del tokens[k - len(opener):k]
            return len(opener)
    return 0


def restated(lang: Language, tokens: list[Token], end: int, after: int) -> int:
    """How many words before ``end`` (a correction said there, its words from ``after``)
    are said again whole with other values: as many words after it, each the same word, or
    both numbers, or both little words, ending on a number and the run of numbers ("le sept
    sur la trois, non, le neuf sur la six": 5). 0 when none of two words or more is."""
    for size in range(min(MAX_REWORDED, end, len(tokens) - after), 1, -1):
        said, again = tokens[end - size:end], tokens[after:after + size]
        if lang.number_value(again[-1].key) is None or (
                after + size < len(tokens)
                and lang.number_value(tokens[after + size].key) is not None):
            continue
        if end - size > 0 and lang.number_value(said[0].key) is not None \
                and tokens[end - size - 1].key in lang.cheap_words:
            continue  # never from the middle of "le un": "le un, le trois, non, deux, ..."
        if all(a.key == b.key or _both_numbers(lang, a, b)  # "un" is a number and a little word
               or (a.key in lang.cheap_words and b.key in lang.cheap_words
                   and lang.number_value(a.key) is None and lang.number_value(b.key) is None)
               for a, b in zip(said, again, strict=True)) and not kind_changed(lang, said, again):
            return size
    return 0


def correction_at(lang: Language, tokens: list[Token], start: int,
                  chained: bool = True) -> int | None:
    """Where the words after the correction phrases starting at ``start`` begin, if any:
    one phrase, or (``chained``) several said in a row ("ou plutôt non", "ah non zut",
    "non, pardon, plutôt")."""
    end: int | None = None
    at = start
    while at < len(tokens):
        key = tokens[at].key
        for phrase in starting_with(lang.corrections, key):
            if tuple(t.key for t in tokens[at:at + len(phrase)]) == phrase:
                end = at = at + len(phrase)
                break
        else:
            return _past_reason(lang, tokens, end)
        if not chained:
            return _past_reason(lang, tokens, end)
    return end


def _past_reason(lang: Language, tokens: list[Token], end: int | None) -> int | None:
    """``end``, or past a reason said there ("ah non, *elle finit par neuf alors*, sur la
    cinquième"): opened by a ``reason_openers`` phrase, closed by a ``reason_closers`` one
    within eight words, with a word left after it."""
    if end is None:
        return end
    keys = [t.key for t in tokens]
    if not phrase_at(keys, end, lang.reason_openers):
        return end
    for at in range(end + 1, min(end + 9, len(keys) - 1)):
        if size := phrase_at(keys, at, lang.reason_closers):
            return at + size if at + size < len(keys) else end
    return end


def corrections_in(lang: Language, tokens: list[Token]) -> list[tuple[int, int]]:
    """(start, end) of each correction: its first phrase alone, and the phrases said in a
    row after a word that is no correction word ("une laine, ah non zut, une pierre"; in
    "non non, non annule" the "non" are what is said)."""
    correcting = {word for phrase in lang.corrections for word in phrase}
    found: list[tuple[int, int]] = []
    for start in range(1, len(tokens)):
        single = correction_at(lang, tokens, start, chained=False)
        if single is None:
            continue
        chain = correction_at(lang, tokens, start)
        if chain is not None and chain != single and tokens[start - 1].key not in correcting:
            found.append((start, chain))  # the whole run first: "ou plutôt non, je passe"
        found.append((start, single))
    return found


def _both_numbers(lang: Language, a: Token, b: Token) -> bool:
    return lang.number_value(a.key) is not None and lang.number_value(b.key) is not None


def _decision_after(lang: Language, tokens: list[Token], start: int, after: int
                    ) -> list[Token]:
    """The words after a correction when they are a decision of their own, a value then its
    place, and a value was said before the correction (never after the speaker's verb:
    "j'annule …"); ``[]`` otherwise."""
    rest = tokens[after:]
    if len(rest) > 2 and rest[0].key not in lang.prepositions and any(
            t.key in lang.prepositions for t in rest[1:]) and any(
            lang.number_value(t.key) is not None for t in tokens[:start]) \
            and not lang.speaker_word(tokens[start - 1].key):
        return rest
    return []


def reworded(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """The readings of a self-correction between two words that are no numbers ("je prends
    une pierre, non, du bois", "la flèche vers Anne, non, vers Léa"): the words before the
    correction replaced by those after it, when both have the same shape (as many words,
    each the same word or both little words, but for the words corrected). Longest first;
    only ever tried as an exact match (the caller's choice)."""
    out: list[list[Token]] = []
    for start, after in corrections_in(lang, tokens):
        # the last decision said whole after an abandoned value, a value then its place:
        # that alone, first when a place followed the value abandoned ("je mets le neuf sur
        # la, ah non, le sept sur la quatre"), else only after the value replaced in place
        # ("il y a un quatorze, mince, treize sur la colonne six" keeps its « il y a »)
        alone = _decision_after(lang, tokens, start, after)
        valued = next((k for k in range(start) if lang.number_value(tokens[k].key) is not None),
                      start)
        cut_short = any(t.key in lang.prepositions for t in tokens[valued:start])
        if alone and cut_short:
            out.append(alone)
        for size in range(min(MAX_REWORDED, start, len(tokens) - after), 0, -1):
            if article_before_number(lang, tokens, after + size - 1):
                continue  # never a value's article without its number ("une | huit")
            said, again = tokens[start - size:start], tokens[after:after + size]
            # never the speaker corrected by another word ("j'annule sans scanner")
            if same_shape(lang, said, again) and not any(
                    lang.speaker_word(a.key) != lang.speaker_word(b.key)
                    for a, b in zip(said, again, strict=True)):
                out.append([*tokens[:start - size], *tokens[after:]])
        # the same kind of thing with another article: "du bois, non, de la pierre"
        spoken = _with_article(lang, tokens, start, after)
        if spoken is not None:
            out.append([*tokens[:spoken], *tokens[after:]])
        # the correction starts again from a word said before it, the rest of another
        # length: "vers moi, non, vers le côté vide" is "vers le côté vide"
        first = tokens[after].key if after < len(tokens) else None
        for k in range(start - 1, max(-1, start - 1 - MAX_REWORDED), -1):
            if first is not None and first not in lang.cheap_words and tokens[k].key == first:
                out.append([*tokens[:k], *tokens[after:]])
                break
        if alone and not cut_short:
            out.append(alone)
        # a whole sentence begun again by the speaker ("j'échange le quatre, annule,
        # j'échange juste le deux"): the last one alone, « juste » after its verb said for
        # nothing (it only stresses the choice made)
        if first is not None and lang.speaker_word(first):
            out += [tokens[after:], *_only_dropped(lang, tokens[after:])]
        # a complement corrected by another: "en main, non, dans mon royaume" is "dans mon
        # royaume" (the last complement before the correction is the one replaced)
        if first in lang.prepositions:
            head = next((j for j in range(start - 1, max(0, start - 1 - MAX_REWORDED), -1)
                         if tokens[j].key in lang.prepositions), None)
            if head is not None:
                out.append([*tokens[:head], *tokens[after:]])
    # "…, non, de la pierre plutôt": the word that marks the choice made said last
    out += [r[:-1] for r in out if len(r) > 1 and r[-1].key in lang.lone_discourse_words]
    return out


def _only_dropped(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` (subject, verb, ...) without an only-word said right after the verb and
    before a little word or a number ("j'échange juste le deux"); none when there is none."""
    for phrase in lang.only_words:
        end = 2 + len(phrase)
        if tuple(t.key for t in tokens[2:end]) == phrase and end < len(tokens) and (
                tokens[end].key in lang.cheap_words
                or lang.number_value(tokens[end].key) is not None):
            return [[*tokens[:2], *tokens[end:]]]
    return []


def _with_article(lang: Language, tokens: list[Token], start: int, after: int) -> int | None:
    """Where the thing said before the correction at ``start`` begins, when it is little
    words and one word ("du bois") and the words from ``after`` are little words and
    another word, other articles allowed ("de la pierre"); None otherwise. No numbers."""
    def plain(at: int) -> bool:
        return 0 <= at < len(tokens) and lang.number_value(tokens[at].key) is None

    def little(at: int) -> bool:
        return plain(at) and tokens[at].key in lang.cheap_words

    word = start - 1
    if not plain(word) or little(word):
        return None
    begin = word
    while little(begin - 1):
        begin -= 1
    meant = after
    while little(meant):
        meant += 1
    if begin == word or meant == after or not plain(meant) or little(meant) \
            or tokens[meant].key == tokens[word].key or (meant + 1 < len(tokens) and not (
                little(meant + 1) or tokens[meant + 1].key in lang.discourse_words)):
        return None
    return begin


def article_before_number(lang: Language, tokens: list[Token], at: int) -> bool:
    """Whether ``tokens[at]`` is an article before a number, even one that is a number too
    ("un huit": an eight)."""
    return 0 <= at < len(tokens) - 1 and tokens[at].key in lang.genders \
        and lang.number_value(tokens[at + 1].key) is not None


def other_gender(lang: Language, a: Token, b: Token) -> bool:
    """Whether ``a`` and ``b`` are articles of different genders ("la", "le")."""
    first, second = lang.genders.get(a.key), lang.genders.get(b.key)
    return first is not None and second is not None and first != second


def same_shape(lang: Language, said: list[Token], again: list[Token]) -> bool:
    """Do ``again`` say ``said`` over with another value: as many words, each the same word,
    or both little words, or both content words, or both numbers ("une laine" / "deux
    laines"), at least one content word changed, of the same kind?"""
    return len(said) == len(again) and all(
        a.key == b.key or (a.key in lang.cheap_words) == (b.key in lang.cheap_words)
        or _both_numbers(lang, a, b) for a, b in zip(said, again, strict=True)) and any(
        a.key != b.key and (a.key not in lang.cheap_words or _both_numbers(lang, a, b))
        for a, b in zip(said, again, strict=True)) and not kind_changed(lang, said, again)


def kind_changed(lang: Language, said: list[Token], again: list[Token]) -> bool:
    """Whether a value said again as an article and numbers alone changes its article's
    gender ("la trois" said again as "le sept": a column become a card in Kingsbridge, or
    the card said before corrected?). Said with its preposition ("sur le six") it is sure."""
    return len(said) == len(again) > 1 and other_gender(lang, said[0], again[0]) and all(
        _both_numbers(lang, a, b) for a, b in zip(said[1:], again[1:], strict=True))


def regendered(lang: Language, tokens: list[Token]) -> list[list[Token]]:
    """The readings of a correction whose number comes with an article of the other gender
    than the value said just before it ("je mets le huit sur la trois, non, le sept"): the
    nearest earlier value said with an article of its gender replaced ("je mets le sept sur
    la trois"), then the value said just before it ("je mets le huit sur le sept"). Neither
    is sure: the caller asks."""
    def number(at: int) -> bool:  # a value's number, never its article ("un huit")
        return lang.number_value(tokens[at].key) is not None \
            and not article_before_number(lang, tokens, at)

    out: list[list[Token]] = []
    for start, after in corrections_in(lang, tokens):
        end = after + 1
        while end < len(tokens) and number(end):
            end += 1
        last = start
        while last > 0 and number(last - 1):
            last -= 1
        if end == after + 1 or last in (0, start) \
                or not other_gender(lang, tokens[last - 1], tokens[after]):
            continue
        again, gender = tokens[after:end], lang.genders[tokens[after].key]
        for at in range(last - 2, 0, -1):
            if number(at) and not number(at - 1) and lang.genders.get(tokens[at - 1].key) == gender:
                stop = at
                while stop < last and number(stop):
                    stop += 1
                out.append([*tokens[:at - 1], *again, *tokens[stop:start], *tokens[end:]])
                break
        out.append([*tokens[:last - 1], *again, *tokens[end:]])
    return out
