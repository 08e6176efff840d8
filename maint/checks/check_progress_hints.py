#!/usr/bin/env python3
"""tools/progress --hint gives an exercise's hints one level at a time, from
the lesson, and remembers per exercise which levels were seen.

    check_progress_hints.py

Runs tools/progress with a scratch --build-dir (the hints need no build)
for two exercises of different chapters and checks that:

- `--hint ID` prints hint 1, then 2, then 3, each once and alone, word for
  word the paragraph folded under `<summary>Hint K</summary>` in the
  exercise's lesson page (read here from the page itself, not through
  maint/course.py), and then says that all were seen instead of repeating one;
- another exercise's count is its own; `--more` goes on with the exercise
  asked about last; `--hint ID --more` (what a test's message suggests after
  showing hint 1) starts at hint 2;
- `--level K` shows hint K again, and a K out of range is refused (exit 2);
- `--reset` with an ID starts that exercise over and leaves the other's
  count; an unknown ID exits 2; no hint is printed by --help.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRESS = os.path.join(ROOT, "tools", "progress")
EXERCISES = (("02_keyset/part2_call_key_set.md", "02.5"), ("06_backends/part7_vmap.md", "06.9"))


def folded_hints(page, exercise_id):
    """The hint paragraphs under one exercise's heading, each joined into one line."""
    with open(os.path.join(ROOT, "chapters", page), encoding="utf-8") as handle:
        text = handle.read()
    section = re.search(rf"^### Exercise {re.escape(exercise_id)}:.*?(?=^#)", text, re.S | re.M).group(0)
    return [" ".join(body.split())
            for body in re.findall(r"^<details><summary>Hint \d</summary>\n(.*?)^</details>", section, re.S | re.M)]


def progress(build_dir, *args):
    result = subprocess.run([sys.executable, PROGRESS, "--build-dir", build_dir, *args], capture_output=True,
                            text=True, cwd=ROOT, timeout=60)
    return result.returncode, result.stdout + result.stderr


def printed_hints(output):
    return re.findall(r"^  Hint (\d) of (\d): (.*)$", output, re.M)


def main():
    problems = []

    def expect(condition, what, output=""):
        if not condition:
            problems.append(what + (f"\n--- output ---\n{output}" if output else ""))

    with tempfile.TemporaryDirectory() as build_dir:
        hints = {exercise_id: folded_hints(page, exercise_id) for page, exercise_id in EXERCISES}
        for exercise_id, texts in hints.items():
            expect(len(texts) >= 2, f"{exercise_id}: fewer than two folded hints found in its lesson")
        first, second = (exercise_id for _, exercise_id in EXERCISES)
        for level, text in enumerate(hints[first], start=1):
            code, output = progress(build_dir, "--hint", first)
            shown = printed_hints(output)
            expect(code == 0 and len(shown) == 1, f"--hint {first} (call {level}) printed {len(shown)} hints",
                   output)
            expect(shown[:1] == [(str(level), str(len(hints[first])), text)],
                   f"--hint {first} (call {level}) did not print hint {level} as the lesson has it", output)
        code, output = progress(build_dir, "--hint", first)
        expect(code == 0 and not printed_hints(output) and "seen all" in output,
               f"--hint {first} after the last hint printed a hint again instead of saying all were seen", output)

        code, output = progress(build_dir, "--hint", second)
        expect(printed_hints(output)[:1] == [("1", str(len(hints[second])), hints[second][0])],
               f"--hint {second} did not start at its own hint 1", output)
        code, output = progress(build_dir, "--more")
        expect(printed_hints(output)[:1] == [("2", str(len(hints[second])), hints[second][1])],
               f"--more did not go on with {second}, the exercise asked about last", output)

        code, output = progress(build_dir, "--hint", first, "--level", "1")
        expect(printed_hints(output)[:1] == [("1", str(len(hints[first])), hints[first][0])],
               f"--hint {first} --level 1 did not show hint 1 again", output)
        code, output = progress(build_dir, "--hint", first, "--level", str(len(hints[first]) + 1))
        expect(code == 2 and not printed_hints(output), "--level past the last hint was not refused", output)

        code, output = progress(build_dir, "--hint", first, "--reset")
        expect(code == 0, f"--hint {first} --reset failed", output)
        code, output = progress(build_dir, "--hint", first)
        expect(printed_hints(output)[:1] == [("1", str(len(hints[first])), hints[first][0])],
               f"after --reset, --hint {first} did not start at hint 1", output)
        code, output = progress(build_dir, "--hint", second)
        expect(printed_hints(output)[:1] == [("3", str(len(hints[second])), hints[second][2])]
               if len(hints[second]) > 2 else True,
               f"--reset of {first} changed {second}'s count", output)
        progress(build_dir, "--reset")
        code, output = progress(build_dir, "--hint", second, "--more")
        expect(printed_hints(output)[:1] == [("2", str(len(hints[second])), hints[second][1])],
               f"--hint {second} --more (hint 1 already shown by a message) did not start at hint 2", output)

        code, output = progress(build_dir, "--hint", "99.9")
        expect(code == 2 and not printed_hints(output), "an unknown exercise was not refused with exit 2", output)
        code, output = progress(build_dir, "--help")
        expect(code == 0 and not printed_hints(output), "--help printed a hint or failed", output)

    for problem in problems:
        print(problem)
    print(f"check_progress_hints: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
