#!/usr/bin/env python3
"""The error catalogue (docs/errors.md) covers every error the course's code
can raise, and every test it cites exists.

    check_error_catalogue.py [BUILD_DIR]

A message "in the code" is the string literal (adjacent literals joined) of a
`throw` statement in chapters/*/src or chapters/*/include, exercise stubs
aside; and in a chapter's Python layer (chapters/*/python), what it raises
to Python: a `throw`, PyErr_SetString, PyErr_Format or PyErr_WarnEx in
its csrc/, and a `raise` or warnings.warn in its Python package (the
leading literal, an f-string's `{...}` a placeholder). It is covered when
an entry's `Message:` line contains its fixed text in order: `{}`
placeholders in the code (and CPython's `%s`, `%d`) and `{name}`
placeholders in the catalogue both stand for anything. Each entry names its chapters and the test
that triggers it (`Tested by:`); with BUILD_DIR, those tests must exist there.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATALOGUE = os.path.join(ROOT, "docs", "errors.md")
THROW = re.compile(r"\bthrow\s+(?!ExerciseNotDone)[\w:]+\s*\((.*?)\);", re.S)
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
# What the Python layer's C++ hands Python: an exception or a warning set directly.
PYERR = re.compile(r"\bPyErr_(?:SetString|Format|WarnEx)\(\s*\w+\s*,\s*(.*?)\);", re.S)
# What its Python raises or warns: the leading (f-)string literal.
PY_RAISE = re.compile(r"""\b(?:raise\s+\w+|warnings\.warn)\(\s*f?(["'])((?:(?!\1)[^\\]|\\.)*)\1""")


def files_under(folder, suffixes):
    for parent, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(suffixes):
                yield os.path.join(parent, name)


# An OperatorError (chapter 06's mini/util/operator_error.h) takes its
# operator first, "add" or a variable, and its message second.
OPERATOR_ERROR = re.compile(r"\bthrow\s+Operator\w+\s*\(\s*(?:\"[^\"]*\"|[\w.]+)\s*,(.*?)\);", re.S)


def cpp_messages(text, patterns):
    """The leading literal(s) of each match, inside fmt::format or not;
    later literals are arguments, not the message."""
    for pattern in patterns:
        if pattern is THROW:
            # the OperatorErrors, whose first argument is the operator
            for match in OPERATOR_ERROR.finditer(text):
                lead = re.match(r'\s*(?:fmt::format\(\s*)?((?:"(?:[^"\\]|\\.)*"\s*)+)', match.group(1))
                literals = LITERAL.findall(lead.group(1)) if lead else []
                if literals:
                    yield "".join(literals)
        for match in pattern.finditer(text):
            if pattern is THROW and re.match(r"throw\s+Operator", match.group(0)):
                continue
            lead = re.match(r'\s*(?:fmt::format\(\s*)?((?:"(?:[^"\\]|\\.)*"\s*)+)', match.group(1))
            literals = LITERAL.findall(lead.group(1)) if lead else []
            if literals:
                yield "".join(literals)


def code_messages():
    """(chapter, file, message text) for every throw with a literal."""
    found = []
    chapters_dir = os.path.join(ROOT, "chapters")
    for chapter in sorted(os.listdir(chapters_dir)):
        sources = []
        for part in ("src", "include"):
            sources += [(path, (THROW,)) for path in
                        files_under(os.path.join(chapters_dir, chapter, part), (".cpp", ".h", ".cu", ".cuh"))]
        python_dir = os.path.join(chapters_dir, chapter, "python")
        sources += [(path, (THROW, PYERR)) for path in files_under(os.path.join(python_dir, "csrc"), (".cpp", ".h"))]
        sources += [(path, None) for path in files_under(os.path.join(python_dir, "mini_torch"), (".py",))]
        for path, patterns in sources:
            with open(path, encoding="utf-8") as source:
                text = source.read()
            if patterns is None:
                messages = [match.group(2) for match in PY_RAISE.finditer(text)]
            else:
                messages = list(cpp_messages(text, patterns))
            found += [(chapter[:2], os.path.relpath(path, ROOT), message) for message in messages if message]
    return found


def fragments(message, placeholder):
    return [part.strip() for part in re.split(placeholder, message) if len(part.strip()) >= 3]


def covered(message, catalogue_messages):
    # Newlines and tabs become spaces before runs of spaces are squeezed, as the
    # catalogue writes a multi-line message on one line.
    text = re.sub(r"\s+", " ", message.replace("\\n", " ").replace("\\t", " ").replace("\\'", "'").replace('\\"', '"'))
    # {} is fmt's placeholder, %s and %d CPython's (PyErr_Format).
    parts = fragments(text, r"\{[^}]*\}|%[sdU]")
    for candidate in catalogue_messages:
        position = 0
        for part in parts:
            position = candidate.find(part, position)
            if position < 0:
                break
            position += len(part)
        else:
            return True
    return False


def catalogue_entries():
    with open(CATALOGUE, encoding="utf-8") as handle:
        text = handle.read()
    messages = [re.sub(r"\s+", " ", m) for m in re.findall(r"^Message:\s*`(.*?)`\s*$", text, re.M)]
    tests = re.findall(r"^Tested by:\s*(.*)$", text, re.M)
    cited = [name for line in tests for name in re.findall(r"`([^`]+)`", line)]
    return messages, cited


def main():
    build_dir = sys.argv[1] if len(sys.argv) > 1 else None
    messages, cited = catalogue_entries()
    problems = []
    code = code_messages()
    for chapter, path, message in code:
        if not covered(re.sub(r"\s+", " ", message), messages):
            problems.append(f"{path}: no catalogue entry for \"{message[:90]}\"")
    if build_dir:
        listed = subprocess.run(["ctest", "--test-dir", build_dir, "-N"], capture_output=True, text=True).stdout
        known = set(re.findall(r"Test\s+#\d+: (\S+)", listed))
        built = {name.split(".")[0] for name in known}
        for test in cited:
            if test.split(".")[0] in built and test not in known:
                problems.append(f"docs/errors.md cites {test}, which is not a test of this build")
    for problem in problems:
        print(problem)
    print(f"{len(code)} messages in the code, {len(messages)} catalogue entries, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
