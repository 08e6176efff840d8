#!/usr/bin/env python3
"""The exercise-integrity check: stubs never pass, solutions always do.

    check_exercises.py [--mutants-only] [--write-not-yet] SOLUTIONS_BUILD_DIR

1. Every exercise a lesson declares has a test suite, and every suite an
   exercise; every exercise has a hint.
2. With the solutions (the build this check runs in) every exercise test
   passes; none fails or reports its exercise as not done. A test may skip
   for a reason of the machine's (a GPU exercise without a GPU), which is
   reported.
3. Every exercise has at least five mutants (committed plausible wrong
   answers, solutions/NN_name/mutants/, each a diff against its solution,
   see maint/mutants.py, listed by kind in solutions/NN_name/MISTAKES.md:
   check_mistake_lists.py), and every mutant's diff applies to its solution
   as it is now (else the problem names both), compiles and fails at least
   one test of its exercise: the test its header names. A table shows each
   mutant's first failing test and message.
4. With the learner's stubs, as committed, a separate learner build is made
   (linked with lld where the mutants are): every exercise test there is
   SKIPPED (its chNN.ExerciseNN_M.not_done status test fails by design,
   naming the file to edit), never failing, and every other test of the
   course (unit and gdb) still passes.

5. Every assertion of the exercise tests can fail: some committed wrong
   answer's run names its line (maint/assertions.py), or it is a setup
   check (`// setup:`), or it needs a GPU this machine lacks, or it is
   listed in maint/checks/assertions_not_yet_proved.txt, a list that only
   shrinks. The counts are printed.

The stubs are taken as git has them (a learner's own edits to
chapters/NN/exercises are set aside in a copy), so completing exercises never
breaks this check; new, uncommitted stub files are used as they are.
"""
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import assertions  # noqa: E402
import course  # noqa: E402
import mutants  # noqa: E402


def pristine_stubs(target, chapters):
    """Copies chapters/*/exercises into target, committed versions preferred."""
    shutil.rmtree(target, ignore_errors=True)
    in_git = subprocess.run(["git", "-C", course.ROOT, "rev-parse", "--verify", "HEAD"],
                            capture_output=True).returncode == 0
    for chapter in chapters:
        source = os.path.join(course.ROOT, "chapters", chapter, "exercises")
        destination = os.path.join(target, chapter, "exercises")
        shutil.copytree(source, destination)
        if not in_git:
            continue
        for name in os.listdir(destination):
            relative = f"chapters/{chapter}/exercises/{name}"
            committed = subprocess.run(["git", "-C", course.ROOT, "show", f"HEAD:{relative}"],
                                       capture_output=True)
            if committed.returncode == 0:
                with open(os.path.join(destination, name), "wb") as handle:
                    handle.write(committed.stdout)


def cached(build_dir, name):
    """A variable of the CMakeCache.txt of the build this check runs in, or ""."""
    with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as cache:
        for line in cache:
            if line.startswith(f"{name}:"):
                return line.split("=", 1)[1].strip()
    return ""


def build_learner(build_dir, stubs, only_chapters, with_lld):
    configure = ["cmake", "--preset", "learn", "-S", course.ROOT, "-B", build_dir,
                 f"-DMINI_EXERCISE_ROOT={stubs}", f"-DMINI_ONLY_CHAPTERS={only_chapters}"]
    if with_lld:
        # Its compiles are the default build's (ccache), so its links are most
        # of its time: lld, as for the mutant programs, where the solutions'
        # build found that it works. This build is the check's own; the
        # learner's build/learn and the lessons' programs keep ld.bfd.
        configure.append("-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld")
    subprocess.run(configure, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", build_dir, "-j", str(os.cpu_count() or 2)], check=True,
                   stdout=subprocess.DEVNULL)


def learner_ctest_results(build_dir):
    """(name, status) of every test of the learner build except course checks."""
    report = os.path.join(build_dir, "learner-results.xml")
    # GPU tests skip on a machine without a device, stubs or not.
    subprocess.run(["ctest", "--test-dir", build_dir, "-LE", "course|integrity|docs|gpu",
                    "-j", str(os.cpu_count() or 2), "--output-junit", report],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tree = ElementTree.parse(report)
    return [(case.get("name"), case.get("status"), case.findtext("system-out") or "")
            for case in tree.iter("testcase")]


def is_machine_skip(status, output):
    """A skip for a reason of the machine's (no GPU here): stubs or not, the
    test cannot run. A stub's skip says "is not done yet", and a stub called
    outside runExercise fails, so neither passes for this."""
    return status == "notrun" and "[  SKIPPED ]" in output and "is not done yet" not in output


def check_mutants(solutions_build, declared, phases, write_not_yet=False):
    """Builds and runs every mutant; prints the table; returns the problems."""
    chapters = course.chapters(solutions_build)
    build_seconds, build_output = mutants.build(solutions_build)
    found, problems = mutants.configured(solutions_build, chapters)
    mutants.mark_not_compiled(found, build_output)
    run_seconds = mutants.run_all(found)
    phases["mutants built"], phases["mutants run"] = build_seconds, run_seconds
    print(mutants.table(found))
    not_run = [m for m in found if m.result == "not run"]
    if not_run:
        print(f"note: {len(not_run)} mutant(s) not run: every test of theirs skips on this machine (no GPU); "
              "the check proves them on a machine where those tests run")
    print(f"mutants: built in {build_seconds:.0f} s, run in {run_seconds:.0f} s")
    exercises = [e.id for e in declared.values()]
    return problems + mutants.problems_of(found, exercises) + assertions_can_fail(chapters, found, write_not_yet)


def assertions_can_fail(chapters, found, write_not_yet=False):
    """Step 5: every assertion of the exercise tests is failed by some wrong
    answer (maint/assertions.py); prints the count, returns the problems."""
    sites = assertions.sites(chapters)
    assertions.prove(sites, found)
    # An exercise whose every wrong answer is "not run" (its tests need a GPU)
    # cannot prove its assertions on this machine.
    by_exercise = {}
    for mutant in found:
        by_exercise.setdefault(mutant.exercise, []).append(mutant.result)
    gpu_only = {exercise for exercise, results in by_exercise.items() if all(r == "not run" for r in results)}
    if write_not_yet:
        print(f"wrote {assertions.write_not_yet(sites)} site(s) to {os.path.relpath(assertions.NOT_YET, course.ROOT)}")
    text, problems = assertions.report(sites, gpu_only)
    print(text)
    return problems


def phase_line(phases):
    """`phases: solutions' tests 12 s, mutants built 300 s, ...`"""
    return "phases: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in phases.items())


def main():
    arguments = sys.argv[1:]
    # --mutants-only: steps 1 to 3, without the learner build (a quicker
    # loop while writing mutants or the tests that catch them).
    mutants_only = "--mutants-only" in arguments
    # --write-not-yet: rewrite maint/checks/assertions_not_yet_proved.txt
    # from this run's unproved assertions (review its diff: lines only go).
    write_not_yet = "--write-not-yet" in arguments
    arguments = [a for a in arguments if a not in ("--mutants-only", "--write-not-yet")]
    if len(arguments) != 1:
        print(__doc__)
        return 2
    solutions_build = os.path.abspath(arguments[0])
    problems = []
    # Where the check's time goes, printed at the end: it is the longest
    # test of CI, and each phase is cut differently.
    phases = {}
    started = time.monotonic()

    declared = {}
    tested = set()
    for chapter in course.chapters(solutions_build):
        for exercise in course.exercises(chapter):
            declared[exercise.suite] = exercise
            if not exercise.hint:
                problems.append(f"exercise {exercise.id} has no 'Hint:' in its lesson")
        for suite, outcome in course.run_exercise_tests(solutions_build, chapter).items():
            if suite not in declared:
                problems.append(f"{chapter}: test suite {suite} belongs to no exercise in the lesson")
                continue
            # With the solution nothing may fail or say "not done"; a skip for
            # a reason of the machine's (no GPU here) is reported, not refused.
            stub_skips = [m for m in outcome.messages if "is not done yet" in m]
            if outcome.failed or stub_skips or outcome.passed + outcome.skipped == 0:
                problems.append(f"exercise {declared[suite].id} with its solution: {outcome.passed} passed, "
                                f"{outcome.failed} failed, {outcome.skipped} skipped (all must pass)")
            elif outcome.skipped:
                print(f"note: exercise {declared[suite].id} with its solution: {outcome.skipped} test(s) skipped "
                      f"for this machine: {outcome.messages[0].strip()[:120]}")
            tested.add(suite)
    for exercise in declared.values():
        if exercise.suite not in tested:
            problems.append(f"exercise {exercise.id} has no tests (suite {exercise.suite})")

    phases["solutions' tests"] = time.monotonic() - started
    problems += check_mutants(solutions_build, declared, phases, write_not_yet)
    if mutants_only:
        for problem in problems:
            print(problem)
        print(phase_line(phases))
        print(f"{len(declared)} exercises; {len(problems)} problem(s)")
        return 1 if problems else 0

    learner_build = os.path.join(solutions_build, "exercise-integrity", "build")
    stubs = os.path.join(solutions_build, "exercise-integrity", "stubs")
    started = time.monotonic()
    pristine_stubs(stubs, course.chapters(solutions_build))
    build_learner(learner_build, stubs, cached(solutions_build, "MINI_ONLY_CHAPTERS"),
                  cached(solutions_build, "MINI_MUTANTS_LINK_WITH_LLD") in ("1", "ON", "TRUE"))
    phases["learner build"] = time.monotonic() - started
    started = time.monotonic()
    results = learner_ctest_results(learner_build)
    phases["learner tests"] = time.monotonic() - started
    exercise_tests = other_tests = machine_skips = 0
    for name, status, output in results:
        is_exercise = ".Exercise" in name
        if is_exercise:
            exercise_tests += 1
            if status == "run":
                problems.append(f"{name} passes with the learner's stub: the test proves nothing")
            elif status == "fail" and not name.endswith((".not_done", ".exercise_build")):
                # An untouched stub must read as "todo" (SKIPPED), never as a
                # failure the learner did not cause: a test that calls the
                # stub outside runExercise, or an EXPECT_THROW that takes the
                # stub's ExerciseNotDone for a wrong exception, fails instead.
                problems.append(f"{name} FAILS with the learner's untouched stub instead of skipping: call the "
                                "exercise inside runExercise, and let ExerciseNotDone through (not EXPECT_THROW)")
        else:
            other_tests += 1
            if is_machine_skip(status, output):
                machine_skips += 1
            elif status != "run":
                problems.append(f"{name} does not pass in the learner build ({status}): "
                                "only exercise tests may depend on exercise code")

    # Each exercise's status test is what `ctest -R ExerciseNN_M` shows a
    # learner as "not done": an exercise without one reads as 100% passed.
    names = {name for name, _, _ in results}
    for exercise in declared.values():
        status_test = f"ch{exercise.id[:2]}.{exercise.suite}.not_done"
        if status_test not in names:
            problems.append(f"exercise {exercise.id} has no status test {status_test} in the learner build "
                            "(maint/checks/CMakeLists.txt finds the suites of chapters/NN/tests/exercises/*_test.cpp)")

    for problem in problems:
        print(problem)
    if machine_skips:
        print(f"note: learner build: {machine_skips} other test(s) skipped for this machine (no GPU)")
    print(phase_line(phases))
    print(f"{len(declared)} exercises; learner build: {exercise_tests} exercise tests skipped or failing, "
          f"{other_tests} other tests checked; {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
