set breakpoint pending off
# The printer and command matrix for chapter 04 (issue 18): every type of
# this chapter with a printer, live in this chapter's own program. Chapter
# 04's KernelFunction has a boxed entry (no kind_ any more) and its Tensor
# holds a list of values: the printers read that layout, not chapter 03's.
# The demo's first traced call, myadd(a, b), reaches the Tracer fallback.
break mini::ch04::tracerFallback
run
# check: Breakpoint 1, mini::ch04::tracerFallback (op=OperatorHandle "myops::myadd", dispatchKeySet=DispatchKeySet(CPU, Tracer), stack=[...]) at [...]/tracer.cpp:[...]
print *stack
# check: $1 = Stack[IValue(Tensor [1, 2, 3] DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)), IValue(Tensor [10, 20, 30] DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU))]
print (*stack)[1]
# check: $2 = IValue(Tensor [10, 20, 30] DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU))
print *(mini::ch04::TensorImpl*)(*stack)[0].payload_.asHeapObject
# check: $3 = TensorImpl([1, 2, 3], DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU))
print dispatchKeySet.highestPriorityKey()
# check: $4 = Tracer
print mini::ch04::localDispatchKeySet()
# check: $5 = {included = DispatchKeySet(BackendSelect, ADInplaceOrView, Tracer), excluded = DispatchKeySet(AutocastCPU, AutocastCUDA)}
print *op.entry_
# check: $6 = OperatorEntry "myops::myadd" = {[CPU] = mini::ch04::myadd_cpu, [BackendSelect] = fallthrough, [Python] = mini::ch04::countingFallback, [ADInplaceOrView] = fallthrough, [AutogradOther] = fallthrough, [AutogradCPU] = fallthrough, [AutogradCUDA] = fallthrough, [Tracer] = mini::ch04::tracerFallback, [AutocastCPU] = fallthrough, [AutocastCUDA] = fallthrough, [Batched] = mini::ch04::batchedFallback}
print op.entry_->dispatchTable().slots._M_elems[1]
# check: $7 = mini::ch04::myadd_cpu
print op.entry_->schema()
# check: $8 = FunctionSchema "myops::myadd(Tensor self, Tensor other) -> Tensor"
# The boxed kernel being run: a KernelFunction whose function is the fallback.
frame function mini::ch04::KernelFunction::callBoxed
print *this
# check: $9 = mini::ch04::tracerFallback
# The typed handle of the dispatching function, and its tensors.
frame function mini::ch04::myadd
# check: #[...] mini::ch04::myadd (self=Tensor([1, 2, 3], DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)), other=Tensor([10, 20, 30], DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU))) at [...]
print op
# check: $10 = OperatorHandle "myops::myadd"
# A static registration block's handles, armed for the program's life.
print 'myadd.cpp'::MINI_LIBRARY_IMPL_static_init_myops_CPU_0.library_.registrations_[0]
# check: $11 = RegistrationHandleRAII(armed)
# A Device lives in an IValue: write one into the stack's second slot.
frame 0
set var (*stack)[1].tag_ = mini::ch04::IValue::Tag::Device
set var (*stack)[1].payload_.asDevice.type = mini::ch04::BackendComponent::CUDABit
set var (*stack)[1].payload_.asDevice.index = 1
print (*stack)[1]
# check: $12 = IValue(Device cuda:1)
print (*stack)[1].payload_.asDevice
# check: $13 = cuda:1
# A stack that is garbage (its end past its capacity) prints a marker at
# once: nothing reads a billion IValues.
set var (*stack)._M_impl._M_finish = (*stack)._M_impl._M_start + 1000000000
print *stack
# check: $14 = <invalid Stack: not a vector>
mini-dispatch-table myops::myadd
# check: key             kernel
# check: CPU             mini::ch04::myadd_cpu
# check: Python          mini::ch04::countingFallback
# check: Tracer          mini::ch04::tracerFallback
# check: Batched         mini::ch04::batchedFallback
