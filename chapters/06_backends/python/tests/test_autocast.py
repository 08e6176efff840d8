"""mini_torch's autocast (mini_torch/amp/autocast_mode.py, csrc/autograd/init.cpp)
against torch 1.13 (tests/data/pytorch-1.13-python-autocast.json, written by
maint/reference/gen_python_autocast_data.py): each program of
autocast_cases.py gives here the lines it gave there, and the forward pass of
part 10's training step under autocast has 1.13's dtypes and loss.

The capstone's test needs numpy and scikit-learn (the script's data); without
them it skips and says what to install (ctest's ch06.python.autocast_forward
picks an interpreter that has them: python.cmake)."""

import importlib.util
import json
import os
import unittest

import mini_torch
import mini_torch.nn.functional as F
import mini_torch.utils._python_dispatch as dispatch

import autocast_cases

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "pytorch-1.13-python-autocast.json")
ONE_STEP = os.path.join(os.path.dirname(HERE), "examples", "one_step.py")

# A CUDA build of mini_torch on a machine without a device: 1.13's CUDA build
# there fails in torch.cuda's initialization, not with the CPU-only build's
# AssertionError that the reference (Debian's torch, built without CUDA) records.
CUDA_BUILD_ANSWERS = {
    "cuda-bfloat16-without-cuda": ("raised AssertionError: Torch not compiled with CUDA enabled",
                                   "raised RuntimeError: No CUDA GPUs are available"),
}
# With a device, autocast('cuda') is on: the reference, made without one, says nothing.
NEEDS_NO_CUDA_DEVICE = ("cuda-without-cuda-warns-and-disables", "cuda-bfloat16-without-cuda")

# How far the loss under autocast may be from 1.13's. The bfloat16 products
# round exactly as 1.13's own loop rounds (each product, then each running
# sum: the same values to the bit), and the float32 rest differs by the
# float32 roundings of a different summation order, as in
# test_train_digits.py (1e-5 there; measured here: 0). The kernel that rounded
# only the running sum, not each product, moved this loss by 2.3e-4.
TOLERANCE = 1e-5


def read_reference():
    with open(DATA, encoding="utf-8") as data:
        return json.load(data)


def cuda_build():
    return hasattr(mini_torch._C, "_cuda_getDeviceCount")


def cuda_devices():
    return mini_torch._C._cuda_getDeviceCount() if cuda_build() else 0


class AutocastAsTorch(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.reference = read_reference()

    def test_the_reference_holds_every_case_as_written_now(self):
        # A case changed or added since the data was made needs it made again.
        recorded = [(case["name"], case["source"]) for case in self.reference["cases"]]
        self.assertEqual(recorded, autocast_cases.CASES,
                         "autocast_cases.py and the reference differ: run maint/reference/gen_python_autocast_data.py")

    def test_each_case_gives_what_it_gave_on_torch(self):
        for case in self.reference["cases"]:
            name, expected = case["name"], list(case["gives"])
            if name in NEEDS_NO_CUDA_DEVICE and cuda_devices() > 0:
                continue
            if name in CUDA_BUILD_ANSWERS and cuda_build():
                cpu_only, with_cuda = CUDA_BUILD_ANSWERS[name]
                expected = [with_cuda if line == cpu_only else line for line in expected]
            with self.subTest(case=name):
                self.assertEqual(autocast_cases.run_case(mini_torch, dispatch, case["source"]), expected,
                                 f"case {name}:\n{case['source']}")

    def test_a_case_that_raises_leaves_this_thread_as_it_found_it(self):
        # The runner puts the state back after each case, so that no case
        # sees another's; what a refused __enter__ leaves is in its record.
        autocast_cases.run_case(mini_torch, dispatch, 'torch.autocast("cpu", cache_enabled=1).__enter__()')
        self.assertEqual(autocast_cases.run_case(mini_torch, dispatch, "show(state())"),
                         self.reference["cases"][0]["gives"])


def load_one_step():
    spec = importlib.util.spec_from_file_location("one_step", ONE_STEP)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CapstoneForwardUnderAutocast(unittest.TestCase):
    """one_step.py's autocast_forward: train_digits.py's model() and loss
    under mini_torch.autocast("cpu") on the script's first batch."""

    @classmethod
    def setUpClass(cls):
        try:
            import numpy  # noqa: F401
            import sklearn  # noqa: F401
        except ImportError as error:
            raise unittest.SkipTest(f"{error.name} is missing: the training script reads scikit-learn's digits "
                                    "through numpy (Debian: apt-get install python3-numpy python3-sklearn)")
        cls.expected = read_reference()["capstone"]
        one_step = load_one_step()
        xb, yb = one_step.first_batch(mini_torch)
        cls.params = one_step.train_digits.init_params(mini_torch)
        calls = []
        with one_step.logging_mode("mini_torch", calls,
                                   lambda func, result: (str(func), getattr(result, "dtype", None))):
            cls.steps = one_step.autocast_forward(mini_torch, F, cls.params, xb, yb)
        cls.casts = calls.count(("aten._to_copy.default", mini_torch.bfloat16))

    def test_each_intermediate_has_torchs_dtype_and_shape(self):
        got = [[what, str(result.dtype), list(result.shape)] for what, result in self.steps]
        self.assertEqual(got, self.expected["steps"])

    def test_the_loss_is_torchs(self):
        loss = self.steps[-1][1].item()
        self.assertLess(abs(loss - self.expected["loss"]), TOLERANCE, f"{loss!r} against {self.expected['loss']!r}")

    def test_the_weights_are_cast_once_per_region(self):
        self.assertEqual(self.casts, self.expected["casts"])

    def test_the_gradients_are_float32(self):
        # The float32 leaves get float32 gradients through the casts' nodes
        # (ToCopyBackward0) and the engine's dtype check (validate_outputs).
        self.steps[-1][1].backward()
        self.assertEqual([str(p.grad.dtype) for p in self.params], self.expected["grad_dtypes"])

    def test_the_recorded_output_is_what_one_step_prints_now(self):
        # Part 10 shows examples/one_step.autocast.recorded.txt.
        import contextlib
        import io
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            load_one_step().main(["--autocast"])
        recorded = os.path.join(os.path.dirname(ONE_STEP), "one_step.autocast.recorded.txt")
        with open(recorded, encoding="utf-8") as committed:
            self.assertEqual(printed.getvalue(), committed.read(),
                             f"{recorded} is not what one_step.py --autocast prints now: write it again "
                             "(its docstring says how)")


if __name__ == "__main__":
    unittest.main()
