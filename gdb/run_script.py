#!/usr/bin/env python3
"""Runs a gdb walkthrough script and checks its output.

    run_script.py [--gdb GDB] [--show] [--transcript FILE] SCRIPT PROGRAM
    run_script.py --check-recording FILE SCRIPT
    run_script.py --scan FILE...

The script runs under real gdb (`gdb -batch -nx`) against PROGRAM with the
course's pretty printers loaded. Its expected output is written in the script
itself, in the manner of Rust's debuginfo tests:

    # check: #0  mini::ch01::addPolar ([...]) at [...]/polar_kernels.cpp:[...]

Check lines must match lines of gdb's output in order (each one anywhere after
the previous match). A check matches a line that contains it; `[...]` matches
any text. On a mismatch the runner prints every check, which ones matched, and
the whole output, and exits 1. It exits 77 (ctest's SKIP) when gdb is missing
or may not trace programs here.

--show prints gdb's output and checks nothing: use it to write new checks.
--no-printers leaves the course's pretty printers out (the cuda-gdb
walkthrough does: under cuda-gdb 13 they cannot find the chapter's types).
--check-recording FILE runs no debugger: it checks a transcript recorded
earlier (by --transcript, on a machine that could run the script) against the
script, which must type the same commands and whose checks must all match.
The cuda-gdb walkthrough is recorded this way, since a docs build without a
GPU cannot run it; the check keeps the recording and the script together.
Whatever the checks say, the output may not hold a marker of an unreadable
value (UNREADABLE_MARKERS: `<error reading variable`, `Cannot access memory`,
`Python Exception`, `<optimized out>`): a walkthrough that shows one fails, so
no lesson prints a variable gdb could not read or a printer that broke.
--scan FILE... runs no debugger: it fails when a committed text (a lesson, a
recording) holds one of those markers.
--transcript FILE also writes the session as a reader would see it typed
(`(gdb) bt` before each command's output, paths relative to the repository):
the lessons include these transcripts, so the backtrace a lesson shows is the
one this script produced and checked.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SKIP = 77

# What gdb or a printer prints in place of a value it could not read. A
# breakpoint before the prologue, a printer reading another chapter's
# layout, a variable the compiler dropped: each shows one of these, and a
# lesson that shows one is wrong about the program.
UNREADABLE_MARKERS = ("<error reading variable", "Cannot access memory", "Python Exception", "<optimized out>")


def unreadable_lines(lines):
    """(line number, line) for each line that shows an unreadable value."""
    return [(number, line) for number, line in enumerate(lines, start=1)
            if any(marker in line for marker in UNREADABLE_MARKERS)]


def scan_files(paths):
    """0 when no file holds an unreadable-value marker; each hit is listed."""
    failures = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            hits = unreadable_lines(handle.read().splitlines())
        for number, line in hits:
            print(f"{path}:{number}: shows an unreadable value: {line.strip()}")
        failures += len(hits)
    if failures:
        print(f"{failures} line(s) show what gdb could not read (see gdb/run_script.py, UNREADABLE_MARKERS)")
        return 1
    print(f"{len(paths)} file(s), no unreadable value shown")
    return 0


def read_checks(script_path):
    checks = []
    with open(script_path, encoding="utf-8") as script:
        for number, line in enumerate(script, start=1):
            match = re.match(r"\s*#\s*check:\s?(.*?)\s*$", line)
            if match:
                checks.append((number, match.group(1)))
    return checks


def check_to_regex(check):
    parts = check.split("[...]")
    return re.compile(".*".join(re.escape(part) for part in parts))


def run_gdb(gdb, script_path, program, printers=True):
    command = [gdb, "-batch", "-nx",
               "-iex", "set auto-load safe-path /",
               "-iex", "set trace-commands on",
               *(["-x", os.path.join(HERE, "mini.py")] if printers else []),
               "-x", script_path, program]
    env = dict(os.environ, MINI_DISPATCH_TRACE="0", LC_ALL="C")
    # One stream, so that what gdb says on stderr stays beside the command
    # that said it (gdb flushes stdout before it writes to stderr): a break
    # on a function not loaded yet prints `Function "..." not defined.`
    # there, before `Breakpoint 1 (...) pending.`, not after the session.
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            timeout=120, cwd=os.path.dirname(program) or ".")
    return result.stdout


def shown_in_transcript(command):
    """Every script starts with `set breakpoint pending off`, a safety catch
    rather than a step of the walkthrough: transcripts leave it out."""
    return not command.startswith("set breakpoint pending")


def transcript(lines):
    """The session as typed: commands echoed by trace-commands become
    `(gdb) command`; gdb's thread-library chatter and the checkout's absolute
    path are dropped so the text reads the same on every machine."""
    shown = []
    for line in lines:
        if line.startswith("[Thread debugging") or line.startswith("Using host libthread_db"):
            continue
        if line.startswith("+"):
            if not shown_in_transcript(line[1:]):
                continue
            line = "(gdb) " + line[1:]
        shown.append(line.replace(ROOT + "/", ""))
    return "\n".join(shown).strip() + "\n"


def typed_commands(script_path):
    """The commands a script types, as its transcript shows them."""
    commands = []
    with open(script_path, encoding="utf-8") as script:
        for line in script:
            line = line.strip()
            if line and not line.startswith("#") and shown_in_transcript(line):
                commands.append(line)
    return commands


def check_recording(script_path, recording_path):
    """0 when the recording types the script's commands and meets its checks."""
    with open(recording_path, encoding="utf-8") as recording:
        lines = recording.read().splitlines()
    typed = [line[len("(gdb) "):] for line in lines if line.startswith("(gdb) ")]
    expected = typed_commands(script_path)
    name = os.path.basename(recording_path)
    if typed != expected:
        print(f"{name}: recorded with other commands than {script_path} types; record it again")
        for index in range(max(len(typed), len(expected))):
            recorded = typed[index] if index < len(typed) else "(none)"
            scripted = expected[index] if index < len(expected) else "(none)"
            mark = "  " if recorded == scripted else "!="
            print(f"  {mark} recorded: {recorded}\n     script:   {scripted}")
        return 1
    for number, line in unreadable_lines(lines):
        print(f"{name}:{number}: shows an unreadable value: {line.strip()}")
        return 1
    checks = read_checks(script_path)
    failed, _ = match_checks(checks, lines)
    if failed is not None:
        print(f"{name}: the check on line {checks[failed][0]} of {script_path} matches no later line:\n"
              f"  {checks[failed][1]}")
        return 1
    print(f"{name}: the script's {len(expected)} commands, all {len(checks)} checks matched")
    return 0


def match_checks(checks, lines):
    """Returns (index of the first failed check or None, matched line per check)."""
    position = 0
    matched = []
    for index, (_, check) in enumerate(checks):
        pattern = check_to_regex(check)
        while position < len(lines) and not pattern.search(lines[position]):
            position += 1
        if position == len(lines):
            return index, matched
        matched.append(position)
        position += 1
    return None, matched


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gdb", default="gdb")
    parser.add_argument("--show", action="store_true")
    parser.add_argument("--transcript", metavar="FILE")
    parser.add_argument("--check-recording", metavar="FILE")
    parser.add_argument("--no-printers", action="store_true",
                        help="do not load the course's pretty printers (see run_cuda_gdb.py)")
    parser.add_argument("--scan", action="store_true",
                        help="check the files named (SCRIPT PROGRAM...) for unreadable values; run no debugger")
    parser.add_argument("script")
    parser.add_argument("program", nargs="*")
    args = parser.parse_args()
    if args.scan:
        return scan_files([args.script, *args.program])
    if len(args.program) > 1:
        parser.error("one PROGRAM to debug")
    args.program = args.program[0] if args.program else None
    if args.check_recording:
        return check_recording(args.script, args.check_recording)
    if args.program is None:
        parser.error("a PROGRAM to debug is needed, except with --check-recording")

    gdb = shutil.which(args.gdb)
    if gdb is None:
        print(f"SKIPPED: gdb not found ({args.gdb}); install it with tools/install-deps")
        return SKIP
    output = run_gdb(gdb, os.path.abspath(args.script), os.path.abspath(args.program), not args.no_printers)
    if "ptrace: Operation not permitted" in output:
        print("SKIPPED: this machine does not allow gdb to trace programs (ptrace)")
        return SKIP
    lines = output.splitlines()
    if args.show:
        print(output)
        return 0

    checks = read_checks(args.script)
    if not checks:
        print(f"{args.script}: no '# check:' lines; a walkthrough must say what it expects")
        return 1
    failed, matched = match_checks(checks, lines)
    unreadable = unreadable_lines(lines)
    if unreadable:
        print(f"{args.script}: gdb's output shows values it could not read:\n")
        for number, line in unreadable:
            print(f"  output line {number}: {line}")
        print("\n--- gdb output ---")
        for number, line in enumerate(lines, start=1):
            print(f"{number:>4} | {line}")
        return 1
    if failed is None:
        print(f"{os.path.basename(args.script)}: all {len(checks)} checks matched")
        if args.transcript:
            os.makedirs(os.path.dirname(os.path.abspath(args.transcript)), exist_ok=True)
            with open(args.transcript, "w", encoding="utf-8") as handle:
                handle.write(transcript(lines))
        return 0

    print(f"{args.script}: check on line {checks[failed][0]} did not match\n")
    for index, (line_number, check) in enumerate(checks):
        if index < failed:
            mark = f"ok    (output line {matched[index] + 1})"
        elif index == failed:
            mark = "FAIL  (no later output line matches)"
        else:
            mark = "not tried"
        print(f"  line {line_number:>3}: {mark}\n            {check}")
    print("\n--- gdb output ---")
    for number, line in enumerate(lines, start=1):
        print(f"{number:>4} | {line}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
