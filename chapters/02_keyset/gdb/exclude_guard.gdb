set breakpoint pending off
# Walkthrough (b): an exclude guard changes which kernel runs. The autograd
# kernel excludes autograd (and ADInplaceOrView) in this thread and calls add
# again; the same tensors now select the CPU kernel.
break addCPU
run
# check: Breakpoint 1, mini::ch02::addCPU (a=..., b=...) at [...]chapters/02_keyset/src/backend_kernels.cpp:[...]
bt -frame-arguments presence
# check: #0  mini::ch02::addCPU (...) at [...]/backend_kernels.cpp:[...]
# check: #1  [...] in mini::ch02::OperatorTable<[...]>::call([...]) const (...) at [...]/operator_table.h:[...]
# check: #2  [...] in mini::ch02::add (...) at [...]/operators.cpp:[...]
# check: #3  [...] in mini::ch02::addAutograd (...) at [...]/autograd_kernels.cpp:[...]
# check: #4  [...] in mini::ch02::OperatorTable<[...]>::call([...]) const (...) at [...]/operator_table.h:[...]
# check: #5  [...] in mini::ch02::add (...) at [...]/operators.cpp:[...]
# check: #6  [...] in (anonymous namespace)::printRow (...) at [...]/demo/main.cpp:[...]
# This thread's state while the guard lives: autograd is excluded.
print mini::ch02::localDispatchKeySet()
# check: $1 = {included = DispatchKeySet(BackendSelect, ADInplaceOrView), excluded = DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, AutocastCUDA)}
# The inner call's key set: same tensors, no autograd left, so CPU wins.
frame 1
print callKeySet
# check: $2 = DispatchKeySet(CPU, BackendSelect)
print dispatchKeySet
# check: $3 = DispatchKeySet(CPU)
# The guard itself, two frames further up: it remembers exactly the bits it
# added (AutocastCPU and AutocastCUDA were excluded already) and removes
# only those when addAutograd returns.
frame 3
print belowAutograd
# check: $4 = {added_ = DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality)}
# The outer call, before the guard: AutogradCPU was the highest key.
frame 4
print dispatchKeySet
# check: $5 = DispatchKeySet(CPU, AutogradCPU)
