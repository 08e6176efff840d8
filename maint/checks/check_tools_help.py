#!/usr/bin/env python3
"""Every command in tools/ and every maintainer's command in maint/ answers
--help with its usage and does nothing else, and tools/ holds only commands.

    check_tools_help.py [--list]     (--list: print the commands it runs)

The commands: every executable file without a dot in tools/, maint/,
maint/checks/ and maint/reference/ (tools/progress, maint/propagate,
maint/reference/regenerate), and every Python program under maint/
(maint/*.py, maint/checks/*.py, maint/reference/*.py: a file with an
`if __name__ == "__main__":` block; the modules the commands share have
none). A program that reads its arguments itself answers --help first, and
one that needs torch answers before importing it (--help needs no torch).

Each command runs with `--help` and a PATH whose cmake, ninja, ctest, gdb,
apt-get, sudo, git and valgrind are stand-ins that record being called: a
command that calls one of them, exits non-zero, raises, runs for 30 s,
prints no usage (nothing naming the command), or leaves a new file in the
checkout fails. A learner who types `tools/tour --help` must not start a
ten-minute build.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STAND_INS = ("cmake", "ninja", "ctest", "gdb", "apt-get", "sudo", "git", "valgrind", "make", "doxygen")


PROGRAM_FOLDERS = ("maint", os.path.join("maint", "checks"), os.path.join("maint", "reference"))
MAIN_BLOCK = re.compile(r"^if __name__ == .__main__.:", re.M)


def commands():
    found = []
    for folder in ("tools", *PROGRAM_FOLDERS):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            path = os.path.join(ROOT, folder, name)
            if os.path.isfile(path) and os.access(path, os.X_OK) and "." not in name:
                found.append(os.path.join(folder, name))
    for folder in PROGRAM_FOLDERS:
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            path = os.path.join(ROOT, folder, name)
            if name.endswith(".py") and os.path.isfile(path):
                with open(path, encoding="utf-8") as handle:
                    if MAIN_BLOCK.search(handle.read()):
                        found.append(os.path.join(folder, name))
    return found


def argv(command):
    """A Python program runs with this interpreter, executable or not."""
    path = os.path.join(ROOT, command)
    return [sys.executable, path] if command.endswith(".py") else [path]


def untracked():
    """The checkout's untracked files (the build folders are ignored)."""
    listed = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=all"],
                            capture_output=True, text=True).stdout
    return {line[3:] for line in listed.splitlines() if line.startswith("?? ")}


def main():
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if sys.argv[1:] == ["--list"]:
        print("\n".join(commands()))
        return 0
    problems = []
    before = untracked()
    with tempfile.TemporaryDirectory() as scratch:
        calls = os.path.join(scratch, "calls")
        for tool in STAND_INS:
            with open(os.path.join(scratch, tool), "w", encoding="utf-8") as shim:
                shim.write(f'#!/bin/sh\necho "{tool} $*" >> "{calls}"\nexit 1\n')
            os.chmod(os.path.join(scratch, tool), 0o755)
        env = dict(os.environ, PATH=scratch + os.pathsep + os.environ["PATH"])
        listed = commands()
        for command in listed:
            if os.path.exists(calls):
                os.unlink(calls)
            try:
                result = subprocess.run([*argv(command), "--help"], capture_output=True, text=True,
                                        env=env, cwd=ROOT, timeout=30)
            except subprocess.TimeoutExpired:
                problems.append(f"{command} --help ran for 30 s: it must only print its usage")
                continue
            shown = result.stdout + result.stderr
            name = os.path.basename(command)
            if "Traceback (most recent call last)" in shown:
                problems.append(f"{command} --help raised:\n{shown[-800:]}")
            if result.returncode != 0:
                problems.append(f"{command} --help exited with {result.returncode}:\n{shown[-800:]}")
            if name not in shown and "usage" not in shown.lower():
                problems.append(f"{command} --help printed no usage:\n{shown[-400:]}")
            if os.path.exists(calls):
                with open(calls, encoding="utf-8") as handle:
                    problems.append(f"{command} --help ran {handle.read().strip()!r}: --help must only print usage")
    for name in sorted(os.listdir(os.path.join(ROOT, "tools"))):
        path = os.path.join(ROOT, "tools", name)
        if not (os.path.isfile(path) and os.access(path, os.X_OK) and "." not in name):
            problems.append(f"tools/{name}: tools/ holds only the learner's commands and the set-up commands; "
                            "modules, checks and maintainer's commands go to maint/ (maint/README.md)")
    left = untracked() - before
    if left:
        problems.append("a --help left files in the checkout: " + ", ".join(sorted(left)))
    for problem in problems:
        print(problem)
    print(f"check_tools_help: {len(listed)} commands; {'ok' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
