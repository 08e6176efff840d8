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

its `Test:` line, and hints in levels, each one paragraph folded in its own
HTML `<details>` block, so that opening one is a choice:

    <details><summary>Hint 2</summary>

    The idea, in prose.

    </details>

Hint 1 says where to start, hint 2 the idea and, where it helps, hint 3 the
shape of the answer (which function, which case), never its code
(maint/checks/check_hints.py). tools/progress --hint reads them from here,
one level at a time. The anchor is what a skipped test's message links to
(`Exercise.anchor`). Its tests are the GoogleTest suite `Exercise01_2` in the
chapter's `chNN_exercise_tests` program.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADING = re.compile(r"^###\s+Exercise\s+(\d\d\.\d+):\s*(.*?)\s*(\{#[\w-]+\})?\s*$")
EFFORT = re.compile(r"^\*Difficulty ([123]) of 3 · about (\d+) minutes\*$")
HINT = re.compile(r"^<details><summary>Hint (\d)</summary>\s*$")
HINT_END = re.compile(r"^</details>\s*$")


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
    messages: list = field(default_factory=list)  # what each skipped test said
    # (test, message) of each failed test, in order: the assertion's text, or
    # how the test ended the program (a signal, an uncaught exception, a hang).
    failures: list = field(default_factory=list)

    @property
    def done(self):
        return self.passed > 0 and self.failed == 0 and self.skipped == 0

    @property
    def machine_skips(self):
        """What the tests that skipped for a reason of the machine's said (a
        GPU exercise without a GPU), as against a stub's "not done yet"."""
        return [m for m in self.messages if m and "is not done yet" not in m]

    def status(self):
        """(mark, note): how every tool shows this exercise: done (with a
        note when a test this machine cannot run was skipped), n/a (nothing
        of it can run on this machine), FAIL or todo."""
        if self.done:
            return "done", ""
        not_done = any("is not done yet" in m for m in self.messages)
        if self.machine_skips and not self.failed and not not_done:
            # The reason whole: it says what to install or where to run.
            reason = " ".join(self.machine_skips[0].split())
            if self.passed:
                # Every test this machine can run passes: done, as far as
                # this machine can tell (06.7 without a GPU).
                return "done", (f"done on the CPU; {len(self.machine_skips)} test(s) need what this machine "
                                f"lacks: {reason}")
            return "n/a ", reason
        if self.failed:
            test, message = self.failures[0] if self.failures else ("", "")
            return "FAIL", f"{self.failed} test(s) failing" + (
                f"; {test.split('.', 1)[-1]}: {headline(message)}" if test else "")
        return "todo", ""


def headline(message):
    """The line of a failure's message that says what went wrong: not the
    `file:line: Failure` line GoogleTest starts it with."""
    for line in message.splitlines():
        line = line.strip()
        if line and not re.match(r"^(\S+:\d+|unknown file): Failure$", line):
            return line[:160]
    return ""


COMPILE_ERROR = re.compile(r"^(\S+:\d+:\d+: (?:fatal )?error: .*)$", re.MULTILINE)


def first_compile_error(log):
    """The compiler's first `file:line:col: error:` line of a build log, with
    paths inside the repository relative to it; None when there is none."""
    error = COMPILE_ERROR.search(log)
    return error.group(1).replace(ROOT + os.sep, "") if error else None


NINJA_STEP = re.compile(r"^\[(\d+)/(\d+)\] ")


def _duration(seconds):
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def build_with_progress(command, cwd=None, every=30.0):
    """Runs a build command and returns (returncode, its output), showing on
    stderr how far it is, ninja's [n/N] steps with an estimate of the time
    left: on a terminal one line that updates in place, elsewhere a line at
    most every `every` seconds. A cold chapter build takes minutes; a tool
    that says nothing for that long looks hung."""
    started = time.monotonic()
    shown = started
    tty = sys.stderr.isatty()
    lines = []
    with subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as build:
        for line in build.stdout:
            lines.append(line)
            step = NINJA_STEP.match(line)
            now = time.monotonic()
            if not step or (not tty and now - shown < every) or (tty and now - shown < 0.5):
                continue
            done, total = int(step.group(1)), int(step.group(2))
            elapsed = now - started
            left = elapsed / done * (total - done) if done else 0
            text = (f"building: step {done}/{total}, {_duration(elapsed)} so far, "
                    f"about {_duration(left)} left at this pace")
            print(f"\r{text}  " if tty else text, end="" if tty else "\n", file=sys.stderr, flush=True)
            shown = now
        returncode = build.wait()
    if tty and shown != started:
        print(file=sys.stderr)
    return returncode, "".join(lines)


def build_exercise_program(build_dir, chapter):
    """Builds a chapter's exercise test program (the chapter library with the
    learner's files); returns None when it built, else the compiler's first
    error (or the end of the build's output when no compiler line says)."""
    target = f"ch{chapter[:2]}_exercise_tests"
    returncode, log = build_with_progress(["cmake", "--build", build_dir, "--target", target])
    if returncode == 0:
        return None
    return first_compile_error(log) or log[-2000:]


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
                level = int(hint.group(1))
                if level != len(exercise.hints) + 1:
                    raise ValueError(f"{page}: exercise {exercise.id}'s hints must come in order "
                                     f"(found Hint {level} after {len(exercise.hints)})")
                exercise.hints.append("")
                in_hint = True
            elif in_hint and HINT_END.match(later):
                exercise.hints[-1] = exercise.hints[-1].strip()
                in_hint = False
            elif in_hint and later.strip():
                exercise.hints[-1] += " " + later.strip()
        found.append(exercise)
    return found


def exercise_program(build_dir, chapter):
    return os.path.join(build_dir, "chapters", chapter, f"ch{chapter[:2]}_exercise_tests")


def printed_by(console, test, result):
    """The lines a test printed on the console, between its RUN line and its
    `result` line (`[  SKIPPED ]`, `[  FAILED  ]`); [] when either is missing."""
    start = console.find(f"[ RUN      ] {test}\n")
    end = console.find(f"{result} {test}", start)
    if start < 0 or end < 0:
        return []
    return console[start:end].splitlines()[1:]


def skip_message(console, test):
    """What a skipped test said, from the console output (GoogleTest 1.12's
    JSON report leaves skip messages out), less the `file:line: Skipped` line."""
    lines = printed_by(console, test, "[  SKIPPED ]")
    return " ".join(line for line in lines if not line.endswith(": Skipped")).strip()


# How long one run of an exercise test program may take before it is taken
# for a hang (MINI_EXERCISE_TIMEOUT overrides it, in seconds).
TEST_SECONDS = 300
RESULT = re.compile(r"^\[ +(OK|FAILED|SKIPPED) +\] (\w+\.\w+)(?: \(\d+ ms\))?$")


def _test_seconds():
    try:
        return float(os.environ.get("MINI_EXERCISE_TIMEOUT", TEST_SECONDS))
    except ValueError:
        return TEST_SECONDS


def _how_it_ended(returncode, stderr, timed_out, seconds):
    """A line saying how a run that wrote no report ended."""
    if timed_out:
        return f"did not finish in {seconds:g} s (an endless loop?); the program was stopped"
    what = re.search(r"terminate called after throwing an instance of '([^']+)'\s*(?:what\(\):\s*(.*))?", stderr)
    if what:
        return f"an uncaught exception ended the program: {what.group(1)}" + (
            f": {what.group(2).strip()}" if what.group(2) else "")
    if returncode is not None and returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        meaning = {"SIGSEGV": "a bad memory access", "SIGABRT": "abort(): a failed check or a corrupt heap",
                   "SIGFPE": "an arithmetic error, such as an integer division by zero",
                   "SIGBUS": "a bad memory access"}.get(name, "")
        return f"crashed with {name}" + (f" ({meaning})" if meaning else "")
    last = [line for line in stderr.splitlines() if line.strip()][-1:]
    return f"ended the program with exit status {returncode}" + (f": {last[0].strip()}" if last else "")


def _run_once(program, test_filter, seconds):
    """Runs `program` on `test_filter` once: (report or None, console, stderr,
    returncode, timed out). The console goes to a file, so that what a run
    that crashed or hung printed is still there to read."""
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "report.json")
        out_path, err_path = os.path.join(scratch, "stdout"), os.path.join(scratch, "stderr")
        timed_out = False
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            process = subprocess.Popen([program, f"--gtest_output=json:{report}", f"--gtest_filter={test_filter}"],
                                       stdout=out, stderr=err)
            try:
                process.wait(timeout=seconds)
            except subprocess.TimeoutExpired:
                timed_out = True
                process.kill()
                process.wait()
        with open(out_path, encoding="utf-8", errors="replace") as handle:
            console = handle.read()
        with open(err_path, encoding="utf-8", errors="replace") as handle:
            stderr = handle.read()
        data = None
        if not timed_out and os.path.exists(report):
            with open(report, encoding="utf-8") as handle:
                data = json.load(handle)
        return data, console, stderr, process.returncode, timed_out


def console_failure(console, test):
    """What a failed test printed before its FAILED line."""
    return "\n".join(printed_by(console, test, "[  FAILED  ]")).strip()


def _failure_text(failures):
    """A failed test's messages from the JSON report, as the console shows them."""
    return "\n".join(failure.get("failure", "").strip() for failure in failures).strip()


def run_exercise_tests(build_dir, chapter, suite=None):
    """Runs a chapter's exercise tests (or one suite's); returns {suite name:
    Outcome}. A test that crashes the program, hangs or lets an exception
    end it is that test's failure, with how it ended: the tests before it
    keep their results, read from the console, and the program runs again
    for the tests after it, so that one exercise's crash never hides the
    others' status."""
    program = exercise_program(build_dir, chapter)
    seconds = _test_seconds()
    wanted = f"{suite}.*" if suite else "*"
    results = {}   # "Suite.Test": (passed/failed/skipped, message), in run order
    left_out = []  # tests already reported, kept out of the next run
    while True:
        test_filter = wanted + (f"-{':'.join(left_out)}" if left_out else "")
        data, console, stderr, returncode, timed_out = _run_once(program, test_filter, seconds)
        if data is not None:
            for found in data.get("testsuites", []):
                for test in found.get("testsuite", []):
                    name = f"{found['name']}.{test['name']}"
                    if test.get("result") == "SKIPPED":
                        results[name] = ("skipped", skip_message(console, name))
                    elif test.get("failures"):
                        results[name] = ("failed", _failure_text(test["failures"]))
                    else:
                        results[name] = ("passed", "")
            break
        # No report: the program did not end by itself. The tests with a
        # result line finished; the one RUN without a result ended it.
        running = None
        for line in console.splitlines():
            if line.startswith("[ RUN      ] "):
                running = line[len("[ RUN      ] "):].strip()
                continue
            result = RESULT.match(line)
            if result:
                kind, name = result.groups()
                if kind == "SKIPPED":
                    results[name] = ("skipped", skip_message(console, name))
                elif kind == "FAILED":
                    results[name] = ("failed", console_failure(console, name))
                else:
                    results[name] = ("passed", "")
                left_out.append(name)
                if name == running:
                    running = None
        ended = _how_it_ended(returncode, stderr, timed_out, seconds)
        if running is None:
            # It ended before any test ran, or between tests: no test to
            # blame, so every exercise asked about fails with it.
            for exercise in exercises(chapter):
                if suite in (None, exercise.suite) and not any(n.startswith(exercise.suite + ".") for n in results):
                    results[f"{exercise.suite}.*"] = (
                        "failed", f"{os.path.basename(program)} {ended} before its tests of {exercise.suite} ran\n"
                                  f"{stderr.strip()[-600:]}".strip())
            break
        printed = console.split(f"[ RUN      ] {running}\n", 1)[-1].strip()
        said = "\n".join(part for part in (printed[-1200:], stderr.strip()[-1200:]) if part)
        results[running] = ("failed", ended + (f"\n{said}" if said else ""))
        left_out.append(running)
    outcomes = {}
    for name, (kind, message) in results.items():
        outcome = outcomes.setdefault(name.split(".", 1)[0], Outcome())
        if kind == "skipped":
            outcome.skipped += 1
            outcome.messages.append(message)
        elif kind == "failed":
            outcome.failed += 1
            outcome.failures.append((name, message))
        else:
            outcome.passed += 1
    return outcomes
