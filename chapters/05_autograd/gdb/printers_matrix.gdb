set breakpoint pending off
# The printer and command matrix for chapter 05 (issue 18): every type of
# this chapter with a printer, live in this chapter's own program. Chapter
# 05's TensorImpl has a dtype, sizes and autograd state (no value list),
# its KernelFunction a boxed entry: the printers read those layouts.
# First the forward pass: the CPU kernel of add, under the Autograd kernel.
break mini::ch05::addCpu
run
# check: Breakpoint 1, mini::ch05::addCpu (self=Tensor(float64, shape=[4, 4], requires_grad=True, grad_fn=MmBackward0), other=Tensor(float64, shape=[], requires_grad=True)) at [...]/cpu_kernels.cpp:[...]
print *other.impl_.target_
# check: $1 = TensorImpl(float64, shape=[], requires_grad=True)
print self.impl_.target_->dtype
# check: $2 = float64
print self.impl_.target_->keySet.highestPriorityKey()
# check: $3 = AutocastCPU
print mini::ch05::localDispatchKeySet()
# check: $4 = {included = DispatchKeySet(BackendSelect, ADInplaceOrView), excluded = DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, AutocastCUDA)}
# The kernel being called, one frame up.
frame function mini::ch05::KernelFunction::call<mini::ch05::Tensor, mini::ch05::Tensor const&, mini::ch05::Tensor const&>
print *this
# check: $5 = mini::ch05::addCpu
print op
# check: $6 = OperatorHandle "aten::add.Tensor"
print *op.entry_
# check: $7 = OperatorEntry "aten::add.Tensor" = {[CPU] = mini::ch05::addCpu, [BackendSelect] = fallthrough, [Python] = mini::ch05::pythonFallback, [ADInplaceOrView] = fallthrough, [AutogradOther] = mini::ch05::addAutograd, [AutogradCPU] = mini::ch05::addAutograd, [AutogradCUDA] = mini::ch05::addAutograd, [AutogradMeta] = mini::ch05::addAutograd, [AutogradPrivateUse1] = mini::ch05::addAutograd, [Tracer] = mini::ch05::tracerFallback, [AutocastCPU] = fallthrough, [AutocastCUDA] = fallthrough, [Batched] = mini::ch05::batchedTensorForLoopFallback}
print op.entry_->schema()
# check: $8 = FunctionSchema "aten::add.Tensor(Tensor self, Tensor other) -> Tensor"
# The Autograd kernel: the node it made, its edges, a saved variable.
frame function mini::ch05::addAutograd
print dispatchKeySet
# check: $9 = DispatchKeySet(CPU, AutogradCPU)
print *node
# check: $10 = AddBackward0(next=[MmBackward0, AccumulateGrad], sequence_nr=1)
print node->nextEdges_[1]
# check: $11 = Edge(AccumulateGrad, input_nr=0)
print *self.gradFn()
# check: $12 = MmBackward0(next=[None, AccumulateGrad], sequence_nr=0)
print ((mini::ch05::MmBackward0*)node->nextEdges_[0].function._M_ptr)->self
# check: $13 = SavedVariable(Tensor(float64, shape=[4, 3]), version=0)
# Then a boxed fallback with its stack: backward through sin, which has no
# formula, reaches the autograd-not-implemented fallback.
delete 1
break mini::ch05::autogradNotImplementedFallback
continue
# check: Breakpoint 2, mini::ch05::autogradNotImplementedFallback (op=OperatorHandle "aten::sin", dispatchKeySet=DispatchKeySet(CPU, AutogradCPU), stack=[...]) at [...]
print *stack
# check: $14 = Stack[IValue(Tensor(float64, shape=[2], requires_grad=True))]
print 'my_add_function.cpp'::MINI_LIBRARY_IMPL_static_init_myops_CPU_0.library_.registrations_[0]
# check: $15 = RegistrationHandleRAII(armed)
# A Device lives in an IValue here: write one into the stack's slot.
set var (*stack)[0].tag_ = mini::ch05::IValue::Tag::Device
set var (*stack)[0].payload_.asDevice.type = mini::ch05::BackendComponent::CPUBit
set var (*stack)[0].payload_.asDevice.index = -1
print (*stack)[0]
# check: $16 = IValue(Device cpu)
print (*stack)[0].payload_.asDevice
# check: $17 = cpu
set var (*stack)._M_impl._M_finish = (*stack)._M_impl._M_start + 1000000000
print *stack
# check: $18 = <invalid Stack: not a vector>
mini-dispatch-table aten::add.Tensor
# check: key             kernel
# check: CPU             mini::ch05::addCpu
# check: AutogradCPU     mini::ch05::addAutograd
