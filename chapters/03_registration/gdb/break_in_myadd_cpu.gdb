set breakpoint pending off
# Walkthrough (a): the recipe's kernel, reached through the dispatcher. The
# demo's first call of myadd has only CPU kernels to find: AutogradCPU and
# ADInplaceOrView are fallthrough, so the call lands on CPU directly.
break mini::ch03::myadd_cpu
run
# check: Breakpoint 1, mini::ch03::myadd_cpu (self=..., other=...) at [...]chapters/03_registration/src/extension/myadd.cpp:[...]
bt -frame-arguments presence
# check: #0  mini::ch03::myadd_cpu (...) at [...]/myadd.cpp:[...]
# check: #1  [...] in mini::ch03::KernelFunction::call<[...]> (...) at [...]/kernel_function.h:[...]
# check: #2  [...] in mini::ch03::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #3  [...] in mini::ch03::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #4  [...] in mini::ch03::myadd (...) at [...]/myadd.cpp:[...]
# check: #5  [...] in main ([...]) at [...]chapters/03_registration/demo/main.cpp:[...]
# In Dispatcher::call: the key set the extractor computed (tensors, plus the
# thread's included keys, minus excluded, masked by the non-fallthrough keys).
frame 2
print dispatchKeySet
# check: $1 = DispatchKeySet(CPU)
print dispatchKeySet.getDispatchTableIndexForDispatchKeySet()
# check: $2 = 1
# The kernel the slot held, printed by gdb/printers/ch03_registration.py:
print kernel
# check: $3 = mini::ch03::myadd_cpu
