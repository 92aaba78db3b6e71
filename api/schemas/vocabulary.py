"""The closed sets of values the API serves, and how a field documents one: as a shared enum
component (typed clients turn each into one Enum class wherever the set appears)."""

from __future__ import annotations

from quotetrack.statements.verify import NOT_FOUND
from quotetrack.statements.wording import Relation
from quotetrack.storage.identity import IdentityMethod
from quotetrack.types import JobStatus, Method, QuoteKind, QuoteStatus, SpeakerKind

KINDS = tuple(kind.value for kind in QuoteKind)
SPEAKER_KINDS = tuple(kind.value for kind in SpeakerKind)  # aliases (ORGANIZATION) are not listed twice
METHODS = tuple(method.value for method in Method)
IDENTITY_METHODS = tuple(method.value for method in IdentityMethod)
RELATIONS = tuple(relation.value for relation in Relation)
VERDICTS = (*RELATIONS, NOT_FOUND)
WORDING_RELATIONS = (*RELATIONS, "different")  # statements/verify.py: a wording the submitted text does not match
QUOTE_STATUSES = tuple(status.value for status in QuoteStatus)
# What an editor may set: superseded follows from a newer revision, never from a PATCH.
EDITOR_QUOTE_STATUSES = (QuoteStatus.ACCEPTED.value, QuoteStatus.REJECTED.value)
JOB_STATUSES = tuple(status.value for status in JobStatus)
DIFF_OPS = ("equal", "replace", "delete", "insert")
CONTRADICTION_REASONS = ("negation", "number", "hedge")

ENUM_COMPONENT = "openapi_enum"  # field metadata read by api/openapi.py (apispec does not copy it into the document)


def one_of(name: str, values: tuple, **metadata) -> dict:
    """Field metadata for a closed set of values: documented as the shared enum component `name`
    (one Enum class in a generated client wherever the set appears), referenced from the field,
    nullable where the field allows null (api/openapi.py writes it)."""
    return {**metadata, ENUM_COMPONENT: (name, tuple(values))}
