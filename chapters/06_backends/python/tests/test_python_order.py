"""The order between dispatch modes and tensor subclasses, and the keys that
run inside __torch_dispatch__, against torch 1.13 running the same programs
(tests/data/pytorch-1.13-python-order.json, written with them by
maint/reference/gen_python_order_data.py): a mode before the subclasses,
nested modes inner first, a mode or a subclass that returns NotImplemented
handing the call on, the error when every one declines, autograd skipped
inside __torch_dispatch__ and restored by enable_reentrant_dispatch (the
PythonTLSSnapshot key's note)."""

import json
import os
import re
import unittest

import mini_torch
from mini_torch.overrides import enable_reentrant_dispatch
from mini_torch.utils._python_dispatch import TorchDispatchMode, _len_torch_dispatch_stack

DATA = os.path.join(os.path.dirname(__file__), "data", "pytorch-1.13-python-order.json")


def normalize(line):
    """As the generator normalizes torch's lines: no address, and the mode
    an error names left out (1.13 names its internal _TorchDispatchStackMode
    there); mini_torch's module names read as torch's."""
    line = re.sub(r"<[\w.]+ object at 0x[0-9a-f]+>", "<the active mode>", line)
    return line.replace("mini_torch.", "torch.")


def run(preamble, source):
    namespace = {"__name__": "program", "torch": mini_torch, "Tensor": mini_torch.Tensor,
                 "TorchDispatchMode": TorchDispatchMode, "enable_reentrant_dispatch": enable_reentrant_dispatch}
    exec(preamble + source, namespace)  # noqa: S102 (the programs torch ran)
    return [normalize(line) for line in namespace["log"]]


class Order(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(DATA, encoding="utf-8") as handle:
            cls.data = json.load(handle)
        cls.programs = {program["name"]: program for program in cls.data["programs"]}

    def check(self, name):
        program = self.programs[name]
        self.assertEqual(run(self.data["preamble"], program["source"]), program["log"],
                         f"{name}, as torch {self.data['torch']} ran it:{program['source']}")
        self.assertEqual(_len_torch_dispatch_stack(), 0, "every mode popped")

    def test_every_program_is_tested(self):
        tested = {name[len("test_"):] for name in dir(self) if name.startswith("test_")}
        self.assertEqual(set(self.programs) - tested, set())

    def test_mode_before_subclass(self):
        self.check("mode_before_subclass")

    def test_nested_modes_before_subclass(self):
        self.check("nested_modes_before_subclass")

    def test_nested_modes_plain(self):
        self.check("nested_modes_plain")

    def test_mode_declines_to_subclass(self):
        self.check("mode_declines_to_subclass")

    def test_every_one_declines(self):
        self.check("every_one_declines")

    def test_subclass_declines_to_the_next(self):
        self.check("subclass_declines_to_the_next")

    def test_below_autograd_inside(self):
        self.check("below_autograd_inside")

    def test_reentrant_dispatch_restores_autograd(self):
        self.check("reentrant_dispatch_restores_autograd")

    def test_reentrant_dispatch_outside(self):
        self.check("reentrant_dispatch_outside")

    def test_a_wrong_order_fails_the_comparison(self):
        """The comparison can fail: the mode's line and the subclass's swapped
        is not what torch gave."""
        program = self.programs["mode_before_subclass"]
        swapped = list(program["log"])
        swapped[0], swapped[1] = swapped[1], swapped[0]
        self.assertNotEqual(run(self.data["preamble"], program["source"]), swapped)


if __name__ == "__main__":
    unittest.main()
