#!/usr/bin/env python3
"""The version rule of the claims ledger can fail: check_claims.version_problems
and recheck_claims.check_data on a 2.x data file, with the right version, a
wrong one and none.

    test_claims_versions.py
"""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "reference"))
import check_claims  # noqa: E402
import recheck_claims  # noqa: E402


class VersionedData(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "pytorch-2.15.0-facts.txt")
        with open(self.path, "w", encoding="utf-8") as handle:
            handle.write("# Written by maint/reference/gen_version_facts.py from PyTorch 2.15.0+cu132; do not edit.\n"
                         "layout backends 16\n")

    def tearDown(self):
        self.folder.cleanup()

    def entry(self, **extra):
        return {"evidence": {"data": self.path, "text": "layout backends 16", **extra}}

    def test_the_right_version_passes(self):
        self.assertEqual(check_claims.version_problems(self.entry(version="2.15.0"), "data"), [])
        self.assertEqual(recheck_claims.check_data(self.entry(version="2.15.0")["evidence"])[0], "ok")

    def test_a_wrong_version_fails(self):
        problems = check_claims.version_problems(self.entry(version="2.8"), "data")
        self.assertEqual(len(problems), 1)
        self.assertIn("written from torch 2.15.0+cu132", problems[0])
        self.assertEqual(recheck_claims.check_data(self.entry(version="2.8")["evidence"])[0], "FAILED")

    def test_2x_data_without_a_version_fails(self):
        problems = check_claims.version_problems(self.entry(), "data")
        self.assertEqual(len(problems), 1)
        self.assertIn("without `version:`", problems[0])

    def test_text_the_file_lacks_fails(self):
        evidence = {"data": self.path, "text": "layout backends 14", "version": "2.15.0"}
        self.assertEqual(recheck_claims.check_data(evidence)[0], "FAILED")


if __name__ == "__main__":
    unittest.main()
