"""A description used again (issue #41 item 10): "A lawyer for Ana Ruiz said ... 'The evidence
was never there,' the lawyer said." The second description is the speaker the first one
described, not the one person the story has named so far (Ana Ruiz, named only as whom the
lawyer acts for)."""

from __future__ import annotations

from collections.abc import Iterable

from ..extraction.candidate import Candidate
from ..types import Method, SpeakerKind
from .context import Resolution
from .names import fold

# Words after which a description names whom or what its noun belongs to: "lawyer for Ana Ruiz".
_OWNER_WORDS = frozenset({"for", "of", "at", "from", "to", "with", "in", "on"})


def described_before(previous: Iterable[tuple[Candidate, Resolution]], noun: str) -> bool:
    """An earlier quote's speaker is an unnamed one described by `noun` (a lemma)."""
    for _, resolution in previous:
        entry = resolution.entry
        if entry is None or entry.kind is not SpeakerKind.UNNAMED_SOURCE or resolution.method is not Method.DESCRIPTION:
            continue
        words = fold(entry.name).split()
        own = next((words[:i] for i, w in enumerate(words) if w in _OWNER_WORDS), words)
        if noun in own:
            return True
    return False
