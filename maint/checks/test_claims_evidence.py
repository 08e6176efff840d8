#!/usr/bin/env python3
"""The evidence rules of the claims ledger can fail (maint/claims.py, rules 1
and 2): on a made-up source tree and ledger, recheck_claims flags a text found
only in comments (C++, Python, YAML) and a behaviour claim read from code,
passes the code and the marked entries, and check_claims refuses a malformed
mark and an `external` entry whose `read` is not a day. Also: --only writes
no report, and a `torch` program finds the sources in PYTORCH_1_13_SOURCE.

    test_claims_evidence.py
"""
import os
import sys
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "reference"))
import claims  # noqa: E402
import recheck_claims  # noqa: E402

CPP = """\
// A line comment: kernels_[Undefined] is only said here
#define KEY_COUNT 3
#ifdef SOMETHING
/* a block comment opens
 * a continuation line: return select(0, index);
 and an interior line without a star */
Tensor select_first(const Tensor& t) { return t.select(0, 0); }  // trailing: the first row
const char* url = "http://not.a.comment/";
"""

PY = '''\
"""A docstring saying enable_python_dispatcher."""
import os
# a comment naming dispatch_table
def f():
    """Another docstring: returns the table."""
    return "dispatch_table"
'''

YAML = """\
# variants: comment only
- func: add.Tensor(Tensor self, Tensor other) -> Tensor  # trailing comment
  variants: function, method
  note: "a # inside quotes is text"
"""


class Evidence(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = self.folder.name
        for name, text in (("a.cpp", CPP), ("b.py", PY), ("c.yaml", YAML), ("README.md", "code words here\n")):
            with open(os.path.join(self.root, name), "w", encoding="utf-8") as handle:
                handle.write(text)

    def tearDown(self):
        self.folder.cleanup()

    def verdict(self, source, line, text, claim="names a thing", **marks):
        entry = {"page": "p.md", "claim": claim, "evidence": {"source": source, "line": line, "text": text}, **marks}
        verdict, _ = recheck_claims.check_source(entry["evidence"], self.root, claims.about_comment(entry))
        if verdict == "ok":
            verdict = (recheck_claims.check_behaviour(entry) or (verdict, ""))[0]
        return verdict

    # Rule 1: where the text stands, per language: (file, line, text, verdict).
    WHERE = [
        ("a.cpp", 1, "kernels_[Undefined]", "flagged"),  # `//` line
        ("a.cpp", 5, "return select(0, index);", "flagged"),  # ` * ` continuation
        ("a.cpp", 6, "interior line without a star", "flagged"),  # block interior
        ("a.cpp", 7, "the first row", "flagged"),  # trailing `//`
        ("a.cpp", 2, "#define KEY_COUNT 3", "ok"),  # the preprocessor is code
        ("a.cpp", 3, "#ifdef SOMETHING", "ok"),
        ("a.cpp", 7, "return t.select(0, 0);", "ok"),
        ("a.cpp", 8, '"http://not.a.comment/"', "ok"),  # `//` inside a string
        ("b.py", 1, "enable_python_dispatcher", "flagged"),  # module docstring
        ("b.py", 3, "a comment naming dispatch_table", "flagged"),
        ("b.py", 5, "Another docstring", "flagged"),
        ("b.py", 6, 'return "dispatch_table"', "ok"),
        ("c.yaml", 1, "variants: comment only", "flagged"),
        ("c.yaml", 2, "trailing comment", "flagged"),
        ("c.yaml", 3, "variants: function, method", "ok"),
        ("c.yaml", 4, "a # inside quotes is text", "ok"),
    ]

    def test_comments_are_flagged_and_code_passes(self):
        for source, line, text, expected in self.WHERE:
            with self.subTest(source=source, line=line, text=text):
                self.assertEqual(self.verdict(source, line, text), expected)

    def test_prose_is_all_comment(self):
        self.assertEqual(self.verdict("README.md", 1, "code words here"), "flagged")

    def test_a_claim_about_a_comment_may_cite_it(self):
        self.assertEqual(self.verdict("a.cpp", 1, "kernels_[Undefined]", claim="its comment says so",
                                      about="comment: quoted"), "ok")

    def test_a_missing_text_still_fails(self):
        self.assertEqual(self.verdict("a.cpp", 7, "not there"), "FAILED")

    # Rule 2: behaviour read from code.
    def test_a_behaviour_claim_read_from_code_is_flagged(self):
        self.assertEqual(self.verdict("a.cpp", 7, "return t.select(0, 0);", claim="it returns the first row"),
                         "flagged")
        self.assertEqual(self.verdict("b.py", 6, 'return "dispatch_table"', claim="1.13 refuses it"), "flagged")

    def test_marked_behaviour_claims_pass(self):
        self.assertEqual(self.verdict("a.cpp", 7, "return t.select(0, 0);", claim="it returns the first row",
                                      about="code: how it is written"), "ok")
        self.assertEqual(self.verdict("a.cpp", 7, "return t.select(0, 0);", claim="it returns the first row",
                                      unrunnable="C++ only, and the recheck runs Python"), "ok")

    # The marks and dates check_claims refuses.
    def test_malformed_marks_are_refused(self):
        def problems(claim, kind="source", **marks):
            return claims.mark_problems({"claim": claim, **marks}, kind)
        self.assertEqual(problems("it returns the row", about="code"), [])
        self.assertEqual(len(problems("names a thing", about="code")), 1)  # no behaviour word: no mark needed
        self.assertEqual(len(problems("it returns the row", about="maybe")), 1)
        self.assertEqual(len(problems("it returns the row", unrunnable="no")), 1)
        self.assertEqual(len(problems("it returns the row", about="code", unrunnable="C++ only, no binding")), 1)
        self.assertEqual(len(problems("it returns the row", kind="torch", about="code")), 1)
        self.assertEqual(len(problems("names a thing", about="comment")), 1)  # does not say it quotes one
        self.assertEqual(problems("the comment names it", about="comment"), [])

    def test_external_read_must_be_a_day(self):
        def problems(read):
            return claims.external_problems({"evidence": {"external": "u", "read": read, "text": "t"}}, "external")
        self.assertEqual(problems("2026-12-07"), [])
        self.assertEqual(len(problems("last week")), 1)

    # Issue 46's two tool fixes.
    def test_only_writes_no_report(self):
        report = os.path.join(self.root, "report.txt")
        with mock.patch.object(recheck_claims, "REPORT", report), \
                mock.patch.object(recheck_claims, "torch_version", return_value=None), \
                mock.patch.object(sys, "argv",
                                  ["recheck_claims.py", "--source", self.root, "--only", "no/such/page.md"]):
            recheck_claims.main()
        self.assertFalse(os.path.exists(report))

    def test_torch_programs_get_the_source_path(self):
        evidence = {"torch": "import os; print('source at', os.environ.get('PYTORCH_1_13_SOURCE'))",
                    "prints": f"source at {os.path.abspath(self.root)}"}
        self.assertEqual(_run_with(sys.executable, evidence, self.root)[0], "ok")


def _run_with(python, evidence, source):
    """check_torch with `python` in place of /usr/bin/python3 (this test needs no torch)."""
    real = recheck_claims.subprocess.run

    def run(command, **kw):
        return real([python] + command[1:], **kw)

    with mock.patch.object(recheck_claims.subprocess, "run", run):
        return recheck_claims.check_torch(evidence, "any", source)


if __name__ == "__main__":
    unittest.main()
