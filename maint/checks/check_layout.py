#!/usr/bin/env python3
"""The house rules of the chapters' folders, so a newcomer finds things where
the README's "The layout" says they are:

    check_layout.py [REPO_ROOT]

- From chapter 03 on, `include/mini/` and `src/` hold no code file directly:
  every file sits in a layer folder named after PyTorch's tree (core/,
  dispatch/, boxing/, ...), and only those folders exist.
- No folder of a chapter holds more than MAX_FILES code files directly.
- Every exercise file (`exercises/NAME.cpp` or `.cu`, and its solution)
  opens the same way: its id and title, the lesson's link (to the page,
  front page or part, that declares the exercise), and the header
  that declares what the learner writes, which it includes:

      // Exercise 03.2: a fourth alias key
      // The lesson: chapters/03_registration/README.md#exercise-32
      // Declared in: mini/exercises/explain_slot.h

  An exercise of its own is declared in `include/mini/exercises/NAME.h`.
  One that writes a piece of the chapter's own code names the chapter's
  header of that piece (chapters 01 and 02, which are flat, and the
  structured kernels of 06.5 and 06.6, declared by the code generator).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LAYERS = {"core", "util", "dispatch", "op_registration", "boxing", "fallbacks", "autograd", "autocast", "aten",
          "native", "extension", "exercises", "dispatch_modes", "functorch"}
CODE = (".h", ".cpp", ".cu", ".cuh", ".py")
MAX_FILES = 25
USER_PROGRAMS = os.path.join("chapters", "06_backends", "python", "tests", "user_programs")


def chapters():
    base = os.path.join(ROOT, "chapters")
    return sorted(name for name in os.listdir(base) if re.match(r"^\d\d_", name))


def layered(chapter):
    return int(chapter[:2]) >= 3


def check_layers(chapter, problems):
    for top in ("include/mini", "src"):
        folder = os.path.join(ROOT, "chapters", chapter, top)
        for entry in sorted(os.listdir(folder)):
            path = os.path.join(folder, entry)
            if os.path.isfile(path) and entry.endswith(CODE):
                problems.append(f"chapters/{chapter}/{top}/{entry}: a code file outside the layer folders "
                                f"({', '.join(sorted(LAYERS))})")
            elif os.path.isdir(path) and entry not in LAYERS:
                problems.append(f"chapters/{chapter}/{top}/{entry}/: not one of the layer folders "
                                f"({', '.join(sorted(LAYERS))}); add it to README.md's layout table and here")


def check_folder_sizes(chapter, problems):
    for folder, _, names in os.walk(os.path.join(ROOT, "chapters", chapter)):
        count = sum(name.endswith(CODE) for name in names)
        # The user programs are test data (one program a file, replayed
        # against torch 1.13's output), not code to find one's way in.
        if os.path.relpath(folder, ROOT).startswith(USER_PROGRAMS):
            continue
        if count > MAX_FILES:
            problems.append(f"{os.path.relpath(folder, ROOT)}/: {count} code files, more than {MAX_FILES}; "
                            "split it by idea")


def lesson_anchors(chapter):
    """{exercise id: the link to where its lesson page declares it}."""
    return {exercise.id: exercise.anchor for exercise in course.exercises(chapter)}


def check_exercise_headers(chapter, problems):
    folder = os.path.join(ROOT, "chapters", chapter, "exercises")
    for entry in sorted(os.listdir(folder)):
        stem, ext = os.path.splitext(entry)
        if ext not in (".cpp", ".cu"):
            continue
        for side in (os.path.join(folder, entry), os.path.join(ROOT, "solutions", chapter, entry)):
            where = os.path.relpath(side, ROOT)
            with open(side, encoding="utf-8") as handle:
                text = handle.read()
            opening = re.match(r"// Exercise (\d\d\.\d+): .+\n(?://.*\n)*?// The lesson: (\S+)\n"
                               r"// Declared in: (\S+)\n", text)
            if not opening:
                problems.append(f"{where}: does not open with '// Exercise NN.M: ...', '// The lesson: ...' "
                                "and '// Declared in: ...' lines")
                continue
            anchor = lesson_anchors(chapter).get(opening.group(1))
            if opening.group(2) != anchor:
                problems.append(f"{where}: says its lesson is {opening.group(2)}, but exercise {opening.group(1)} "
                                f"is declared at {anchor or 'no lesson page'}")
            header = opening.group(3)
            if f'#include "{header}"' not in text:
                problems.append(f"{where}: declared in {header} but does not include it")
            if header.startswith("mini/generated/"):
                continue
            if not os.path.isfile(os.path.join(ROOT, "chapters", chapter, "include", header)):
                problems.append(f"{where}: its header include/{header} does not exist")
            elif layered(chapter) and header != f"mini/exercises/{stem}.h":
                problems.append(f"{where}: an exercise of chapter {chapter[:2]} is declared in "
                                f"include/mini/exercises/{stem}.h, not {header}")


def main():
    problems = []
    for chapter in chapters():
        if layered(chapter):
            check_layers(chapter, problems)
        check_folder_sizes(chapter, problems)
        check_exercise_headers(chapter, problems)
    for problem in problems:
        print(problem)
    print(f"{len(chapters())} chapters checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
