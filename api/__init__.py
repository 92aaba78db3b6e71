"""The Flask app: create_app(config=None). One blueprint per area, each registered here and
nowhere else: the API's resources under /api/v1 (in the OpenAPI document), then the pages."""

from __future__ import annotations

from flask import Flask
from flask_smorest.spec.plugins import integerconverter2paramschema
from werkzeug.middleware.proxy_fix import ProxyFix

from quotetrack.config import load_settings

from . import (
    articles,
    audit,
    auth,
    cards,
    cors,
    deadline,
    docs,
    export,
    extract,
    health,
    jobs,
    limits,
    oembed,
    openapi,
    pages,
    quotes,
    security,
    speakers,
    statements,
)
from .extensions import QuoteTrackState, api
from .pages import records, search
from .schemas.rules import cross_field_rules

# The API's areas, in the order of the OpenAPI document's tags. Exports are documented under
# the quotes tag (api/export.py), so they come after quotes.
API_BLUEPRINTS = (articles, speakers, quotes, export, statements, extract, oembed, audit, jobs)

# The request body cap, a hard one in bytes: MAX_ARTICLE_CHARS × 6 + 64 KiB (README, "Limits and
# errors"), so that a text at the limit (characters, checked after decoding: a 422) still fits with
# every character sent as a `\uXXXX` escape (json.dumps' default), and the other fields with it.
ESCAPED_CHAR_BYTES = 6
BODY_ROOM_BYTES = 64 * 1024


def create_app(config: dict | None = None) -> Flask:
    Flask.json_provider_class = security.BoundedJSONProvider
    app = Flask(__name__)
    app.url_map.converters["int"] = security.IdConverter  # ids within the id columns' range: larger ones are a 404
    settings = load_settings()
    settings.update(config or {})
    app.config.update(settings)
    app.config.update(
        API_TITLE="quotetrack",
        API_VERSION="v1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api/v1",
        OPENAPI_JSON_PATH="openapi.json",
        # The paths start at /api/v1: the server is the host root the document is served from (a
        # relative URL, read against the document's own URL), so a generated client works with
        # the host as base_url behind any PUBLIC_BASE_URL or proxy.
        API_SPEC_OPTIONS={"servers": [{"url": "/", "description": "This host (the paths start at /api/v1)."}]},
        # Swagger UI from the swagger-ui-bundle package, served locally: no CDN needed.
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL="/api/v1/docs-assets/",
        # 1,265,536 bytes with the default MAX_ARTICLE_CHARS (above).
        MAX_CONTENT_LENGTH=settings["MAX_ARTICLE_CHARS"] * ESCAPED_CHAR_BYTES + BODY_ROOM_BYTES,
    )
    QuoteTrackState(app)
    api.init_app(app)
    openapi.init_spec(api)
    api.register_converter(security.IdConverter, integerconverter2paramschema)
    auth.init_spec(api)
    for module in API_BLUEPRINTS:
        api.register_blueprint(module.blp, url_prefix="/api/v1")
    pages.init_app(app)
    app.register_blueprint(cards.pages)
    app.register_blueprint(records.pages)
    app.register_blueprint(search.pages)
    docs.init_app(app)
    app.register_blueprint(health.probes)
    security.init_app(app)
    cors.init_app(app)
    limits.init_app(app)
    deadline.init_app(app)
    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies > 0:
        # The client address (rate limits, logs) from the last N X-Forwarded-For values, the ones
        # our own proxies appended; anything earlier in the header is the client's say-so. Only the
        # address: links come from PUBLIC_BASE_URL or an allowed Host, never a forwarded host.
        proxied = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=0, x_host=0, x_port=0, x_prefix=0)
        app.wsgi_app = proxied  # type: ignore[method-assign]
    openapi.finish(api, app)
    components = api.spec.components.schemas
    for name, rules in cross_field_rules(app.config["FETCH_URLS"]).items():
        if name in components:
            components[name].update(rules)
    return app
