#!/usr/bin/env python3
"""maint/propagate carries a fix forward, and says where it does not apply.

    check_propagate.py [REPO_ROOT]

Works on a scratch git repository holding a copy of the chapters and the
tools (the checkout itself is never written). It picks a file chapter 03
carries unchanged into every later chapter (found by comparison, so the test
follows the layout wherever files live) and proves:

1. a change to chapter 03's copy, namespace included, lands renamed in every
   later chapter ("applied"), the copies are then in step by
   check_chapter_diff.py's rule, and a second run finds nothing to do;
2. where a later chapter changed the same lines for its own lesson, that
   chapter "did not apply" (left as it was, exit status 1), while a chapter
   whose own change lies elsewhere in the file is "applied by merge".
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import snapshots  # noqa: E402

failures = []


def expect(condition, what):
    print(("ok:   " if condition else "FAIL: ") + what)
    if not condition:
        failures.append(what)


def run(repo, *args):
    result = subprocess.run(list(args), cwd=repo, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def commit(repo, message):
    run(repo, "git", "add", "-A")
    code, output = run(repo, "git", "-c", "user.name=check", "-c", "user.email=check@localhost",
                       "commit", "-q", "-m", message)
    assert code == 0, output


def copy_course(root, scratch):
    """The chapters' snapshots and lessons, and the maintainer's commands, in a new git repository."""
    for name in snapshots.chapter_names(root):
        source, target = os.path.join(root, "chapters", name), os.path.join(scratch, "chapters", name)
        os.makedirs(target)
        for kept in ("CMakeLists.txt", "README.md"):
            if os.path.isfile(os.path.join(source, kept)):
                shutil.copy(os.path.join(source, kept), target)
        for folder in snapshots.CODE_DIRS:
            if os.path.isdir(os.path.join(source, folder)):
                shutil.copytree(os.path.join(source, folder), os.path.join(target, folder))
    shutil.copytree(os.path.join(root, "maint"), os.path.join(scratch, "maint"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    run(scratch, "git", "init", "-q")
    commit(scratch, "the course as it is")


def carried_everywhere(root, chapters):
    """Paths chapters[0] carries, unchanged, into every later chapter: the
    longest first, so that the edits below are far apart."""
    paths = None
    for earlier, later in zip(chapters, chapters[1:]):
        carried, _, _ = snapshots.compare(os.path.join(root, "chapters", earlier),
                                          os.path.join(root, "chapters", later))
        paths = set(carried) if paths is None else paths & set(carried)
    return sorted(paths or (), key=lambda p: -len(snapshots.read(os.path.join(root, "chapters", chapters[0], p))))


def lines_of(repo, chapter, path):
    return snapshots.read(os.path.join(repo, "chapters", chapter, path)).split("\n")


def write_lines(repo, chapter, path, lines):
    with open(os.path.join(repo, "chapters", chapter, path), "w", encoding="utf-8", newline="") as handle:
        handle.write("\n".join(lines))


def status_of(output, chapter, path):
    for line in output.splitlines():
        if line.startswith(f"chapters/{chapter}/{path}: "):
            return line.split(": ", 1)[1]
    return "(no line)"


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(HERE))
    chapters = [name for name in snapshots.chapter_names(root) if name >= "03"]
    if len(chapters) < 4:
        print(f"need chapters 03 to 06, found {chapters}")
        return 1
    first, second, third, fourth = chapters[:4]
    with tempfile.TemporaryDirectory() as scratch:
        copy_course(root, scratch)
        candidates = carried_everywhere(scratch, chapters[:4])
        if not candidates or len(lines_of(scratch, first, candidates[0])) < 20:
            print(f"no file of 20 lines or more is carried from {first} to {fourth}")
            return 1
        path = candidates[0]
        print(f"the file: chapters/{first}/{path}, carried to {second}, {third} and {fourth}")
        propagate = [sys.executable, os.path.join(scratch, "maint", "propagate")]
        source = f"chapters/{first}/{path}"

        # 1. A fix in the first chapter, naming its namespace, reaches every later one.
        lines = lines_of(scratch, first, path)
        marker = f"// a fix made in {first}: mini::ch{first[:2]}::Dispatcher"
        write_lines(scratch, first, path, lines[:1] + [marker] + lines[1:])
        code, output = run(scratch, *propagate, source)
        print(output, end="")
        expect(code == 0, "a clean propagation exits 0")
        for later in (second, third, fourth):
            expect(status_of(output, later, path) == "applied", f"{later}: applied")
            expected = f"// a fix made in {later}: mini::ch{later[:2]}::Dispatcher"
            expect(expected in lines_of(scratch, later, path),
                   f"{later}: the fix is there, namespace and folder renamed")
        check = os.path.join(scratch, "maint", "checks", "check_chapter_diff.py")
        code, output = run(scratch, sys.executable, check, scratch)
        expect(code == 0, "the copies are in step afterwards (check_chapter_diff.py passes)\n" + output)
        code, output = run(scratch, *propagate, source)
        expect(code == 0 and all(status_of(output, later, path) == "already identical"
                                 for later in (second, third, fourth)), "a second run finds every copy identical")
        commit(scratch, "the fix, carried")

        # 2. The third chapter changed the same line for its lesson, the fourth
        #    changed its last line: the first conflicts, the second merges.
        own = lines_of(scratch, third, path)
        write_lines(scratch, third, path, ["// the lesson's own first line"] + own[1:])
        own = lines_of(scratch, fourth, path)
        write_lines(scratch, fourth, path, own + ["// the lesson's own last line", ""])
        commit(scratch, "lesson changes in later chapters")
        before_third = lines_of(scratch, third, path)
        lines = lines_of(scratch, first, path)
        write_lines(scratch, first, path, ["// a second fix, on the first line"] + lines[1:])
        code, output = run(scratch, *propagate, "--dry-run", source)
        expect(run(scratch, "git", "diff", "--name-only")[1].split() == [source], "--dry-run writes nothing")
        code, output = run(scratch, *propagate, source)
        print(output, end="")
        expect(code == 1, "a propagation that does not apply everywhere exits 1")
        expect(status_of(output, second, path) == "applied", f"{second}: applied")
        expect(status_of(output, third, path).startswith("did not apply: 1 conflict"),
               f"{third}: did not apply, with the reason")
        expect(lines_of(scratch, third, path) == before_third, f"{third}: left as it was")
        expect(status_of(output, fourth, path).startswith("applied by merge"), f"{fourth}: applied by merge")
        merged = lines_of(scratch, fourth, path)
        expect(merged[0] == "// a second fix, on the first line" and "// the lesson's own last line" in merged,
               f"{fourth}: holds both the fix and its own change")
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
