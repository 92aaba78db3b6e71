"""Write quotetrack/cards/card_metrics.py: the advance widths of the faces the cards' CSS asks for.

The card CSS names metric-compatible families first ("Times New Roman", Tinos, "Liberation
Serif" share one set of advance widths; Arial, Arimo, "Liberation Sans" another), so the
server can compute how many lines a wording wraps into without a browser. The widths are
read from the Liberation fonts (Debian's fonts-liberation) and stored as numbers only, in
thousandths of an em; no glyph or font program is copied.

    .venv/bin/python scripts/card_font_metrics.py   # then ruff format quotetrack/cards/card_metrics.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import ImageFont

FONTS = Path("/usr/share/fonts/truetype/liberation")
FACES = {
    "serif": "LiberationSerif-Regular.ttf",
    "sans": "LiberationSans-Regular.ttf",
    "sans_bold": "LiberationSans-Bold.ttf",
}
# Latin (basic, Latin-1, extended A and B), Greek, Cyrillic, general punctuation, currency.
RANGES = ((0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x2010, 0x205E), (0x20A0, 0x20BF))
EM = 1000
OUT = Path(__file__).resolve().parent.parent / "quotetrack" / "cards" / "card_metrics.py"


def _has_glyph(font: ImageFont.FreeTypeFont, char: str, notdef) -> bool:
    # A character the font lacks is drawn as .notdef, the box a private-use point gets.
    return font.getmask(char).getbbox() != notdef


def widths(path: Path) -> dict[int, int]:
    font = ImageFont.truetype(str(path), EM, layout_engine=ImageFont.Layout.BASIC)
    notdef = font.getmask("\ue000").getbbox()
    table = {}
    for first, last in RANGES:
        for point in range(first, last + 1):
            char = chr(point)
            if _has_glyph(font, char, notdef):
                table[point] = round(font.getlength(char))
    return table


def _rows(table: dict[int, int], per_row: int = 20) -> list[tuple[int, str]]:
    """(first code point, "w w w ...") for runs of consecutive code points, short rows."""
    rows: list[tuple[int, str]] = []
    points = sorted(table)
    run: list[int] = []
    for point in points + [-1]:
        if run and (point != run[-1] + 1 or len(run) == per_row):
            rows.append((run[0], " ".join(str(table[p]) for p in run)))
            run = []
        if point >= 0:
            run.append(point)
    return rows


def main() -> int:
    lines = [
        '"""Advance widths (thousandths of an em) of the faces the card CSS asks for first:',
        "Times New Roman metrics (serif) and Arial metrics (sans, sans_bold), read from the",
        "metric-compatible Liberation fonts by scripts/card_font_metrics.py. Generated: do not edit.",
        '"""',
        "",
        "_ROWS: dict[str, tuple[tuple[int, str], ...]] = {",
    ]
    for face, file in FACES.items():
        lines.append(f'    "{face}": (')
        lines += [f'        ({first}, "{row}"),' for first, row in _rows(widths(FONTS / file))]
        lines.append("    ),")
    lines += [
        "}",
        "",
        "WIDTHS: dict[str, dict[int, int]] = {",
        "    face: {first + i: int(width) for first, row in rows for i, width in enumerate(row.split())}",
        "    for face, rows in _ROWS.items()",
        "}",
    ]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({', '.join(FACES)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
