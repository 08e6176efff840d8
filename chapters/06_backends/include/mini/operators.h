#pragma once
/// \file
/// \brief The operators: their typed handles and public functions, all
///        generated from ops.yaml, in one include.

#include "mini/dispatcher.h"
#include "mini/tensor.h"
#include "mini/factories.h"
// Every operator of the chapter is an entry of ops.yaml: its handle
// (addOp(), copyInplaceOp(), ...) and its public function (add, copy_,
// _to_copy, ...) are written by codegen/gen_ops.py into the build tree.
// What this header adds is only the one place to include them from.
#include "mini/generated/Functions.h"
#include "mini/generated/Operators.h"
