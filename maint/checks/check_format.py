#!/usr/bin/env python3
"""Every C++ file of the course is as clang-format (14, with the committed
.clang-format) writes it.

    check_format.py [--summary] [--most N] [REPO_ROOT]
    check_format.py --list [REPO_ROOT]      the files it checks (to reformat: clang-format-14 -i $(...))

The files: every .h, .hpp, .cpp, .cc, .cu and .cuh file in the checkout
(git's list of files, build folders and ignored files left out), found by
walking, whatever the layout. For each file that clang-format would change,
prints the file and how many of its lines would change, largest first;
--summary prints only the totals and the N (default 20) largest. Exits 1 when
any file would change, 77 (ctest: skipped) when clang-format is not installed
(tools/install-deps installs it).

To format a file: clang-format -i FILE. Reformatting moves lines, so the gdb
scripts' breakpoints and the lessons' line references must be checked after
(ctest -L gdb, ctest -L docs).
"""
import argparse
import difflib
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

SKIPPED = 77
SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".cu", ".cuh")
PRUNED = {".git", "build", "__pycache__"}


def cpp_files(root):
    listed = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, text=True)
    if listed.returncode == 0:
        paths = listed.stdout.split("\n")
    else:
        paths = []
        for folder, subfolders, names in os.walk(root):
            subfolders[:] = [name for name in subfolders if name not in PRUNED]
            paths += [os.path.relpath(os.path.join(folder, name), root) for name in names]
    return sorted(path for path in paths
                  if path.endswith(SUFFIXES) and os.path.isfile(os.path.join(root, path)))


def clang_format():
    for name in ("clang-format-14", "clang-format"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def changed_lines(program, root, path):
    """How many of the file's lines clang-format would remove or rewrite."""
    full = os.path.join(root, path)
    with open(full, encoding="utf-8", errors="replace") as handle:
        original = handle.read().splitlines()
    with open(full, "rb") as source:
        result = subprocess.run([program, "--style=file", f"--assume-filename={full}"],
                                stdin=source, capture_output=True, cwd=root)
    if result.returncode != 0:
        raise RuntimeError(f"{path}: clang-format failed: {result.stderr.decode(errors='replace')}")
    formatted = result.stdout.decode("utf-8", errors="replace").splitlines()
    matcher = difflib.SequenceMatcher(None, original, formatted, autojunk=False)
    return sum(i2 - i1 for tag, i1, i2, _, _ in matcher.get_opcodes() if tag != "equal")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--summary", action="store_true", help="totals and the largest files only")
    parser.add_argument("--most", type=int, default=20, help="with --summary: how many files to list")
    parser.add_argument("--list", action="store_true",
                        help="print every C++ file the check reads, one a line (for clang-format -i)")
    parser.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    args = parser.parse_args(argv)
    root = os.path.abspath(args.root)
    if args.list:
        print("\n".join(cpp_files(root)))
        return 0
    program = clang_format()
    if program is None:
        print("clang-format is not installed (tools/install-deps installs it): skipped")
        return SKIPPED
    files = cpp_files(root)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        counts = dict(zip(files, pool.map(lambda path: changed_lines(program, root, path), files)))
    changed = sorted(((count, path) for path, count in counts.items() if count), key=lambda item: (-item[0], item[1]))
    total_lines = 0
    for path in files:
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as handle:
            total_lines += sum(1 for _ in handle)
    shown = changed[:args.most] if args.summary else changed
    for count, path in shown:
        print(f"{count:6d}  {path}")
    print(f"{len(changed)} of {len(files)} C++ file(s) would change: {sum(c for c, _ in changed)} of "
          f"{total_lines} line(s) ({program}, .clang-format)")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
