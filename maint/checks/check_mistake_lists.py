#!/usr/bin/env python3
"""Every exercise's mistake list agrees with its committed wrong answers.

    check_mistake_lists.py

Each chapter's solutions/NN_name/MISTAKES.md lists, exercise by exercise and
by kind, the mistakes a learner plausibly makes, each a committed mutant in
solutions/NN_name/mutants/: a diff against its solution (maint/mutants.py).
This check needs no build: it fails when a mutant's header is malformed or
its diff no longer applies to its solution as it is now (naming both), when
an exercise has fewer than five mutants, when a mutant is not listed (or
listed twice, or under another exercise), when a listed file does not
exist, when a kind is not one of maint/mutants.py's KINDS, or when the test
a line names is not the one the mutant's `Must fail:` header names. The
fresh wrong answers of maint/fresh_wrong/ (diffs against the stubs) must be
well formed and apply to the stubs as they are now, and maint/README.md's
example must be the diff it shows. Whether each mutant really fails its
test is check_exercises.py's to prove.
"""
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402
import mutants  # noqa: E402


# maint/README.md shows one mutant whole, as its example of the form: it must
# be the committed diff, not a copy that stays behind when the diff changes.
README_EXAMPLE = "solutions/01_vtable/mutants/magnitude.no_sqrt.cpp.diff"


def readme_example_problems():
    with open(os.path.join(course.ROOT, "maint", "README.md"), encoding="utf-8") as handle:
        blocks = re.findall(r"^```diff\n(.*?)^```$", handle.read(), re.S | re.M)
    with open(os.path.join(course.ROOT, README_EXAMPLE), encoding="utf-8") as handle:
        committed = handle.read()
    if committed not in blocks:
        return [f"maint/README.md: its ```diff example is no longer {README_EXAMPLE}: copy the file in again"]
    return []


def main():
    if len(sys.argv) != 1:
        print(__doc__)
        return 2
    problems, per_kind, exercises, listed, fresh = [], collections.Counter(), 0, 0, 0
    for chapter in sorted(os.listdir(os.path.join(course.ROOT, "solutions"))):
        if not os.path.isdir(os.path.join(course.ROOT, "solutions", chapter)):
            continue
        exercises += len(mutants.exercises_of(chapter))
        problems += mutants.mistake_list_problems(chapter)
        problems += mutants.applies_problems(mutants.fresh(chapter), is_fresh=True)
        fresh += len(mutants.fresh(chapter))
        for path in mutants.committed(chapter):
            listed += 1
            per_kind[mutants.kind_listed(chapter, os.path.basename(path))] += 1
    problems += readme_example_problems()
    for problem in problems:
        print(problem)
    print(f"{exercises} exercises, {listed} mutants, {fresh} fresh wrong answers (maint/fresh_wrong/); by kind: "
          + ", ".join(f"{kind} {per_kind[kind]}" for kind in mutants.KINDS))
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
