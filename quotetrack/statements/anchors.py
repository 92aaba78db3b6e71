"""Verbatim anchors (issue 40, item 2): the speaker's own words, quoted by two outlets.

Two outlets reporting one remark in their own words often quote the same few words of it:
`said the minister had been "grossly negligent" with the files` beside `that while she and her
staff were "grossly negligent" in handling the files, ...`. Around the quotation marks the
wordings differ; inside them they are the speaker's words, and the same words quoted twice by one
speaker in the same days are the strongest evidence there is that both report one remark, even
when the rest shares too little for a paraphrase, or when each outlet quotes another excerpt of one
passage ("... while the river dies. This is our water" / "This is our water, and we will ...").

The quoted words of a claim are a direct quote's words, or a mixed quote's fragments (each on its
own); an indirect quote has none. An anchor is the longest run of words, word for word (typography
aside), inside the quoted words of both claims. It links them when it holds enough rare words
(reprise.rare: neither stop words nor everyday words):

- ANCHOR_RARE_WORDS (3) or more: the same speaker quoted saying three rare words in a row;
- PAIR_RARE_WORDS (2) when the run is the whole of a quoted fragment on both sides (both outlets
  quoted exactly these words: "grossly negligent") and both articles are dated within
  SAME_WEEK_DAYS of each other.

A short common fragment ("all over the map": one rare word) never anchors; nor does a run that a
negation precedes in one wording and not the other ("was not 'grossly negligent'"). Rarity is the words' own
(the lexicon), not their count in the archive: a link must not depend on what was ingested before
it (order independence), and the archive's counts change with every article.

The anchor's weight grows with its rare words and its length (strength()). Linking asks for an
anchor only between claims of one speaker in two articles that the wording comparison left
unrelated, within the reporting window (reprise.py decides the weeks before this is asked).
Pure functions, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

from . import paraphrase
from .reprise import rare
from .words import words

ANCHOR_RARE_WORDS = 3
PAIR_RARE_WORDS = 2
SAME_WEEK_DAYS = 7
# An anchor's similarity: from BASE up, per rare word and per word of the run, at most 1.
BASE, PER_RARE, PER_WORD = 0.5, 0.1, 0.02

Run = tuple[str, ...]


def quoted_runs(kind: str, text: str, fragments: Sequence[str]) -> tuple[Run, ...]:
    """The speaker's own words in a wording, one run per quotation: a direct quote whole, a
    mixed quote's fragments each, nothing for reported speech."""
    if kind == "direct":
        return (tuple(words(text)),)
    if kind == "mixed":
        return tuple(run for f in fragments if (run := tuple(words(f))))
    return ()


def _rare_words(run: Sequence[str]) -> set[str]:
    return {w for w in run if rare(w)}


def shared_run(runs_a: Sequence[Run], runs_b: Sequence[Run]) -> tuple[Run, bool]:
    """The longest run of words inside a quotation of each side, and whether it is the whole of
    a quotation on both sides."""
    best: Run = ()
    whole = False
    for ra in runs_a:
        rare_a = _rare_words(ra)
        for rb in runs_b:
            if len(rare_a & _rare_words(rb)) < PAIR_RARE_WORDS:
                continue  # most pairs: too few rare words in common to anchor anything
            match = SequenceMatcher(None, ra, rb, autojunk=False).find_longest_match(0, len(ra), 0, len(rb))
            entire = match.size == len(ra) == len(rb)
            if (match.size, entire) > (len(best), whole):
                best, whole = ra[match.a : match.a + match.size], entire
    return best, whole


def anchor(a: tuple[str, Sequence[Run]], b: tuple[str, Sequence[Run]], days_apart: int | None) -> float | None:
    """The anchor's weight (similarity, 0..1) between two wordings, each given as (its text, its
    quoted runs), or None. `days_apart`: between the two articles' dates, None when either is
    undated. Symmetric."""
    run, whole = shared_run(a[1], b[1])
    if not run:
        return None
    count = len(_rare_words(run))
    strong = count >= ANCHOR_RARE_WORDS
    paired = count >= PAIR_RARE_WORDS and whole and days_apart is not None and days_apart <= SAME_WEEK_DAYS
    if not (strong or paired) or _negated(a[0], run) != _negated(b[0], run):
        return None
    return strength(run, count)


def _negated(text: str, run: Run) -> bool:
    """A negation just before the run in the wording ("was not 'grossly negligent'")."""
    tokens = words(text)
    size = len(run)
    return any(
        tuple(tokens[i : i + size]) == run and paraphrase.negated_before(tokens, i)
        for i in range(len(tokens) - size + 1)
    )


def strength(run: Run, rare_count: int) -> float:
    return round(min(1.0, BASE + PER_RARE * rare_count + PER_WORD * len(run)), 3)
