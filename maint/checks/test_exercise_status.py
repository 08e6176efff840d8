#!/usr/bin/env python3
"""How the learner's tools mark an exercise (course.Outcome.status), on the
outcomes that matter: a GPU exercise whose CPU tests all pass is done, with
the whole reason the GPU test skipped; nothing run is n/a; a stub is todo.
And a long build says how far it is (course.build_with_progress).

    test_exercise_status.py
"""
import contextlib
import io
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402

GPU_REASON = ("exp's AutocastCUDA kernel needs a GPU: no CUDA device is visible (cudaGetDeviceCount: no CUDA-capable "
              "device is detected); run this test on a machine with an NVIDIA GPU")


class Status(unittest.TestCase):
    def test_every_cpu_test_passing_is_done_on_the_cpu_with_the_whole_reason(self):
        mark, note = course.Outcome(passed=4, skipped=1, messages=[GPU_REASON]).status()
        self.assertEqual(mark, "done")
        self.assertIn("done on the CPU", note)
        self.assertTrue(note.endswith(GPU_REASON), note)

    def test_nothing_run_here_is_not_applicable_with_the_whole_reason(self):
        self.assertEqual(course.Outcome(skipped=2, messages=[GPU_REASON, GPU_REASON]).status(), ("n/a ", GPU_REASON))

    def test_a_stub_is_todo_and_a_failure_fails(self):
        stub = "Exercise 06.7 is not done yet: chapters/06_backends/part6_autocast.md#exercise-67"
        self.assertEqual(course.Outcome(skipped=5, messages=[stub] * 5).status(), ("todo", ""))
        # A GPU exercise's untouched stub: its CPU tests skip as not done and
        # its GPU test for the machine; still todo, not n/a.
        self.assertEqual(course.Outcome(skipped=5, messages=[stub] * 4 + [GPU_REASON]).status(), ("todo", ""))
        self.assertEqual(course.Outcome(passed=3, failed=1, skipped=1, messages=[GPU_REASON],
                                        failures=[("Exercise06_7.T", "wrong")]).status()[0], "FAIL")

    def test_all_passing_is_done_without_a_note(self):
        self.assertEqual(course.Outcome(passed=5).status(), ("done", ""))


class BuildProgress(unittest.TestCase):
    def test_a_long_build_says_how_far_it_is_and_what_is_left(self):
        steps = "; ".join(f"echo '[{i}/4] Building CXX object {i}.o'" for i in range(1, 5))
        shown = io.StringIO()
        with contextlib.redirect_stderr(shown):
            returncode, log = course.build_with_progress(["bash", "-c", steps + "; exit 3"], every=0)
        self.assertEqual(returncode, 3)
        self.assertEqual(log.count("Building CXX object"), 4, "the whole output comes back for the error search")
        self.assertIn("building: step 2/4", shown.getvalue())
        self.assertIn("left at this pace", shown.getvalue())


if __name__ == "__main__":
    unittest.main()
