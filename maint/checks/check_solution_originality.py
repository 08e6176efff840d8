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

Nor may a hint or a stub's comments give the answer away: every solution
body is also compared, the same way, with the chapter's hint levels (the
folded ones under each exercise) and the comments of its exercise files;
and every piece of code a hint or a stub comment shows (an inline code span,
or a comment line) is looked up in the solution bodies: the same tokens,
names kept, from PIECE_TOKENS tokens on (`op.callBoxed(stack)`), or with
every name made equal when it has PIECE_TOKENS tokens and at least
PIECE_SPECIFIC operators or literals, which make it this answer's and not
any call's (`moveDim(x, 2, 1)` for `moveDim(physical, 2, 1)`). A hint says
which function and which case; the code is the learner's to write.

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
PIECE_TOKENS = 6
PIECE_SPECIFIC = 2
# What any call or name has: not what makes a piece of code this answer's.
GENERIC = {"$", "(", ")", ",", ".", "::", "->", ";", "std"}
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
    return names_equal(TOKEN.findall(strip_comments(text)))


def names_equal(tokens):
    return ["$" if re.match(r"[A-Za-z_]", t) and t not in KEYWORDS else t for t in tokens]


def comments(text):
    """Each comment line of a C++ file, without its `//` or `/* */`."""
    found = [line.strip(" /*") for block in re.findall(r"/\*(.*?)\*/", text, flags=re.S) for line in block.splitlines()]
    return found + [line.strip() for line in re.findall(r"//([^\n]*)", re.sub(r"/\*.*?\*/", " ", text, flags=re.S))]


def hint_and_stub_pieces(chapter):
    """(where, text) of what a learner reads next to an exercise: each hint
    level's text, and each comment line of the exercise files."""
    pieces = []
    for exercise in course.exercises(chapter):
        for level, hint in enumerate(exercise.hints, start=1):
            pieces.append((f"{exercise.page}, exercise {exercise.id}'s hint {level}", hint))
    folder = os.path.join(course.ROOT, "chapters", chapter, "exercises")
    for name in sorted(os.listdir(folder)):
        if name.endswith((".cpp", ".h", ".cu")):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                for line in comments(handle.read()):
                    pieces.append((f"chapters/{chapter}/exercises/{name}'s comments", line))
    return pieces


def code_of(where, text):
    """The code a piece shows: a hint's inline code spans; a comment line's
    spans, or the whole line when it has none (a comment may quote code bare)."""
    spans = re.findall(r"`([^`]+)`", text)
    return spans if spans or "hint" in where else [text]


def given_pieces(pieces, bodies):
    """(where, piece, function) of each hint or stub-comment piece that is in a
    solution body: exactly, or with names made equal when it is specific."""
    found = []
    for where, text in pieces:
        for piece in code_of(where, text):
            tokens = TOKEN.findall(piece)
            if len(tokens) < PIECE_TOKENS:
                continue
            exact, anonymous = " ".join(tokens), names_equal(tokens)
            specific = sum(t not in GENERIC for t in anonymous) >= PIECE_SPECIFIC
            for name, raw, normal in bodies:
                if f" {exact} " in f" {raw} " or (specific and f" {' '.join(anonymous)} " in f" {normal} "):
                    found.append((where, piece, name))
                    break
    return found


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
    for where, text in hint_and_stub_pieces(chapter):
        shown = where.split(", exercise")[0] + "'s hints" if "hint" in where else where
        sources[shown] = sources.get(shown, []) + normalize(text) + ["\n"]
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
        pieces = hint_and_stub_pieces(chapter)
        for solution in sorted(glob.glob(os.path.join(course.ROOT, "solutions", chapter, "*.cpp"))):
            with open(solution, encoding="utf-8") as handle:
                text = handle.read()
            stub = os.path.join(course.ROOT, "chapters", chapter, "exercises", os.path.basename(solution))
            with open(stub, encoding="utf-8") as handle:
                given = {name for name, body in function_bodies(handle.read()) if "ExerciseNotDone" not in body}
            bodies = [(name, body) for name, body in function_bodies(text) if name not in given]
            for where, piece, name in given_pieces(pieces, [(name, " ".join(TOKEN.findall(body)),
                                                             " ".join(normalize(body))) for name, body in bodies]):
                copies[(os.path.relpath(solution, course.ROOT), f"{name}:{piece}")] = ("piece", where)
            for name, body in bodies:
                tokens = normalize(body)
                if len(tokens) < MIN_TOKENS:
                    continue
                for shown, haystack in sources.items():
                    kind = find_copy(tokens, haystack, joined[shown])
                    if kind:
                        copies[(os.path.relpath(solution, course.ROOT), name)] = (kind, shown)
                        break
    problems = [f"{key[0]}: {where} shows `{key[1].split(':', 1)[1]}`, code of the answer's "
                f"{key[1].split(':', 1)[0]}(): say which function and which case instead"
                if kind == "piece" else
                f"{key[0]}: the body of {key[1]}() is already written in {where} (a {kind}, modulo names): the "
                "exercise gives its answer away; redesign it (see maint/checks/check_solution_originality.py)"
                for key, (kind, where) in sorted(copies.items())]
    if listing:
        for problem in problems:
            print(problem)
        return 0
    for problem in problems:
        print(problem)
    print(f"solution originality: {len(problems)} answers already written in their chapter, its hints or its "
          "stubs' comments "
          f"({time.monotonic() - started:.1f} s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
