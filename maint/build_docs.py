#!/usr/bin/env python3
"""Builds the Doxygen site: first the gdb walkthroughs' checks, then Doxygen
itself (warnings are errors).

    build_docs.py BUILD_DIR DOXYFILE

The lessons are plain Markdown whose code, demo outputs, gdb transcripts and
pictures maint/refresh-lessons wrote in (the ctest course.lessons_drift says
when they are stale); Doxygen reads them through maint/doxygen_filter.py.
Each chapter's gdb/*.gdb walkthrough still runs here against the chapter's
demo and must pass its checks, so a site is never built from walkthroughs
that fail.
"""
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import course  # noqa: E402


def main():
    build_dir, doxyfile = (os.path.abspath(arg) for arg in sys.argv[1:3])
    runner = os.path.join(course.ROOT, "gdb", "run_script.py")
    failed = False
    for chapter in course.chapters(build_dir):
        demo = os.path.join(build_dir, "chapters", chapter, f"ch{chapter[:2]}_demo")
        for script in sorted(glob.glob(os.path.join(course.ROOT, "chapters", chapter, "gdb", "*.gdb"))):
            result = subprocess.run([sys.executable, runner, script, demo], capture_output=True, text=True)
            if result.returncode != 0:
                print(result.stdout + result.stderr)
                failed = True
    if failed:
        print("build_docs: a walkthrough failed its checks, so the transcript its lesson shows is wrong")
        return 1
    return subprocess.run(["doxygen", doxyfile], cwd=course.ROOT).returncode


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
