#!/usr/bin/env python3
"""A walkthrough's transcript is the same wherever the checkout is.

    check_transcripts_any_path.py BUILD_DIR

The lessons show gdb transcripts byte for byte (course.lessons_drift), and a
transcript shows stack addresses (`this=0x7fffffffda60`), which move with
every string at the top of the inferior's stack: its environment among them.
The walkthroughs from python3 put folders of the checkout on PYTHONPATH, so a
checkout at a path of another length moved those addresses, and CI, which
clones elsewhere, saw the lessons drift where this machine saw none.

This check runs the shorter walkthrough from python3 (add_from_python.gdb)
twice, the second time with the build folder reached through a link whose
path is 40 characters longer, and fails on any difference between the two
transcripts. (maint/lessons.py's run_walkthrough gives the folders
fixed-length names; this proves it.)
"""
import difflib
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import lessons  # noqa: E402

SCRIPT = "chapters/06_backends/python/gdb/add_from_python.gdb"


def transcript(build_dir):
    python = lessons.build_python(build_dir)
    folders = {"module": os.path.join(build_dir, "chapters", "06_backends", "python"),
               "scripts": os.path.join(lessons.ROOT, os.path.dirname(SCRIPT))}
    text = lessons.run_walkthrough(os.path.join(lessons.ROOT, SCRIPT), python, folders=folders)
    return lessons.normalise(text, build_dir)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build_dir = os.path.abspath(sys.argv[1])
    package = os.path.join(build_dir, "chapters", "06_backends", "python", "mini_torch")
    if not os.path.isdir(package) or not any(name.startswith("_C") for name in os.listdir(package)):
        print("SKIPPED: this build has no Python module (mini_torch: no python3-dev when it was configured)")
        return 0
    first = transcript(build_dir)
    with tempfile.TemporaryDirectory(prefix="mini-any-path-") as scratch:
        longer = os.path.join(scratch, "a-folder-name-forty-characters-long-1234")
        os.symlink(build_dir, longer)
        second = transcript(longer)
    if first != second:
        diff = difflib.unified_diff(first.splitlines(), second.splitlines(), "at the build's path",
                                    "at a longer path", lineterm="", n=0)
        print(f"{SCRIPT}: the transcript depends on the checkout's path:\n" + "\n".join(diff))
        return 1
    print(f"{SCRIPT}: the same transcript at two paths of different length ({len(first.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
