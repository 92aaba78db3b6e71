"""The OpenAPI document's shape for typed clients (tests/test_typed_client.py generates and uses
one): operation ids, the Error schema on every error status, nullable references, enums, ArticleIn.
The app is real, on a real SQLite file (Flask's test client); nothing is faked."""

from __future__ import annotations

import re

import pytest

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@pytest.fixture
def spec(client):
    return client.get("/api/v1/openapi.json").get_json()


def operations(spec):
    for path, item in spec["paths"].items():
        for method in HTTP_METHODS:
            if method in item:
                yield path, method, item[method]


def test_every_operation_has_a_readable_unique_operation_id(spec):
    ids = [operation.get("operationId") for _, _, operation in operations(spec)]
    assert all(isinstance(i, str) and re.fullmatch(r"[a-z]+(_[a-z0-9]+)*", i) for i in ids), ids
    assert len(ids) == len(set(ids))
    by_route = {(path, method): operation["operationId"] for path, method, operation in operations(spec)}
    assert by_route[("/api/v1/speakers", "get")] == "list_speakers"
    assert by_route[("/api/v1/speakers/{id_or_slug}", "get")] == "get_speaker"
    assert by_route[("/api/v1/verify", "post")] == "verify_wording"
    assert by_route[("/api/v1/articles", "post")] == "ingest_article"


def test_every_error_status_of_every_operation_answers_the_error_schema(spec):
    error = {"$ref": "#/components/schemas/Error"}
    for path, method, operation in operations(spec):
        responses = operation["responses"]
        for status, answer in responses.items():
            if "$ref" in answer:  # flask-smorest's shared answers (422, default)
                answer = spec["components"]["responses"][answer["$ref"].rsplit("/", 1)[-1]]
            if re.fullmatch(r"[45]\d\d", status):
                assert answer["content"]["application/json"]["schema"] == error, (path, method, status)
        expected = {"500", "503"}
        expected |= {"404"} if "{" in path else set()
        expected |= {"400", "413", "422"} if "requestBody" in operation else set()
        expected |= {"429"} if method in ("post", "patch") else set()
        expected |= {"401", "403"} if operation.get("security") else set()
        assert expected <= set(responses), (path, method, expected - set(responses))


def test_nullable_nested_objects_are_references_a_generator_can_type(spec):
    schemas = spec["components"]["schemas"]
    speaker = schemas["Quote"]["properties"]["speaker"]
    assert speaker == {"allOf": [{"$ref": "#/components/schemas/SpeakerBrief"}], "nullable": True}
    assert schemas["Quote"]["properties"]["identity"]["allOf"] == [{"$ref": "#/components/schemas/Identity"}]
    text = str(spec)
    assert "{'type': 'object', 'nullable': True}" not in text  # apispec's anyOf form, nowhere


def test_closed_sets_are_shared_enums(spec):
    schemas = spec["components"]["schemas"]
    assert schemas["VerdictValue"]["enum"] == ["verbatim", "variant", "fragment", "paraphrase", "not_found"]
    assert schemas["QuoteKind"]["enum"] == ["direct", "indirect", "mixed"]
    assert "surname" in schemas["AttributionMethod"]["enum"] and "editor" in schemas["IdentityMethod"]["enum"]
    assert schemas["Verdict"]["properties"]["verdict"] == {"$ref": "#/components/schemas/VerdictValue"}
    relation = schemas["Quote"]["properties"]["relation"]
    assert relation["allOf"] == [{"$ref": "#/components/schemas/Relation"}] and relation["nullable"] is True
    kind = next(p for p in spec["paths"]["/api/v1/quotes"]["get"]["parameters"] if p["name"] == "kind")
    assert kind["schema"] == {"$ref": "#/components/schemas/QuoteKind"}


def test_article_in_keeps_every_field_beside_the_text_or_html_rule(spec):
    article_in = spec["components"]["schemas"]["ArticleIn"]
    assert set(article_in["properties"]) == {"text", "html", "outlet", "title", "url", "published", "author"}
    assert "anyOf" not in article_in and "oneOf" not in article_in  # a union of bodies would drop the fields


def test_the_jsonl_export_is_offered_as_bytes_too(spec, client):
    content = spec["paths"]["/api/v1/quotes/export.jsonl"]["get"]["responses"]["200"]["content"]
    assert list(content) == ["application/jsonl", "application/octet-stream"]
    assert client.get("/api/v1/quotes/export.jsonl").content_type.startswith("application/jsonl")
    as_bytes = client.get("/api/v1/quotes/export.jsonl", headers={"Accept": "application/octet-stream"})
    assert as_bytes.status_code == 200 and as_bytes.content_type == "application/octet-stream"
    either = client.get("/api/v1/quotes/export.jsonl", headers={"Accept": "*/*"})
    assert either.content_type.startswith("application/jsonl")
