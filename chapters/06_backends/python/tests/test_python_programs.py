"""Python programs as a PyTorch user writes them, run through mini_torch and
compared with what torch 1.13 did with the same programs.

Two suites, one harness (program_outcomes.py):
- the generated programs: tests/data/pytorch-1.13-python-programs.json,
  drawn and recorded by maint/reference/gen_python_programs.py --record
  (factories, operators in every form, type promotion, comparisons,
  printing, attributes, autograd, errors);
- the hand-written user programs: every tests/user_programs/*.py, recorded
  into tests/data/pytorch-1.13-user-programs.json by
  gen_python_programs.py --record --user-programs.

Each program runs in a process of its own with `torch` bound to mini_torch;
its outcome (stdout, and the exception that ended it) is sorted into: same;
refused clearly (NotImplementedError or AttributeError saying "... is not in
mini_torch", after the same output as torch's); deliberately different
(listed with a reason in tests/data/python-programs-known-differences.txt);
and the failures: a different error, a silent difference (another output,
or no error where torch raised), a crash (a signal or a time-out).
"""

import hashlib
import json
import os
import sys
import unittest

import program_outcomes as po

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "pytorch-1.13-python-programs.json")
USER_DATA = os.path.join(HERE, "data", "pytorch-1.13-user-programs.json")
USER_PROGRAMS = os.path.join(HERE, "user_programs")
ISSUE_DATA = os.path.join(HERE, "data", "pytorch-1.13-issue-programs.json")
ISSUE_PROGRAMS = os.path.join(HERE, "issue_programs")
KNOWN = os.path.join(HERE, "data", "python-programs-known-differences.txt")
RECORD = "/usr/bin/python3 maint/reference/gen_python_programs.py --record"


def replay(test, title, named, expected):
    """Runs `named` [(name, source)] through mini_torch, prints the summary,
    and fails the test on a different error, a silent difference or a crash."""
    known = po.read_known_differences(KNOWN)
    actual = po.run_programs([source for _, source in named], "mini_torch")
    counts, text = po.report(title, named, expected, actual, known)
    print("\n" + text.split("\n\n")[0], file=sys.stderr)  # the summary, in ctest's log even when it passes
    failing = sum(counts[category] for category in po.FAILING) + counts[po.STALE]
    if failing:
        test.fail(f"{failing} of {len(named)} programs differ from torch 1.13 without saying so\n{text}")


class GeneratedPrograms(unittest.TestCase):
    def test_generated_programs_behave_as_in_torch(self):
        with open(DATA, encoding="utf-8") as handle:
            data = json.load(handle)
        self.assertTrue(data["torch"].startswith("1.13"), data["torch"])
        self.assertGreaterEqual(len(data["programs"]), 1000)
        named = [(program["name"], program["source"]) for program in data["programs"]]
        replay(self, f"generated programs (torch {data['torch']})", named, data["programs"])


def replay_folder(test, folder, data_path, flag, title):
    """Each *.py of `folder` against its recorded outcome in `data_path`; a
    program new or changed since the recording fails, naming the command."""
    files = sorted(file for file in os.listdir(folder) if file.endswith(".py")) if os.path.isdir(folder) else []
    if not files:
        test.skipTest(f"no programs in {os.path.relpath(folder, HERE)}/")
    test.assertTrue(os.path.exists(data_path), f"no recorded outcomes: run {RECORD} {flag}")
    with open(data_path, encoding="utf-8") as handle:
        data = json.load(handle)
    recorded = {program["name"]: program for program in data["programs"]}
    named, expected, stale = [], [], []
    for file in files:
        name = file[:-len(".py")]
        with open(os.path.join(folder, file), encoding="utf-8") as handle:
            source = handle.read()
        program = recorded.get(name)
        if program is None or program["sha256"] != hashlib.sha256(source.encode()).hexdigest():
            stale.append(name)
            continue
        named.append((name, source))
        expected.append(program)
    test.assertEqual(stale, [], f"programs new or changed since torch's outcomes were recorded: run {RECORD} {flag}")
    test.assertEqual(sorted(set(recorded) - {name for name, _ in named}), [],
                     f"recorded programs whose file is gone: run {RECORD} {flag}")
    replay(test, f"{title} (torch {data['torch']})", named, expected)


class UserPrograms(unittest.TestCase):
    def test_user_programs_behave_as_in_torch(self):
        replay_folder(self, USER_PROGRAMS, USER_DATA, "--user-programs", "user programs")


class IssuePrograms(unittest.TestCase):
    """Issue 40's examples: each crashed, printed another value or raised
    another error once; each is a test that failed before its fix."""

    def test_issue_programs_behave_as_in_torch(self):
        replay_folder(self, ISSUE_PROGRAMS, ISSUE_DATA, "--issue-programs", "issue 40's programs")


class Harness(unittest.TestCase):
    """The harness can fail: each failing category is recognised, and a crash
    or a hang in one program is that program's outcome."""

    def test_outcomes_are_sorted(self):
        sources = ["import torch\nprint(1)\n",
                   "import torch\nprint(1)\nraise NotImplementedError('torch.nn is not in mini_torch')\n",
                   "import torch\nprint(2)\nraise NotImplementedError('torch.nn is not in mini_torch')\n",
                   "import torch\nraise RuntimeError('another text')\n",
                   "import torch\nprint(2)\n",
                   "import torch\nprint(1)\n",
                   "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n",
                   "import torch\nprint(torch.__name__)\n"]
        torch_said = [{"stdout": "1\n", "exception": None},
                      {"stdout": "1\n2\n", "exception": None},
                      {"stdout": "1\n", "exception": None},
                      {"stdout": "", "exception": ["RuntimeError", "the text"]},
                      {"stdout": "1\n", "exception": None},
                      {"stdout": "1\n", "exception": ["RuntimeError", "refused"]},
                      {"stdout": "", "exception": None},
                      {"stdout": "torch\n", "exception": None}]
        actual = po.run_programs(sources, "mini_torch", timeout_s=5)
        categories = [po.classify(want, got) for want, got in zip(torch_said, actual)]
        self.assertEqual(categories, [po.SAME, po.REFUSED, po.SILENT, po.DIFFERENT_ERROR, po.SILENT, po.SILENT,
                                      po.CRASH, po.SAME])
        self.assertEqual(po.classify(torch_said[4], actual[4], "on purpose"), po.KNOWN)

    def test_a_hang_is_a_crash_and_the_next_program_runs(self):
        actual = po.run_programs(["while True:\n    pass\n", "print('after')\n"], "mini_torch", timeout_s=1)
        self.assertEqual(actual[0]["crash"], "timed out after 1 s")
        self.assertEqual(actual[1]["stdout"], "after\n")

    def test_programs_do_not_share_state(self):
        actual = po.run_programs(["import torch\ntorch.leftover = 1\n",
                                  "import torch\nprint(hasattr(torch, 'leftover'))\n"], "mini_torch")
        self.assertEqual(actual[1]["stdout"], "False\n")

    def test_known_differences_file_reads(self):
        self.assertIsInstance(po.read_known_differences(KNOWN), dict)

    def test_a_listed_kind_covers_only_its_type_after_the_same_output(self):
        known = {"* TypeError": "wording", "listed": "on purpose"}
        torch_said = {"stdout": "1\n", "exception": ["TypeError", "1.13's words"]}
        same_type = {"stdout": "1\n", "exception": ["TypeError", "the course's words"]}
        other_type = {"stdout": "1\n", "exception": ["RuntimeError", "the course's words"]}
        other_output = {"stdout": "2\n", "exception": ["TypeError", "the course's words"]}
        self.assertEqual(po.known_reason(known, "p", torch_said, same_type), "wording")
        self.assertIsNone(po.known_reason(known, "p", torch_said, other_type))
        self.assertIsNone(po.known_reason(known, "p", torch_said, other_output))
        self.assertEqual(po.known_reason(known, "listed", torch_said, other_type), "on purpose")

    def test_a_listed_program_that_now_agrees_fails_the_suite(self):
        outcome = {"stdout": "1\n", "exception": None}
        counts, text = po.report("t", [("listed", "")], [outcome], [dict(outcome, crash=None)], {"listed": "why"})
        self.assertEqual(counts[po.STALE], 1)
        self.assertIn("now the same (remove them from the list): listed", text)


if __name__ == "__main__":
    unittest.main()
