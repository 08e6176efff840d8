set breakpoint pending off
# Walkthrough (a): the kernel a key set selects. The demo's first call adds
# two CPU tensors; the call's highest key is AutogradCPU, so the table runs
# the autograd kernel first.
break addAutograd
run
# check: Breakpoint 1, mini::ch02::addAutograd (a=..., b=...) at [...]chapters/02_keyset/src/autograd_kernels.cpp:[...]
# The tensor carries its key set, printed by gdb/printers/ch02_keyset.py:
print a
# check: $1 = (const mini::ch02::Tensor &) @[...]: {keySet_ = DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU), value_ = 1, requiresGrad_ = false, gradFn_ = ""}
bt -frame-arguments presence
# check: #0  mini::ch02::addAutograd (...) at [...]/autograd_kernels.cpp:[...]
# check: #1  [...] in mini::ch02::OperatorTable<[...]>::call([...]) const (...) at [...]/operator_table.h:[...]
# check: #2  [...] in mini::ch02::add (...) at [...]/operators.cpp:[...]
# check: #3  [...] in (anonymous namespace)::printRow (...) at [...]chapters/02_keyset/demo/main.cpp:[...]
# check: #4  [...] in main ([...]) at [...]/demo/main.cpp:[...]
# One frame up, the table: the call's key set (tensors + thread-local
# included - excluded), then the set the kernel was picked from, after the
# fallthrough keys BackendSelect and ADInplaceOrView were dropped.
frame 1
print callKeySet
# check: $2 = DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU)
print dispatchKeySet
# check: $3 = DispatchKeySet(CPU, AutogradCPU)
print dispatchKeySet.highestPriorityKey()
# check: $4 = AutogradCPU
print dispatchKeySet.getDispatchTableIndexForDispatchKeySet()
# check: $5 = 8
