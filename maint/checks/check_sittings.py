#!/usr/bin/env python3
"""Checks that the course reads in sittings, and that each exercise's test
command selects that exercise alone.

    check_sittings.py [BUILD_DIR]

Pages (the lessons a learner reads through: the top README, each chapter's
front page and parts; docs/*.md are reference pages, looked things up in,
not read through):
- no page is over MAX_WORDS words, counted as `wc -w` counts them (prose,
  code and transcripts together): about 6,000 is one sitting, the bound
  leaves a little room;
- a chapter's parts are part1_..., part2_..., with no number missing, each
  titled `# Chapter NN, part K: ...` under its `chapter_NN_part_K` anchor,
  and each ends with a `## Try it` section that has a command to run;
- each exercise is declared on one page (the part that teaches what it
  needs, which may put 06.10 before 06.9), and its `Test:` line is `ctest --preset learn -R 'ExerciseNN_M\\.' ...`.

With BUILD_DIR (a configured build tree with exercise tests, as the default
preset's): for every exercise, `ctest -N -R 'ExerciseNN_M\\.'` lists its
tests and no other exercise's (Exercise06_1 once also selected 06_10).
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402
import lessons  # noqa: E402

MAX_WORDS = 6500
TEST_LINE = re.compile(r"^Test: `ctest --preset learn -R '(Exercise\d\d_\d+\\\.)' --output-on-failure`$")


def check_pages():
    problems, sizes = [], []
    for page in lessons.lesson_paths():
        if page.startswith("docs/"):
            continue
        words = len(lessons.read(page).split())
        sizes.append((words, page))
        if words > MAX_WORDS:
            problems.append(f"{page}: {words} words, more than {MAX_WORDS} (about one sitting): "
                            "split it into parts (chapters/NN_name/partK_slug.md)")
    return problems, sizes


def check_parts(chapter):
    problems = []
    pages = course.chapter_pages(chapter)
    for number, page in enumerate(pages[1:], start=1):
        name = os.path.basename(page)
        if not name.startswith(f"part{number}_"):
            problems.append(f"{page}: parts are numbered 1, 2, ... with none missing; this is number {number}")
        lines = lessons.read(page).splitlines()
        want_anchor = f'<a id="chapter_{chapter[:2]}_part_{number}"></a>'
        if not lines or lines[0] != want_anchor:
            problems.append(f"{page}: the first line must be {want_anchor}")
        if len(lines) < 2 or not lines[1].startswith(f"# Chapter {chapter[:2]}, part {number}: "):
            problems.append(f"{page}: the title must be `# Chapter {chapter[:2]}, part {number}: ...`")
        headings = [i for i, line in enumerate(lines) if line.startswith("## ")]
        last = headings[-1] if headings else None
        if last is None or lines[last].strip() != "## Try it":
            problems.append(f"{page}: a part ends with a `## Try it` section (something to run)")
        elif not any(lessons.FENCE.match(line) for line in lines[last:]):
            problems.append(f"{page}: its `## Try it` section has no command block")
    return problems


def check_exercises(chapter):
    problems = []
    found = course.exercises(chapter)
    ids = [e.id for e in found]
    for twice in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(f"chapter {chapter}: exercise {twice} is declared on more than one page")
    for exercise in found:
        lines = lessons.read(exercise.page).splitlines()
        tests = [m.group(1) for line in lines if (m := TEST_LINE.match(line))]
        if exercise.test_regex not in tests:
            problems.append(f"{exercise.page}: exercise {exercise.id} has no line "
                            f"Test: `ctest --preset learn -R '{exercise.test_regex}' --output-on-failure`")
    return problems


def check_selection(build_dir):
    """Each exercise's regex, given to ctest, lists that exercise's tests only."""
    problems, count = [], 0
    for chapter in course.chapters(build_dir):
        for exercise in course.exercises(chapter):
            result = subprocess.run(["ctest", "--test-dir", build_dir, "-N", "-R", exercise.test_regex],
                                    capture_output=True, text=True)
            listed = result.stdout
            if "Total Tests:" not in listed:
                problems.append(f"exercise {exercise.id}: ctest -N -R '{exercise.test_regex}' failed "
                                f"({result.returncode}): {(result.stderr or listed).strip()[-300:]}")
                continue
            names = re.findall(r"^\s*Test\s+#\d+: (\S+)", listed, re.MULTILINE)
            others = [n for n in names if not n.startswith(f"ch{chapter[:2]}.{exercise.suite}.")]
            if not names:
                problems.append(f"exercise {exercise.id}: ctest -R '{exercise.test_regex}' selects no test")
            if others:
                problems.append(f"exercise {exercise.id}: ctest -R '{exercise.test_regex}' also selects "
                                f"{', '.join(others[:3])}")
            count += 1
    return problems, count


def main():
    problems, sizes = check_pages()
    for chapter in course.chapters():
        problems += check_parts(chapter)
        problems += check_exercises(chapter)
    selected = 0
    if len(sys.argv) > 1:
        more, selected = check_selection(os.path.abspath(sys.argv[1]))
        problems += more
    for problem in problems:
        print(problem)
    words, page = max(sizes)
    print(f"check_sittings: {len(sizes)} pages, the longest {page} ({words} words, bound {MAX_WORDS}); "
          f"{selected} exercise commands checked against ctest; "
          f"{'ok' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
