"""The Flask app: create_app(config=None). One blueprint per resource."""

from __future__ import annotations

from flask import Flask
from flask_smorest.spec.plugins import integerconverter2paramschema
from werkzeug.middleware.proxy_fix import ProxyFix

from quotetrack.config import load_settings

from . import cors, openapi, security
from .extensions import QuoteTrackState, api
from .schemas import cross_field_rules


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
        # Swagger UI from the swagger-ui-bundle package, served locally: no CDN needed.
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL="/api/v1/docs-assets/",
        # Body size cap (bytes) a little above the text limit (characters), for JSON overhead.
        MAX_CONTENT_LENGTH=settings["MAX_ARTICLE_CHARS"] * 4 + 65536,
    )
    QuoteTrackState(app)
    api.init_app(app)
    openapi.init_spec(api)
    api.register_converter(security.IdConverter, integerconverter2paramschema)
    from . import (
        articles,
        audit,
        auth,
        cards,
        deadline,
        docs,
        extract,
        health,
        limits,
        quotes,
        speakers,
        statements,
        web,
    )

    auth.init_spec(api)
    for module in (articles, speakers, quotes, statements, extract, cards, audit):
        api.register_blueprint(module.blp, url_prefix="/api/v1")
    from . import jobs  # queued ingests (BROKER_URL)

    api.register_blueprint(jobs.blp, url_prefix="/api/v1")
    app.register_blueprint(cards.pages)
    app.register_blueprint(web.pages)
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
