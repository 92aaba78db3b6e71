"""How tall a card is, computed on the server: its text wrapped line by line the way a browser
wraps it, with the advance widths of the fonts the card CSS asks for (card_metrics) and the
sizes, line heights and spacing the card CSS uses (Typography, which the template renders).

An oEmbed consumer sizes the iframe from this number before the card loads, so it must never
be short (the speaker line would be cut off) and should not be long (an empty band). The
model errs on the long side: it breaks lines only at spaces (a browser may also break after a
hyphen or between CJK characters, which only saves lines), ignores kerning (which narrows
text), and wraps at WRAP_FRACTION of the width, so hinting or a substitute font a few per
cent wider still fits.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from .card_metrics import WIDTHS

EM = 1000  # card_metrics widths are thousandths of an em
WRAP_FRACTION = 0.99
SLACK_PX = 4  # rounding of fractional line boxes and a substitute font's taller ascent

SERIF, SANS, SANS_BOLD = "serif", "sans", "sans_bold"
# The families behind each face, metric-compatible first: the widths above hold for them.
FAMILIES = {
    SERIF: '"Times New Roman", Tinos, "Liberation Serif", Times, serif',
    SANS: 'Arial, Arimo, "Liberation Sans", Helvetica, sans-serif',
}
_SPACES = " \t\n\r\f"

Run = tuple[str, str]  # (text, face)


def char_width(char: str, face: str) -> float:
    """Advance width of `char` in thousandths of an em; characters the table lacks get a
    width no common fallback font exceeds for them."""
    known = WIDTHS[face].get(ord(char))
    if known is not None:
        return known
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return 1000
    if ord(char) >= 0x1F000:  # emoji and pictographs
        return 1300
    return 700  # a letter of another script, in whatever font the browser falls back to


@dataclass(frozen=True)
class _Word:
    width: float
    chars: tuple[float, ...]
    space_before: float  # the collapsed space before it (0 at the start)


def _words(runs: Sequence[Run], size: float, letter_spacing: float) -> list[_Word]:
    """The runs' words with their widths in px, white space collapsed as CSS does."""
    words: list[_Word] = []
    chars: list[float] = []
    pending_space = 0.0
    for text, face in runs:
        for char in text:
            width = char_width(char, face) * size / EM + letter_spacing
            if char in _SPACES:
                if chars:
                    words.append(_Word(sum(chars), tuple(chars), pending_space))
                    chars = []
                    pending_space = width
                elif words and not pending_space:
                    pending_space = width
            else:
                chars.append(width)
    if chars:
        words.append(_Word(sum(chars), tuple(chars), pending_space))
    return words


def count_lines(runs: Sequence[Run], size: float, width: float, letter_spacing: float = 0.0) -> int:
    """Lines the runs take in a block `width` px wide at `size` px: greedy filling, breaks at
    spaces, a word wider than the line broken between characters (overflow-wrap: anywhere)."""
    available = width * WRAP_FRACTION
    words = _words(runs, size, letter_spacing)
    if not words:
        return 0
    lines, x = 1, 0.0
    for word in words:
        if x and x + word.space_before + word.width <= available:
            x += word.space_before + word.width
            continue
        if x:
            lines, x = lines + 1, 0.0
        if word.width <= available:
            x = word.width
            continue
        for char in word.chars:  # only a word longer than the line is cut
            if x and x + char > available:
                lines, x = lines + 1, 0.0
            x += char
    return lines


@dataclass(frozen=True)
class Typography:
    """Every size the card CSS uses at one card width, in px: the template writes these into
    the CSS and card_height adds them up, so the two cannot disagree."""

    width: int
    body_px: int  # a direct quote (serif)
    body_line: int
    reported_px: int  # reported speech and partly quoted text (sans)
    reported_line: int
    label_px: int = 12
    label_line: int = 16
    label_gap: int = 6
    body_gap: int = 12
    byline_px: int = 15
    byline_line: int = 21
    meta_gap: int = 8  # margin above the rule, then the 1 px rule, then as much padding
    source_px: int = 13
    source_line: int = 19
    small_gap: int = 4
    small_px: int = 12
    small_line: int = 17
    pad_top: int = 18
    pad_bottom: int = 16
    pad_x: int = 22
    rule: int = 6  # the accent rule on the left

    @property
    def text_width(self) -> int:
        return self.width - self.rule - 2 * self.pad_x

    @property
    def label_spacing(self) -> float:
        return round(self.label_px * 0.04, 2)


def typography(width: int) -> Typography:
    """Larger type on wider cards (about 32 px of width per px of type, 17 to 24 px)."""
    body = min(24, max(17, round(width / 32)))
    return Typography(
        width=width,
        body_px=body,
        body_line=round(body * 1.4),
        reported_px=body - 1,
        reported_line=round((body - 1) * 1.45),
    )


@dataclass(frozen=True)
class CardBlocks:
    """The text of each block of a card, in order, as runs of one face."""

    label: str | None
    body: tuple[Run, ...]
    body_quoted: bool  # a direct quote (serif, body_px) or reported speech (sans, reported_px)
    byline: tuple[Run, ...]
    source: str
    small_print: str | None
    small_print_bold: bool = False


# The narrowest word a line holds: a character and a space (the narrowest visible characters in
# card_metrics are 0.167 em, spaces 0.25). Zero-width words could pack denser: the cut then keeps
# fewer words than it might, never more than fit.
_NARROWEST_WORD_EM = 0.4


def most_words(width: int, height: int) -> int:
    """More words than a card `height` px tall at `width` could ever show (a bound for cutting)."""
    t = typography(width)
    lines = height // min(t.body_line, t.reported_line) + 1
    per_line = t.text_width / (_NARROWEST_WORD_EM * min(t.body_px, t.reported_px)) + 1
    return int(lines * per_line)


def card_height(blocks: CardBlocks, width: int) -> int:
    """The height in px of a card with these blocks at this width (the oEmbed height)."""
    t = typography(width)
    text = t.text_width
    height = t.pad_top + t.pad_bottom + SLACK_PX
    if blocks.label:
        lines = count_lines([(blocks.label.upper(), SANS)], t.label_px, text, t.label_spacing)
        height += lines * t.label_line + t.label_gap
    if blocks.body_quoted:
        height += count_lines(blocks.body, t.body_px, text) * t.body_line
    else:
        height += count_lines(blocks.body, t.reported_px, text) * t.reported_line
    height += t.body_gap + count_lines(blocks.byline, t.byline_px, text) * t.byline_line
    if blocks.source or blocks.small_print:
        height += 2 * t.meta_gap + 1
        height += count_lines([(blocks.source, SANS)], t.source_px, text) * t.source_line
        if blocks.small_print:
            face = SANS_BOLD if blocks.small_print_bold else SANS
            small = count_lines([(blocks.small_print, face)], t.small_px, text)
            height += (t.small_gap if blocks.source else 0) + small * t.small_line
    return height
