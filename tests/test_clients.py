"""What a generated client needs (issue 42 item 5): a `servers` entry that makes the host root the
base URL, the same `statement_count` in the speaker list as on the speaker, and `statement_ids`
as an array in the JSON Lines export."""

from __future__ import annotations

import json
from urllib.parse import urljoin

import pytest

pytestmark = pytest.mark.model

TEXT = (
    "“We will not let the shelters close this winter,” Gov. Linda Marsh said.\n\n"
    "Marsh said the budget would hold, and “every shelter stays open,” she added."
)


@pytest.fixture
def seeded(client, auth):
    body = {"text": TEXT, "outlet": "Example Times", "url": "https://example.org/s", "published": "2024-11-20"}
    assert client.post("/api/v1/articles", json=body, headers=auth).status_code == 201
    return client


def test_the_openapi_document_names_the_host_root_as_its_server(client):
    document_url = "http://news.example.org/api/v1/openapi.json"
    spec = client.get("/api/v1/openapi.json", base_url="http://news.example.org").get_json()
    servers = spec.get("servers")
    assert servers, "no servers entry"
    # A relative server URL is read against the document's own URL (OpenAPI 3.0.3, 4.7.5).
    assert urljoin(document_url, servers[0]["url"]).rstrip("/") == "http://news.example.org"
    assert all(path.startswith("/api/v1/") for path in spec["paths"])


def test_statement_count_is_the_same_number_in_the_speaker_list_and_on_the_speaker(seeded):
    listed = seeded.get("/api/v1/speakers?per_page=100").get_json()["items"]
    assert listed
    for speaker in listed:
        one = seeded.get(f"/api/v1/speakers/{speaker['id']}").get_json()
        assert isinstance(speaker["statement_count"], int), speaker
        assert speaker["statement_count"] == one["statement_count"], speaker["name"]
    assert any(s["statement_count"] > 0 for s in listed)


def test_the_json_lines_export_gives_statement_ids_as_an_array(seeded):
    records = [
        json.loads(line) for line in seeded.get("/api/v1/quotes/export.jsonl").get_data(as_text=True).splitlines()
    ]
    assert records
    for record in records:
        assert isinstance(record["statement_ids"], list) and all(isinstance(i, int) for i in record["statement_ids"])
    assert any(record["statement_ids"] for record in records)
    csv = seeded.get("/api/v1/quotes/export.csv").get_data(as_text=True)  # a cell stays space-separated there
    assert csv.splitlines()[0].endswith("statement_id,statement_ids")
