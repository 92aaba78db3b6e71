"""The OpenAPI document as typed clients read it (openapi-python-client is tested against it,
tests/test_typed_client.py).

flask-smorest writes the document from the schemas and route decorators; this module finishes it:
readable `operationId`s, the Error schema on every error status an operation can answer, and
nullable nested objects written as `allOf: [$ref]` + `nullable: true` (apispec's own
`anyOf: [{type: object, nullable: true}, $ref]` makes generators see an untyped dict)."""

from __future__ import annotations

import re

from flask import Flask
from flask_smorest.spec.plugins import FlaskPlugin

from .schemas.vocabulary import ENUM_COMPONENT

ERROR = {"$ref": "#/components/schemas/Error"}
WRITES = ("post", "patch", "put", "delete")

# Function names read as operation names except these (the view's name is short for its blueprint).
OPERATION_IDS = {
    "articles.ingest": "ingest_article",
    "articles.ingest_batch": "ingest_articles",
    "articles.reextract": "reextract_article",
    "articles.article_quotes": "list_article_quotes",
    "speakers.speaker_quotes": "list_speaker_quotes",
    "quotes.search": "search_quotes",
    "export.export_csv": "export_quotes_csv",
    "export.export_jsonl": "export_quotes_jsonl",
    "statements.speaker_statements": "list_speaker_statements",
    "statements.verify": "verify_wording",
    "extract.extract": "extract_quotes",
    "audit.list_audit": "list_audit_entries",
    "oembed.oembed": "get_oembed",
}

# What each error status means wherever an operation can answer it without saying more itself.
COMMON_ERRORS = {
    "400": "The body is not JSON, or nested too deeply.",
    "401": "No API key, or an unknown or revoked one.",
    "403": "The API key lacks the scope.",
    "404": "No such item (an unknown id or slug, or an id out of range).",
    "413": "Request body too large (over MAX_ARTICLE_CHARS × 6 + 64 KiB bytes: room for a \\u-escaped text).",
    "422": "Invalid input: `errors` says which field (or query parameter) and why.",
    "429": "Too many writes from this address or key (Retry-After).",
    "500": "An unexpected error (logged); nothing was written.",
    "503": "The database is unavailable, or the request ran past REQUEST_TIMEOUT (Retry-After says when to retry).",
}
_ERROR_STATUS = re.compile(r"^[45][0-9][0-9]$")


def nullable_nested(_converter, field, ret: dict, **_kwargs) -> dict:
    """An apispec attribute function (runs after apispec's own): a nullable Nested field as
    `allOf: [$ref]` with `nullable: true`, which generators turn into `Model | None`. Bound to the
    converter as a method, as apispec does with every attribute function."""
    any_of = ret.get("anyOf")
    if getattr(field, "allow_none", False) and isinstance(any_of, list) and len(any_of) == 2:
        refs = [item for item in any_of if "$ref" in item]
        if len(refs) == 1 and {"type": "object", "nullable": True} in any_of:
            del ret["anyOf"]
            return {"allOf": refs, "nullable": True}
    return {}


def shared_enum(converter, field, ret: dict, **_kwargs) -> dict:
    """An apispec attribute function: a field with a closed set of values (schemas.one_of) refers
    to the shared enum component, `allOf` + `nullable: true` where it allows null (a nullable
    inline enum came out of openapi-python-client without its None, or as three enum classes)."""
    named = field.metadata.get(ENUM_COMPONENT)
    if named is None:
        return {}
    name, values = named
    components = converter.spec.components
    if name not in components.schemas:
        components.schema(name, {"type": "string", "enum": list(values)})
    elif components.schemas[name]["enum"] != list(values):
        raise ValueError(f"Two sets of values documented as the enum {name}.")
    for key in ("type", "format", "enum", "nullable"):
        ret.pop(key, None)
    reference = {"$ref": f"#/components/schemas/{name}"}
    if field.allow_none:
        return {"allOf": [reference], "nullable": True}
    return reference


def init_spec(smorest_api) -> None:
    """Before any blueprint is registered (schemas are converted as their views are)."""
    converter = smorest_api.ma_plugin.converter
    converter.add_attribute_function(nullable_nested)
    converter.add_attribute_function(shared_enum)


def finish(smorest_api, app: Flask) -> None:
    """After every blueprint is registered: operation ids, the error answers, the tags in use."""
    paths = smorest_api.spec._paths
    for rule in app.url_map.iter_rules():
        operations = paths.get(FlaskPlugin.flaskpath2openapi(rule.rule))
        if not operations:
            continue
        for method in rule.methods or ():
            operation = operations.get(method.lower())
            if isinstance(operation, dict) and "responses" in operation:
                operation["operationId"] = operation_id(rule.endpoint)
                _document_errors(method.lower(), operation, has_path_parameters="{" in rule.rule)
    _drop_unused_tags(smorest_api.spec)


def _drop_unused_tags(spec) -> None:
    """flask-smorest lists every blueprint as a tag; one whose operations are all documented
    under another's tag (api/export.py, under quotes) would be an empty group in the document."""
    used = {
        tag
        for operations in spec._paths.values()
        for operation in operations.values()
        if isinstance(operation, dict)
        for tag in operation.get("tags", ())
    }
    spec._tags[:] = [tag for tag in spec._tags if tag["name"] in used]


def operation_id(endpoint: str) -> str:
    """`blueprint.function` → a readable operation name (the generated client's function name)."""
    return OPERATION_IDS.get(endpoint, endpoint.rsplit(".", 1)[-1])


def _document_errors(method: str, operation: dict, has_path_parameters: bool) -> None:
    """Every error status the operation can answer, each with the Error schema: what its
    decorators declared, plus what any such operation can answer (a path id out of range is a
    404, a body a 400 or 413, query or body validation a 422, a write a 429, and any request a
    500 or 503)."""
    responses = operation["responses"]
    statuses = {"500", "503"}
    if has_path_parameters:
        statuses.add("404")
    if operation.get("parameters") and any(p.get("in") == "query" for p in operation["parameters"]):
        statuses.add("422")
    if "requestBody" in operation:
        statuses |= {"400", "413", "422"}
    if method in WRITES:
        statuses.add("429")
    if operation.get("security"):
        statuses |= {"401", "403"}
    for status in statuses:
        responses.setdefault(status, {"description": COMMON_ERRORS[status]})
    for status, answer in responses.items():
        if _ERROR_STATUS.match(str(status)) and isinstance(answer, dict) and "$ref" not in answer:
            answer.setdefault("description", COMMON_ERRORS.get(str(status), "An error."))
            answer["content"] = {"application/json": {"schema": ERROR}}
