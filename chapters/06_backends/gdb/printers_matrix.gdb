set breakpoint pending off
# The printer and command matrix for chapter 06 (issue 18): every type of
# this chapter with a printer, live in this chapter's own program. Chapter
# 06's Tensor has a storage that knows its device, its Device a DeviceType:
# the printers read those layouts.
# First a boxed fallback with a stack of three kinds of IValue: the demo's
# sum_out(columnSums, matrix, {0}) has no autograd formula (an out= overload
# has none).
break mini::ch06::autogradNotImplementedFallback
run
# check: Breakpoint 1, mini::ch06::autogradNotImplementedFallback (op=OperatorHandle "aten::sum.IntList_out", dispatchKeySet=DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU), stack=[...]) at [...]
print *stack
# check: $1 = Stack[IValue(Tensor(float64, shape=[2, 3], device=cpu)), IValue(GenericList [0]), IValue(Bool false), IValue(Tensor(float64, shape=[3], device=cpu))]
print op.entry_->schema()
# check: $2 = FunctionSchema "aten::sum.IntList_out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)"
print mini::ch06::localDispatchKeySet()
# check: $3 = {included = DispatchKeySet(BackendSelect, ADInplaceOrView), excluded = DispatchKeySet(AutocastCPU, AutocastCUDA)}
frame function mini::ch06::KernelFunction::callBoxed
print *this
# check: $4 = mini::ch06::autogradNotImplementedFallback
print 'RegisterCPU.cpp'::MINI_LIBRARY_IMPL_static_init_aten_CPU_0.library_.registrations_[0]
# check: $5 = RegistrationHandleRAII(armed)
# A stack whose end lies past its capacity, as garbage would, prints a
# marker at once (and is put back, so the demo runs on).
frame 0
set $end = (*stack)._M_impl._M_finish
set var (*stack)._M_impl._M_finish = (*stack)._M_impl._M_start + 1000000000
print *stack
# check: $6 = <invalid Stack: not a vector>
set var (*stack)._M_impl._M_finish = $end
# Then the structured add of the walkthrough: inputs that require grad.
delete 1
break autogradOnTheCpu
continue
break mini::ch06::structured_ufunc_add_CPU::impl
continue
# check: Breakpoint 3, mini::ch06::structured_ufunc_add_CPU::impl (this=[...], self=Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True), other=Tensor(float64, shape=[2], device=cpu, requires_grad=True), alpha=Scalar(Int 1), out=Tensor(float64, shape=[3, 2], device=cpu)) at [...]/cpu_kernels.cpp:[...]
print *self.unsafeGetTensorImpl()
# check: $7 = TensorImpl(float64, shape=[3, 1], device=cpu, requires_grad=True)
print self.unsafeGetTensorImpl()->dtype
# check: $8 = float64
print self.unsafeGetTensorImpl()->storage._M_ptr->dataPtr.device_
# check: $9 = cpu
print self.unsafeGetTensorImpl()->keySet.highestPriorityKey()
# check: $10 = AutocastCPU
frame function mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor
print ks
# check: $11 = DispatchKeySet(CPU, AutogradCPU)
print *grad_fn
# check: $12 = AddBackward0(next=[AccumulateGrad, AccumulateGrad], sequence_nr=[...])
print grad_fn->nextEdges_[1]
# check: $13 = Edge(AccumulateGrad, input_nr=0)
frame function mini::ch06::KernelFunction::call<mini::ch06::Tensor, mini::ch06::Tensor const&, mini::ch06::Tensor const&, mini::ch06::Scalar const&>
print *this
# check: $14 = mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor
print op
# check: $15 = OperatorHandle "aten::add.Tensor"
print *op.entry_
# ([CUDA] is the CUDA wrapper where nvcc built the kernels, else a stub.)
# check: $16 = OperatorEntry "aten::add.Tensor" = {[CPU] = mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor, [CUDA] = [...], [Meta] = mini::ch06::(anonymous namespace)::wrapper_Meta_add_Tensor, [BackendSelect] = fallthrough, [Python] = mini::ch06::pythonFallback, [ADInplaceOrView] = fallthrough, [AutogradOther] = mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor, [AutogradCPU] = mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor, [...]}
# The backward of c.mul(c): its node saved both inputs.
break mini::ch06::autograd::generated::MulBackward0::apply
continue
# check: Breakpoint 4, mini::ch06::autograd::generated::MulBackward0::apply ([...]) at [...]
print *this
# check: $17 = MulBackward0(next=[AddBackward0, AddBackward0], sequence_nr=[...])
print this->self_
# check: $18 = SavedVariable(Tensor(float64, shape=[3, 2], device=cpu, requires_grad=True, grad_fn=AddBackward0), version=0)
mini-dispatch-table aten::add.Tensor
# check: key             kernel
# check: CPU             mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor
# check: AutogradCPU     mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor
