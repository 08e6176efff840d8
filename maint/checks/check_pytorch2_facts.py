#!/usr/bin/env python3
"""maint/reference/PYTORCH2_FACTS.md still says what the 2.x data says: every
evidence line of every fact holds against the generated file it names, and
every fact has one. Needs no torch: it reads the committed data files.

    check_pytorch2_facts.py [FACTS]

Evidence lines (the page explains them): `- X: `text``, the file labelled X
holds text (whitespace squeezed, as the claims ledger compares); `- X lacks:
`text``, it does not; `- X count: `start` = N`, N of its lines start so.
Labels come from the page's own `- X = `path`` lines. Exit status 1 with one
line per problem when the data and the page disagree.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "maint"))
import claims  # noqa: E402

LABEL = re.compile(r"^- (\w+) = `([^`]+)`")
EVIDENCE = re.compile(r"^- (\w+)( lacks| count)?: `([^`]*)`(?: = (\d+))?")


def problems_in(text):
    """[(line number, problem)] for the page's text."""
    files, problems, fact, evidenced = {}, [], None, True
    for number, line in enumerate(text.splitlines(), start=1):
        for label, path in LABEL.findall(line):
            files[label] = path
        if line.startswith("### ") or line.startswith("## "):
            if fact and not evidenced:
                problems.append((fact[0], f"the fact '{fact[1]}' has no evidence line"))
            fact, evidenced = ((number, line[4:]), False) if line.startswith("### ") else (None, True)
            continue
        found = EVIDENCE.match(line)
        if not found:
            continue
        label, how, wanted, count = found.groups()
        evidenced = True
        if label not in files:
            problems.append((number, f"no file is labelled {label}"))
            continue
        path = os.path.join(ROOT, files[label])
        if not os.path.isfile(path):
            problems.append((number, f"{files[label]} does not exist"))
            continue
        with open(path, encoding="utf-8") as handle:
            data = handle.read()
        if how == " count":
            got = sum(1 for data_line in data.splitlines() if data_line.startswith(wanted))
            if count is None or got != int(count):
                problems.append((number, f"{files[label]} has {got} lines starting '{wanted}', the page says {count}"))
        elif (claims.squeezed(wanted) in claims.squeezed(data)) == (how == " lacks"):
            verb = "holds" if how == " lacks" else "does not hold"
            problems.append((number, f"{files[label]} {verb} '{wanted}'"))
    if fact and not evidenced:
        problems.append((fact[0], f"the fact '{fact[1]}' has no evidence line"))
    return problems


def main():
    page = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "maint", "reference", "PYTORCH2_FACTS.md")
    with open(page, encoding="utf-8") as handle:
        text = handle.read()
    problems = problems_in(text)
    for number, problem in problems:
        print(f"{os.path.relpath(page, ROOT)}:{number}: {problem}")
    facts = sum(1 for line in text.splitlines() if line.startswith("### "))
    lines = sum(1 for line in text.splitlines() if EVIDENCE.match(line))
    print(f"check_pytorch2_facts: {facts} facts, {lines} evidence lines; "
          f"{'ok' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems or not lines else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
