#!/usr/bin/env python3
"""check_pytorch2_facts can fail: a text the data lacks, a wrong count, a
`lacks` the data holds, an unknown label and a fact without evidence are
each one problem; a page that agrees with its data has none.

    test_pytorch2_facts.py
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_pytorch2_facts  # noqa: E402


class Facts(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "pytorch-2.15.0-facts.txt")
        with open(self.path, "w", encoding="utf-8") as handle:
            handle.write("layout backends 16\nbackend 0 CPU\nbackend 15 Meta\n")
        self.files = f"- F = `{self.path}`\n\n"

    def tearDown(self):
        self.folder.cleanup()

    def problems(self, facts):
        return check_pytorch2_facts.problems_in(self.files + facts)

    def test_agreeing_page(self):
        self.assertEqual(self.problems("### 16\n- F: `layout backends 16`\n- F count: `backend ` = 2\n"
                                       "- F lacks: `backend 10 Meta`\n"), [])

    def test_each_disagreement_is_a_problem(self):
        self.assertEqual(len(self.problems("### a\n- F: `layout backends 14`\n")), 1)
        self.assertEqual(len(self.problems("### b\n- F count: `backend ` = 3\n")), 1)
        self.assertEqual(len(self.problems("### c\n- F lacks: `backend 15 Meta`\n")), 1)
        self.assertEqual(len(self.problems("### d\n- G: `layout`\n")), 1)
        self.assertEqual(len(self.problems("### e, without evidence\n### f\n- F: `layout`\n")), 1)


if __name__ == "__main__":
    unittest.main()
