#!/usr/bin/env python3
"""The snapshot rule's guard: what changed between chapters is said in the lesson.

    check_chapter_diff.py [REPO_ROOT]

Chapters are snapshots: chapter N starts as a copy of chapter N-1. For each
pair of consecutive chapters this lists the files under include/, src/, demo/
and exercises/ that were added, removed or changed, and fails unless each one
is named (its path relative to the chapter folder, e.g. `src/dispatcher.cpp`)
in the later chapter's README section "What changed since the previous
chapter". Drift between chapters is then never silent. The chapter's own
namespace (`inline namespace ch04`) is renamed in every file and does not
count as a change.
"""
import os
import re
import sys

CODE_DIRS = ("include", "src", "demo", "exercises")
SECTION = "What changed since the previous chapter"
CHAPTER_NAME = re.compile(r"\bch\d\d\b")


def chapter_dirs(root):
    base = os.path.join(root, "chapters")
    names = sorted(n for n in os.listdir(base) if re.match(r"^\d\d_", n))
    return [os.path.join(base, n) for n in names if os.path.isfile(os.path.join(base, n, "CMakeLists.txt"))]


def code_files(chapter):
    files = set()
    for top in CODE_DIRS:
        for folder, _, names in os.walk(os.path.join(chapter, top)):
            for name in names:
                files.add(os.path.relpath(os.path.join(folder, name), chapter))
    return files


def without_chapter_names(path):
    """A file's text with its chapter's namespace (ch03, mini::ch03::) spelled
    chNN: every snapshot renames it, and that is not a change to explain."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        return CHAPTER_NAME.sub("chNN", handle.read())


def moved_files(before, after):
    """{earlier path: later path} for the files a chapter moved into its
    layer folders (chapter 03 splits include/mini/ and src/ as PyTorch's tree
    is split): same name, one copy on each side, the later one a folder down."""
    def by_name(paths):
        names = {}
        for path in paths:
            names.setdefault(os.path.basename(path), []).append(path)
        return {name: found[0] for name, found in names.items() if len(found) == 1}
    gone, new = by_name(before - after), by_name(after - before)
    return {gone[name]: new[name] for name in gone.keys() & new.keys()
            if os.path.dirname(new[name]).startswith(os.path.dirname(gone[name]) + "/")}


def changed_files(earlier, later):
    """{later path (earlier path if removed): how} for every file that is not
    carried over unchanged, modulo the chapter's namespace."""
    before, after = code_files(earlier), code_files(later)
    moved = moved_files(before, after)
    changed = {path: "added" for path in after - before - set(moved.values())}
    changed.update({path: "removed" for path in before - after - set(moved)})
    pairs = [(path, path) for path in before & after] + list(moved.items())
    for old, new in pairs:
        same = without_chapter_names(os.path.join(earlier, old)) == without_chapter_names(os.path.join(later, new))
        if old != new:
            changed[new] = "moved from " + old if same else "moved from " + old + " and changed"
        elif not same:
            changed[new] = "changed"
    return changed


def what_changed_section(chapter):
    path = os.path.join(chapter, "README.md")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as readme:
        text = readme.read()
    match = re.search(r"^#+\s*" + re.escape(SECTION) + r".*?$(.*?)(?=^#{1,2}\s|\Z)", text, re.M | re.S)
    return match.group(1) if match else None


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    chapters = chapter_dirs(root)
    problems = []
    for earlier, later in zip(chapters, chapters[1:]):
        name = os.path.basename(later)
        section = what_changed_section(later)
        if section is None:
            problems.append(f"{name}/README.md is missing or has no '{SECTION}' section")
            continue
        for path, how in sorted(changed_files(earlier, later).items()):
            if f"`{path}`" not in section:
                problems.append(f"{name}: `{path}` {how} since {os.path.basename(earlier)} "
                                f"but the README's '{SECTION}' section does not name it")
    for problem in problems:
        print(problem)
    pairs = max(len(chapters) - 1, 0)
    print(f"{pairs} chapter pair(s) checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
