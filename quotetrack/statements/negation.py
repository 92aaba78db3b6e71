"""Negation in a wording: the negators, the ones that negate no clause (", not an apology"),
and whether a wording, or the few words before a fragment, say "not".
"""

from __future__ import annotations

import re

NEGATORS = frozenset(
    "not no never neither nor none nobody nothing nowhere without cannot unless "
    "fail fails failed failing refuse refuses refused refusing deny denies denied denying "
    "oppose opposes opposed opposing ignore ignores ignored ignoring "
    "disregard disregards disregarded disregarding".split()
)
# Negators that are also verbs with a meaning of their own ("refused" / "rejected").
_NEGATOR_VERBS = NEGATORS - frozenset(
    "not no never neither nor none nobody nothing nowhere without cannot unless".split()
)


def _negated(tokens: list[str]) -> bool:
    return any(t in NEGATORS or t.endswith("n't") for t in tokens)


# Negators that negate no clause: ", not an apology", ", not oxygen." set a noun phrase against
# what came before ("victims want their money back, not an apology" says they want it);
# "without holding a referendum" is a circumstance of the clause ("would rise by 4.99 per cent,
# the most it can without holding a referendum" says it will rise); "will not hesitate to" says
# it will.
_NOT_NEGATING = re.compile(
    r"[,;—–]\s*(?:but\s+)?not\s+(?=(?:a|an|the|their|his|her|its|our|my|your|this|that|these|those)\b)"
    r"|[,;—–]\s*not\s+(?=[a-z]+\s*(?:[.!?;,”\"’']|$))"
    r"|\bwithout\s+(?=[a-z]+ing\b)"
    r"|\b(?:not|never)\s+(?=hesitate)",
    re.IGNORECASE,
)


def negated_before(longer: list[str], start: int, window: int = 3) -> bool:
    """A negator in the `window` words before position `start` of `longer`: a fragment cut
    just after a "not" ("I do not, however, support efforts ..." -> "support efforts ...")."""
    return any(t in NEGATORS or t.endswith("n't") for t in longer[max(0, start - window) : start])
