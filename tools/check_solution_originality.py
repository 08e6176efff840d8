#!/usr/bin/env python3
"""No exercise's answer is already written in its chapter.

    check_solution_originality.py [--list]

For every function body of every solution (solutions/NN_name/*.cpp)  that
the learner writes (its stub throws ExerciseNotDone, or the stub has no
such function: a helper of the answer's), the check looks for the same body, modulo names and whitespace, in the
chapter's own sources (src/, include/, demo/, codegen/) and in the code
blocks of its lesson. Comments are ignored and every identifier counts as
the same name, so `ExcludeDispatchKeyGuard`'s constructor with `excluded`
renamed to `included` is found. A body shorter than MIN_TOKENS tokens is
too small to be an answer (`{ return x; }`) and is not compared.

Bodies that are known to be copies are listed in KNOWN_COPIES below, with
the place they copy: those exercises wait for their redesign (issue 19).
The check fails on a copy that is not listed, and on a listed one that is no
longer a copy, so that the list only ever shrinks.
"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import course  # noqa: E402

MIN_TOKENS = 10
KEYWORDS = set("""alignas auto bool break case catch char class const constexpr continue default delete do double
else enum explicit false float for if inline int long namespace new noexcept nullptr operator private protected
public return short signed sizeof static static_cast struct switch template this throw true try typename using
virtual void volatile while std""".split())

# (solution file, function) -> where the chapter already shows it. Each is a
# known defect of the exercise, to be removed by its redesign.
KNOWN_COPIES = {
    ("solutions/06_backends/eye_backend_select.cpp", "eyeBackendSelect"):
        "chapters/06_backends/src/native/backend_select_kernels.cpp",
}

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
    with open(os.path.join(course.ROOT, "chapters", chapter, "README.md"), encoding="utf-8") as handle:
        text = handle.read()
    return "\n".join(re.findall(r"```cpp\n(.*?)```", text, flags=re.S))


def chapter_sources(chapter):
    """{shown path: normalized tokens joined} of what a learner can read."""
    base = os.path.join(course.ROOT, "chapters", chapter)
    sources = {}
    for folder in ("src", "include", "demo", "codegen"):
        for path in glob.glob(os.path.join(base, folder, "**", "*"), recursive=True):
            if path.endswith((".cpp", ".h", ".cu", ".cuh")) and "/exercises/" not in path:
                with open(path, encoding="utf-8") as handle:
                    sources[os.path.relpath(path, course.ROOT)] = " ".join(normalize(handle.read()))
    sources[f"chapters/{chapter}/README.md (its code blocks)"] = " ".join(normalize(lesson_code(chapter)))
    return sources


def main():
    listing = "--list" in sys.argv
    copies = {}
    for chapter in course.chapters():
        sources = chapter_sources(chapter)
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
                needle = " ".join(tokens)
                where = [shown for shown, haystack in sources.items() if needle in haystack]
                if where:
                    copies[(os.path.relpath(solution, course.ROOT), name)] = where[0]
    problems = []
    for key, where in sorted(copies.items()):
        if listing:
            print(f"    {key!r}: {where!r},")
        elif key not in KNOWN_COPIES:
            problems.append(f"{key[0]}: the body of {key[1]}() is already written in {where} (modulo names): "
                            "the exercise gives its answer away")
    for key in sorted(KNOWN_COPIES.keys() - copies.keys()):
        problems.append(f"{key[0]}: {key[1]}() is no longer a copy: remove it from KNOWN_COPIES")
    for problem in problems:
        print(problem)
    print(f"solution originality: {len(copies)} copied bodies ({len(KNOWN_COPIES)} known, waiting for their "
          f"exercise's redesign); {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
