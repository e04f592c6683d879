#!/usr/bin/env python3
"""Renders a captured terminal pane to a PNG, for screenshots in the docs.

    tmux capture-pane -p -e -t PANE > pane.txt
    python3 scripts/lib/pane-to-png.py pane.txt out.png [COLUMNS ROWS]

With COLUMNS and ROWS the picture is the whole terminal of that size
(capture-pane leaves out the blank lines and columns at the end).

Reads text with ANSI SGR colour codes (`capture-pane -e`), draws it in
DejaVu Sans Mono on a dark background, light text, the 8 basic colours,
bright and bold. Needs Pillow (`pip install pillow`).
"""
import re
import sys

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
BACKGROUND = (24, 24, 27)
FOREGROUND = (220, 220, 220)
COLOURS = {
    30: (90, 90, 90), 31: (235, 90, 80), 32: (120, 200, 110), 33: (230, 200, 90),
    34: (100, 150, 240), 35: (210, 120, 220), 36: (90, 200, 210), 37: (230, 230, 230),
    90: (140, 140, 140), 91: (255, 120, 110), 92: (150, 230, 140), 93: (255, 230, 120),
    94: (140, 180, 255), 95: (235, 150, 240), 96: (130, 230, 240), 97: (255, 255, 255),
}
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def main():
    if len(sys.argv) not in (3, 5):
        sys.exit("usage: pane-to-png.py PANE.txt OUT.png [COLUMNS ROWS]")
    with open(sys.argv[1], encoding="utf-8") as f:
        lines = f.read().rstrip("\n").split("\n")
    if len(sys.argv) == 5:
        lines = (lines + [""] * int(sys.argv[4]))[: int(sys.argv[4])]
    size = 16
    font = ImageFont.truetype(FONT, size)
    bold = ImageFont.truetype(BOLD, size)
    cell_w = round(font.getlength("M"))
    cell_h = size + 5
    columns = max((len(SGR.sub("", line)) for line in lines), default=1)
    if len(sys.argv) == 5:
        columns = int(sys.argv[3])
    pad = 14
    image = Image.new("RGB", (columns * cell_w + 2 * pad, len(lines) * cell_h + 2 * pad), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        colour, is_bold, x = FOREGROUND, False, 0
        position = 0
        for match in list(SGR.finditer(line)) + [None]:
            end = match.start() if match else len(line)
            for ch in line[position:end]:
                draw.text((pad + x * cell_w, pad + row * cell_h), ch, font=bold if is_bold else font, fill=colour)
                x += 1
            if match is None:
                break
            position = match.end()
            codes = [int(c) for c in match.group(1).split(";") if c] or [0]
            for code in codes:
                if code == 0:
                    colour, is_bold = FOREGROUND, False
                elif code == 1:
                    is_bold = True
                elif code == 2:
                    colour = COLOURS[90]
                elif code in COLOURS:
                    colour = COLOURS[code]
                elif code == 39:
                    colour = FOREGROUND
    image.save(sys.argv[2])


if __name__ == "__main__":
    main()
