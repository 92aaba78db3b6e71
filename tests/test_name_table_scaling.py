"""A text full of names (issue #38, finding 4): 199 KB of about 3,000 distinct people, each
`First Last said "..."`, ran 80 s into the request timeout of the anonymous /extract. The name
table compared every person with every other (`_merge_partial_names`, `_merge_misspelt_names`,
the organisations' owners), rebuilt its surname index at every look-up while it was being
built, and nothing in it read the time budget.

No test here times anything (the machine is shared and noisy; benchmarks/name_table_scaling.py
times old code against new): they count the comparisons the table makes between names, and
fail on the quadratic behaviour. With 4x the people, the table's work per name may grow by a
quarter at most (comparing every pair, it grew 4x: 16x the work in all).
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from quotetrack.attribution import mentions, speaker_candidates
from quotetrack.attribution.attribute import build_table
from quotetrack.attribution.speaker_candidates import Article
from quotetrack.attribution.table import merging, name_table, reading
from quotetrack.errors import ExtractionBudgetExceeded
from quotetrack.extraction import find_candidates
from quotetrack.nlp import budget
from quotetrack.quotes import extract_quotes, parse

# People in the smaller text, and the factor the larger one has more of.
PEOPLE = 150
FACTOR = 4
# How much more work per name the larger text may take: linear work takes as much (a few
# passes over the table, one look-up per name), comparing every pair FACTOR times as much.
GROWTH_PER_NAME = 1.25
# Work per name of the table (person or organisation) the table may do (measured: 5 to 7 on
# these texts; comparing every pair, at 600 people, 1,600 to 4,800).
PER_NAME = 25

_ONSETS = ("B", "D", "F", "G", "K", "L", "M", "N", "P", "R", "S", "T", "V", "Z", "Br", "Dr", "Gr", "Kr", "Tr", "Qu")
_VOWELS = ("a", "e", "i", "o", "u", "ia", "ou")
_CODAS = ("lan", "ren", "mira", "vex", "dor", "sel", "tan", "rick", "nor", "wyn")


def invented_people(n: int) -> list[tuple[str, str]]:
    """`n` people with distinct invented first names and surnames ("Bablan Dablanx")."""
    words = (
        onset + vowel + inner.lower() + coda
        for coda, inner, vowel, onset in itertools.product(_CODAS, _ONSETS, _VOWELS, _ONSETS)
    )
    pool = list(itertools.islice(words, 2 * n))
    return list(zip(pool[0::2], (w + "x" for w in pool[1::2]), strict=True))


def full_names(n: int) -> str:
    """The audit's text: every person once, by full name, as a speaker."""
    return "".join(
        f'{first} {last} said "the plan for ward {i} will go ahead as agreed."\n\n'
        for i, (first, last) in enumerate(invented_people(n))
    )


def full_names_then_titled_surnames(n: int) -> str:
    """Each person named in full, then again by title and surname ("Ms Dablanx"): entries
    of their own that the table merges into the full names, one join each."""
    return "".join(
        f'{first} {last} said "the plan for ward {i} will go ahead."\n\n"It is sound," Ms {last} added.\n\n'
        for i, (first, last) in enumerate(invented_people(n))
    )


FAMILIES = {"full names": full_names, "full names, then titled surnames": full_names_then_titled_surnames}


class _CountedDict(dict):
    """A dict counting the entries each pass over it reads (keys, values or items)."""

    def __init__(self, work: Counter, key: str):
        super().__init__()
        self._work, self._key = work, key

    def _read(self, view):
        self._work[self._key] += len(self)
        return view

    def __iter__(self):
        return self._read(super().__iter__())

    def keys(self):
        return self._read(super().keys())

    def values(self):
        return self._read(super().values())

    def items(self):
        return self._read(super().items())


@pytest.fixture
def count_comparisons(nlp, monkeypatch):
    """`count_comparisons(text)`: parse `text`, find its quotes and build its name table,
    counting the comparisons between names: calls of `part_of` and `near_surname` made by the
    table, and the entries every pass over its people and organisations reads (a pass per
    person, or per join, is quadratic). Returns the counts and the number of names in the
    table (people and organisations, each once)."""
    work: Counter = Counter()
    # The merges compare names with both; a look-up by surname, with near_surname.
    for module, name in ((merging, "part_of"), (merging, "near_surname"), (name_table, "near_surname")):
        function = getattr(module, name)

        def counting(*args, _function=function, _name=name):
            work[f"calls of {_name}"] += 1
            return _function(*args)

        monkeypatch.setattr(module, name, counting)
    read_acronyms = reading.read_acronyms

    def with_counted_dicts(table):  # the first step of the build: the dicts are still empty
        table.people = _CountedDict(work, "people read")
        table.organisations = _CountedDict(work, "organisations read")
        read_acronyms(table)

    monkeypatch.setattr(reading, "read_acronyms", with_counted_dicts)

    def count(text: str) -> tuple[Counter, int, int]:
        _, doc = parse(text, nlp)
        found = find_candidates(doc)
        work.clear()
        table = build_table(doc, found.mask, found.candidates)
        people = len(table.unique_people())
        organisations = len({id(e) for e in dict.values(table.organisations)})
        return Counter(work), people, people + organisations

    return count


@pytest.mark.model
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_name_table_work_grows_linearly_with_the_people_named(count_comparisons, family):
    small_work, small_people, small_names = count_comparisons(FAMILIES[family](PEOPLE))
    large_work, large_people, large_names = count_comparisons(FAMILIES[family](FACTOR * PEOPLE))
    # NER finds most invented names (some it calls organisations): the texts hold the people
    # they are meant to.
    assert small_people > 0.8 * PEOPLE and large_people > 0.8 * FACTOR * PEOPLE
    small, large = sum(small_work.values()), sum(large_work.values())
    assert large <= PER_NAME * large_names, (family, large_work, large_names)  # before: 1,000 each
    # Before: 4x the work per name (every pair of 4x the people: 16x the work).
    assert large / large_names <= GROWTH_PER_NAME * small / small_names, (family, small_work, large_work)


@pytest.mark.model
def test_titled_surnames_join_their_full_names(nlp):
    """The merges the indexes look up are the ones the pairwise comparison made: "Ms Dablanx"
    is an alias of Bablan Dablanx, one person, not two."""
    _, doc = parse(full_names_then_titled_surnames(20), nlp)
    found = find_candidates(doc)
    table = build_table(doc, found.mask, found.candidates)
    first, last = invented_people(20)[3]
    entry = table.person(f"{first} {last}")
    assert entry is not None and table.by_surname(last) is entry
    assert entry.name == f"{first} {last}" and "Ms" in entry.titles and len(entry.positions) >= 2
    assert all(e.name != last for e in table.unique_people())


@pytest.mark.model
def test_the_time_budget_covers_the_name_table(nlp, monkeypatch):
    """The table's merges ran with no budget check: here the budget runs out at their first
    comparison and the extraction stops there, not after comparing every pair of people."""
    calls = []
    part_of = merging.part_of

    def budget_spent_here(part, whole):
        calls.append(part)
        doc.user_data[budget._KEY] = (0.0, 1e-9)
        return part_of(part, whole)

    monkeypatch.setattr(merging, "part_of", budget_spent_here)
    _, doc = parse(full_names_then_titled_surnames(60), nlp)
    found = find_candidates(doc)
    with pytest.raises(ExtractionBudgetExceeded) as raised:
        build_table(doc, found.mask, found.candidates)
    assert raised.value.stage == "name table"
    assert len(calls) <= 3 * budget.CHECK_EVERY  # a few per person between two checks; before: every pair


@pytest.mark.model
def test_the_time_budget_covers_the_candidates(nlp, monkeypatch):
    """Gathering every quote's candidates reads the budget while it builds the article's
    mentions: the budget runs out in the first paragraph look-up and the extraction stops
    well before the last one."""
    looked_up = []
    spend = []
    article_of = Article.of.__func__

    def counted(cls, doc, table, mask, paragraph_of):
        def lookup(position):
            looked_up.append(position)
            if spend:
                doc.user_data[budget._KEY] = (0.0, 1e-9)
            return paragraph_of(position)

        return article_of(cls, doc, table, mask, lookup)

    monkeypatch.setattr(Article, "of", classmethod(counted))
    text = full_names(300)
    extract_quotes(text, nlp)
    every = len(looked_up)  # one per mention of each person and organisation
    looked_up.clear()
    spend.append(True)
    with pytest.raises(ExtractionBudgetExceeded) as raised:
        extract_quotes(text, nlp)  # before: on to the end of the candidates
    assert raised.value.stage == "candidates"
    assert len(looked_up) < every / 4, (len(looked_up), every)


@pytest.mark.model
def test_candidates_read_only_the_people_named_near_each_quote(nlp, monkeypatch):
    """Each quote's candidates are the people named in its paragraph and the few above: found
    by paragraph, not by reading every person of the article for every quote."""
    read: Counter = Counter()
    named_nearby = speaker_candidates._named_nearby

    def counted(quote, article):
        named = _CountedDict(read, "entries read")
        named.update(article.named)
        return named_nearby(quote, _ArticleWith(article, named))

    monkeypatch.setattr(speaker_candidates, "_named_nearby", counted)
    counts = []
    for people in (PEOPLE, FACTOR * PEOPLE):
        read.clear()
        quotes, _ = extract_quotes(full_names(people), nlp)
        assert len(quotes) >= people
        counts.append(read["entries read"])
    assert counts[1] <= FACTOR * GROWTH_PER_NAME * max(counts[0], PEOPLE), counts  # before: 16x


class _ArticleWith:
    """An Article whose `named` is another mapping, everything else the article's own."""

    def __init__(self, article: Article, named: dict):
        self._article, self.named = article, named

    def __getattr__(self, name):
        return getattr(self._article, name)


@pytest.mark.model
def test_one_word_names_are_looked_up_not_searched_for(nlp, monkeypatch):
    """Whether a word stands alone elsewhere in the text ("... Navi Pillay stated ... Pillay
    said") was a pass over the whole Doc for each mention asking: 63 s of 82 at 1,600 people.
    Counted: the tokens of the Doc for every call that finds no listing of its words (a pass)."""
    scanned: Counter = Counter()
    named_alone_elsewhere = mentions._named_alone_elsewhere

    def counted(word):
        if "quotetrack.alone" not in word.doc.user_data:
            scanned["tokens"] += len(word.doc)
        scanned["calls"] += 1
        return named_alone_elsewhere(word)

    monkeypatch.setattr(mentions, "_named_alone_elsewhere", counted)
    counts = []
    for people in (PEOPLE, FACTOR * PEOPLE):
        scanned.clear()
        extract_quotes(full_names(people), nlp)
        assert scanned["calls"] > people / 10  # the texts ask it
        counts.append(scanned["tokens"])
    assert counts[1] <= FACTOR * GROWTH_PER_NAME * counts[0], counts  # before: 16x
