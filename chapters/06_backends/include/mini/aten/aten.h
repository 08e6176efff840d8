#pragma once
/// \file
/// \brief Every operator, in one include, as <ATen/ATen.h> is in PyTorch:
///        the _ops structs, the public and redispatch functions generated
///        from ops.yaml (Tensor's methods come with mini/core/tensor.h).

#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/native/factories.h"
// Every operator of the chapter is an entry of ops.yaml: its _ops struct
// (_ops::add_Tensor, _ops::copy_, ...), its public function (add, _to_copy,
// ...), its redispatch function and its Tensor method (a.add(b), a.copy_(b))
// are written by codegen/gen_ops.py into the build tree. What this header
// adds is only the one place to include them from.
#include "mini/generated/Functions.h"
#include "mini/generated/Operators.h"
#include "mini/generated/RedispatchFunctions.h"
