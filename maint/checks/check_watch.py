#!/usr/bin/env python3
"""tools/watch does the learner's loop: a save rebuilds and retests.

Copies chapter 01's stubs into a scratch MINI_EXERCISE_ROOT, configures a
learner build of that chapter alone, then:

1. `tools/watch --once` on a stub: the exercise is todo, with its hint and
   the next exercise's file.
2. `tools/watch` running: saving the solution into the stub's place makes it
   say the exercise passes; saving a file that is not C++ makes it show the
   compiler's error and keep watching.

    check_watch.py BUILD_ROOT
"""
import os
import queue
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402

CHAPTER = "01_vtable"
WATCH = os.path.join(course.ROOT, "tools", "watch")


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
    finally:
        watcher.terminate()
        watcher.wait(timeout=30)
    print("\n".join(seen))
    shutil.rmtree(scratch, ignore_errors=True)
    print("check_watch: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
