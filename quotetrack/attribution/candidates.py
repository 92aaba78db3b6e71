"""The old name of speaker_candidates.py (issue #43 item 6: "candidates" meant a found quote, a
speaker the ranker weighs and a claim linking compares). Kept only for ranker.py and
tests/test_rule_shift.py, which other work held when the module was renamed; delete this
module once they import `speaker_candidates`. Nothing new imports it."""

from .speaker_candidates import Article, SpeakerCandidate, SpeakerHistory, candidates_for

__all__ = ["Article", "SpeakerCandidate", "SpeakerHistory", "candidates_for"]
