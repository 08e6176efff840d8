"""mini_torch._C's view of the dispatcher, held to torch 1.13's: every
scenario of data/pytorch-1.13-dispatch-dumps.json (written by
maint/reference/gen_dispatch_dumps.py) is replayed here through
mini_torch._C and mini_torch._python_dispatcher, and each step's outcome
compared with 1.13's, text line by line.

Two things are normalised, the same way on both sides: a registration site
outside the test's own libraries (`registered at ./aten/src/...:140`, the
course's `registered at chapters/06_backends/src/...:18`) reads
`registered at <site>`, and a line or a key-set member naming a key the
course does not have is dropped. Each such key is listed, with its reason,
in data/dispatch-dumps-known-differences.txt, and so is each kind of
outcome where the course differs on purpose; the tests fail when a listed
difference no longer happens, and when an unlisted one does.
"""

import json
import os
import re
import unittest

import dispatch_steps
import mini_torch
from mini_torch import _C as C
from mini_torch._python_dispatcher import PythonDispatcher

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
REFERENCE = os.path.join(DATA, "pytorch-1.13-dispatch-dumps.json")
KNOWN_DIFFERENCES = os.path.join(DATA, "dispatch-dumps-known-differences.txt")

SITE = re.compile(r"registered at (?!/dev/null:)\S+:\d+")
KEY_LINE = re.compile(r"^([A-Za-z0-9]+)(\[alias\])?( \(inactive\))?: ")
KEY_SET = re.compile(r"DispatchKeySet\(([^)]*)\)")


def course_has(key):
    """Whether the course has `key`: mini_torch._C refuses any other."""
    try:
        C._dispatch_has_backend_fallback(key)
    except RuntimeError:
        return False
    return True


class Normaliser:
    """Text as both sides are compared: sites the same, keys the course lacks
    gone, each such key counted in `dropped`."""

    def __init__(self, torch_keys):
        self.missing = {key for key in torch_keys if not course_has(key)}
        self.dropped = {}

    def line(self, text):
        """The line as compared, or None when it is about a key the course lacks."""
        match = KEY_LINE.match(text)
        if match and match.group(1) in self.missing:
            self.dropped[match.group(1)] = self.dropped.get(match.group(1), 0) + 1
            return None
        text = SITE.sub("registered at <site>", text)

        def members(found):
            kept = []
            for key in found.group(1).split(", "):
                if key in self.missing:
                    self.dropped[key] = self.dropped.get(key, 0) + 1
                else:
                    kept.append(key)
            return "DispatchKeySet(" + ", ".join(kept) + ")"

        return KEY_SET.sub(members, text)

    def value(self, value):
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return [line for line in (self.line(item) for item in value) if line is not None]
        if isinstance(value, list):
            return [self.value(item) for item in value]
        if isinstance(value, str):
            return self.line(value)
        return value

    def outcome(self, outcome):
        if "error" in outcome:
            return {"error": outcome["error"], "lines": self.value(outcome["lines"])}
        return {"value": self.value(outcome["value"])}


def load_known_differences(path=KNOWN_DIFFERENCES):
    """({key: reason}, [(regex, reason)]) from the file: `key <Key>: reason`
    lines, and `outcome <regex>: reason` lines whose regex matches the first
    line of 1.13's outcome (an error's, or a value's) where the course's differs."""
    keys, outcomes = {}, []
    with open(path) as lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            kind, _, rest = line.partition(" ")
            subject, separator, reason = rest.partition(": ")
            if not separator or not reason.strip() or kind not in ("key", "outcome"):
                raise ValueError(f"{path}:{number}: not `key <Key>: reason` nor `outcome <regex>: reason`: {line}")
            if kind == "key":
                keys[subject] = reason
            else:
                outcomes.append((re.compile(subject), reason))
    return keys, outcomes


def first_line(outcome):
    if "error" in outcome:
        return outcome["lines"][0] if outcome["lines"] else ""
    value = outcome["value"]
    return value[0] if isinstance(value, list) and value and isinstance(value[0], str) else repr(value)


def compare(data, known_outcomes):
    """(mismatches, lines compared, {regex: times used}, normaliser) over every scenario."""
    normaliser = Normaliser(data["dispatch_keys"])
    mismatches, compared = [], 0
    used = {pattern.pattern: 0 for pattern, _ in known_outcomes}
    for scenario in data["scenarios"]:
        ours = dispatch_steps.run(scenario["steps"], mini_torch, PythonDispatcher)
        for index, (step, theirs, mine) in enumerate(zip(scenario["steps"], scenario["outcomes"], ours)):
            expected, got = normaliser.outcome(theirs), normaliser.outcome(mine)
            lines = expected.get("lines", expected.get("value"))
            compared += len(lines) if isinstance(lines, list) else 1
            if expected == got:
                continue
            listed = [pattern for pattern, _ in known_outcomes if pattern.search(first_line(theirs))]
            if listed:
                used[listed[0].pattern] += 1
                continue
            mismatches.append(f"{scenario['name']}, step {index} {step}:\n  1.13:   {expected}\n  course: {got}")
    return mismatches, compared, used, normaliser


class DispatchDumps(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(REFERENCE) as data:
            cls.data = json.load(data)
        cls.known_keys, cls.known_outcomes = load_known_differences()
        cls.mismatches, cls.compared, cls.used, cls.normaliser = compare(cls.data, cls.known_outcomes)

    def test_reference_comes_from_torch_113(self):
        self.assertTrue(self.data["torch"].startswith("1.13"), self.data["torch"])
        self.assertGreaterEqual(len(self.data["scenarios"]), 200)

    def test_every_scenario_reads_as_113(self):
        self.assertEqual(self.mismatches, [], "\n\n".join(self.mismatches[:5]))
        self.assertGreater(self.compared, 6000)

    def test_keys_dropped_are_the_keys_listed(self):
        self.assertEqual(sorted(self.normaliser.dropped), sorted(self.known_keys),
                         "the keys 1.13 printed that the course has not, against the known differences' list")

    def test_every_listed_outcome_still_differs(self):
        unused = [pattern for pattern, times in self.used.items() if times == 0]
        self.assertEqual(unused, [], "listed differences that no longer happen: remove them")


class WhatTheReplayCannotSay(unittest.TestCase):
    """Where a listed difference lets any outcome through, or 1.13 has no
    counterpart to compare with, the course's own answer is checked here."""

    def test_invariants_hold_after_both_composites(self):
        # 1.13's own check fails here (listed); the course's must pass, and
        # the autograd slots must not hold the math kernel.
        library = C._dispatch_library("FRAGMENT", "test", "", "/dev/null", 1)
        library.def_("both_composites(Tensor x) -> Tensor")
        library.impl_t_t("both_composites", dispatch="CompositeImplicitAutograd", debug="fn_CIA")
        library.impl_t_t("both_composites", dispatch="CompositeExplicitAutograd", debug="fn_CEA")
        self.assertIsNone(C._dispatch_check_invariants("test::both_composites"))
        table = C._dispatch_dump_table("test::both_composites")
        self.assertIn("CPU: fn_CEA [default backend kernel]\n", table)
        self.assertNotIn("AutogradCPU: fn_CIA", table)
        C._dispatch_check_all_invariants()

    def test_key_sets(self):
        keys = C._dispatch_keys(mini_torch.ones(2))
        self.assertTrue(keys.has("AutogradCPU"))
        self.assertFalse(keys.has("CUDA"))
        with self.assertRaisesRegex(RuntimeError, "^could not parse dispatch key: NoSuchKey$"):
            keys.has("NoSuchKey")
        with self.assertRaisesRegex(TypeError, "expected a Tensor"):
            C._dispatch_keys(3)
        with self.assertRaisesRegex(TypeError, "expected a dispatch key's name"):
            C._dispatch_tls_is_dispatch_key_excluded(3)

    def test_refusals_without_a_113_scenario(self):
        with self.assertRaisesRegex(TypeError, "^expected an operator's name, such as 'aten::add.Tensor'$"):
            C._dispatch_dump(3)
        # 1.13 asserts (an INTERNAL ASSERT) on an IMPL library for every key.
        # "Undefined" is c10's CatchAll, no key at all, in 1.13 as here.
        for key in ("", "Undefined"):
            library = C._dispatch_library("IMPL", "_", key, "/dev/null", 3)
            with self.assertRaisesRegex(RuntimeError, r"^dispatch_key\.has_value\(\) INTERNAL ASSERT FAILED: a "
                                                      r"fallback needs a dispatch key\. \(Error"):
                library.fallback_fallthrough()
        self.assertFalse(C._dispatch_has_backend_fallback("Undefined"))
        # The flag is a bool, as pybind takes it: a string is no True.
        with self.assertRaisesRegex(TypeError, "must be bool, not str"):
            C._dispatch_tls_set_dispatch_key_excluded("AutogradCPU", "yes")
        self.assertFalse(C._dispatch_tls_is_dispatch_key_excluded("AutogradCPU"))

    def test_printed_registrations_reach_sys_stdout(self):
        library = C._dispatch_library("FRAGMENT", "test", "", "/dev/null", 2)
        library.impl_t_t("printed", dispatch="Meta")
        self.assertEqual(dispatch_steps.run_query(C, "test_printed_registrations", ["Meta"]), ["test::printed"])
        self.assertIn("test::printed", C._dispatch_get_registrations_for_dispatch_key("Meta"))
        del library
        self.assertNotIn("test::printed", C._dispatch_get_registrations_for_dispatch_key(""))


class Normalising(unittest.TestCase):
    """The comparison's own rules, which every scenario relies on."""

    def test_sites_and_missing_keys(self):
        normaliser = Normaliser(["CPU", "XLA", "Named"])
        self.assertEqual(normaliser.line("CPU: registered at ./aten/src/x.cpp:3 [kernel]"),
                         "CPU: registered at <site> [kernel]")
        self.assertEqual(normaliser.line("CPU: registered at /dev/null:7 [kernel]"),
                         "CPU: registered at /dev/null:7 [kernel]")
        self.assertIsNone(normaliser.line("XLA: fn [math kernel]"))
        self.assertIsNone(normaliser.line("Named[alias] (inactive): fn :: (none) [ boxed ]"))
        self.assertEqual(normaliser.line("name: test::op1"), "name: test::op1")
        self.assertEqual(normaliser.line("DispatchKeySet(CPU, XLA, Named)"), "DispatchKeySet(CPU)")
        self.assertEqual(normaliser.dropped, {"XLA": 2, "Named": 2})

    def test_a_malformed_known_difference_is_refused(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as bad:
            bad.write("key XLA without a reason\n")
        try:
            with self.assertRaisesRegex(ValueError, "not `key <Key>: reason`"):
                load_known_differences(bad.name)
        finally:
            os.unlink(bad.name)


if __name__ == "__main__":
    unittest.main()
