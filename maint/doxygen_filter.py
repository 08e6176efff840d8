#!/usr/bin/env python3
"""Doxygen's input filter for the lessons (FILTER_PATTERNS *.md in
docs/Doxyfile.in): a lesson is plain GitHub Markdown (see lessons.py), and
this prints what Doxygen needs to render it the same way.

    doxygen_filter.py LESSON.md

- `<a id="ID"></a>` on the line before a heading becomes the heading's
  `{#ID}` (Doxygen's labels: a page's title, a section to \\ref); elsewhere,
  `\\anchor ID`.
- A link to an id, `[text](#ID)` or `[text](../../docs/page.md#ID)`, becomes
  `\\ref ID "text"`: ids are global in Doxygen, and the lessons keep them so.
- A picture, `![caption](../../docs/pictures/NAME.svg)` alone on its line,
  becomes `\\image html NAME.svg "caption"` (IMAGE_PATH is docs/pictures).
- A fenced block of program output (```text, or no language) becomes
  `\\verbatim`, so the site shows it as plain text, not as C++.
- A folded block (an exercise's hint: `<details><summary>Hint 1</summary>`,
  a blank line, the paragraph, a blank line, `</details>`) loses its blank
  lines, which go after it: GitHub needs them to read Markdown inside the
  block, but Doxygen 1.9 closes the block at the first one and would show
  the hint unfolded.

The line count is kept, so Doxygen's warnings name the lesson's own lines.
"""
import re
import sys

ANCHOR = re.compile(r'^<a id="([\w.-]+)"></a>\s*$')
HEADING = re.compile(r"^#{1,6}\s")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*$")
PICTURE = re.compile(r"^!\[([^\]]*)\]\((?:[^)\s]*/)?([\w.-]+\.svg)\)\s*$")
ID_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\((?:[^)\s#]*\.md)?#([\w.-]+)\)")
PLAIN = ("", "text", "console", "output")
FOLD_START = re.compile(r"^<details>")
FOLD_END = re.compile(r"^</details>\s*$")


def quoted(text):
    return text.replace('"', '\\"')


def unfolded_blank_lines(lines):
    """`lines` with the blank lines of each folded block moved after it."""
    out, held = [], None
    for line in lines:
        if held is None and FOLD_START.match(line):
            held = 0
        elif held is not None and not line.strip():
            held += 1
            continue
        out.append(line)
        if held is not None and FOLD_END.match(line):
            out += [""] * held
            held = None
    return out


def filtered(lines):
    lines = unfolded_blank_lines(lines)
    out, fence, pending = [], None, None
    for line in lines:
        match = FENCE.match(line)
        if fence is not None:
            closing = match and match.group(2)[0] == fence[0][0] and len(match.group(2)) >= len(fence[0]) \
                and not match.group(3)
            if closing:
                out.append(match.group(1) + "\\endverbatim" if fence[1] else line)
                fence = None
            else:
                out.append(line)
            continue
        if match:
            plain = match.group(3).lower() in PLAIN
            fence = (match.group(2), plain)
            out.append(match.group(1) + "\\verbatim" if plain else line)
            continue
        anchor = ANCHOR.match(line)
        if anchor:
            pending = (anchor.group(1), len(out))
            out.append("")
            continue
        if pending and line.strip():
            if HEADING.match(line):
                line = f"{line.rstrip()} {{#{pending[0]}}}"
            else:
                out[pending[1]] = f"\\anchor {pending[0]}"
            pending = None
        picture = PICTURE.match(line)
        if picture:
            out.append(f'\\image html {picture.group(2)} "{quoted(picture.group(1))}"')
            continue
        out.append(ID_LINK.sub(lambda m: f'\\ref {m.group(2)} "{quoted(m.group(1))}"', line))
    return out


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    sys.stdout.write("\n".join(filtered(lines)) + "\n")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
