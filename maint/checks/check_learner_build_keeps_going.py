#!/usr/bin/env python3
"""A learner's exercise file that does not compile must not stop the others.

Copies two small chapters' stubs into a scratch MINI_EXERCISE_ROOT, breaks
the syntax of one stub of the first chapter, configures a learner build of
just those chapters, and runs `tools/progress --build-dir` on it. Passes when
the other chapter's test programs were built anyway and progress names the
broken chapter and the file to fix, with the compiler's error.

    check_learner_build_keeps_going.py BUILD_ROOT
"""
import glob
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402

BROKEN, INTACT = "01_vtable", "02_keyset"


def fail(message, output=""):
    print(output[-4000:])
    print(f"learner_build_keeps_going: {message}")
    return 1


def main():
    scratch = os.path.join(os.path.abspath(sys.argv[1]), "learner-keeps-going")
    shutil.rmtree(scratch, ignore_errors=True)
    exercise_root = os.path.join(scratch, "exercises")
    for chapter in (BROKEN, INTACT):
        shutil.copytree(os.path.join(course.ROOT, "chapters", chapter, "exercises"),
                        os.path.join(exercise_root, chapter, "exercises"))
    stub = sorted(glob.glob(os.path.join(exercise_root, BROKEN, "exercises", "*.cpp")))[0]
    with open(stub, "a", encoding="utf-8") as handle:
        handle.write("\nthis line is not C++\n")

    build = os.path.join(scratch, "build")
    # The learn preset's flags, which are the default build's: ccache then
    # serves every file but the stubs.
    subprocess.run(["cmake", "--preset", "learn", "-S", course.ROOT, "-B", build,
                    f"-DMINI_EXERCISE_ROOT={exercise_root}", f"-DMINI_ONLY_CHAPTERS={BROKEN};{INTACT}"],
                   check=True, stdout=subprocess.DEVNULL)
    progress = subprocess.run([sys.executable, os.path.join(course.ROOT, "tools", "progress"), "--build-dir", build],
                              capture_output=True, text=True, timeout=1200)
    output = progress.stdout + progress.stderr
    print(output)

    if progress.returncode != 1:
        return fail(f"progress exited {progress.returncode}, expected 1 (a chapter does not compile)", output)
    for program in ("tests", "exercise_tests", "demo"):
        path = os.path.join(build, "chapters", INTACT, f"ch{INTACT[:2]}_{program}")
        if not os.path.exists(path):
            return fail(f"{path} was not built: the broken chapter stopped the build", output)
    # progress shows paths inside the repository relative to it.
    shown = os.path.relpath(stub, course.ROOT) if stub.startswith(course.ROOT + os.sep) else stub
    broken_line = f"Chapter {BROKEN:<18} does not compile: {shown}:"
    if broken_line not in output or "error:" not in output.split(broken_line, 1)[1].splitlines()[0]:
        return fail(f"progress did not say `{broken_line} ... error: ...`", output)
    if not any(line.startswith(f"Chapter {INTACT:<18} [") for line in output.splitlines()):
        return fail(f"progress showed no progress bar for {INTACT}", output)
    shutil.rmtree(scratch, ignore_errors=True)
    print("learner_build_keeps_going: ok")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
