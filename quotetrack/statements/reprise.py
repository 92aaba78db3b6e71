"""Time between two wordings: reported weeks apart, two wordings are one remark only when the later
reprises the earlier's words (issue 40, item 4). Pure functions over dates already loaded with the
claims' articles, no database.

- A remark is reported within days: the outlets covering one speech, interview or post print it
  the same day or in the days after, and a weekly or a follow-up piece within a week or two.
  REPORTING_WINDOW_DAYS (21 days: three weeks) leaves room for that tail and for dates off by a
  few days (an article's date is its publication, not the remark's), and stays well short of the
  months between a speaker's separate remarks on one subject, which is where short common
  fragments ("all over the map") joined a March remark to an October one.
- Beyond the window, an outlet that reports the remark again (a retrospective, a profile, a
  reprise in a later story) reuses its words verbatim: a run of at least REPRISE_WORDS words the
  two wordings share word for word, with at least REPRISE_RARE_WORDS words in it that are neither
  stop words nor everyday words. A short fragment, or a long run of everyday words ("i don't think
  that's the right thing to do"), never bridges the weeks.
- Undated articles (no published date) are never held apart: nothing says when they were
  written, so the wording decides as before.
"""

from __future__ import annotations

from datetime import date
from difflib import SequenceMatcher

from ..normalization.lexicon import STOP_WORDS
from .words import words

REPORTING_WINDOW_DAYS = 21
REPRISE_WORDS = 8
REPRISE_RARE_WORDS = 3

# Words so frequent in speech and news that a run of them is a common phrase, not a remark's own.
_EVERYDAY = frozenset(
    """
    think know going want get got make made time really well right one two way lot say said says see good
    great like now even still back much many more most other new first last year years day days week weeks
    go goes come came take took look need needs thing things people person every never always because while
    whether only own same something anything nothing everything everyone someone anyone let put give gave
    tell told ask asked work keep sure yes okay yeah thank thanks today tomorrow yesterday long little big
    part place point fact case kind sort end able done doing being having getting want wanted believe
    important whole number happen happened mean means feel felt
    """.split()
)


def weeks_apart(a: date | None, b: date | None) -> bool:
    """Both dated, and more than REPORTING_WINDOW_DAYS apart; an undated side never is."""
    return a is not None and b is not None and abs((a - b).days) > REPORTING_WINDOW_DAYS


def rare(word: str) -> bool:
    return len(word) >= 3 and "'" not in word and word not in STOP_WORDS and word not in _EVERYDAY


def reprise(a: str, b: str) -> bool:
    """The two wordings share a long, rare verbatim span: a run of REPRISE_WORDS or more words
    word for word (typography aside) holding REPRISE_RARE_WORDS or more distinct rare words."""
    wa, wb = words(a), words(b)
    if len(wa) < REPRISE_WORDS or len(wb) < REPRISE_WORDS:
        return False
    blocks = SequenceMatcher(None, wa, wb, autojunk=False).get_matching_blocks()
    return any(
        size >= REPRISE_WORDS and len({w for w in wa[i : i + size] if rare(w)}) >= REPRISE_RARE_WORDS
        for i, _, size in blocks
    )


def nearest_days(dates: set[date], others: set[date]) -> int | None:
    """Days between the closest pair of dates, one from each set; None when either is empty."""
    if not dates or not others:
        return None
    return min(abs((x - y).days) for x in dates for y in others)
