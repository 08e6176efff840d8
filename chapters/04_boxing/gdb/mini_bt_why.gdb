set breakpoint pending off
# Walkthrough (c): the Tracer fallback of (b), read by the course's
# dispatcher commands. `mini bt` folds the boxing plumbing (BoxedKernelWrapper,
# KernelFunction::callBoxed, ...) into the kernel it led to; `mini why` reads
# the boxed kernel's tensors from its stack and shows that the slot holds a
# backend fallback, not a kernel of myadd.
break mini::ch04::tracerFallback
run
# check: Breakpoint 1, mini::ch04::tracerFallback [...]
mini bt -frame-arguments presence
# check: #0  [myops::myadd @ Tracer] mini::ch04::tracerFallback (...) at [...]/tracer.cpp:[...]
# check: #7  [...] in mini::ch04::myadd (...) at [...]/myadd.cpp:[...]
# check: #8  [...] in main (...) at [...]/demo/main.cpp:[...]
mini why
# check: operator      myops::myadd, Dispatcher::call in frame #5
# check: argument      stack[0]: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: argument      stack[1]: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: included      DispatchKeySet(BackendSelect, ADInplaceOrView, Tracer)  (this thread's, now)
# check: excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)  (this thread's, now)
# check: fallthrough   BackendSelect, ADInplaceOrView, AutogradCPU  [...]
# check: dispatched on DispatchKeySet(CPU, Tracer), highest key Tracer
# check: slot          14 (Tracer) = mini::ch04::tracerFallback
# check: filled by     the backend fallback for Tracer, registered at chapters/04_boxing/src/fallbacks/tracer.cpp:[...]
