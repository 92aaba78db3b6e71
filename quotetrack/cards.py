"""Quote cards: self-contained HTML (no external fonts, scripts or images) and a PNG for
social sharing. Jinja2 with autoescaping: quote text can never become markup."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO

from jinja2 import Environment, PackageLoader, select_autoescape

from . import card_layout
from .card_text import CardText

THEMES = ("light", "dark")
MIN_WIDTH, MAX_WIDTH, DEFAULT_WIDTH = 280, 1200, 560
# The PNG shows about 900 characters at its smallest size; a longer quote is cut at a word
# before this many, so drawing one is bounded work (a 38,000-word quote took 22 s a GET).
MAX_PNG_CHARS = 1_000
# Rendered PNGs kept per process (about 30-80 KB each), keyed by everything drawn: a corrected
# quote (another speaker, text, byline or small print) is another key, never a stale image.
PNG_CACHE_SIZE = 128


@lru_cache(maxsize=1)
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("quotetrack", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def clamp_width(width: int | None) -> int:
    return DEFAULT_WIDTH if width is None else max(MIN_WIDTH, min(MAX_WIDTH, width))


@dataclass(frozen=True)
class CardLinks:
    """Absolute URLs a card refers to (computed by the web layer)."""

    self_url: str
    image_url: str | None
    oembed_url: str
    embed_snippet: str
    article_page: str | None = None  # the quote highlighted in its article on this service
    speaker_page: str | None = None
    full_text: str | None = None  # "read in full" on a shortened card: the quote's or statement's page
    height: int | None = None  # of the iframe in embed_snippet


def render_card(
    card: CardText,
    links: CardLinks,
    theme: str = "light",
    width: int | None = None,
    speaker=None,
    article=None,
    person: bool = False,
) -> str:
    """The card page: `card` laid out with the typography its height was computed with."""
    width = clamp_width(width)
    return (
        _environment()
        .get_template("card.html")
        .render(
            card=card,
            links=links,
            speaker=speaker,
            article=article,
            person=person,
            theme=theme if theme in THEMES else "light",
            width=width,
            type=card_layout.typography(width),
            families=card_layout.FAMILIES,
        )
    )


@lru_cache(maxsize=PNG_CACHE_SIZE)
def render_quote_png(
    text: str,
    speaker: str,
    byline: str,
    width: int = 1200,
    height: int = 630,
    quoted: bool = True,
    note: str = "",
) -> bytes:
    """A 1200x630 image (the Open Graph size) with the quote, the speaker and the source.
    `quoted`: draw quotation marks around `text` (a direct quote); reported speech and mixed
    quotes arrive with their own wording (display.Display.plain) and get none. `note`: the
    small print (kind, attribution method, confidence), drawn under the byline.
    Cached: the same arguments give the same bytes without drawing again."""
    from PIL import Image, ImageDraw, ImageFont

    text = shorten(text, MAX_PNG_CHARS)

    image = Image.new("RGB", (width, height), "#fbfaf7")
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, 16, height], fill="#b3261e")
    margin, y = 72, 64
    for size in (52, 44, 36, 30, 26):  # the largest size at which the quote fits
        font = ImageFont.load_default(size=size)
        lines = _wrap(draw, f"“{text}”" if quoted else text, font, width - 2 * margin)
        if len(lines) * int(size * 1.3) <= height - 240:
            break
    for line in lines:
        draw.text((margin, y), line, font=font, fill="#1c1b1a")
        y += int(size * 1.3)
    small = ImageFont.load_default(size=30)
    # The bundled font has no em dash: draw the attribution rule instead.
    draw.line([(margin, height - 122), (margin + 28, height - 122)], fill="#1c1b1a", width=3)
    draw.text((margin + 40, height - 140), speaker, font=small, fill="#1c1b1a")
    draw.text((margin, height - 96), byline, font=ImageFont.load_default(size=24), fill="#5f5a54")
    if note:
        for note_size in (20, 18, 16):  # the small print on one line
            note_font = ImageFont.load_default(size=note_size)
            if draw.textlength(note, font=note_font) <= width - 2 * margin:
                break
        draw.text((margin, height - 58), note, font=note_font, fill="#5f5a54")
    buffer = BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def shorten(text: str, limit: int) -> str:
    """`text`, or its first words within `limit` characters and an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    words = cut.rsplit(None, 1)[0] if " " in cut.strip() else cut
    return words.rstrip(" ,;:") + "…"


def _wrap(draw, text: str, font, max_width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if draw.textlength(candidate, font=font) <= max_width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line else lines
