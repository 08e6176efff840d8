#!/usr/bin/env python3
"""tools/watch does the learner's loop: a save rebuilds and retests.

Copies chapter 01's stubs into a scratch MINI_EXERCISE_ROOT, configures a
learner build of that chapter alone, then:

1. `tools/watch --once` on a stub: the exercise is todo, with its hint and
   the next exercise's file.
2. `tools/watch` running: saving the solution into the stub's place makes it
   say the exercise passes; saving a file that is not C++ makes it show the
   compiler's error and keep watching; saving an answer that crashes (a
   SIGSEGV in the exercise's function) makes it show that exercise as FAIL
   with the signal and the test's name, the other exercises as they were,
   and keep watching.
3. The same crashing answer: `tools/progress` shows it as that exercise's
   failure with the signal, the others keep their status, and it exits 0;
   ctest reports that exercise's tests as failed and the others' as before.

    check_watch.py BUILD_ROOT
"""
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402

CHAPTER = "01_vtable"
WATCH = os.path.join(course.ROOT, "tools", "watch")
PROGRESS = os.path.join(course.ROOT, "tools", "progress")


def write_crashing_answer(solution, stub):
    """The solution with a SIGSEGV raised at the top of every function of
    its that is called through the chapter's table: an answer that crashes
    the test program, as an out-of-range index can."""
    with open(solution, encoding="utf-8") as handle:
        text = handle.read()
    crashing = re.sub(r"^(Number magnitude\(const Number& x\) \{)", r"\1 std::raise(SIGSEGV);", text, flags=re.M)
    if crashing == text:
        raise RuntimeError(f"check_watch: {solution} has no `Number magnitude(const Number& x) {{` to crash in")
    with open(stub, "w", encoding="utf-8") as handle:
        handle.write("#include <csignal>\n" + crashing)


def fail(message, output=""):
    print(output[-4000:])
    print(f"check_watch: {message}")
    return 1


def expect_lines(lines, wanted, seconds, seen):
    """Reads the watcher's lines until one contains `wanted`; False on timeout."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            continue
        if line is None:
            return False
        seen.append(line)
        if wanted in line:
            return True
    return False


def main():
    scratch = os.path.join(os.path.abspath(sys.argv[1]), "watch-check")
    shutil.rmtree(scratch, ignore_errors=True)
    root = os.path.join(scratch, "exercises")
    shutil.copytree(os.path.join(course.ROOT, "chapters", CHAPTER, "exercises"),
                    os.path.join(root, CHAPTER, "exercises"))
    exercise = course.exercises(CHAPTER)[0]
    stub = os.path.join(root, CHAPTER, "exercises", os.path.basename(exercise.files[0]))
    solution = os.path.join(course.ROOT, "solutions", CHAPTER, os.path.basename(exercise.files[0]))
    build = os.path.join(scratch, "build")
    subprocess.run(["cmake", "--preset", "learn", "-S", course.ROOT, "-B", build, f"-DMINI_EXERCISE_ROOT={root}",
                    f"-DMINI_ONLY_CHAPTERS={CHAPTER}"], check=True, stdout=subprocess.DEVNULL)

    # 1. One round on the stub, as committed.
    once = subprocess.run([sys.executable, WATCH, "--build-dir", build, "--once", stub], capture_output=True, text=True,
                          timeout=1200)
    output = once.stdout + once.stderr
    print(output)
    for wanted in (f"[todo] {exercise.id} {exercise.title}", f"Hint: {exercise.hint[:40]}", "Next: "):
        if wanted not in output:
            return fail(f"--once on the stub did not say `{wanted}`", output)
    if once.returncode != 1:
        return fail(f"--once on an unfinished chapter exited {once.returncode}, expected 1", output)

    # 2. The loop: a save is noticed, rebuilt and retested.
    watcher = subprocess.Popen([sys.executable, WATCH, "--build-dir", build, "--interval", "0.2"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = queue.Queue()

    def pump():
        for line in watcher.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen = []
    try:
        if not expect_lines(lines, "watch: watching", 60, seen):
            return fail("the watcher did not start", "\n".join(seen))
        time.sleep(0.5)
        shutil.copyfile(solution, stub)
        if not expect_lines(lines, f"{exercise.id} passes all its tests.", 900, seen):
            return fail("saving the solution did not make the watcher say the exercise passes", "\n".join(seen))
        time.sleep(0.5)
        with open(stub, "a", encoding="utf-8") as handle:
            handle.write("\nthis line is not C++\n")
        if not expect_lines(lines, "does not compile:", 900, seen):
            return fail("saving a broken file did not make the watcher show the compiler's error", "\n".join(seen))
        if "error:" not in seen[-1]:
            return fail("the compile error line names no error", "\n".join(seen))
        if watcher.poll() is not None:
            return fail("the watcher stopped after a compile error", "\n".join(seen))
        time.sleep(0.5)
        write_crashing_answer(solution, stub)
        if not expect_lines(lines, "crashed with SIGSEGV", 900, seen):
            return fail("saving an answer that crashes did not make the watcher name the signal", "\n".join(seen))
        if not expect_lines(lines, "Next: ", 120, seen):
            return fail("the watcher's round on a crashing answer did not finish", "\n".join(seen))
        round_lines = "\n".join(seen[max(i for i, line in enumerate(seen) if " changed: rebuilding" in line):])
        for wanted in [f"[FAIL] {exercise.id} {exercise.title}", f"the first, {exercise.suite}."] + [
                f"[todo] {other.id} {other.title}" for other in course.exercises(CHAPTER)[1:]]:
            if wanted not in round_lines:
                return fail(f"after a crashing answer the watcher did not say `{wanted}`", round_lines)
        time.sleep(1)
        if watcher.poll() is not None:
            return fail("the watcher stopped after a crashing answer", "\n".join(seen))
    finally:
        watcher.terminate()
        watcher.wait(timeout=30)
    print("\n".join(seen))

    # 3. tools/progress and ctest on the same crashing answer, already built.
    progress = subprocess.run([sys.executable, PROGRESS, "--build-dir", build, "--no-build"], capture_output=True,
                              text=True, timeout=600)
    output = progress.stdout + progress.stderr
    print(output)
    if "Traceback" in output or progress.returncode != 0:
        return fail(f"tools/progress on a crashing answer exited {progress.returncode}", output)
    failed_line = next((line for line in output.splitlines() if f"[FAIL] {exercise.id} " in line), "")
    if "SIGSEGV" not in failed_line:
        return fail(f"tools/progress did not show {exercise.id} as FAIL with the signal", output)
    for other in course.exercises(CHAPTER)[1:]:
        if f"[todo] {other.id} " not in output:
            return fail(f"tools/progress lost exercise {other.id}'s status after {exercise.id} crashed", output)
    crashed = subprocess.run(["ctest", "--test-dir", build, "-R", exercise.test_regex, "--output-on-failure"],
                             capture_output=True, text=True, timeout=600)
    if crashed.returncode == 0 or "SEGFAULT" not in crashed.stdout:
        return fail(f"ctest -R '{exercise.test_regex}' did not report the crash as a failure", crashed.stdout)
    second = course.exercises(CHAPTER)[1]
    others = subprocess.run(["ctest", "--test-dir", build, "-R", second.suite + "\\.[A-Za-z]+$"],
                            capture_output=True, text=True, timeout=600)
    if "SEGFAULT" in others.stdout or "Skipped" not in others.stdout:
        return fail(f"ctest on {second.id} did not report its stub's tests as skipped", others.stdout)
    shutil.rmtree(scratch, ignore_errors=True)
    print("check_watch: ok")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
