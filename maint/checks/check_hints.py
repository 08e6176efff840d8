#!/usr/bin/env python3
"""An exercise's hints wait their turn, and none of them is the answer.

    check_hints.py

For every exercise a lesson declares (maint/course.py):

- Folded: each hint level is its own `<details><summary>Hint K</summary>`
  block, a blank line after the summary and before `</details>` (without
  them GitHub shows the Markdown inside as raw text), closed before the next
  heading. No paragraph of the exercise's section outside a fold says
  `Hint:` or `Hint 2:`, and the page rendered as GitHub renders it
  (cmark-gfm, raw HTML kept) has each hint's text inside a `<details>`
  element, never outside one: opening a hint is always a choice. What the
  site's Doxygen reads (maint/doxygen_filter.py's output) has no blank line
  inside a fold, since Doxygen 1.9 closes the fold at the first one.
- No code: a hint holds no code block (fenced or indented) and no inline
  code span longer than a name or a short expression, MAX_SPAN_TOKENS
  tokens with a qualified name (`DispatchKeySet::FULL`, `op.callBoxed`)
  counted as one; a file's or folder's path is a name. The last level gives
  the shape of the answer (which function, which case), never its code.
- Not the answer's own code: no hint holds code of its exercise's solution
  (solutions/NN_name/<file> for each exercise file), whatever the backticks.
  The solution's code is its lines less comments and less the lines the
  learner's stub already has (includes, namespaces, the signature); a hint
  is flagged when its tokens (`TOKEN`) hold, in a row, one of the
  solution's statements of MIN_STATEMENT_TOKENS tokens or more, brackets
  and commas not counted (its `;` or brace dropped), the expression a statement
  returns or assigns, with as many, or a call in it whose text is
  MIN_CALL_CHARS characters or more. A name the hint must give
  (`cached_cast`, `pop<T>`, `stack.size()`, `gradientEdge(root)`) has
  fewer and never matches; `pop<double>(stack)` or a line of a .yaml
  answer (`structured_delegate: abs.out`) does.
- Not the tests' answers: no hint points at a test file or the tests' data
  (a path with a `tests/` or `data/` folder in it); the tests' expected
  values are what the learner is to work out.
"""
import html.parser
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402
import doxygen_filter  # noqa: E402

MAX_SPAN_TOKENS = 5
MIN_STATEMENT_TOKENS = 3
MIN_CALL_CHARS = 25
TEST_PATH = re.compile(r"(?<![\w.-])(?:[\w.-]+/)*(?:tests|data)/[\w./-]*")
NAME = r"~?[A-Za-z_]\w*(?:(?:::|\.|->)~?[A-Za-z_]\w*)*"
TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|' + NAME +
                   r"|\d[\w.]*|::|->|<<|>>|<=|>=|==|!=|&&|\|\||\S")
PATH = re.compile(r"^[\w.-]+(?:/[\w.-]+)*/?$")
UNFOLDED = re.compile(r"^\W*Hint\s*\d*\s*:")
EMPHASIS = re.compile(r"\*{1,2}(\S(?:[^*]*\S)?)\*{1,2}")
FOLD = re.compile(r"^<details><summary>Hint (\d)</summary>\s*$")


def span_tokens(span):
    """The tokens of an inline code span; a path (`src/x.cpp`) is one."""
    return [span] if PATH.match(span) and "/" in span else TOKEN.findall(span)


def code_problems(exercise):
    problems = []
    for level, hint in enumerate(exercise.hints, start=1):
        where = f"{exercise.page}: exercise {exercise.id}, hint {level}"
        if "```" in hint or "~~~" in hint:
            problems.append(f"{where} holds a code block: say which function and which case, not the code")
        for span in re.findall(r"`([^`]+)`", hint):
            if len(span_tokens(span)) > MAX_SPAN_TOKENS:
                problems.append(f"{where} shows code, `{span}` ({len(span_tokens(span))} tokens, at most "
                                f"{MAX_SPAN_TOKENS}): name the function or the case instead")
    return problems


def code_of(text, comment):
    """A source file's text less its comments (`//` and `/* */` in C++, `#`
    in YAML), string literals kept whole."""
    if comment == "#":
        return "\n".join(re.sub(r"(^|\s)#.*$", "", line) for line in text.splitlines())
    pattern = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/', re.S)
    return pattern.sub(lambda m: m.group(0) if m.group(0)[0] in "\"'" else "", text)


def statements(code, comment="//"):
    """A file's statements, each a list of tokens: its lines joined until one
    ends a statement (`;`, `{` or `}`), split at `;`, with their braces and
    `;` dropped. In YAML, each line is one."""
    found, pending = [], []
    for line in code.splitlines():
        tokens = TOKEN.findall(line)
        if not tokens:
            continue
        if tokens[0] == "#" or comment == "#":  # a preprocessor line, or a YAML one
            found.append(tokens)
            continue
        pending += tokens
        if tokens[-1] in (";", "{", "}"):
            found.append(pending)
            pending = []
    found.append(pending)
    result = []
    for tokens in found:
        piece = []
        for token in tokens + [";"]:
            if token == ";":
                while piece and piece[0] in "{}":
                    piece.pop(0)
                while piece and piece[-1] in "{}":
                    piece.pop()
                if piece and piece[0] in ("case", "default") and ":" in piece:
                    piece = piece[piece.index(":") + 1:]  # a label is no part of its statement
                if piece:
                    result.append(piece)
                piece = []
            else:
                piece.append(token)
    return result


def calls(tokens):
    """The calls in a statement: a name followed by its balanced parentheses."""
    found = []
    for start in range(len(tokens) - 1):
        if not re.match(r"~?[A-Za-z_]", tokens[start]):
            continue
        end = start + 1
        if tokens[end] == "<":  # pop<double>(stack): template arguments first
            depth = 0
            while end < len(tokens):
                depth += {"<": 1, ">": -1}.get(tokens[end], 0)
                end += 1
                if depth == 0:
                    break
        if end >= len(tokens) or tokens[end] != "(":
            continue
        depth = 0
        for stop in range(end, len(tokens)):
            depth += {"(": 1, ")": -1}.get(tokens[stop], 0)
            if depth == 0:
                found.append(tokens[start:stop + 1])
                break
    return found


def answer_pieces(solution, stub, comment):
    """The pieces of a solution a hint must not hold, as token lists: its
    statements that the stub lacks, what each returns or assigns, and its
    long calls."""
    known = {tuple(t) for t in statements(code_of(stub, comment), comment)}
    pieces = []
    for tokens in statements(code_of(solution, comment), comment):
        if tuple(tokens) in known:
            continue
        candidates = [tokens]
        if tokens[0] == "return":
            candidates.append(tokens[1:])
        if "=" in tokens:
            candidates.append(tokens[tokens.index("=") + 1:])
        pieces += [c for c in candidates if len(words(c)) >= MIN_STATEMENT_TOKENS]
        pieces += [c for c in calls(tokens) if len("".join(c)) >= MIN_CALL_CHARS]
    return pieces


def words(tokens):
    """The tokens that say something, brackets and commas left out: `f()` is
    one, `f(x)` two, `pop<double>(stack)` five, `structured_delegate: abs.out` three."""
    return [t for t in tokens if t not in ("(", ")", "[", "]", "{", "}", ",", ";")]


def holds(tokens, piece):
    return any(tokens[i:i + len(piece)] == piece for i in range(len(tokens) - len(piece) + 1))


def solution_files(exercise):
    """(solution text, stub text, comment marker) of each of an exercise's files."""
    found = []
    for path in exercise.files:
        solution = os.path.join(course.ROOT, "solutions", exercise.chapter, os.path.basename(path))
        if not os.path.isfile(solution):
            continue
        with open(solution, encoding="utf-8") as handle, \
                open(os.path.join(course.ROOT, path), encoding="utf-8") as stub:
            found.append((handle.read(), stub.read(), "#" if path.endswith((".yaml", ".yml")) else "//"))
    return found


def answer_problems(exercise):
    """Hints that hold the solution's code or point at the tests' data: the
    problems, and how many hint levels they are in."""
    problems, flagged = [], set()
    pieces = [p for solution, stub, comment in solution_files(exercise)
              for p in answer_pieces(solution, stub, comment)]
    for level, hint in enumerate(exercise.hints, start=1):
        where = f"{exercise.page}: exercise {exercise.id}, hint {level}"
        tokens = TOKEN.findall(plain(hint))
        shown = set()
        for piece in pieces:
            text = " ".join(piece)
            if text not in shown and holds(tokens, piece):
                shown.add(text)
                flagged.add(level)
                problems.append(f"{where} holds the solution's code, `{text}`: point at the place and the "
                                "idea, and leave the code to the learner")
        for path in TEST_PATH.findall(hint):
            flagged.add(level)
            problems.append(f"{where} points at the tests' files or data ({path}): the tests' answers are "
                            "what the learner works out")
    return problems, len(flagged)


def section_problems(page, lines):
    """Folds that GitHub would not render folded, and hints left in the open."""
    problems = []
    exercise, fold_line = None, None
    for number, line in enumerate(lines):
        where = f"{page}:{number + 1}"
        heading = course.HEADING.match(line)
        if line.startswith("#"):
            if fold_line is not None:
                problems.append(f"{page}:{fold_line + 1}: a hint's <details> is not closed before the next heading")
                fold_line = None
            exercise = heading.group(1) if heading else None
            continue
        if exercise is None:
            continue
        if FOLD.match(line):
            fold_line = number
            if number + 1 < len(lines) and lines[number + 1].strip():
                problems.append(f"{where}: a blank line must follow <summary>, or GitHub shows the hint's "
                                "Markdown as raw text")
        elif course.HINT_END.match(line) and fold_line is not None:
            if lines[number - 1].strip():
                problems.append(f"{where}: a blank line must come before </details>")
            fold_line = None
        elif line.startswith("<details"):
            problems.append(f"{where}: a fold in exercise {exercise} must read <details><summary>Hint K</summary>")
        elif fold_line is None and UNFOLDED.match(line):
            problems.append(f"{where}: exercise {exercise}'s hint is visible unfolded; put it in "
                            "<details><summary>Hint K</summary> ... </details>")
    return problems


class Folds(html.parser.HTMLParser):
    """The text of a rendered page inside <details> elements and outside them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth, self.inside, self.outside = 0, [], []

    def handle_starttag(self, tag, attrs):
        if tag == "details":
            self.depth += 1

    def handle_endtag(self, tag):
        if tag == "details":
            self.depth -= 1

    def handle_data(self, data):
        (self.inside if self.depth > 0 else self.outside).append(data)


def plain(markdown):
    """A hint's text as a rendered page shows it: no backticks, links as their text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    # Odd pieces are code spans, shown as written; emphasis marks go elsewhere.
    pieces = re.split(r"`([^`]*)`", text)
    shown = (piece if odd else EMPHASIS.sub(r"\1", piece) for piece, odd in zip(pieces, [0, 1] * len(pieces)))
    return " ".join("".join(shown).split())


def rendered_problems(page, exercises):
    result = subprocess.run(["cmark-gfm", "--unsafe", "-e", "table", "-e", "autolink",
                             os.path.join(course.ROOT, page)], capture_output=True, text=True, check=True)
    folds = Folds()
    folds.feed(result.stdout)
    inside, outside = (" ".join("".join(chunks).split()) for chunks in (folds.inside, folds.outside))
    problems = []
    for exercise in exercises:
        for level, hint in enumerate(exercise.hints, start=1):
            # A hint's opening words: long enough to be its own, short of any
            # Markdown the plain text above may not undo.
            words = " ".join(plain(hint).split()[:8])
            if words in outside or words not in inside:
                problems.append(f"{page}: exercise {exercise.id}'s hint {level} is visible without opening "
                                f"a fold on the rendered page (\"{words} ...\")")
    return problems


def site_problems(page, lines):
    """Folds that Doxygen would open: a blank line left inside one."""
    problems, inside = [], None
    for number, line in enumerate(doxygen_filter.filtered(lines)):
        if FOLD.match(line):
            inside = number
        elif course.HINT_END.match(line):
            inside = None
        elif inside is not None and not line.strip():
            problems.append(f"{page}:{inside + 1}: the fold Doxygen reads has a blank line inside "
                            "(maint/doxygen_filter.py), so the site would show the hint unfolded")
            inside = None
    return problems


def main():
    problems, count, giveaways = [], 0, 0
    for chapter in course.chapters():
        declared = course.exercises(chapter)
        for page in course.chapter_pages(chapter):
            with open(os.path.join(course.ROOT, page), encoding="utf-8") as handle:
                lines = handle.read().splitlines()
            problems += section_problems(page, lines) + site_problems(page, lines)
            mine = [e for e in declared if e.page == page]
            if mine:
                problems += rendered_problems(page, mine)
        for exercise in declared:
            count += len(exercise.hints)
            if not exercise.hints:
                problems.append(f"{exercise.page}: exercise {exercise.id} has no folded hint")
            problems += code_problems(exercise)
            found, levels = answer_problems(exercise)
            problems += found
            giveaways += levels
    for problem in problems:
        print(problem)
    print(f"check_hints: {count} hint levels of {sum(len(course.exercises(c)) for c in course.chapters())} "
          f"exercises, {giveaways} giving the answer away, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
