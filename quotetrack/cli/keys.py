"""`quotetrack keys`: API keys for writes, created, listed and revoked on the command line."""

from __future__ import annotations

import click

from ..config import load_settings
from ..errors import InvalidInput


@click.group()
def keys() -> None:
    """API keys for writes (Authorization: Bearer KEY). Reads need none."""


def _key_db():
    from ..storage import Database

    db = Database(load_settings()["DATABASE_URL"])
    db.migrate()
    return db


@keys.command("create")
@click.option("--name", required=True, help="Who or what uses the key; shown in the audit log.")
@click.option("--scope", "scope", default="ingest", show_default=True, help="Comma-separated: ingest, curate.")
def keys_create(name, scope) -> None:
    """Create a key and print it on the last line. It is shown once: only its hash is stored."""
    from ..storage import keys as api_keys

    try:
        scopes = api_keys.parse_scopes(scope)
        with _key_db().transaction() as session:
            record, key = api_keys.create_key(session, name, scopes)
    except InvalidInput as error:
        raise click.ClickException(error.message) from error
    click.echo(f"API key {record.name!r} with scopes {','.join(record.scopes)} (shown once, keep it):")
    click.echo(key)


@keys.command("list")
def keys_list() -> None:
    """Every key: name, first characters, scopes, created, revoked."""
    from ..storage import keys as api_keys

    with _key_db().reading() as session:
        records = api_keys.list_keys(session)
    for r in records:
        revoked = f"revoked {r.revoked_at:%Y-%m-%d %H:%M}" if r.revoked_at else "active"
        click.echo(f"{r.name}\t{r.prefix}…\t{','.join(r.scopes)}\tcreated {r.created_at:%Y-%m-%d %H:%M}\t{revoked}")


@keys.command("revoke")
@click.argument("name")
def keys_revoke(name) -> None:
    """Revoke the active key called NAME: requests with it get 401 from now on."""
    from ..storage import keys as api_keys

    with _key_db().transaction() as session:
        if not api_keys.revoke_key(session, name):
            raise click.ClickException(f"no active key named {name!r}")
    click.echo(f"revoked {name!r}")
