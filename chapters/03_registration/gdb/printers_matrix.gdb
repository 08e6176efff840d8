set breakpoint pending off
# The printer and command matrix for chapter 03 (issue 18): every type of
# this chapter with a printer, live in this chapter's own program (chapter
# 03's layouts: its KernelFunction has a kind_), and mini-dispatch-table.
# The demo's scoped Library has registered myadd_autograd for Autograd.
break mini::ch03::myadd_autograd
run
# check: Breakpoint 1, mini::ch03::myadd_autograd (dispatchKeySet=DispatchKeySet(CPU, AutogradCPU), self=..., other=...) at [...]/myadd.cpp:[...]
print self
# check: $1 = (const mini::ch03::Tensor &) @[...]: {keySet_ = DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU), value_ = 3, requiresGrad_ = true, gradFn_ = ""}
print dispatchKeySet.highestPriorityKey()
# check: $2 = AutogradCPU
print mini::ch03::localDispatchKeySet()
# check: $3 = {included = DispatchKeySet(BackendSelect, ADInplaceOrView), excluded = DispatchKeySet(AutocastCPU, AutocastCUDA)}
# The kernel the slot held, the handle, the entry, its table and schema.
frame function mini::ch03::Dispatcher::call<mini::ch03::Tensor, mini::ch03::Tensor const&, mini::ch03::Tensor const&>
print kernel
# check: $4 = mini::ch03::myadd_autograd
print op
# check: $5 = OperatorHandle "myops::myadd"
print *op.entry_
# check: $6 = OperatorEntry "myops::myadd" = {[CPU] = mini::ch03::myadd_cpu, [BackendSelect] = fallthrough, [ADInplaceOrView] = fallthrough, [AutogradOther] = mini::ch03::myadd_autograd, [AutogradCPU] = mini::ch03::myadd_autograd, [AutogradCUDA] = mini::ch03::myadd_autograd, [AutogradMeta] = mini::ch03::myadd_autograd, [AutogradPrivateUse1] = mini::ch03::myadd_autograd, [AutocastCPU] = fallthrough, [AutocastCUDA] = fallthrough}
print table
# check: $7 = DispatchTable = {[CPU] = mini::ch03::myadd_cpu, [BackendSelect] = fallthrough, [ADInplaceOrView] = fallthrough, [AutogradOther] = mini::ch03::myadd_autograd, [AutogradCPU] = mini::ch03::myadd_autograd, [AutogradCUDA] = mini::ch03::myadd_autograd, [AutogradMeta] = mini::ch03::myadd_autograd, [AutogradPrivateUse1] = mini::ch03::myadd_autograd, [AutocastCPU] = fallthrough, [AutocastCUDA] = fallthrough}
print table.slots._M_elems[0]
# check: $8 = missing
print op.entry_->schema()
# check: $9 = FunctionSchema "myops::myadd(Tensor self, Tensor other) -> Tensor"
# A parsed schema with a keyword-only, aliased argument, and the scoped
# Library's registration handle (armed: destroying it undoes the impl).
frame function main
print out
# check: $10 = FunctionSchema "myops::myadd.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)"
print autograd.registrations_
# check: $11 = std::vector of length 1, capacity 1 = {RegistrationHandleRAII(armed)}
# The typed handle of the dispatching function myadd.
frame function mini::ch03::myadd
print op
# check: $12 = OperatorHandle "myops::myadd"
# Memory that is not (yet) an object prints a marker, never an error, and
# never a long read: here main's schema gets an argument vector whose end
# lies past its capacity, as garbage would.
frame function main
set var out.arguments._M_impl._M_finish = out.arguments._M_impl._M_start + 1000000
print out
# check: $13 = <invalid FunctionSchema: not a vector>
mini-dispatch-table myops::myadd
# check: key             kernel
# check: CPU             mini::ch03::myadd_cpu
# check: AutogradCPU     mini::ch03::myadd_autograd
# check: AutocastCUDA    fallthrough
mini-dispatch-table myops::nosuch
# check: no operator myops::nosuch in the Dispatcher (mini::ch03)
