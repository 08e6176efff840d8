#!/usr/bin/env python3
"""Runs a cuda-gdb walkthrough, or reports SKIPPED (exit 77) with the reason.

    run_cuda_gdb.py CUDA_GDB SCRIPT DEMO

The script is checked by the course's runner (gdb/run_script.py) with
cuda-gdb in place of gdb. It needs cuda-gdb and a usable GPU; the demo says
whether it has one ("CUDA kernels not run: <reason>"), so that is asked
first, and the reason is printed when there is none.
"""
import os
import subprocess
import sys

SKIP = 77


def main():
    cuda_gdb, script, demo = sys.argv[1:4]
    if not cuda_gdb or cuda_gdb.endswith("NOTFOUND") or not os.path.exists(cuda_gdb):
        print("SKIPPED: no cuda-gdb (install the CUDA Toolkit's debugger, /usr/local/cuda/bin/cuda-gdb)")
        return SKIP
    output = subprocess.run([demo], capture_output=True, text=True, timeout=300).stdout
    for line in output.splitlines():
        if line.startswith("CUDA kernels not run:"):
            print("SKIPPED: " + line)
            return SKIP
    runner = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "gdb", "run_script.py")
    return subprocess.run([sys.executable, runner, "--gdb", cuda_gdb, script, demo]).returncode


if __name__ == "__main__":
    sys.exit(main())
