set breakpoint pending off
# Walkthrough (c): the same stop as (a), read by the course's dispatcher
# commands (gdb/printers/dispatch_commands.py). `mini bt` prints one line per
# dispatch hop: the kernel, named with the operator and the key that reached
# it; the plumbing between it and the dispatcher is folded away.
break mini::ch03::myadd_cpu
run
# check: Breakpoint 1, mini::ch03::myadd_cpu [...]
mini bt -frame-arguments presence
# check: #0  [myops::myadd @ CPU] mini::ch03::myadd_cpu (...) at [...]/myadd.cpp:[...]
# check: #4  [...] in mini::ch03::myadd (...) at [...]/myadd.cpp:[...]
# check: #5  [...] in main (...) at [...]/demo/main.cpp:[...]
# `mini why`: how the dispatcher chose this slot. The tensors carry CPU,
# ADInplaceOrView, AutogradCPU and AutocastCPU; the thread includes
# BackendSelect and ADInplaceOrView and excludes autocast; what is left but
# CPU is fallthrough for myadd, so the call lands on CPU directly.
mini why
# check: operator      myops::myadd, Dispatcher::call in frame #2
# check: argument      self: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: argument      other: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: included      DispatchKeySet(BackendSelect, ADInplaceOrView)  (this thread's, now)
# check: excluded      DispatchKeySet(AutocastCPU, AutocastCUDA)  (this thread's, now)
# check: fallthrough   BackendSelect, ADInplaceOrView, AutogradCPU  (in (arguments | included) - excluded, masked off as fallthrough)
# check: dispatched on DispatchKeySet(CPU), highest key CPU
# check: slot          1 (CPU) = mini::ch03::myadd_cpu
# check: filled by     a kernel on CPU, registered at chapters/03_registration/src/extension/myadd.cpp:[...]
# A frame no dispatcher call reached has nothing to explain: one line, no error.
frame function main
mini why
# check: mini why: no dispatcher call reached main(int, char**); select a kernel's frame [...]
