set breakpoint pending off
# The CPU kernels' loops come in one build per CPU capability, and the stub
# below impl() runs the one this CPU chose. The walkthrough fixes the choice,
# as ATEN_CPU_CAPABILITY does, so that its frames are the same on every
# machine: without it, a CPU with AVX2 runs mini::ch06::AVX2::..., the same
# source compiled with -mavx2 -mfma.
set environment ATEN_CPU_CAPABILITY default
# Walkthrough (a): the stack of PyTorch's codegen walkthrough, here. The demo
# adds a [3, 1] and a [2] float64 tensor that require grad; the arithmetic
# happens in the impl() of add's structured CPU kernel, called by the wrapper
# the generator wrote from ops.yaml.
break autogradOnTheCpu
run
# check: Breakpoint 1, (anonymous namespace)::autogradOnTheCpu () at [...]chapters/06_backends/demo/main.cpp:[...]
break mini::ch06::structured_ufunc_add_CPU::impl
continue
# check: Breakpoint 2, mini::ch06::structured_ufunc_add_CPU::impl (this=[...], self=Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True), other=Tensor(float64, shape=[2], device=cpu, requires_grad=True), alpha=Scalar(Int 1), out=Tensor(float64, shape=[3, 2], device=cpu)) at [...]chapters/06_backends/src/native/cpu/cpu_kernels.cpp:[...]
# Read it from the bottom, as the frames of PyTorch's own walkthrough of
# torch.add read (lesson 06, "The call path, frame for frame"): the Tensor
# method a.add(b) the generator declared in class Tensor; the _ops struct's
# call, whose typed handle was looked up once; the first dispatch
# (AutogradCPU is the tensors' highest key) to the Autograd kernel
# gen_autograd.py wrote from derivatives.yaml (VariableType's add_Tensor, as
# in PyTorch); its redispatch::add with autograd masked off, through the
# _ops struct's redispatch; the generated CPU wrapper (a file in the build
# tree), and impl(). Frame 10 is the lambda the Autograd kernel calls at
# once around its guard and its redispatch, as 1.13's generated kernels do
# (DISPATCH_TO_NON_VAR_TYPE_WITH_TMP_RETURN_VALUES), a frame of its own.
bt -frame-arguments presence
# check: #0  mini::ch06::structured_ufunc_add_CPU::impl (...) at [...]/cpu_kernels.cpp:[...]
# check: #1  [...] in mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor (...) at [...]/chapters/06_backends/generated/RegisterCPU.cpp:[...]
# check: #2  [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #3  [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #4  [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #5  [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #6  [...] in mini::ch06::Dispatcher::redispatch<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch06::TypedOperatorHandle<[...]>::redispatch([...]) const (...) at [...]/dispatcher.h:[...]
# check: #8  [...] in mini::ch06::_ops::add_Tensor::redispatch (...) at [...]/chapters/06_backends/generated/Operators_[...].cpp:[...]
# check: #9  [...] in mini::ch06::redispatch::add (...) at [...]/generated/mini/generated/RedispatchFunctions.h:[...]
# check: #10 [...] in operator() (...) at [...]/chapters/06_backends/generated/autograd/VariableType.cpp:[...]
# check: #11 [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor (...) at [...]/chapters/06_backends/generated/autograd/VariableType.cpp:[...]
# check: #12 [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #13 [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #14 [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #15 [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #16 [...] in mini::ch06::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #17 [...] in mini::ch06::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #18 [...] in mini::ch06::_ops::add_Tensor::call (...) at [...]/chapters/06_backends/generated/Operators_[...].cpp:[...]
# check: #19 [...] in mini::ch06::Tensor::add (...) at [...]/generated/mini/generated/TensorMethodDefinitions.h:[...]
# check: #20 [...] in (anonymous namespace)::autogradOnTheCpu () at [...]chapters/06_backends/demo/main.cpp:[...]
# check: #21 [...] in main (...) at [...]/demo/main.cpp:[...]
# The wrapper: meta() has run, and the generated subclass's set_output
# allocated the output impl() writes into: the broadcast shape [3, 2], the
# promoted dtype float64.
frame 1
# check: #1  [...] in mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor (self=Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True), other=Tensor(float64, shape=[2], device=cpu, requires_grad=True), alpha=Scalar(Int 1)) at [...]
print op.outputs_[0]
# check: $1 = Tensor(float64, shape=[3, 2], device=cpu)
# The lambda: the guard it holds excludes the autograd keys (and
# ADInplaceOrView) from this thread until the lambda returns, so the node is
# hung on the result (below, in add_Tensor) with autograd back on.
frame 10
# check: #10 [...] in operator() (__closure=[...]) at [...]/chapters/06_backends/generated/autograd/VariableType.cpp:[...]
print mini::ch06::tlsLocalDispatchKeySet.excluded
# check: $2 = DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, AutocastCUDA)
# In the Autograd kernel: the key set it was handed, and what it redispatches with.
frame 11
# check: #11 [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor (ks=DispatchKeySet(CPU, AutogradCPU), [...]) at [...]
print ks & kAfterAutogradKeySet
# check: $3 = DispatchKeySet(CPU)
print grad_fn->name()
# check: $4 = "AddBackward0"
# The _ops struct the method called, PyTorch's at::_ops::add_Tensor: its
# call holds the typed handle in a function-local static, looked up by the
# struct's name and overload name at the first call, then kept.
frame 18
# check: #18 [...] in mini::ch06::_ops::add_Tensor::call (self=Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True), other=Tensor(float64, shape=[2], device=cpu, requires_grad=True), alpha=Scalar(Int 1)) at [...]
print op
# check: $5 = OperatorHandle "aten::add.Tensor"
# Below impl(): add's stub, then the kernel of the capability this
# process runs with, here the default build.
break add_kernel
continue
# check: Breakpoint 3[...], mini::ch06::DEFAULT::(anonymous namespace)::add_kernel (out=Tensor(float64, shape=[3, 2], device=cpu), self=Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True), other=Tensor(float64, shape=[2], device=cpu, requires_grad=True), alphaScalar=Scalar(Int 1)) at [...]chapters/06_backends/src/native/cpu/binary_ops_kernel.cpp:[...]
bt -frame-arguments presence 6
# check: #0  mini::ch06::DEFAULT::(anonymous namespace)::add_kernel (...) at [...]/binary_ops_kernel.cpp:[...]
# check: #1  [...] in mini::ch06::DispatchStub<void (*)([...])>::operator()<[...]> (...) at [...]/dispatch_stub.h:[...]
# check: #2  [...] in operator() (...) at [...]/cpu_kernels.cpp:[...]
# check: #3  [...] in mini::ch06::(anonymous namespace)::computeInCommonDtype<[...]) (...) at [...]/cpu_kernels.cpp:[...]
# check: #4  [...] in mini::ch06::(anonymous namespace)::binaryIntoCpu<[...]> (...) at [...]/cpu_kernels.cpp:[...]
# check: #5  [...] in mini::ch06::structured_ufunc_add_CPU::impl (...) at [...]/cpu_kernels.cpp:[...]
# The choice, made once per process, and the stub's slots: the default
# build's kernel, the AVX2 build's where the compiler could build it, no
# AVX512 build.
print mini::ch06::get_cpu_capability()
# check: $6 = mini::ch06::CPUCapability::DEFAULT
print mini::ch06::add_stub.kernels_
# check: $7 = {_M_elems = {[...] <mini::ch06::DEFAULT::(anonymous namespace)::add_kernel([...])>, [...], 0x0}}
# The loop. This add broadcasts ([3, 1] and [2]), so it walks the operands
# element by element; the next statement, c.mul(c), has flat operands and
# runs whole Vectorized<double> (four lanes) through the vector op.
break mini::ch06::vec::DEFAULT::Vectorized<double>::loadu
continue
# check: Breakpoint 4, mini::ch06::vec::DEFAULT::Vectorized<double>::loadu (pointer=[...]) at [...]/vectorized.h:[...]
bt -frame-arguments presence 10
# check: #0  mini::ch06::vec::DEFAULT::Vectorized<double>::loadu (...) at [...]/vectorized.h:[...]
# check: #1  [...] in mini::ch06::DEFAULT::detail::vectorized_loop<double, [...]) (...) at [...]/loops.h:[...]
# check: #2  [...] in operator() (...) at [...]/loops.h:[...]
# check: #3  [...] in mini::ch06::parallelFor<mini::ch06::DEFAULT::cpu_kernel_vec<[...]) (...) at [...]/parallel.h:[...]
# check: #4  [...] in mini::ch06::DEFAULT::cpu_kernel_vec<[...]) (...) at [...]/loops.h:[...]
# check: #5  [...] in operator() (...) at [...]/binary_ops_kernel.cpp:[...]
# check: #6  [...] in operator()<double> (...) at [...]/binary_ops_kernel.cpp:[...]
# check: #7  [...] in mini::ch06::dispatchScalarType<[...]) (...) at [...]/dispatch_scalar_type.h:[...]
# check: #8  [...] in mini::ch06::DEFAULT::(anonymous namespace)::mul_kernel (...) at [...]/binary_ops_kernel.cpp:[...]
# check: #9  [...] in mini::ch06::DispatchStub<void (*)([...])>::operator()<[...]> (...) at [...]/dispatch_stub.h:[...]
