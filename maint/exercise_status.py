#!/usr/bin/env python3
r"""One exercise's status as a ctest test: chNN.ExerciseNN_M.not_done.

    exercise_status.py BUILD_DIR CHAPTER EXERCISE_ID
    exercise_status.py --build BUILD_DIR CHAPTER

With --build (ctest's chNN.exercise_build in the learner build, a fixture
every exercise test of the chapter requires): builds the chapter's exercise
test program, so that no test runs a stale one, and when the learner's file
does not compile says so with the compiler's first error.

CTest never shows what a skipped test printed, so a learner who runs
`ctest --preset learn -R 'Exercise03_2\.' --output-on-failure` would see only
"Skipped" and no reason. This test runs the exercise's suite and fails while
any of its tests skip because the exercise is not done yet, printing the
reason (with the lesson's link), the file to edit and the first hint: so
--output-on-failure shows them. It passes once every test of the suite runs,
and reports SKIPPED (status 77) when the tests skip for a reason of the
machine's (a GPU exercise without a GPU). Failing tests of the suite fail
on their own; this test then names how many.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import course  # noqa: E402

MACHINE_SKIP = 77


def build(build_dir, chapter):
    error = course.build_exercise_program(build_dir, chapter)
    if error is None:
        print(f"chapter {chapter}'s exercise tests are built")
        return 0
    print(f"chapter {chapter}'s exercise files do not compile, so none of its exercise tests ran:\n  {error}\n"
          f"  Fix the file it names; the tests run once it compiles "
          f"(cmake --build --preset learn shows every error).")
    return 1


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--build":
        return build(*sys.argv[2:4])
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    build_dir, chapter, exercise_id = sys.argv[1:4]
    exercise = next((e for e in course.exercises(chapter) if e.id == exercise_id), None)
    if exercise is None:
        print(f"exercise_status: chapter {chapter}'s lesson declares no exercise {exercise_id}")
        return 2
    outcome = course.run_exercise_tests(build_dir, chapter, exercise.suite).get(exercise.suite)
    if outcome is None or outcome.passed + outcome.failed + outcome.skipped == 0:
        print(f"exercise_status: no test of suite {exercise.suite} ran")
        return 1
    not_done = [m for m in outcome.messages if "is not done yet" in m]
    if not_done:
        print(f"{not_done[0].strip()}\n"
              f"  {len(not_done)} of its {outcome.passed + outcome.failed + outcome.skipped} tests were SKIPPED "
              f"for that reason.\n"
              f"  Your file: {', '.join(exercise.files)}\n"
              f"  Hint: {exercise.hint}\n"
              f"  More hints: tools/progress --hint {exercise.id} --more")
        return 1
    if outcome.failed:
        print(f"exercise {exercise.id}: {outcome.failed} of its tests fail:")
        for test, message in outcome.failures:
            print(f"  {test}: {course.headline(message)}")
        return 1
    if outcome.skipped:
        print(f"exercise {exercise.id}: {outcome.skipped} test(s) skipped on this machine: "
              f"{outcome.messages[0].strip()[:200]}")
        return MACHINE_SKIP
    print(f"exercise {exercise.id}: all {outcome.passed} tests pass")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
