#!/usr/bin/env python3
"""Runs a cuda-gdb walkthrough, or reports SKIPPED (exit 77) with the reason.

    run_cuda_gdb.py CUDA_GDB SCRIPT DEMO [TRANSCRIPT]

The script is checked by the course's runner (gdb/run_script.py) with
cuda-gdb in place of gdb. It needs cuda-gdb and a usable GPU; the demo says
whether it has one ("CUDA kernels not run: <reason>"), so that is asked
first, and the reason is printed when there is none. With TRANSCRIPT it also
writes the session there: that is how add_kernel.recorded.txt, which the
lesson shows, is made (on a GPU machine, from the repository's root):

    python3 chapters/06_backends/gdb/cuda/run_cuda_gdb.py $(which cuda-gdb) \
        chapters/06_backends/gdb/cuda/add_kernel.cuda-gdb build/default/chapters/06_backends/ch06_demo \
        chapters/06_backends/gdb/cuda/add_kernel.recorded.txt
"""
import os
import subprocess
import sys

SKIP = 77


def main():
    cuda_gdb, script, demo = sys.argv[1:4]
    transcript = sys.argv[4:5]
    if not cuda_gdb or cuda_gdb.endswith("NOTFOUND") or not os.path.exists(cuda_gdb):
        print("SKIPPED: no cuda-gdb (install the CUDA Toolkit's debugger, /usr/local/cuda/bin/cuda-gdb)")
        return SKIP
    output = subprocess.run([demo], capture_output=True, text=True, timeout=300).stdout
    for line in output.splitlines():
        if line.startswith("CUDA kernels not run:"):
            print("SKIPPED: " + line)
            return SKIP
    runner = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "gdb", "run_script.py")
    transcript_option = ["--transcript", transcript[0]] if transcript else []
    # Without the course's printers: under cuda-gdb 13 they fail to find the
    # chapter's types ("Python Exception ... There is no member named dtype")
    # and leave arguments blank. The script prints no Tensor, and its host
    # frames are shown with -frame-arguments presence.
    return subprocess.run([sys.executable, runner, "--gdb", cuda_gdb, "--no-printers", *transcript_option, script,
                           demo]).returncode


if __name__ == "__main__":
    sys.exit(main())
