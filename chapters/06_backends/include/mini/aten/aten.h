#pragma once
/// \file
/// \brief Every operator, in one include, as <ATen/ATen.h> is in PyTorch:
///        the typed handles and public functions generated from ops.yaml.

#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/native/factories.h"
// Every operator of the chapter is an entry of ops.yaml: its handle
// (addOp(), copyInplaceOp(), ...) and its public function (add, copy_,
// _to_copy, ...) are written by codegen/gen_ops.py into the build tree.
// What this header adds is only the one place to include them from.
#include "mini/generated/Functions.h"
#include "mini/generated/Operators.h"
