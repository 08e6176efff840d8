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
  One whose text is wrapped over two lines (`[part\\n3](part3_....md#ID)`,
  which GitHub reads as one link) is first moved onto one of them, the
  line break going to a space outside the link.
- `file:` before a word (`registered at file:line`, the dispatcher's
  notation, in prose or in a code span) becomes `%file:`: Doxygen takes
  `file:line` for a URL and links it to nowhere, and `%` keeps it text.
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

    doxygen_filter.py HEADER.h

A header (FILTER_PATTERNS *.h) gets the `file:` rule only, in its comment
lines (`/// A file:line pair captured at the call site.`); its code is
printed as it is.
"""
import re
import sys

ANCHOR = re.compile(r'^<a id="([\w.-]+)"></a>\s*$')
HEADING = re.compile(r"^#{1,6}\s")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*$")
PICTURE = re.compile(r"^!\[([^\]]*)\]\((?:[^)\s]*/)?([\w.-]+\.svg)\)\s*$")
ID_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\((?:[^)\s#]*\.md)?#([\w.-]+)\)")
# The same link with its text wrapped once, read across a line and the next.
WRAPPED_ID_LINK = re.compile(r"(?<!!)\[[^\]\[\n]*\n[^\]\[\n]*\]\((?:[^)\s#]*\.md)?#[\w.-]+\)")
# Doxygen's URL rule takes `file:` and the word after it for a link; `%`
# before a word is Doxygen's "no link here".
FILE_URL = re.compile(r"(?<![%\w/.-])file:(?=\w)")
COMMENT_LINE = re.compile(r"^\s*(//|/?\*)")
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


def unwrapped_links(lines):
    """`lines` with each link to an id whose text is wrapped over two lines
    put on one of them: the line break moves to the last space before the
    link, or else to the first space after it (or, when the link is all the
    two lines hold, into the line after them), so every line keeps words and
    the paragraph its line count. Fenced blocks are left as they are."""
    out, fence = list(lines), None
    for i in range(len(out) - 1):
        match = FENCE.match(out[i])
        if match and fence is None:
            fence = match.group(2)
        elif match and match.group(2)[0] == fence[0] and len(match.group(2)) >= len(fence) and not match.group(3):
            fence = None
        if match or fence or FENCE.match(out[i + 1]) or not out[i + 1].strip():
            continue
        head, tail = out[i], out[i + 1].lstrip()
        link = WRAPPED_ID_LINK.search(head + "\n" + tail)
        if not link or link.start() >= len(head):
            continue
        joined = head + " " + tail
        before = joined.rfind(" ", 0, link.start())
        after = joined.find(" ", link.end())
        if before > 0 and joined[:before].strip():
            out[i], out[i + 1] = joined[:before], joined[before + 1:]
        elif after > 0 and joined[after:].strip():
            out[i], out[i + 1] = joined[:after], joined[after + 1:]
        elif i + 2 < len(out) and " " in out[i + 2].strip() and not FENCE.match(out[i + 2]):
            # A link that fills both lines: the next line lends its first word.
            word, rest = out[i + 2].strip().split(" ", 1)
            out[i], out[i + 1], out[i + 2] = joined, word, rest
    return out


def without_file_urls(line):
    return FILE_URL.sub("%file:", line)


def filtered(lines):
    lines = unwrapped_links(unfolded_blank_lines(lines))
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
        line = without_file_urls(line)
        out.append(ID_LINK.sub(lambda m: f'\\ref {m.group(2)} "{quoted(m.group(1))}"', line))
    return out


def filtered_header(lines):
    return [without_file_urls(line) if COMMENT_LINE.match(line) else line for line in lines]


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    lines = filtered_header(lines) if sys.argv[1].endswith(".h") else filtered(lines)
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
