"""Mutants: committed plausible wrong answers to the exercises, and the proof
that each one fails a test of its exercise (maint/checks/check_exercises.py).

A mutant is one mistake, written as a small unified diff against the
solution it spoils: solutions/NN_name/mutants/<file>.<short_name>.<ext>.diff
for solutions/NN_name/<file>.<ext> (.cpp, .cu, or .yaml for an answer
written in yaml: chapter 06's ops_exercise.yaml and derivatives_exercise.yaml).
Three lines come before the diff, which `git apply` passes over: the
exercise, the mistake in a learner's words and the test that catches it:

    Exercise: 01.1
    Mistake: forgets the square root: the rectangular magnitude is re^2 + im^2
    Must fail: Exercise01_1.MagnitudeOfRectangularIsItsLength

    --- a/solutions/01_vtable/magnitude.cpp
    +++ b/solutions/01_vtable/magnitude.cpp
    @@ -16,7 +16,7 @@
    ...

The diff applies to the solution as it is now, so a change to a solution
cannot leave its wrong answers behind: a diff that no longer fits fails the
checks, naming itself and the solution. maint/wrong-answer writes a diff from
an edited copy of the solution (and applies one, to edit it again).

cmake/MiniChapter.cmake applies each diff at build time (maint/wrong-answer
apply) into the build folder, <build>/chapters/NN_name/mutants/<file>.<short_name>.<ext>,
and builds it as chNN_mutant_<file>_<short_name>:
the chapter's exercise tests linked with its core, the other exercises'
solutions and the mutant in place of <file>'s solution, so that only the
mutant compiles (a yaml mutant: what the chapter's generator writes from it,
and the exercise files that include that). The programs are outside `all`: this module builds the
`mutants` target, runs each program's exercise suite, and sorts the mutants:
killed (a test failed, or the program crashed or hung), survived (every test
passed: the tests miss that mistake), does not apply, not compiled, or not
run (every test skipped for a reason of the machine's, such as no GPU).

The fresh wrong answers of maint/fresh_wrong/NN_name/ (a blind test's, see
its RESULTS.md) are diffs of the same form against the learner's stub,
chapters/NN_name/exercises/<file>.<ext>; their `Must fail:` is the test that
caught each when it was run, or `none (...)` with the reason.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import assertions
import course

MINIMUM_PER_EXERCISE = 5
RUN_SECONDS = 120

# The kinds of mistake a mistake list sorts its mutants by
# (solutions/NN_name/MISTAKES.md): what a learner gets wrong, in general
# terms, so that a list shows which kinds an exercise's tests already prove
# and which it has none of.
KINDS = {
    "off-by-one": "one bit, slot, row, element or character too many or too few",
    "missed edge case": "an undefined tensor, an empty set, -0, NaN, a leaf, a default of one type, "
                        "a value to refuse",
    "wrong order": "the right checks, keys or steps in the wrong order, or counted from the wrong end",
    "missing guard": "a refusal, a check, a guard or a count left out",
    "missing step": "a step of the recipe left out: a write-back, a copy, a call, a factor",
    "one argument among several": "one argument (its dtype, device, value) treated apart from, or in place of, "
                                  "the others",
    "arguments swapped": "two arguments, keys or directions exchanged",
    "one key for several": "one level, key, backend, device, overload or layout where several must be told apart",
    "wrong type or device": "the result in the wrong type, representation, dtype or device",
    "wrong formula": "an expression that is wrong in itself: a sign, a square root, a factor",
    "wrong operator": "the right answer for another operator, key or case (often one the chapter shows)",
    "delegates": "calls the chapter's own function where the exercise is to write it",
    "wrong message": "the right refusal with a message that says less, or other words, than the test expects",
}

MISTAKES_FILE = "MISTAKES.md"
# One mistake: `- **kind**: what the learner does — [`short`](mutants/<file>.diff), caught by `Suite.Test``.
_MISTAKE_LINE = re.compile(r"^- \*\*(?P<kind>[^*]+)\*\*: (?P<text>.+) — "
                           r"\[`(?P<short>[^`]+)`\]\(mutants/(?P<file>[^)]+\.diff)\), caught by `(?P<test>[^`]+)`$")
_SECTION = re.compile(r"^## Exercise (?P<exercise>\d\d\.\d+)\b")


@dataclass
class Mutant:
    chapter: str
    path: str        # solutions/NN_name/mutants/<file>.<short_name>.<ext>.diff
    program: str     # "" where this build does not compile its exercise file
    exercise: str    # "05.1", from its solution's first line
    mistake: str     # the diff's `Mistake:` line
    must_fail: str   # the diff's `Must fail:` line: Suite.Test
    result: str = ""     # killed, survived, does not apply, not compiled, not run
    detail: str = ""     # the first failing test and its message, or why
    failed: set = field(default_factory=set)  # the tests that failed
    failed_at: set = field(default_factory=set)  # (file, line) of each failed assertion (maint/assertions.py)

    @property
    def name(self):
        """<file>.<short_name>.<ext>: the file the build applies the diff into."""
        return os.path.basename(self.path)[:-len(DIFF)]

    @property
    def suite(self):
        return "Exercise" + self.exercise.replace(".", "_")


# The kinds of file an exercise's answer is, and the suffix of a wrong answer's diff.
EXTENSIONS = (".cpp", ".cu", ".yaml")
DIFF = ".diff"
# <file>.<short_name>.<ext>.diff
_DIFF_NAME = re.compile(r"^(?P<stem>[a-z0-9_]+)\.(?P<short>[a-z0-9_]+)(?P<ext>\.cpp|\.cu|\.yaml)\.diff$")
_MUST_FAIL = re.compile(r"Exercise\d\d_\d+\.\w+")


def _solution_exercise(solution):
    """The exercise id a solution file's first line names ("// Exercise 05.1: ...",
    "# Exercise 06.6: ..." in yaml)."""
    with open(solution, encoding="utf-8") as handle:
        match = re.match(r"(?://|#) Exercise (\d\d\.\d+):", handle.readline())
    return match.group(1) if match else ""


@dataclass
class WrongAnswer:
    """A wrong answer's diff as read: its header and the file it spoils."""
    path: str         # the diff, absolute
    target: str       # the file the diff applies to, relative to course.ROOT
    exercise: str = ""
    mistake: str = ""
    must_fail: str = ""
    problems: list = field(default_factory=list)  # what is wrong with its form


def target_of(diff_path):
    """The file a wrong answer's diff must apply to, relative to course.ROOT, by
    its place and name: solutions/NN/mutants/<file>.<short>.<ext>.diff spoils
    solutions/NN/<file>.<ext>; maint/fresh_wrong/NN/<file>.<short>.<ext>.diff
    the stub chapters/NN/exercises/<file>.<ext>. "" for a name of another form."""
    match = _DIFF_NAME.match(os.path.basename(diff_path))
    if not match:
        return ""
    folder = os.path.dirname(os.path.abspath(diff_path))
    chapter = os.path.basename(os.path.dirname(folder)) if os.path.basename(folder) == "mutants" \
        else os.path.basename(folder)
    file = match.group("stem") + match.group("ext")
    if os.path.basename(folder) == "mutants":
        return f"solutions/{chapter}/{file}"
    return f"chapters/{chapter}/exercises/{file}"


def read(diff_path, fresh=False):
    """Reads a wrong answer's header (three lines and a blank one before the
    diff) and checks its form: the header's fields, one file, the one its
    name and place say, whose exercise is the header's. A fresh answer's
    `Must fail:` may be `none (why)`: it was missed, or never run."""
    answer = WrongAnswer(os.path.abspath(diff_path), target_of(diff_path))
    where = os.path.relpath(answer.path, course.ROOT)
    if not answer.target:
        answer.problems.append(f"{where}: a wrong answer is named <exercise file>.<short_name>.<ext>{DIFF} "
                               f"(<ext> one of {', '.join(EXTENSIONS)})")
        return answer
    with open(answer.path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    fields = {}
    for key, line in zip(("Exercise", "Mistake", "Must fail"), lines[:3]):
        if line.startswith(f"{key}: ") and line[len(key) + 2:].strip():
            fields[key] = line[len(key) + 2:].strip()
    answer.exercise = fields.get("Exercise", "")
    answer.mistake = fields.get("Mistake", "")
    answer.must_fail = fields.get("Must fail", "")
    form = ("starts with `Exercise: NN.M`, `Mistake: <the mistake in a learner's words>`, "
            "`Must fail: ExerciseNN_M.<Test>` and a blank line, then the diff")
    if len(fields) != 3 or len(lines) < 6 or lines[3] != "":
        answer.problems.append(f"{where}: a wrong answer {form}")
        return answer
    expected = [f"--- a/{answer.target}", f"+++ b/{answer.target}"]
    if lines[4:6] != expected:
        answer.problems.append(f"{where}: its diff must be of {answer.target} alone, "
                               f"from `{expected[0]}` and `{expected[1]}` (found `{lines[4]}`)")
    elif sum(1 for first, second in zip(lines, lines[1:])
             if first.startswith("--- ") and second.startswith("+++ ")) != 1:
        answer.problems.append(f"{where}: its diff must change one file, {answer.target}")
    if not lines[6:] or not lines[6].startswith("@@ "):
        answer.problems.append(f"{where}: no hunk after its `+++` line: a wrong answer changes its file")
    solution = os.path.join(course.ROOT, answer.target)
    if not os.path.exists(solution):
        answer.problems.append(f"{where}: there is no {answer.target} for it to be a wrong answer of")
        return answer
    exercise = _solution_exercise(solution)
    if answer.exercise != exercise:
        answer.problems.append(f"{where}: `Exercise: {answer.exercise}`, but {answer.target} is exercise "
                               f"{exercise or '(none: its first line names none)'}")
    suite = "Exercise" + exercise.replace(".", "_") + "."
    missed = fresh and re.fullmatch(r"none \(.+\)", answer.must_fail)
    if not missed and not (_MUST_FAIL.fullmatch(answer.must_fail) and answer.must_fail.startswith(suite)):
        answer.problems.append(f"{where}: `Must fail: {answer.must_fail}` must name a test of {suite[:-1]} "
                               f"(`Must fail: {suite}<Test>`" + (", or `none (why)`" if fresh else "") + ")")
    return answer


class DoesNotApply(Exception):
    """A wrong answer's diff that no longer fits the file it spoils."""


def apply(diff_path):
    """The text of a wrong answer: its diff applied by `git apply` (no fuzz:
    every context line as it is, at any offset) to the file it names as that
    file is now. Raises DoesNotApply with a message naming both."""
    answer = read(diff_path)
    if not answer.target or not os.path.exists(os.path.join(course.ROOT, answer.target)):
        raise DoesNotApply("; ".join(answer.problems))
    where = os.path.relpath(answer.path, course.ROOT)
    with tempfile.TemporaryDirectory() as scratch:
        # `git apply` as GNU patch does it, on a copy in a folder of no
        # repository: inside one (the build folder is inside the checkout) it
        # would take paths from the repository's top and skip the others.
        copy = os.path.join(scratch, answer.target)
        os.makedirs(os.path.dirname(copy))
        shutil.copyfile(os.path.join(course.ROOT, answer.target), copy)
        environment = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
        environment["GIT_CEILING_DIRECTORIES"] = os.path.dirname(os.path.realpath(scratch))
        result = subprocess.run(["git", "apply", "--whitespace=nowarn", answer.path], cwd=os.path.realpath(scratch),
                                env=environment, capture_output=True, text=True)
        if result.returncode:
            said = " ".join(line.removeprefix("error: ") for line in result.stderr.strip().splitlines())
            raise DoesNotApply(f"{where} does not apply to {answer.target} as it is now (git apply: {said}): "
                               "the lines it keeps or removes are no longer the file's; make the mistake again in "
                               "a copy of the current file and write its diff with `maint/wrong-answer write` "
                               "(maint/README.md)")
        with open(copy, encoding="utf-8") as handle:
            return handle.read()


def diff_text(target, edited_text, exercise, mistake, must_fail):
    """A wrong answer's diff: its header and `diff -u` from `target` (relative
    to course.ROOT) as it is now to `edited_text`."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=os.path.splitext(target)[1]) as edited:
        edited.write(edited_text)
        edited.flush()
        result = subprocess.run(["diff", "-u", "--label", f"a/{target}", "--label", f"b/{target}",
                                 os.path.join(course.ROOT, target), edited.name], capture_output=True, text=True)
    if result.returncode == 0:
        raise ValueError(f"the edited copy is {target} itself: a wrong answer changes something")
    if result.returncode != 1:
        raise RuntimeError(f"diff failed: {result.stderr.strip()}")
    return f"Exercise: {exercise}\nMistake: {mistake}\nMust fail: {must_fail}\n\n{result.stdout}"


def committed(chapter):
    """The mutant diffs of a chapter, as paths."""
    folder = os.path.join(course.ROOT, "solutions", chapter, "mutants")
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, name) for name in os.listdir(folder))


def fresh(chapter):
    """The fresh wrong answers of a chapter (maint/fresh_wrong/NN_name/), as paths."""
    folder = os.path.join(course.ROOT, "maint", "fresh_wrong", chapter)
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, name) for name in os.listdir(folder))


def applies_problems(paths, is_fresh=False):
    """The problems of wrong answers' diffs that need no build: their form,
    and that each applies to its file as it is now."""
    problems = []
    for path in paths:
        answer = read(path, fresh=is_fresh)
        problems += answer.problems
        if answer.problems:
            continue
        try:
            apply(path)
        except DoesNotApply as error:
            problems.append(str(error))
    return problems


def configured(build_dir, chapters):
    """The mutants a build has programs for (mutants.tsv, written by CMake),
    plus a problem for each committed mutant it does not know, or whose
    header is malformed. A mutant whose diff no longer applies is marked
    so here, before the build tries it."""
    mutants, problems = [], []
    for chapter in chapters:
        manifest = os.path.join(build_dir, "chapters", chapter, "mutants.tsv")
        known = {}
        if os.path.exists(manifest):
            with open(manifest, encoding="utf-8") as handle:
                for line in handle.read().splitlines():
                    stem, path, program = line.split("\t")
                    known[path] = (stem, "" if program == "-" else program)
        for path in committed(chapter):
            if path not in known:
                problems.append(f"{os.path.relpath(path, course.ROOT)}: not in this build's mutants.tsv "
                                "(configure the build again)")
                continue
            _, program = known[path]
            answer = read(path)
            problems += answer.problems
            solution = os.path.join(course.ROOT, answer.target)
            mutant = Mutant(chapter, path, program, _solution_exercise(solution), answer.mistake, answer.must_fail)
            if not answer.problems:
                try:
                    apply(path)
                except DoesNotApply as error:
                    mutant.result, mutant.detail = "does not apply", str(error)
            mutants.append(mutant)
    return mutants, problems


def build(build_dir):
    """Builds the `mutants` target, going on past a mutant that does not
    compile (CMake configures again first if mutant files came or went, so
    read mutants.tsv after this). Returns the seconds it took and the build's
    output, or "" when it succeeded."""
    started = time.monotonic()
    jobs = str(os.cpu_count() or 2)
    result = subprocess.run(["cmake", "--build", build_dir, "--target", "mutants", "-j", jobs, "--", "-k", "0"],
                            capture_output=True, text=True)
    return time.monotonic() - started, result.stdout if result.returncode else ""


def mark_not_compiled(mutants, output):
    """Marks the mutants whose compile or link failed in the build `output`;
    raises if the build failed for another reason."""
    if not output:
        return
    failed = "\n".join(line for line in output.splitlines() if line.startswith("FAILED:"))
    for mutant in mutants:
        program = os.path.basename(mutant.program)
        if mutant.result:
            continue  # its diff does not apply: the build could not make its file
        if program and re.search(rf"\b{re.escape(program)}(_object\.dir/|\b)", failed):
            errors = [line for line in output.splitlines()
                      if mutant.name in line and re.search(r":\d+:(\d+:)? (fatal )?error", line)]
            mutant.result = "not compiled"
            mutant.detail = (errors[0] if errors else "see `cmake --build BUILD --target mutants`").replace(
                course.ROOT + os.sep, "")
    if not any(m.result in ("not compiled", "does not apply") for m in mutants):
        raise RuntimeError(f"building the mutants failed:\n{failed}\n{output[-4000:]}")


def _first_failure(report):
    """(test, message) of the first failed test in a GoogleTest JSON report."""
    for suite in report.get("testsuites", []):
        for test in suite.get("testsuite", []):
            for failure in test.get("failures", []):
                lines = [line.strip() for line in failure.get("failure", "").splitlines() if line.strip()]
                # The first line is the assertion's file:line.
                if lines and re.match(r"^\S+:\d+$", lines[0]):
                    lines = lines[1:]
                return f"{suite['name']}.{test['name']}", " ".join(lines)
    return "", ""


def _failed_tests(report):
    return {f"{suite['name']}.{test['name']}" for suite in report.get("testsuites", [])
            for test in suite.get("testsuite", []) if test.get("failures")}


def run(mutant):
    """Runs a built mutant's exercise suite and sets its result."""
    if mutant.result or not mutant.program:
        if not mutant.result:
            mutant.result = "not run"
            mutant.detail = "this build does not compile its exercise file (no nvcc)"
        return mutant
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "report.json")
        try:
            completed = subprocess.run([mutant.program, f"--gtest_filter={mutant.suite}.*",
                                        f"--gtest_output=json:{path}"],
                                       capture_output=True, text=True, timeout=RUN_SECONDS)
        except subprocess.TimeoutExpired:
            mutant.result, mutant.detail = "killed", f"{mutant.suite}: did not finish in {RUN_SECONDS} s"
            return mutant
        if not os.path.exists(path):
            last = completed.stdout.strip().splitlines()[-1:] + completed.stderr.strip().splitlines()[-1:]
            mutant.result = "killed"
            mutant.detail = f"crashed (exit status {completed.returncode}): {' | '.join(last)}"
            return mutant
        with open(path, encoding="utf-8") as handle:
            report = json.load(handle)
        console = completed.stdout
    test, message = _first_failure(report)
    if test:
        mutant.result, mutant.detail = "killed", f"{test}: {message}"
        mutant.failed = _failed_tests(report)
        mutant.failed_at = assertions.failure_lines(report)
        return mutant
    ran = [(s["name"], t) for s in report.get("testsuites", []) for t in s.get("testsuite", [])]
    skipped = [f"{suite}.{t['name']}" for suite, t in ran if t.get("result") == "SKIPPED"]
    if not ran:
        mutant.result, mutant.detail = "survived", f"no test of {mutant.suite} ran"
    elif len(skipped) == len(ran):
        reason = course.skip_message(console, skipped[0])
        if "is not done yet" in reason:
            mutant.result, mutant.detail = "survived", f"it reaches the stub's ExerciseNotDone: {reason}"
        else:
            mutant.result, mutant.detail = "not run", f"{skipped[0]} skipped: {reason}"
    else:
        mutant.result, mutant.detail = "survived", f"{len(ran) - len(skipped)} test(s) of {mutant.suite} pass"
    return mutant


def run_all(mutants):
    """Runs every mutant, several at a time; returns the seconds it took."""
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(run, mutants))
    return time.monotonic() - started


def problems_of(mutants, declared):
    """What the results prove wrong: a mutant that survived, did not compile,
    or was not caught by the test it names; an exercise with too few."""
    problems = []
    for mutant in mutants:
        where = os.path.relpath(mutant.path, course.ROOT)
        if mutant.result == "survived":
            problems.append(f"{where} survived ({mutant.mistake}): {mutant.detail}; "
                            "add or sharpen a test that this wrong answer fails")
        elif mutant.result == "does not apply":
            problems.append(mutant.detail)
        elif mutant.result == "not compiled":
            problems.append(f"{where} does not compile (a mutant must): {mutant.detail}")
        elif mutant.failed and mutant.must_fail not in mutant.failed:
            problems.append(f"{where} is killed, but not by {mutant.must_fail}, which its header names "
                            f"(failed: {', '.join(sorted(mutant.failed))})")
    for exercise in declared:
        count = sum(1 for m in mutants if m.exercise == exercise)
        if count < MINIMUM_PER_EXERCISE:
            problems.append(f"exercise {exercise} has {count} mutant(s); at least {MINIMUM_PER_EXERCISE} are "
                            "required (solutions/NN_name/mutants/, see maint/mutants.py)")
    return problems


def exercises_of(chapter):
    """The exercise ids a chapter's solutions name, and the solution files of each."""
    folder = os.path.join(course.ROOT, "solutions", chapter)
    found = {}
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        path = os.path.join(folder, name)
        if os.path.isfile(path) and name.endswith(EXTENSIONS):
            exercise = _solution_exercise(path)
            if exercise:
                found.setdefault(exercise, []).append(name)
    return found


def _mistake_entries(chapter):
    """(line number, section, match) of each mistake line of a chapter's list;
    match is None for a line that starts as one but is malformed."""
    path = os.path.join(course.ROOT, "solutions", chapter, MISTAKES_FILE)
    entries, section = [], ""
    if not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle.read().splitlines(), 1):
            heading = _SECTION.match(line)
            if heading:
                section = heading.group("exercise")
                entries.append((number, section, None, True))
            elif line.startswith("- **"):
                entries.append((number, section, _MISTAKE_LINE.match(line), False))
    return entries


def kind_listed(chapter, name):
    """The kind a chapter's mistake list gives a mutant file, or "unlisted"."""
    for _, _, entry, heading in _mistake_entries(chapter):
        if not heading and entry and entry.group("file") == name:
            return entry.group("kind")
    return "unlisted"


def mistake_list_problems(chapter):
    """What is wrong with a chapter's mistake list (solutions/NN_name/MISTAKES.md)
    against its mutants: every mutant's diff has the header's form and applies
    to its solution as it is now; every mutant is listed once, in its
    exercise's section, with a known kind and the test its header names; every
    listed file exists; every exercise has at least MINIMUM_PER_EXERCISE
    mutants. Needs no build."""
    where = os.path.join("solutions", chapter, MISTAKES_FILE)
    path = os.path.join(course.ROOT, where)
    exercises = exercises_of(chapter)
    by_file = {}
    for mutant in committed(chapter):
        answer = read(mutant)
        solution = os.path.join(course.ROOT, answer.target)
        exercise = _solution_exercise(solution) if answer.target and os.path.exists(solution) else ""
        by_file[os.path.basename(mutant)] = (exercise, answer.must_fail)
    problems = applies_problems(committed(chapter))
    for exercise in sorted(exercises):
        count = sum(1 for ex, _ in by_file.values() if ex == exercise)
        if count < MINIMUM_PER_EXERCISE:
            problems.append(f"exercise {exercise} has {count} mutant(s); at least {MINIMUM_PER_EXERCISE} are "
                            f"required (solutions/{chapter}/mutants/, see maint/mutants.py)")
    if not os.path.exists(path):
        return problems + [f"{where} is missing: every chapter with exercises lists its learners' mistakes there"]
    listed = {}
    for number, section, entry, heading in _mistake_entries(chapter):
        if heading:
            if section not in exercises:
                problems.append(f"{where}:{number}: exercise {section} has no solution in solutions/{chapter}/")
            continue
        if not entry:
            problems.append(f"{where}:{number}: a mistake is written `- **kind**: what the learner does — "
                            "[`short_name`](mutants/<file>.diff), caught by `ExerciseNN_M.Test``")
            continue
        name, kind = entry.group("file"), entry.group("kind")
        if kind not in KINDS:
            problems.append(f"{where}:{number}: unknown kind '{kind}' (maint/mutants.py KINDS: {', '.join(KINDS)})")
        if name in listed:
            problems.append(f"{where}:{number}: {name} is listed twice (first on line {listed[name]})")
        listed[name] = number
        if name not in by_file:
            problems.append(f"{where}:{number}: mutants/{name} does not exist")
            continue
        exercise, must_fail = by_file[name]
        if exercise != section:
            problems.append(f"{where}:{number}: {name} is a mutant of exercise {exercise}, listed under "
                            f"{section or 'no exercise'}")
        if entry.group("test") != must_fail:
            problems.append(f"{where}:{number}: {name} says it is caught by {entry.group('test')}, its header's "
                            f"`Must fail:` names {must_fail}")
    for name in sorted(set(by_file) - set(listed)):
        problems.append(f"{where}: mutants/{name} is not listed: add its mistake, kind and test under exercise "
                        f"{by_file[name][0]}")
    return problems


def table(mutants):
    """The per-mutant lines and the per-exercise summary, as text."""
    lines = ["mutants, by exercise (first failing test: its message):"]
    by_exercise = {}
    for mutant in sorted(mutants, key=lambda m: (m.exercise, m.name)):
        by_exercise.setdefault(mutant.exercise, []).append(mutant)
    for exercise, group in by_exercise.items():
        for mutant in group:
            detail = mutant.detail if len(mutant.detail) <= 160 else mutant.detail[:157] + "..."
            lines.append(f"  {exercise}  {mutant.name:<52} {mutant.result:<14} {detail}")
    lines.append("")
    results = ("killed", "not run", "survived", "not compiled", "does not apply")
    widths = [8] + [max(8, len(r) + 2) for r in results]
    lines.append(f"  {'exercise':<9}" + "".join(f"{h:>{w}}" for h, w in zip(("mutants",) + results, widths)))
    totals = [0] * len(widths)
    for exercise, group in by_exercise.items():
        counts = [len(group)] + [sum(1 for m in group if m.result == r) for r in results]
        totals = [a + b for a, b in zip(totals, counts)]
        lines.append(f"  {exercise:<9}" + "".join(f"{c:>{w}}" for c, w in zip(counts, widths)))
    lines.append(f"  {'all':<9}" + "".join(f"{c:>{w}}" for c, w in zip(totals, widths)))
    return "\n".join(lines)
