"""Mutants: committed plausible wrong answers to the exercises, and the proof
that each one fails a test of its exercise (maint/checks/check_exercises.py).

A mutant is a copy of one solution file with one mistake in it,
solutions/NN_name/mutants/<file>.<short_name>.cpp (or .cu, or .yaml for an
answer written in yaml: chapter 06's ops_exercise.yaml and
derivatives_exercise.yaml), whose first two lines say the mistake in a
learner's words and the test that catches it:

    // Mutant: forgets the AutoDispatchBelowADInplaceOrView guard
    // Must fail: Exercise05_1.KernelsBelowItRecordNothing

(in a .yaml mutant, `#` in place of `//`).

cmake/MiniChapter.cmake builds each one as chNN_mutant_<file>_<short_name>:
the chapter's exercise tests linked with its core, the other exercises'
solutions and the mutant in place of <file>'s solution, so that only the
mutant compiles (a yaml mutant: what the chapter's generator writes from it,
and the exercise files that include that). The programs are outside `all`: this module builds the
`mutants` target, runs each program's exercise suite, and sorts the mutants:
killed (a test failed, or the program crashed or hung), survived (every test
passed: the tests miss that mistake), not compiled, or not run (every test
skipped for a reason of the machine's, such as no GPU).
"""
import json
import os
import re
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

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
# One mistake: `- **kind**: what the learner does — [`short`](mutants/<file>), caught by `Suite.Test``.
_MISTAKE_LINE = re.compile(r"^- \*\*(?P<kind>[^*]+)\*\*: (?P<text>.+) — "
                           r"\[`(?P<short>[^`]+)`\]\(mutants/(?P<file>[^)]+)\), caught by `(?P<test>[^`]+)`$")
_SECTION = re.compile(r"^## Exercise (?P<exercise>\d\d\.\d+)\b")


@dataclass
class Mutant:
    chapter: str
    path: str        # solutions/NN_name/mutants/<file>.<short_name>.cpp
    program: str     # "" where this build does not compile its exercise file
    exercise: str    # "05.1", from its solution's first line
    mistake: str     # the `// Mutant:` line
    must_fail: str   # the `// Must fail:` line: Suite.Test
    result: str = ""     # killed, survived, not compiled, not run
    detail: str = ""     # the first failing test and its message, or why
    failed: set = field(default_factory=set)  # the tests that failed

    @property
    def name(self):
        return os.path.basename(self.path)

    @property
    def suite(self):
        return "Exercise" + self.exercise.replace(".", "_")


COMMENT = {".cpp": "//", ".cu": "//", ".yaml": "#"}


def _solution_exercise(solution):
    """The exercise id a solution file's first line names ("// Exercise 05.1: ...",
    "# Exercise 06.6: ..." in yaml)."""
    with open(solution, encoding="utf-8") as handle:
        match = re.match(r"(?://|#) Exercise (\d\d\.\d+):", handle.readline())
    return match.group(1) if match else ""


def _header(path):
    comment = COMMENT[os.path.splitext(path)[1]]
    with open(path, encoding="utf-8") as handle:
        first, second = handle.readline(), handle.readline()
    mutant, fail = f"{comment} Mutant:", f"{comment} Must fail:"
    mistake = first[len(mutant):].strip() if first.startswith(mutant) else ""
    must_fail = second[len(fail):].strip() if second.startswith(fail) else ""
    return mistake, must_fail


def committed(chapter):
    """The mutant files of a chapter, as paths."""
    folder = os.path.join(course.ROOT, "solutions", chapter, "mutants")
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, name) for name in os.listdir(folder)
                  if name.endswith(tuple(COMMENT)))


def configured(build_dir, chapters):
    """The mutants a build has programs for (mutants.tsv, written by CMake),
    plus a problem for each committed mutant it does not know."""
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
            stem, program = known[path]
            extension = os.path.splitext(path)[1]
            solution = os.path.join(course.ROOT, "solutions", chapter, stem + extension)
            mistake, must_fail = _header(path)
            mutant = Mutant(chapter, path, program, _solution_exercise(solution), mistake, must_fail)
            if not mistake or not re.fullmatch(r"Exercise\d\d_\d+\.\w+", must_fail):
                comment = COMMENT[extension]
                problems.append(f"{os.path.relpath(path, course.ROOT)}: its first lines must be "
                                f"`{comment} Mutant: <the mistake>` and `{comment} Must fail: ExerciseNN_M.<Test>`")
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
        if program and re.search(rf"\b{re.escape(program)}(_object\.dir/|\b)", failed):
            errors = [line for line in output.splitlines()
                      if mutant.name in line and re.search(r":\d+:(\d+:)? (fatal )?error", line)]
            mutant.result = "not compiled"
            mutant.detail = (errors[0] if errors else "see `cmake --build BUILD --target mutants`").replace(
                course.ROOT + os.sep, "")
    if not any(m.result == "not compiled" for m in mutants):
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
        if os.path.isfile(path) and name.endswith(tuple(COMMENT)):
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
    against its mutants: every mutant is listed once, in its exercise's section,
    with a known kind and the test its header names; every listed file exists;
    every exercise has at least MINIMUM_PER_EXERCISE mutants. Needs no build."""
    where = os.path.join("solutions", chapter, MISTAKES_FILE)
    path = os.path.join(course.ROOT, where)
    exercises = exercises_of(chapter)
    by_file = {}
    for mutant in committed(chapter):
        name = os.path.basename(mutant)
        stem = name.split(".", 1)[0]
        solution = os.path.join(course.ROOT, "solutions", chapter, stem + os.path.splitext(name)[1])
        by_file[name] = (_solution_exercise(solution) if os.path.exists(solution) else "", _header(mutant)[1])
    problems = []
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
                            "[`short_name`](mutants/<file>), caught by `ExerciseNN_M.Test``")
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
            lines.append(f"  {exercise}  {mutant.name:<52} {mutant.result:<12} {detail}")
    lines.append("")
    lines.append(f"  {'exercise':<9}{'mutants':>8}{'killed':>8}{'not run':>9}{'survived':>10}{'not compiled':>14}")
    totals = [0, 0, 0, 0, 0]
    for exercise, group in by_exercise.items():
        counts = [len(group)] + [sum(1 for m in group if m.result == r)
                                 for r in ("killed", "not run", "survived", "not compiled")]
        totals = [a + b for a, b in zip(totals, counts)]
        lines.append(f"  {exercise:<9}{counts[0]:>8}{counts[1]:>8}{counts[2]:>9}{counts[3]:>10}{counts[4]:>14}")
    lines.append(f"  {'all':<9}{totals[0]:>8}{totals[1]:>8}{totals[2]:>9}{totals[3]:>10}{totals[4]:>14}")
    return "\n".join(lines)
