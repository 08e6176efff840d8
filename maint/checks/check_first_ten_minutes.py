#!/usr/bin/env python3
"""Runs the README's "Your first ten minutes" commands, exactly as written, in
a fresh clone of this repository, and checks that they end at a breakpoint
inside a kernel.

    check_first_ten_minutes.py [WORK_DIR]

The commands are read from the first ```sh block of that README section, so
the test and the text cannot disagree. gdb gets no terminal: when its -ex
commands are done it reads end-of-input and quits. The clone is of HEAD, so
commit before running this by hand.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SECTION = "## Your first ten minutes"
MAX_COMMANDS = 5
EXPECTED = [r"Breakpoint 1, mini::ch01::addPolar \(", r"#0  mini::ch01::addPolar", r"in main \("]


def readme_commands():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
        text = readme.read()
    section = text[text.index(SECTION):]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def main():
    commands = readme_commands()
    if len(commands) > MAX_COMMANDS:
        print(f"the first ten minutes take {len(commands)} commands; the promise is at most {MAX_COMMANDS}")
        return 1
    work = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="first-ten-minutes-")
    clone = os.path.join(work, "clone")
    shutil.rmtree(clone, ignore_errors=True)
    subprocess.run(["git", "clone", "-q", ROOT, clone], check=True)
    output = ""
    for command in commands:
        print(f"$ {command}", flush=True)
        result = subprocess.run(command, shell=True, cwd=clone, stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=900)
        output = result.stdout + result.stderr
        if result.returncode != 0:
            print(output[-3000:])
            print(f"command failed with status {result.returncode}: {command}")
            return 1
    missing = [pattern for pattern in EXPECTED if not re.search(pattern, output)]
    print(output[-2000:])
    if missing:
        print(f"the last command's output lacks {missing}")
        return 1
    shutil.rmtree(clone, ignore_errors=True)
    print("first ten minutes: the README's commands reach a breakpoint inside a kernel")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
