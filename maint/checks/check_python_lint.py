#!/usr/bin/env python3
"""Every Python file of the course passes flake8 with the committed settings.

    check_python_lint.py [REPO_ROOT]

The files: every *.py file, and every file whose first line runs python
(tools/progress, maint/propagate), found by walking the tree (git's list of
files in a checkout, so build folders and ignored files stay out). The
settings are REPO_ROOT/.flake8. Exits 77 (ctest: skipped) when flake8 is not
installed (tools/install-deps installs Debian's flake8).
"""
import importlib.util
import os
import shutil
import subprocess
import sys

SKIPPED = 77
PRUNED = {".git", "build", "__pycache__"}


# Test data written as a PyTorch user writes programs (unused imports and
# all): replayed against torch 1.13's output, not part of the course's code.
USER_PROGRAMS = "chapters/06_backends/python/tests/user_programs/"


def candidate_files(root):
    return [path for path in all_files(root) if not path.startswith(USER_PROGRAMS)]


def all_files(root):
    listed = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, text=True)
    if listed.returncode == 0:
        return sorted(set(listed.stdout.split("\n")) - {""})
    found = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = [name for name in subfolders if name not in PRUNED]
        found += [os.path.relpath(os.path.join(folder, name), root) for name in names]
    return sorted(found)


def is_python(root, path):
    if path.endswith(".py"):
        return True
    full = os.path.join(root, path)
    if not os.path.isfile(full) or os.path.islink(full):
        return False
    with open(full, "rb") as handle:
        first = handle.readline(200)
    return first.startswith(b"#!") and b"python" in first


def flake8_command():
    """flake8 from this interpreter, from PATH, or from Debian's python3."""
    if importlib.util.find_spec("flake8") is not None:
        return [sys.executable, "-m", "flake8"]
    if shutil.which("flake8"):
        return [shutil.which("flake8")]
    for python in ("/usr/bin/python3",):
        if os.path.exists(python) and subprocess.run([python, "-c", "import flake8"],
                                                     capture_output=True).returncode == 0:
            return [python, "-m", "flake8"]
    return None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    command = flake8_command()
    if command is None:
        print("flake8 is not installed (tools/install-deps installs it): skipped")
        return SKIPPED
    files = [path for path in candidate_files(root) if is_python(root, path)]
    result = subprocess.run(command + ["--config", os.path.join(root, ".flake8"), "--"] + files, cwd=root)
    print(f"{len(files)} Python file(s) checked with {' '.join(command)} and .flake8: "
          + ("clean" if result.returncode == 0 else "problems above"))
    return 0 if result.returncode == 0 else 1


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
