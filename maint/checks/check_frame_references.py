#!/usr/bin/env python3
"""Checks that what a lesson's prose says about a backtrace it shows agrees
with that backtrace.

    check_frame_references.py [PAGE ...]

A lesson's transcripts (`<!-- transcript: ... -->`) and recordings
(`<!-- file: ... -->`) are written by maint/refresh-lessons from the
walkthroughs the tests run, so they cannot drift; the sentences beside them
can. When a page's prose or table names a frame by its number, as in

    `callUnboxedKernelFunction` (#3)
    the public `add` (#11)
    `KernelFunction::call` (#4), ...
    `TypedOperatorHandle<...>::call`, `Dispatcher::call` (#17, #16)
    frame #3's `Operators_4.cpp`

this check finds the frame with that number in a backtrace of the same page
and fails unless the named function (its last `::` component, without
template or call arguments) or the named file is on that frame's line. A
page can show several backtraces; a reference agrees when one of them has
the name at that number. References to a frame of a backtrace on another
page ("frame #3 in [this part's gdb session](...)") are checked against
that page's backtraces when the link names a page of the course.

A reference written as a range (`(#15 to #12)`) names several frames at
once: each name must be on one of them. In a table row whose second cell
says "the same names (#7, #6)", the names are the first cell's. The
transcript's own lines (mini_bt_why's "in frame #N") are output,
not prose, and are skipped with every other line of a generated block.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import lessons  # noqa: E402

# A frame line of gdb's `bt`: `#3  0x... in NAME (...) at FILE:LINE`, or
# `#0  NAME (...) at ...` for the innermost frame.
FRAME = re.compile(r"^\s*#(\d+)\s+(?:0x[0-9a-f]+ in )?(.*)$")
# `name` (#N) or `name` (#N, `File.cpp`) or `a`, `b` (#N, #M)
CODE_THEN_NUMBERS = re.compile(r"((?:`[^`]+`(?:,\s*|\s+and\s+))*`[^`]+`)\s+\((#\d+(?:,\s*#\d+)*)(?:[,)]|\s+to\s+#\d+)")
# frame #N's `name`, frames #N and #M name `file`
FRAME_THEN_CODE = re.compile(r"[Ff]rames? (#\d+(?:(?:,\s*|\s+and\s+)#\d+)*)(?:'s|\s+name)\s+`([^`]+)`")
CODE = re.compile(r"`([^`]+)`")
LINK = re.compile(r"\]\(([^)#\s]*\.md)(?:#[^)]*)?\)")
SAME_NAMES = re.compile(r"the same names \((#\d+(?:,\s*#\d+|\s+to\s+#\d+)*)\)")


def frame_numbers(text):
    """[3] for "(#3", [17, 16] for "(#17, #16)", a range for "(#15 to #12)"
    (then a tuple: any of those frames)."""
    ranged = re.search(r"#(\d+)\s+to\s+#(\d+)", text)
    if ranged:
        low, high = sorted(int(n) for n in ranged.groups())
        return [tuple(range(low, high + 1))]
    return [int(n) for n in re.findall(r"#(\d+)", text)]


def frames_of(page_text):
    """Every backtrace shown on the page: a list of {number: frame line}."""
    traces = []
    for block in lessons.blocks("", page_text):
        if block.kind not in ("transcript", "file"):
            continue
        current = None
        for line in page_text.splitlines()[block.first + 1:block.last]:
            match = FRAME.match(line)
            if not match:
                continue
            number = int(match.group(1))
            if current is None or number in current or (number == 0):
                current = {}
                traces.append(current)
            current[number] = match.group(2)
    return traces


def without_templates(text):
    """`a<b<c>>::d` as `a::d`."""
    depth, stripped = 0, ""
    for char in text:
        depth += char == "<"
        if depth == 0:
            stripped += char
        depth -= char == ">"
    return stripped


def key_of(name):
    """What must appear on the frame's line for `name` to be that frame: the
    last two `::` components of a function (its class or namespace and its
    name) without template and call arguments, or a file's base name."""
    name = name.strip()
    if re.search(r"\.(?:cpp|h|cu|cuh)$", name):
        return os.path.basename(name)
    name = re.sub(r"\(.*\)$", "", name)
    parts = [part for part in without_templates(name).split("::") if part]
    if not parts:
        return None
    if parts[-1].startswith("operator"):
        parts[-1] = "operator"
    return "::".join(parts[-2:])


def on_frame(key, frame_line):
    """Whether `key` names the function (or file) of that frame line."""
    return re.search(r"(?<![\w.])" + re.escape(key) + r"(?![\w])", without_templates(frame_line)) is not None


def prose_lines(page_text):
    """(line number, line) of the page outside generated blocks and fences."""
    lines = page_text.splitlines()
    inside = set()
    for block in lessons.blocks("", page_text):
        inside.update(range(block.first, block.last + 1))
    kinds = list(lessons.fence_kinds(page_text))
    for number, line in enumerate(lines):
        if number in inside or kinds[number][1] != "prose":
            continue
        yield number + 1, line


def references(page_text):
    """(line, [names], [frame numbers], linked page or None)."""
    found = []
    for number, line in prose_lines(page_text):
        link = LINK.search(line)
        linked = link.group(1) if link else None
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) >= 2 and SAME_NAMES.search(cells[1]):
            found.append((number, CODE.findall(cells[0]), frame_numbers(SAME_NAMES.search(cells[1]).group(1)), linked))
            continue
        for match in CODE_THEN_NUMBERS.finditer(line):
            numbers = frame_numbers(match.group(0)[len(match.group(1)):])
            found.append((number, CODE.findall(match.group(1)), numbers, linked))
        for match in FRAME_THEN_CODE.finditer(line):
            numbers = [int(n) for n in re.findall(r"#(\d+)", match.group(1))]
            found.append((number, [match.group(2)], numbers, linked))
    return found


def check_page(page):
    text = lessons.read(page)
    traces = frames_of(text)
    problems, checked = [], 0
    for line, names, numbers, linked in references(text):
        candidates = traces
        if linked:
            target = os.path.normpath(os.path.join(os.path.dirname(page), linked))
            if os.path.isfile(os.path.join(lessons.ROOT, target)):
                candidates = frames_of(lessons.read(target)) or traces
        if not candidates:
            continue
        keys = [key_of(name) for name in names]
        if None in keys:
            continue
        # `a`, `b` (#17, #16) pairs names and numbers in order; `name` (#N, `File.cpp`)
        # names one frame and its file.
        # A range: each name on one of its frames.
        pairs = list(zip(keys, numbers)) if len(keys) == len(numbers) else [(key, numbers[0]) for key in keys]
        for key, frame in pairs:
            checked += 1
            frames = frame if isinstance(frame, tuple) else (frame,)
            if not any(n in trace and on_frame(key, trace[n]) for trace in candidates for n in frames):
                label = f"#{frames[0]}" if len(frames) == 1 else f"#{frames[0]} to #{frames[-1]}"
                shown = sorted({trace[n] for trace in candidates for n in frames if n in trace})
                problems.append(
                    f"{page}:{line}: the prose puts `{key}` at frame {label}, but "
                    + ("those frames of this page's backtraces are: " + " | ".join(s[:120] for s in shown)
                       if shown else f"no backtrace on this page has a frame {label}")
                    + ": say the frame the transcript shows (maint/refresh-lessons moved it?)")
    return problems, checked


def main(pages):
    pages = pages or [page for page in lessons.lesson_paths()]
    problems, checked = [], 0
    for page in pages:
        found, count = check_page(page)
        problems += found
        checked += count
    for problem in problems:
        print(problem)
    print(f"check_frame_references: {checked} frame references checked, {len(problems)} disagree")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main(sys.argv[1:]))
