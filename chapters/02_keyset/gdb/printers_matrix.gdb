set breakpoint pending off
# The printer and command matrix for chapter 02 (issue 18): DispatchKey,
# BackendComponent, DispatchKeySet (split and flat), LocalDispatchKeySet and
# the Tensor (a plain struct gdb prints, its key set through the printer),
# live in this chapter's own program. There is no Dispatcher yet.
break addCPU
run
# check: Breakpoint 1, mini::ch02::addCPU (a=..., b=...) at [...]chapters/02_keyset/src/backend_kernels.cpp:[...]
print a
# check: $1 = (const mini::ch02::Tensor &) @[...]: {keySet_ = DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU), value_ = 1, requiresGrad_ = false, gradFn_ = ""}
print a.keySet_.highestPriorityKey()
# check: $2 = AutocastCPU
print mini::ch02::BackendComponent::CPUBit
# check: $3 = CPUBit
print mini::ch02::localDispatchKeySet()
# check: $4 = {included = DispatchKeySet(BackendSelect, ADInplaceOrView), excluded = DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, AutocastCUDA)}
frame 1
print dispatchKeySet
# check: $5 = DispatchKeySet(CPU)
frame function main
print flat
# check: $6 = FlatDispatchKeySet(CPU, AutogradCPU, Tracer)
mini-dispatch-table myops::myadd
# check: no Dispatcher in this program (chapter 03 on)
