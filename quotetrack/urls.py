"""The one rule for article URLs, whichever way an article arrives (API, `quotetrack ingest`, a page's
own canonical link): an absolute http or https URL in ASCII (percent-encode the rest). Anything else
(`javascript:`, `data:`, relative, with spaces or control characters) is never stored nor linked."""

from __future__ import annotations

import re

from .errors import InvalidInput

_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
# ECMA-compatible, for the OpenAPI document; Python uses it with fullmatch.
HTTP_URL_PATTERN = f"^https?://{_LABEL}(?:\\.{_LABEL})*(?::[0-9]{{1,5}})?(?:[/?#][!-~]*)?$"
MAX_URL_LENGTH = 2048
_HTTP_URL = re.compile(HTTP_URL_PATTERN[1:-1])


def is_http_url(value: object) -> bool:
    return isinstance(value, str) and len(value) <= MAX_URL_LENGTH and _HTTP_URL.fullmatch(value) is not None


def check_url(value: object, where: str) -> str | None:
    """`value` when it is None or an http(s) URL; otherwise InvalidInput naming the URL."""
    if value is None or is_http_url(value):
        return value  # type: ignore[return-value]
    shown = repr(value)[:80]
    raise InvalidInput(
        f"{where}: url {shown} is not an http or https URL",
        {"url": ["Not an absolute http or https URL (javascript:, data: and others are refused)."]},
    )
