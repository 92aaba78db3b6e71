"""Quote cards: self-contained HTML (no external fonts, scripts or images; one inline script
that reports the card's height to the page embedding it) and a PNG for social sharing. Jinja2
with autoescaping: quote text can never become markup."""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO

from jinja2 import Environment, PackageLoader, select_autoescape

from . import card_layout
from .card_text import CardText

THEMES = ("light", "dark")
# The narrowest card the layout supports: its text column is then 150 px (about 20 characters
# of the wording a line); a narrower maxwidth or width gets a card this wide.
MIN_WIDTH, MAX_WIDTH, DEFAULT_WIDTH = 200, 1200, 560

# The message a card sends to the page embedding it whenever its height changes (on load, and
# when the iframe narrows or widens): {"type": HEIGHT_MESSAGE, "id": the card's path
# ("/cards/quotes/10"), "height": its height in CSS px}. The embed snippet (resize_script)
# resizes the iframe it came from; without script the iframe keeps the height computed on the
# server. The height is no secret, so any page embedding the card may read it ("*").
HEIGHT_MESSAGE = "quotetrack:card-height"
HEIGHT_SCRIPT = (
    "(function () {"
    ' var card = document.querySelector("figure.card");'
    " function report() {"
    " if (window.parent === window) return;"
    " window.parent.postMessage({type: TYPE, id: location.pathname,"
    ' height: Math.ceil(card.getBoundingClientRect().height)}, "*");'
    " }"
    " report();"
    ' window.addEventListener("load", report);'
    " if (window.ResizeObserver) new ResizeObserver(report).observe(card);"
    ' else window.addEventListener("resize", report);'
    " })();"
).replace("TYPE", json.dumps(HEIGHT_MESSAGE))
# The card's Content-Security-Policy allows exactly this script (script-src by its hash).
HEIGHT_SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(HEIGHT_SCRIPT.encode()).digest()).decode()


def resize_script(card_origin: str) -> str:
    """What the embed snippet runs after its iframe: a listener (one a page, however many cards it
    embeds from `card_origin`) that sets the height of the iframe a card's height message came
    from, when the message comes from that origin and from one of the page's iframes."""
    origin = json.dumps(card_origin).replace("<", "\\u003c")
    return (
        (
            "(function (o) {"
            ' var flag = "quotetrack " + o;'
            " if (window[flag]) return;"
            " window[flag] = true;"
            ' window.addEventListener("message", function (e) {'
            ' var d = e.data, frames = document.getElementsByTagName("iframe"), i;'
            ' if (e.origin !== o || !d || d.type !== TYPE || typeof d.height !== "number"'
            " || !(d.height > 0 && d.height < 100000)) return;"
            " for (i = 0; i < frames.length; i++)"
            ' if (frames[i].contentWindow === e.source) frames[i].style.height = Math.ceil(d.height) + "px";'
            " });"
            " })(ORIGIN);"
        )
        .replace("TYPE", json.dumps(HEIGHT_MESSAGE))
        .replace("ORIGIN", origin)
    )


# The PNG shows about 900 characters at its smallest size; a longer quote is cut at a word
# before this many, so drawing one is bounded work (a 38,000-word quote took 22 s a GET).
MAX_PNG_CHARS = 1_000
# Rendered PNGs kept per process (about 30-80 KB each), keyed by everything drawn: a corrected
# quote (another speaker, text, byline or small print) is another key, never a stale image.
PNG_CACHE_SIZE = 128


@lru_cache(maxsize=1)
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("quotetrack.cards", "templates"),
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
            height_script=HEIGHT_SCRIPT,
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
