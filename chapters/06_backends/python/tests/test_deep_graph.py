"""A graph of any depth can be built, run backward and freed from Python, as
in torch 1.13. Each node holds the node before it through its edges, and a
node freed by its destructor alone would free the one before from inside
its own destructor: some 12,800 nodes deep (a Debug build, 8 MiB of stack),
that ran out of stack and killed the interpreter. The nodes are freed by
deleteNode, which does it in a loop (src/autograd/node.cpp, after 1.13's
torch/csrc/autograd/function.cpp); the C++ side is
tests/autograd/graph_lifetime_test.cpp."""

import gc
import unittest

import mini_torch

DEPTH = 100_000
# The loop below makes three nodes a step (MulBackward0, SumBackward0 and
# the AddBackward0 of the chain): 25,000 steps make a chain twice as deep as
# the 12,800 nodes that crashed, in a third of the time 100,000 would take.
RUNNING_STEPS = 25_000


class DeepGraph(unittest.TestCase):
    def setUp(self):
        # Freed by reference counts, the moment the last name goes: the
        # collector must not be the one to free a graph here (it would free
        # it at another time, and could hide a crash in the test's teardown).
        gc.disable()
        self.addCleanup(gc.enable)

    def test_a_deep_chain_runs_backward_and_is_freed(self):
        # y = x; for i in range(100000): y = y * 1.0; y.backward(); del y
        x = mini_torch.tensor([2.0], requires_grad=True)
        y = x
        for _ in range(DEPTH):
            y = y * 1.0
        self.assertEqual(type(y.grad_fn).__name__, "MulBackward0")
        y.backward()
        del y
        self.assertEqual(x.grad.tolist(), [1.0])

    def test_a_deep_chain_is_freed_without_a_backward(self):
        # Every node still holds what it saved: y * w keeps y, and with it the
        # node before, a second path down the chain.
        x = mini_torch.tensor([2.0], requires_grad=True)
        w = mini_torch.tensor([1.0], requires_grad=True)
        y = x
        for _ in range(DEPTH):
            y = y * w
        del y
        self.assertIsNone(x.grad)

    def test_a_running_sum_of_losses(self):
        # The training loop that keeps a graph alive by accident: the sum of
        # the losses, not of their values, holds every step's graph, and is
        # freed at the end, or when the name is taken for something else.
        w = mini_torch.tensor([0.5, 0.5], requires_grad=True)
        data = mini_torch.tensor([1.0, 2.0])
        running = mini_torch.tensor(0.0)
        for _ in range(RUNNING_STEPS):
            loss = (w * data).sum()
            running = running + loss
        running.backward()
        self.assertEqual(w.grad.tolist(), [RUNNING_STEPS * 1.0, RUNNING_STEPS * 2.0])
        self.assertEqual(running.item(), RUNNING_STEPS * 1.5)
        running = None


if __name__ == "__main__":
    unittest.main()
