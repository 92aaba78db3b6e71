"""The Flask app: create_app(config=None). One blueprint per resource."""

from __future__ import annotations

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from quotetrack.config import load_settings

from .extensions import QuoteTrackState, api


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__)
    settings = load_settings()
    settings.update(config or {})
    app.config.update(settings)
    app.config.update(
        API_TITLE="quotetrack",
        API_VERSION="v1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api/v1",
        OPENAPI_JSON_PATH="openapi.json",
        # Swagger UI from the swagger-ui-bundle package, served locally: no CDN needed.
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL="/api/v1/docs-assets/",
        # Body size cap (bytes) a little above the text limit (characters), for JSON overhead.
        MAX_CONTENT_LENGTH=settings["MAX_ARTICLE_CHARS"] * 4 + 65536,
    )
    if isinstance(app.json, DefaultJSONProvider):
        app.json.sort_keys = False  # keep the schemas' field order: id and text first
    QuoteTrackState(app)
    api.init_app(app)
    from . import articles, audit, auth, cards, docs, extract, quotes, speakers, statements, web

    auth.init_spec(api)
    for module in (articles, speakers, quotes, statements, extract, cards, audit):
        api.register_blueprint(module.blp, url_prefix="/api/v1")
    from . import jobs  # queued ingests (BROKER_URL)

    api.register_blueprint(jobs.blp, url_prefix="/api/v1")
    app.register_blueprint(cards.pages)
    app.register_blueprint(web.pages)
    docs.init_app(app)
    return app
