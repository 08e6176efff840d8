#pragma once
/// \file
/// \brief A backward node as a Python object: `t.grad_fn`, as
///        torch/csrc/autograd/python_cpp_function.h gives it.
///
/// Each node name gets a Python type of its own, made on first use
/// (`<class 'AddBackward0'>`), so that a node prints as 1.13's does,
/// `<AddBackward0 object at 0x...>`. Its methods are 1.13's: `name()`, and
/// `next_functions`, one `(node, input_nr)` pair per input of the forward
/// operator, `(None, 0)` where that input wants no gradient. A leaf's node
/// is an AccumulateGrad, whose `variable` is the leaf.

#include <Python.h>

#include <memory>

#include "mini/autograd/node.h"

namespace mini::python {

struct THPCppFunction {
  PyObject_HEAD std::shared_ptr<Node> cdata;
};

/// A new reference: the Python object of `node` (the same object while one
/// is alive, as 1.13 keeps it on the node), or None for no node.
PyObject* functionToPyObject(const std::shared_ptr<Node>& node);

}  // namespace mini::python
