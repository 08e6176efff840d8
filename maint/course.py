"""What the course tools share: where chapters are, what their exercises are,
and how an exercise's tests did.

A chapter's lesson is its front page, chapters/NN_name/README.md, and the
parts it is split into where one page would not read in one sitting,
chapters/NN_name/partK_slug.md (K from 1), read in that order
(`chapter_pages`).

An exercise is declared by its lesson, in a heading of one of those pages:

    <a id="exercise-12"></a>
    ### Exercise 01.2: a table for every pair of keys

then a line giving its difficulty and time,

    *Difficulty 2 of 3 · about 30 minutes*

and hints in levels, each a paragraph: `Hint:` (where to start), `Hint 2:`
(the idea) and, where it helps, `Hint 3:` (the shape of the answer, short of
the code). The anchor is what a skipped test's message links to
(`Exercise.anchor`). Its tests are the GoogleTest suite `Exercise01_2` in the
chapter's `chNN_exercise_tests` program.
"""
import json
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADING = re.compile(r"^###\s+Exercise\s+(\d\d\.\d+):\s*(.*?)\s*(\{#[\w-]+\})?\s*$")
EFFORT = re.compile(r"^\*Difficulty ([123]) of 3 · about (\d+) minutes\*$")
HINT = re.compile(r"^Hint(?: ([23]))?:\s*(.*)$")


@dataclass
class Exercise:
    id: str          # "01.2"
    title: str
    chapter: str     # "01_vtable"
    page: str = ""   # the lesson page that declares it, relative to ROOT
    hints: list = field(default_factory=list)  # level 1 first
    difficulty: int = 0  # 1 to 3; 0 when the lesson does not say
    minutes: int = 0

    @property
    def hint(self):
        """The first hint, the one tools/progress shows unasked."""
        return self.hints[0] if self.hints else ""

    @property
    def files(self):
        """The learner's files of this exercise: those whose first line says
        `// Exercise 03.2:` (or `# Exercise 06.6:` in YAML)."""
        folder = os.path.join("chapters", self.chapter, "exercises")
        mine = []
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            with open(os.path.join(ROOT, folder, name), encoding="utf-8") as handle:
                first = handle.readline()
            if re.match(rf"^(//|#) Exercise {re.escape(self.id)}:", first):
                mine.append(os.path.join(folder, name))
        return mine

    @property
    def effort(self):
        return f"{'*' * self.difficulty}{'.' * (3 - self.difficulty)} ~{self.minutes} min" if self.difficulty else ""

    @property
    def suite(self):
        return "Exercise" + self.id.replace(".", "_")

    @property
    def anchor(self):
        major, minor = self.id.split(".")
        return f"{self.page or f'chapters/{self.chapter}/README.md'}#exercise-{int(major)}{minor}"

    @property
    def test_regex(self):
        """What `ctest -R` takes to select this exercise's tests alone: the
        suite name and its dot, so that Exercise06_1 leaves Exercise06_10 out."""
        return self.suite + "\\."


@dataclass
class Outcome:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    messages: list = field(default_factory=list)

    @property
    def done(self):
        return self.passed > 0 and self.failed == 0 and self.skipped == 0


def chapters(build_dir=None):
    """The chapter folders in lesson order; with `build_dir`, only those that
    build configured (see MINI_ONLY_CHAPTERS)."""
    base = os.path.join(ROOT, "chapters")
    names = sorted(n for n in os.listdir(base)
                   if re.match(r"^\d\d_", n) and os.path.isfile(os.path.join(base, n, "CMakeLists.txt")))
    if build_dir is not None:
        names = [n for n in names if os.path.isdir(os.path.join(build_dir, "chapters", n))]
    return names


PART = re.compile(r"^part(\d+)_[a-z0-9_]+\.md$")


def chapter_pages(chapter):
    """A chapter's lesson pages in reading order, relative to ROOT: its
    README.md (the front page), then its parts by number."""
    folder = os.path.join(ROOT, "chapters", chapter)
    parts = sorted((int(m.group(1)), name) for name in os.listdir(folder) if (m := PART.match(name)))
    return [f"chapters/{chapter}/README.md"] + [f"chapters/{chapter}/{name}" for _, name in parts]


def exercises(chapter):
    """The exercises a chapter's lesson declares, with their hints, in order."""
    found = []
    for page in chapter_pages(chapter):
        with open(os.path.join(ROOT, page), encoding="utf-8") as handle:
            found += _declared(chapter, page, handle.read().splitlines())
    return found


def _declared(chapter, page, lines):
    found = []
    for number, line in enumerate(lines):
        match = HEADING.match(line)
        if not match:
            continue
        exercise = Exercise(match.group(1), match.group(2), chapter, page)
        in_hint = False
        for later in lines[number + 1:]:
            if later.startswith("#"):
                break
            effort = EFFORT.match(later)
            hint = HINT.match(later)
            if effort:
                exercise.difficulty, exercise.minutes = int(effort.group(1)), int(effort.group(2))
            elif hint:
                level = int(hint.group(1) or 1)
                if level != len(exercise.hints) + 1:
                    raise ValueError(f"{page}: exercise {exercise.id}'s hints must come in order "
                                     f"(found Hint {level} after {len(exercise.hints)})")
                exercise.hints.append(hint.group(2).strip())
                in_hint = True
            elif in_hint and later.strip():
                exercise.hints[-1] += " " + later.strip()
            else:
                in_hint = False
        found.append(exercise)
    return found


def exercise_program(build_dir, chapter):
    return os.path.join(build_dir, "chapters", chapter, f"ch{chapter[:2]}_exercise_tests")


def skip_message(console, test):
    """What a skipped test said, from the console output (GoogleTest 1.12's
    JSON report leaves skip messages out): the lines between its RUN and
    SKIPPED lines, less the `file:line: Skipped` line."""
    start = console.find(f"[ RUN      ] {test}\n")
    end = console.find(f"[  SKIPPED ] {test}", start)
    if start < 0 or end < 0:
        return ""
    lines = console[start:end].splitlines()[1:]
    return " ".join(line for line in lines if not line.endswith(": Skipped")).strip()


def run_exercise_tests(build_dir, chapter, suite=None):
    """Runs a chapter's exercise tests (or one suite's); returns {suite name: Outcome}."""
    program = exercise_program(build_dir, chapter)
    only = [f"--gtest_filter={suite}.*"] if suite else []
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "report.json")
        console = subprocess.run([program, f"--gtest_output=json:{report}", *only], capture_output=True,
                                 text=True, timeout=300).stdout
        if not os.path.exists(report):
            raise RuntimeError(f"{program} wrote no report: did it crash?")
        with open(report, encoding="utf-8") as handle:
            data = json.load(handle)
    outcomes = {}
    for suite in data.get("testsuites", []):
        outcome = outcomes.setdefault(suite["name"], Outcome())
        for test in suite.get("testsuite", []):
            if test.get("result") == "SKIPPED":
                outcome.skipped += 1
                outcome.messages.append(skip_message(console, f"{suite['name']}.{test['name']}"))
            elif test.get("failures"):
                outcome.failed += 1
            else:
                outcome.passed += 1
    return outcomes
