"""Static assets of the interactive API docs page (/api/v1/docs), from swagger-ui-bundle."""

from __future__ import annotations

from flask import Blueprint, Flask, send_from_directory
from swagger_ui_bundle import swagger_ui_path

assets = Blueprint("docs_assets", __name__)


@assets.get("/api/v1/docs-assets/<path:filename>")
def asset(filename: str):
    return send_from_directory(swagger_ui_path, filename, max_age=86400)


def init_app(app: Flask) -> None:
    app.register_blueprint(assets)
