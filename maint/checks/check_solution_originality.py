#!/usr/bin/env python3
"""No exercise's answer is already written in its chapter.

    check_solution_originality.py [--list]

For every function body of every solution (solutions/NN_name/*.cpp) that
the learner writes (its stub throws ExerciseNotDone, or the stub has no
such function: a helper of the answer's), the check looks for the same body,
modulo names and whitespace, in the chapter's own sources (src/, include/,
demo/, codegen/) and in its lesson: every fenced code block, whatever its
language, and every inline code span, so that an answer spelled out in a
hint is found too. Comments are ignored and every identifier counts as the
same name, so `ExcludeDispatchKeyGuard`'s constructor with `excluded`
renamed to `included` is found. A near copy is found as well: the same
tokens but one (`a.first + b.first` for `a.first * b.first`, `-` for `|`).
A body shorter than MIN_TOKENS tokens is too small to be an answer
(`{ return x; }`) and is not compared.

There is no list of allowed copies: an exercise whose answer the chapter
shows is redesigned, never excused (issue 19). --list prints every copy
found, with where it is, and exits 0.
"""
import glob
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402

MIN_TOKENS = 10
KEYWORDS = set("""alignas auto bool break case catch char class const constexpr continue default delete do double
else enum explicit false float for if inline int long namespace new noexcept nullptr operator private protected
public return short signed sizeof static static_cast struct switch template this throw true try typename using
virtual void volatile while std""".split())

TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|[A-Za-z_]\w*|\d[\w.]*|::|->|<=|>=|==|!=|&&|\|\||\S')


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def normalize(text):
    """The tokens of `text`, every identifier that is not a keyword as `$`."""
    tokens = TOKEN.findall(strip_comments(text))
    return ["$" if re.match(r"[A-Za-z_]", t) and t not in KEYWORDS else t for t in tokens]


def function_bodies(text):
    """(name, body text) of each function defined in `text`: a `{` after
    `)` (and `const` or `override`), up to its matching `}`."""
    text = strip_comments(text)
    found = []
    for match in re.finditer(r"(\w+)\s*\([^;{}]*\)\s*(?:const\s*)?(?:override\s*)?(?:->\s*[\w:<>&* ]+)?\{", text):
        if match.group(1) in KEYWORDS or match.group(1) in ("if", "for", "while", "switch", "catch"):
            continue
        depth, start = 0, match.end() - 1
        for index in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            if depth == 0:
                found.append((match.group(1), text[start:index + 1]))
                break
    return found


def lesson_code(chapter):
    """Every fenced block and every inline code span of the lesson (its front
    page and its parts)."""
    text = ""
    for page in course.chapter_pages(chapter):
        with open(os.path.join(course.ROOT, page), encoding="utf-8") as handle:
            text += handle.read() + "\n"
    blocks = re.findall(r"```[\w+-]*\n(.*?)```", text, flags=re.S)
    prose = re.sub(r"```[\w+-]*\n.*?```", " ", text, flags=re.S)
    spans = re.findall(r"`([^`\n]+)`", prose.replace("\n", " "))
    return "\n".join(blocks + spans)


def chapter_sources(chapter):
    """{shown path: normalized tokens joined} of what a learner can read."""
    base = os.path.join(course.ROOT, "chapters", chapter)
    sources = {}
    for folder in ("src", "include", "demo", "codegen"):
        for path in glob.glob(os.path.join(base, folder, "**", "*"), recursive=True):
            if path.endswith((".cpp", ".h", ".cu", ".cuh")) and "/exercises/" not in path:
                with open(path, encoding="utf-8") as handle:
                    sources[os.path.relpath(path, course.ROOT)] = normalize(handle.read())
    sources[f"chapters/{chapter}'s lesson (its code)"] = normalize(lesson_code(chapter))
    return sources


def find_copy(needle, haystack, joined):
    """"copy" or "near copy" (all tokens but one the same) of the token list
    `needle` in the token list `haystack` (`joined`: its tokens joined by
    spaces), or None. A near copy agrees with the needle on its first half
    or on its second, so each half is looked up exactly and the window
    around every hit is compared: as fast as a plain search."""
    if " ".join(needle) in joined:
        return "copy"
    half = len(needle) // 2
    for part, offset in ((needle[:half], 0), (needle[half:], half)):
        text = " ".join(part)
        position = joined.find(text)
        while position != -1:
            if (position == 0 or joined[position - 1] == " ") and (
                    position + len(text) == len(joined) or joined[position + len(text)] == " "):
                start = joined.count(" ", 0, position) - offset
                window = haystack[start:start + len(needle)]
                if start >= 0 and len(window) == len(needle) and sum(a != b for a, b in zip(window, needle)) <= 1:
                    return "near copy"
            position = joined.find(text, position + 1)
    return None


def main():
    listing = "--list" in sys.argv
    started = time.monotonic()
    copies = {}
    for chapter in course.chapters():
        sources = chapter_sources(chapter)
        joined = {shown: " ".join(tokens) for shown, tokens in sources.items()}
        for solution in sorted(glob.glob(os.path.join(course.ROOT, "solutions", chapter, "*.cpp"))):
            with open(solution, encoding="utf-8") as handle:
                text = handle.read()
            stub = os.path.join(course.ROOT, "chapters", chapter, "exercises", os.path.basename(solution))
            with open(stub, encoding="utf-8") as handle:
                given = {name for name, body in function_bodies(handle.read()) if "ExerciseNotDone" not in body}
            for name, body in function_bodies(text):
                if name in given:
                    continue  # written out in the stub: not the learner's to write
                tokens = normalize(body)
                if len(tokens) < MIN_TOKENS:
                    continue
                for shown, haystack in sources.items():
                    kind = find_copy(tokens, haystack, joined[shown])
                    if kind:
                        copies[(os.path.relpath(solution, course.ROOT), name)] = (kind, shown)
                        break
    problems = [f"{key[0]}: the body of {key[1]}() is already written in {where} (a {kind}, modulo names): the "
                "exercise gives its answer away; redesign it (see maint/checks/check_solution_originality.py)"
                for key, (kind, where) in sorted(copies.items())]
    if listing:
        for problem in problems:
            print(problem)
        return 0
    for problem in problems:
        print(problem)
    print(f"solution originality: {len(problems)} solution bodies already written in their chapter "
          f"({time.monotonic() - started:.1f} s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
