#!/usr/bin/env python3
"""The can-fail check's own rules (maint/assertions.py), on small made-up
test files: what a site is (a macro spread over lines is one site, FAIL()
with what is streamed into it), which sites `// setup:` covers, which
failure lines prove which site (a path relative to the repository, from
any directory), and what the report refuses (an unproved site not listed,
a listed site proved since or gone).

    test_assertions.py
"""
import os
import sys
import tempfile
import unittest
from types import SimpleNamespace
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import assertions  # noqa: E402
import course  # noqa: E402

TEST_FILE = """// Exercise 09.1: a made-up exercise.
TEST(Exercise09_1, One) {
  runExercise([] {
    EXPECT_EQ(answer(1),
              2) << "spread over two lines";
    // setup: the data file is whole
    ASSERT_EQ(data.size(), 3u);
    ASSERT_FALSE(data.empty());

    // EXPECT_EQ(in a comment) is no site
    EXPECT_TRUE(answer(2) > 0);
    try {
      (void)answer(-1);
      FAIL() << "a negative input "
             << "must be refused";
    } catch (const std::invalid_argument&) {
    }
    EXPECT_TRUE(answer(2) > 0);
  });
}
"""


class Sites(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(dir=course.ROOT, prefix=".test-assertions-")
        self.path = os.path.join(self.folder, "made_up_test.cpp")
        with open(self.path, "w", encoding="utf-8") as handle:
            handle.write(TEST_FILE)
        self.sites = assertions.sites_of(self.path)

    def tearDown(self):
        os.unlink(self.path)
        os.rmdir(self.folder)

    def test_each_macro_is_one_site_from_its_first_line_to_its_semicolon(self):
        self.assertEqual([(s.first, s.last) for s in self.sites],
                         [(4, 5), (7, 7), (8, 8), (11, 11), (14, 15), (18, 18)])

    def test_setup_covers_the_sites_right_below_it_and_no_further(self):
        self.assertEqual([s.setup for s in self.sites], [False, True, True, False, False, False])

    def test_the_same_text_twice_in_a_file_is_told_apart(self):
        self.assertEqual([s.occurrence for s in self.sites][3:], [1, 1, 2])
        self.assertNotEqual(assertions.key_of(self.sites[3]), assertions.key_of(self.sites[5]))

    def test_a_failure_on_any_line_of_a_site_proves_it(self):
        relative = os.path.relpath(self.path, course.ROOT)
        report = {"testsuites": [{"testsuite": [{"failures": [
            {"failure": f"{relative}:5\nExpected equality"}, {"failure": f"{relative}:15\nFailed"}]}]}]}
        here = os.getcwd()
        try:
            os.chdir("/")  # ctest runs the check from the build folder: the path is the repository's
            lines = assertions.failure_lines(report)
        finally:
            os.chdir(here)
        assertions.prove(self.sites, [SimpleNamespace(name="m.wrong.cpp", failed_at=lines)])
        self.assertEqual([bool(s.proved_by) for s in self.sites], [True, False, False, False, True, False])

    def test_the_report_refuses_an_unlisted_site_and_a_stale_line(self):
        self.sites[0].proved_by = ["m.cpp"]
        listed = {assertions.key_of(self.sites[3]): "why", assertions.key_of(self.sites[0]): "why",
                  "chapters/gone_test.cpp: EXPECT_TRUE(x);": "why"}
        with mock.patch.object(assertions, "not_yet", return_value=listed):
            text, problems = assertions.report(self.sites)
        self.assertIn("6 sites; 1 proved", text)
        self.assertIn("2 setup checks", text)
        self.assertIn("1 not yet proved", text)
        self.assertEqual(len(problems), 4, problems)
        self.assertTrue(any("no committed wrong answer fails this assertion" in p and ":14:" in p for p in problems))
        self.assertTrue(any("proved now (by m.cpp)" in p for p in problems))
        self.assertTrue(any("is no assertion of the exercise tests now" in p for p in problems))

    def test_an_exercise_only_a_gpu_can_run_is_counted_apart(self):
        with mock.patch.object(assertions, "not_yet", return_value={}), \
                mock.patch.object(assertions, "exercise_of", return_value="09.1"):
            text, problems = assertions.report(self.sites, gpu_only_exercises={"09.1"})
        self.assertIn("4 that only a GPU run can prove", text)
        self.assertEqual(problems, [])


if __name__ == "__main__":
    unittest.main()
