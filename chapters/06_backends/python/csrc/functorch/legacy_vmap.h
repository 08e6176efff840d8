#pragma once
/// \file
/// \brief The functions 1.13's Python vmap calls (legacy_vmap.cpp).

#include <Python.h>

namespace mini::python {

/// Adds _vmapmode_increment_nesting, _vmapmode_decrement_nesting,
/// _add_batch_dim and _remove_batch_dim to the module.
void initLegacyVmapBindings(PyObject* module);

}  // namespace mini::python
