#!/usr/bin/env python3
"""One bounded libFuzzer run, as the fuzz.<target> tests do it.

    run_fuzzer.py FUZZER SEED_CORPUS WORK_DIR SECONDS

The seed corpus is copied into WORK_DIR/corpus first, so the inputs the run
finds never land in the repository. The run fails (exit status not 0) on a
crash, an uncaught exception, a leak, a sanitizer report, an input slower
than 10 s or a process over 2 GiB; the input that did it is written to
WORK_DIR as crash-*, leak-*, timeout-* or oom-*, and this script prints the
command that replays it.
"""
import os
import shutil
import subprocess
import sys


def main():
    fuzzer, seeds, work, seconds = sys.argv[1:5]
    corpus = os.path.join(work, "corpus")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(seeds, corpus)
    command = [fuzzer, f"-max_total_time={seconds}", "-timeout=10", "-rss_limit_mb=2048",
               "-print_final_stats=1", f"-artifact_prefix={work}/", corpus]
    print(" ".join(command), flush=True)
    status = subprocess.run(command).returncode
    if status != 0:
        found = sorted(name for name in os.listdir(work) if name != "corpus")
        for name in found:
            print(f"replay with: {fuzzer} {os.path.join(work, name)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
