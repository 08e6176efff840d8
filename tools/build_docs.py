#!/usr/bin/env python3
"""Builds the Doxygen site: first the demo outputs and gdb transcripts the
lessons include, then Doxygen itself (warnings are errors).

    build_docs.py BUILD_DIR DOXYFILE

Each chapter's gdb/*.gdb walkthrough runs against the chapter's demo and must
pass its checks; its session is written to BUILD_DIR/docs/gdb-transcripts/
NN_name/SCRIPT.txt, which the lesson shows with `\\include`. A lesson's
backtrace is therefore the one this build produced. Likewise each demo's
output (trace on) goes to BUILD_DIR/docs/demo-output/NN_name.txt. And the
pictures (pictures.py) are drawn by graphviz into BUILD_DIR/docs/pictures/,
Doxygen's IMAGE_PATH, from what the course programs print.
"""
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import course  # noqa: E402
import pictures  # noqa: E402


def run_demo(demo, out):
    """The demo's output with the trace on, as the tour shows it."""
    os.makedirs(os.path.dirname(out), exist_ok=True)
    result = subprocess.run([demo], capture_output=True, text=True, check=True,
                            env=dict(os.environ, MINI_DISPATCH_TRACE="1"), cwd=course.ROOT)
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(result.stdout)


def main():
    build_dir, doxyfile = (os.path.abspath(arg) for arg in sys.argv[1:3])
    runner = os.path.join(course.ROOT, "gdb", "run_script.py")
    failed = False
    for chapter in course.chapters(build_dir):
        demo = os.path.join(build_dir, "chapters", chapter, f"ch{chapter[:2]}_demo")
        run_demo(demo, os.path.join(build_dir, "docs", "demo-output", chapter + ".txt"))
        for script in sorted(glob.glob(os.path.join(course.ROOT, "chapters", chapter, "gdb", "*.gdb"))):
            name = os.path.splitext(os.path.basename(script))[0]
            out = os.path.join(build_dir, "docs", "gdb-transcripts", chapter, name + ".txt")
            result = subprocess.run([sys.executable, runner, "--transcript", out, script, demo],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                print(result.stdout + result.stderr)
                failed = True
    if failed:
        print("build_docs: a walkthrough failed its checks, so its transcript would be wrong")
        return 1
    for picture in pictures.pictures(build_dir):
        try:
            pictures.draw(picture, build_dir, os.path.join(build_dir, "docs", "pictures"))
        except subprocess.CalledProcessError as error:
            print(f"build_docs: picture {picture.name}: {' '.join(error.cmd)} failed:\n{error.stderr}")
            return 1
        except ValueError as error:
            print(f"build_docs: picture {picture.name}: {error}")
            return 1
    return subprocess.run(["doxygen", doxyfile], cwd=course.ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
