"""What the attribution steps share: a sieve's answer (`Resolution`) and what a sieve may read
(`Context`). Its own module so that the sieves, the pronoun rules, the candidate pool and the
ranker all depend on it, and not on each other."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from spacy.tokens import Token

from ..extraction.candidate import Candidate
from ..extraction.syntax import QuoteMask
from ..types import Method
from .table import Entry, NameTable


@dataclass(frozen=True)
class Resolution:
    entry: Entry | None
    mention: str | None
    method: Method
    evidence: str = ""  # what the sieve relied on, for provenance (Quote.evidence)
    confidence: float | None = None  # P(right) from the ranker; None: the sieve's calibrated figure


@dataclass
class Lookahead:
    """The first pass's attributions, for sieves that look ahead; and whether any sieve
    asked (if none did, a second pass would change nothing and is skipped)."""

    resolutions: list[tuple[Candidate, Resolution]] = field(default_factory=list)
    wanted: bool = False

    def after(self, offset: int) -> list[tuple[Candidate, Resolution]]:
        self.wanted = True
        return [(c, r) for c, r in self.resolutions if c.start > offset and r.entry is not None]


@dataclass
class Context:
    """What the sieves may read: the article's table and the attributions made so far."""

    table: NameTable
    mask: QuoteMask
    paragraph_of: Callable[[int], int]
    previous: list[tuple[Candidate, Resolution]] = field(default_factory=list)
    ahead: Lookahead = field(default_factory=Lookahead)
    depth: int = 0  # nested resolutions (an owner, an issuer, an antecedent) stop at two levels
    # The mention sieves in their order (sieves.resolve_mention), for a sieve that leans on another
    # mention; passed in rather than imported so that no sieve family imports the order.
    resolve: Callable[[Token, Context], Resolution] | None = None

    def nested(self) -> Context:
        return Context(
            self.table, self.mask, self.paragraph_of, self.previous, self.ahead, self.depth + 1, self.resolve
        )

    @property
    def resolver(self) -> Callable[[Token, Context], Resolution]:
        if self.resolve is None:
            raise RuntimeError("this Context was built without the mention sieves (sieves.resolve_mention)")
        return self.resolve

    def resolve_nested(self, head: Token) -> Resolution:
        """What a mention a sieve leans on names (an owner, an issuer, a member), one level deeper."""
        return self.resolver(head, self.nested())


MentionSieve = Callable[[Token, Context], Resolution | None]
UNRESOLVED = Resolution(None, None, Method.UNRESOLVED)
