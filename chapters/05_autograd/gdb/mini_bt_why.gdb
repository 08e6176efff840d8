set breakpoint pending off
# Walkthrough (c): the central stack trace of (a), read by the course's
# dispatcher commands (gdb/printers/dispatch_commands.py). `mini bt` folds
# the plumbing of both dispatches: two hops, the Autograd kernel reached by
# Dispatcher::call and the CPU kernel reached by its redispatch.
break mini::ch05::addCpu
run
# check: Breakpoint 1, mini::ch05::addCpu [...]
mini bt -frame-arguments presence
# check: #0  [aten::add.Tensor @ CPU] mini::ch05::addCpu (...) at [...]/cpu_kernels.cpp:[...]
# check: #7  [...] in [aten::add.Tensor @ AutogradCPU] mini::ch05::addAutograd (...) at [...]/autograd_kernels.cpp:[...]
# check: #14 [...] in mini::ch05::add (...) at [...]/operators.cpp:[...]
# check: #15 [...] in (anonymous namespace)::Model::forward (...) at [...]/demo/main.cpp:[...]
# check: #16 [...] in main (...) at [...]/demo/main.cpp:[...]
# `mini why` at the CPU kernel: a redispatch reads neither the tensors nor
# this thread's sets; the set came down from the Autograd kernel, which
# masked autograd off the set it was itself dispatched on.
mini why
# check: operator      aten::add.Tensor, Dispatcher::redispatch in frame #5
# check: argument      self: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: argument      other: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: included      DispatchKeySet(BackendSelect, ADInplaceOrView)  (this thread's, now)
# check: excluded      DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, AutocastCUDA)  (this thread's, now)
# check: redispatch    the set was passed down by mini::ch05::addAutograd in frame #7,
# check:               reached as [aten::add.Tensor @ AutogradCPU] with DispatchKeySet(CPU, AutogradCPU) (Dispatcher::call in frame #12)
# check: dispatched on DispatchKeySet(CPU), highest key CPU
# check: slot          1 (CPU) = mini::ch05::addCpu
# check: filled by     a kernel on CPU, registered at chapters/05_autograd/src/native/cpu/cpu_kernels.cpp:[...]
# The Autograd kernel's frame: the first dispatch, AutogradCPU highest, its
# slot filled from the alias key Autograd. The guard in this frame has since
# excluded autograd on this thread, so the keys that call skipped cannot be
# read off the sets as they are now, and `mini why` says so.
frame function mini::ch05::addAutograd
# check: #7  [...] in mini::ch05::addAutograd (dispatchKeySet=DispatchKeySet(CPU, AutogradCPU), [...]
mini why
# check: operator      aten::add.Tensor, Dispatcher::call in frame #12
# check: fallthrough   unknown: this thread now excludes AutogradCPU, which this call dispatched on [...]
# check: dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU
# check: slot          10 (AutogradCPU) = mini::ch05::addAutograd
# check: filled by     alias key Autograd (autograd kernel), registered at chapters/05_autograd/src/autograd/autograd_kernels.cpp:[...]
# sin has no formula: its Autograd slot holds the boxed kernel
# autogradNotImplementedFallback, reached from the typed call through
# BoxedKernelWrapper (folded); `mini why` reads its tensor from the stack.
# Here no guard is active yet: ADInplaceOrView was skipped as fallthrough.
delete 1
break mini::ch05::autogradNotImplementedFallback
continue
# check: Breakpoint 2, mini::ch05::autogradNotImplementedFallback (op=OperatorHandle "aten::sin", [...]
mini bt -frame-arguments presence 3
# check: #0  [aten::sin @ AutogradCPU] mini::ch05::autogradNotImplementedFallback (...) at [...]/autograd_not_implemented_fallback.cpp:[...]
# check: #7  [...] in mini::ch05::sin (...) at [...]/operators.cpp:[...]
# check: #8  [...] in main (...) at [...]/demo/main.cpp:[...]
mini why
# check: operator      aten::sin, Dispatcher::call in frame #5
# check: argument      stack[0]: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)  (this thread's, now)
# check: fallthrough   BackendSelect, ADInplaceOrView  (in (arguments | included) - excluded, masked off as fallthrough)
# check: dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU
# check: slot          10 (AutogradCPU) = mini::ch05::autogradNotImplementedFallback
# check: filled by     alias key Autograd (autograd kernel), registered at chapters/05_autograd/src/autograd/autograd_not_implemented_fallback.cpp:[...]
