set breakpoint pending off
# Walkthrough (c): an operator's dispatch table, from gdb. Stop in the
# autograd kernel the demo registers for a scope; the live table of
# myops::myadd then has the autograd kernel on every autograd slot.
break mini::ch03::myadd_autograd
run
# check: Breakpoint 1, mini::ch03::myadd_autograd (dispatchKeySet=DispatchKeySet(CPU, AutogradCPU), self=..., other=...) at [...]/myadd.cpp:[...]
# The command (gdb/printers/ch03_registration.py) walks the Dispatcher
# singleton to the operator and prints each slot that holds a kernel.
mini-dispatch-table myops::myadd
# check: key             kernel
# check: CPU             mini::ch03::myadd_cpu
# check: BackendSelect   fallthrough
# check: ADInplaceOrView fallthrough
# check: AutogradOther   mini::ch03::myadd_autograd
# check: AutogradCPU     mini::ch03::myadd_autograd
# check: AutogradCUDA    mini::ch03::myadd_autograd
# check: AutogradMeta    mini::ch03::myadd_autograd
# check: AutogradPrivateUse1 mini::ch03::myadd_autograd
# check: AutocastCPU     fallthrough
# check: AutocastCUDA    fallthrough
# The same table through the OperatorEntry printer, from the static typed
# handle of the dispatching function myadd, a few frames up:
frame function mini::ch03::myadd
print *op.entry_
# check: $1 = OperatorEntry "myops::myadd" = {[CPU] = mini::ch03::myadd_cpu, [BackendSelect] = fallthrough, [ADInplaceOrView] = fallthrough, [AutogradOther] = mini::ch03::myadd_autograd, [AutogradCPU] = mini::ch03::myadd_autograd, [AutogradCUDA] = mini::ch03::myadd_autograd, [AutogradMeta] = mini::ch03::myadd_autograd, [AutogradPrivateUse1] = mini::ch03::myadd_autograd, [AutocastCPU] = fallthrough, [AutocastCUDA] = fallthrough}
# Continue to the CPU kernel: the stack now shows the redispatch, one hop
# below the autograd kernel.
break mini::ch03::myadd_cpu
continue
bt -frame-arguments presence
# check: #0  mini::ch03::myadd_cpu (...) at [...]
# check: #1  [...] in mini::ch03::KernelFunction::call<[...]> (...) at [...]
# check: #2  [...] in mini::ch03::Dispatcher::redispatch<[...]>([...]) const (...) at [...]
# check: #3  [...] in mini::ch03::TypedOperatorHandle<[...]>::redispatch([...]) const (...) at [...]
# check: [...] in mini::ch03::myadd_autograd (...) at [...]
# check: [...] in mini::ch03::Dispatcher::call<[...]>([...]) const (...) at [...]
# check: [...] in main ([...]) at [...]
