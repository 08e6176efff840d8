#!/usr/bin/env python3
"""Checks the lessons as a reader sees them on a code host, and the region
markers their code comes from (see lessons.py).

    check_lessons.py                         both checks below
    check_lessons.py --remove-unused-markers delete the marker pairs no lesson
                                             uses (the lines between stay)

Rendered: each lesson goes through cmark-gfm, the renderer GitHub's is built
on (tables and autolinks on, raw HTML kept), and the HTML must show no
Doxygen directive (`\\snippet`, `\\include`, `\\image`, `\\ref`, ...) and no
`{#id}` outside code, no empty code block, no in-page link whose id the page
lacks, no link to another lesson's id that lesson lacks, no link or picture
to a file that does not exist. Ids are `<a id>` anchors, each defined once
across all lessons (Doxygen's labels are global).

Markers: every lesson block names a file that exists and a region it has;
every region marker pair in chapters/, solutions/, bench/ and docs/ is used
by some lesson block. Chapters are snapshots, so a marker is used when a
lesson quotes that region from a file of the same name in any chapter: the
copies keep the same markers and stay copies. Markers in a file whose line
numbers a committed gdb recording shows (*.recorded.txt, made on a machine
with a GPU) are kept until it is recorded again: removing a line would make
the recording lie.
"""
import html.parser
import os
import re
import subprocess
import sys
from urllib.parse import unquote

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402
import lessons  # noqa: E402

ROOT = lessons.ROOT
DIRECTIVE = re.compile(r"[\\@](snippet|snippetdoc|include|includelineno|image|ref|page|subpage|section|"
                       r"subsection|anchor|dontinclude|verbinclude|htmlinclude|mainpage)\b")
LABEL = re.compile(r"\{#[\w.-]+\}")
RECORDING_CITES = re.compile(r"\b(chapters/[\w./-]+?):\d+\b")


class Page(html.parser.HTMLParser):
    """What a rendered page shows: ids, links, pictures, text outside code, code blocks."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.images, self.text, self.code_blocks = [], [], [], [], []
        self.in_pre, self.in_code = 0, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("id", "name"):
            if attrs.get(name):
                self.ids.append(attrs[name])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if tag == "img" and attrs.get("src"):
            self.images.append(attrs["src"])
        if tag == "pre":
            self.in_pre += 1
            self.code_blocks.append("")
        if tag == "code":
            self.in_code += 1

    def handle_endtag(self, tag):
        if tag == "pre":
            self.in_pre -= 1
        if tag == "code":
            self.in_code -= 1

    def handle_data(self, data):
        if self.in_pre:
            self.code_blocks[-1] += data
        elif not self.in_code:
            self.text.append(data)


def render(lesson):
    result = subprocess.run(["cmark-gfm", "--unsafe", "-e", "table", "-e", "autolink", "-e", "strikethrough",
                             os.path.join(ROOT, lesson)], capture_output=True, text=True, check=True)
    page = Page()
    page.feed(result.stdout)
    return page


def check_rendered():
    problems = []
    pages = {lesson: render(lesson) for lesson in lessons.lesson_paths()}
    owner = {}
    for lesson, page in pages.items():
        for anchor in page.ids:
            if anchor in owner:
                problems.append(f"{lesson}: id {anchor} is also defined in {owner[anchor]} "
                                "(Doxygen's labels are global)")
            owner.setdefault(anchor, lesson)
    for lesson, page in pages.items():
        folder = os.path.dirname(os.path.join(ROOT, lesson))
        text = "".join(page.text)
        for match in DIRECTIVE.finditer(text):
            problems.append(f"{lesson}: shows the Doxygen directive `{match.group(0)}`: "
                            "run maint/refresh-lessons to convert it")
        for match in LABEL.finditer(text):
            problems.append(f"{lesson}: shows `{match.group(0)}`: put `<a id=\"...\"></a>` on the line "
                            "before the heading instead")
        for number, block in enumerate(page.code_blocks, 1):
            if not block.strip():
                problems.append(f"{lesson}: code block {number} is empty: run maint/refresh-lessons")
        for href in page.links:
            if re.match(r"^[a-z]+:", href):
                continue
            path, _, fragment = unquote(href).partition("#")
            target = os.path.normpath(os.path.join(folder, path)) if path else os.path.join(ROOT, lesson)
            where = os.path.relpath(target, ROOT)
            if not os.path.exists(target):
                problems.append(f"{lesson}: links to {href}, but {where} does not exist")
            elif fragment:
                ids = pages[where].ids if where in pages else None
                if ids is None:
                    problems.append(f"{lesson}: links to {href}, an id in {where}, which is not a lesson")
                elif fragment not in ids:
                    problems.append(f"{lesson}: links to {href}, but {where} has no id {fragment}")
        for src in page.images:
            if re.match(r"^[a-z]+:", src):
                continue
            if not os.path.isfile(os.path.normpath(os.path.join(folder, unquote(src)))):
                problems.append(f"{lesson}: shows the picture {src}, which does not exist")
        raw = lessons.read(lesson)
        raw_lines = raw.splitlines()
        for block in lessons.blocks(lesson, raw):
            if not any(line.strip() for line in raw_lines[block.first + 1:block.last]):
                problems.append(f"{block.describe()} is empty: run maint/refresh-lessons")
        if lessons.has_legacy(raw):
            problems.append(f"{lesson}: has Doxygen directives in its source: run maint/refresh-lessons")
    # A skipped exercise test's message links to its heading (course.Exercise.anchor).
    for chapter in course.chapters():
        for exercise in course.exercises(chapter):
            lesson, _, anchor = exercise.anchor.partition("#")
            if anchor not in pages[lesson].ids:
                problems.append(f"{lesson}: exercise {exercise.id} has no `<a id=\"{anchor}\"></a>`, "
                                f"which its skipped tests link to")
    return problems, sum(len(p.code_blocks) for p in pages.values()), len(pages)


# --- markers -----------------------------------------------------------------

def marker_files():
    for tree in lessons.MARKER_TREES:
        for folder, _, names in os.walk(os.path.join(ROOT, tree)):
            for name in sorted(names):
                if name.endswith(lessons.MARKER_SUFFIXES):
                    path = os.path.relpath(os.path.join(folder, name), ROOT)
                    try:
                        yield path, lessons.read(path)
                    except UnicodeDecodeError:
                        continue


def copy_key(path):
    """Chapter snapshots' copies of one file share this key."""
    parts = path.split("/")
    if parts[0] in ("chapters", "solutions") and len(parts) > 2:
        return (parts[0], os.path.basename(path))
    return (path,)


def pinned_files():
    """Chapter-relative paths whose lines a committed recording cites."""
    pinned = set()
    for folder, _, names in os.walk(os.path.join(ROOT, "chapters")):
        for name in names:
            if name.endswith(".recorded.txt"):
                with open(os.path.join(folder, name), encoding="utf-8") as handle:
                    for match in RECORDING_CITES.finditer(handle.read()):
                        pinned.add("/".join(match.group(1).split("/")[2:]))
    return pinned


def used_regions():
    used, problems = set(), []
    for lesson in lessons.lesson_paths():
        for block in lessons.blocks(lesson, lessons.read(lesson)):
            if block.kind != "snippet":
                continue
            parts = block.source.split()
            if len(parts) != 2:
                problems.append(f"{block.describe()}: say `<!-- snippet: PATH REGION -->`")
                continue
            try:
                lessons.region(*parts)
            except lessons.LessonError as error:
                problems.append(f"{block.describe()}: {error}")
            used.add((copy_key(parts[0]), parts[1]))
    return used, problems


def unused_markers():
    """([(path, name)] of the marker pairs no lesson uses, [(path, name)] of
    those kept because a recording pins their file's lines, problems)."""
    used, problems = used_regions()
    pinned = pinned_files()
    unused, kept = [], []
    for path, text in marker_files():
        try:
            names = lessons.regions(text)
        except lessons.LessonError as error:
            problems.append(f"{path}: {error}")
            continue
        relative = "/".join(path.split("/")[2:])
        for name in names:
            if (copy_key(path), name) not in used:
                (kept if relative in pinned else unused).append((path, name))
    return unused, kept, problems


def remove_markers(unused):
    by_file = {}
    for path, name in unused:
        by_file.setdefault(path, set()).add(name)
    for path, names in sorted(by_file.items()):
        with open(os.path.join(ROOT, path), encoding="utf-8", newline="") as handle:
            lines = handle.read().splitlines(keepends=True)
        kept = [line for line in lines
                if not (lessons.MARKER.match(line) and lessons.MARKER.match(line).group(1) in names)]
        with open(os.path.join(ROOT, path), "w", encoding="utf-8", newline="") as handle:
            handle.write("".join(kept))
        print(f"check_lessons: removed {len(names)} unused marker pair(s) from {path}")


def main():
    if sys.argv[1:] == ["--remove-unused-markers"]:
        unused, _, problems = unused_markers()
        for problem in problems:
            print(problem)
        remove_markers(unused)
        return 1 if problems else 0
    if sys.argv[1:]:
        print(__doc__, file=sys.stderr)
        return 2
    problems, code_blocks, pages = check_rendered()
    unused, kept, marker_problems = unused_markers()
    problems += marker_problems
    problems += [f"{path}: region [{name}] is used by no lesson: quote it or remove its markers "
                 "(maint/checks/check_lessons.py --remove-unused-markers)" for path, name in unused]
    for problem in problems:
        print(problem)
    if kept:
        files = sorted({path for path, _ in kept})
        print(f"check_lessons: note: {len(kept)} unused marker pair(s) kept in {len(files)} file(s) whose lines "
              f"a committed *.recorded.txt cites ({', '.join(files[:3])}{', ...' if len(files) > 3 else ''}); "
              "remove them when the recording is made again")
    print(f"check_lessons: {pages} lessons rendered by cmark-gfm, {code_blocks} code blocks; "
          f"{'ok' if not problems else f'{len(problems)} problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
