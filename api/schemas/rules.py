"""The schemas' cross-field checks (@validates_schema) in the OpenAPI document's terms, added to
the components by create_app once the document is written."""

from __future__ import annotations


def _present(*names: str) -> dict:
    """JSON Schema: each of `names` is there and not null."""
    return {"required": list(names), "properties": {name: {"type": "string"} for name in names}}


def cross_field_rules(fetch_urls: bool) -> dict[str, dict]:
    """What the schemas' @validates_schema checks, in the OpenAPI document's terms (keyed by the
    component name), so a client (or schemathesis) can tell a valid body from the document alone."""
    bodies = [_present("text"), _present("html")] + ([_present("url")] if fetch_urls else [])
    return {
        # Under allOf, so that generators keep ArticleIn one model with all its fields (a top-level
        # anyOf made openapi-python-client see a union of bodies without outlet, title, url, ...).
        "ArticleIn": {"allOf": [{"anyOf": bodies}, {"not": _present("text", "html")}]},
        "QuotePatch": {
            "allOf": [
                {"anyOf": [{"required": ["speaker"]}, {"required": ["speaker_name"]}, {"required": ["status"]}]},
                {"not": {"required": ["speaker", "speaker_name"]}},
                {"anyOf": [{"not": {"required": ["speaker_kind"]}}, {"required": ["speaker_name"]}]},
            ]
        },
        "SpeakerPatch": {"minProperties": 1},
        "ArticlePatch": {"minProperties": 1},
    }
