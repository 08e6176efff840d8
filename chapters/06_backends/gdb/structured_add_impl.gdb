set breakpoint pending off
# Walkthrough (a): the stack of PyTorch's codegen walkthrough, here. The demo
# adds a [3, 1] and a [2] float64 tensor that require grad; the arithmetic
# happens in the impl() of add's structured CPU kernel, called by the wrapper
# the generator wrote from ops.yaml.
break autogradOnTheCpu
run
# check: Breakpoint 1, (anonymous namespace)::autogradOnTheCpu () at [...]chapters/06_backends/demo/main.cpp:[...]
break mini::ch06::structured_ufunc_add_CPU::impl
continue
# check: Breakpoint 2, mini::ch06::structured_ufunc_add_CPU::impl (this=[...], self=Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True), other=Tensor(float64, shape=[2], device=cpu, requires_grad=True), out=Tensor(float64, shape=[3, 2], device=cpu)) at [...]chapters/06_backends/src/native/cpu/cpu_kernels.cpp:[...]
# Read it from the bottom: the generated public function add, its typed
# handle, the first dispatch (AutogradCPU is the tensors' highest key), the
# Autograd kernel gen_autograd.py wrote from derivatives.yaml (VariableType's
# add_Tensor, as in PyTorch), the redispatch with autograd masked off, the generated
# CPU wrapper (a file in the build tree), and impl().
bt -frame-arguments presence
# check: #0  mini::ch06::structured_ufunc_add_CPU::impl (...) at [...]/cpu_kernels.cpp:[...]
# check: #1  [...] in mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor (...) at [...]/chapters/06_backends/generated/RegisterCPU.cpp:[...]
# check: #2  [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #3  [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #4  [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #5  [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #6  [...] in mini::ch06::Dispatcher::redispatch<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch06::TypedOperatorHandle<[...]>::redispatch([...]) const (...) at [...]/dispatcher.h:[...]
# check: #8  [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor (...) at [...]/chapters/06_backends/generated/autograd/VariableType.cpp:[...]
# check: #9  [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #10 [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #11 [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #12 [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #13 [...] in mini::ch06::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #14 [...] in mini::ch06::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #15 [...] in mini::ch06::add (...) at [...]/chapters/06_backends/generated/Functions.cpp:[...]
# check: #16 [...] in (anonymous namespace)::autogradOnTheCpu () at [...]chapters/06_backends/demo/main.cpp:[...]
# check: #17 [...] in main (...) at [...]/demo/main.cpp:[...]
# The wrapper: meta() has run, and the generated subclass's set_output
# allocated the output impl() writes into: the broadcast shape [3, 2], the
# promoted dtype float64.
frame 1
# check: #1  [...] in mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor (self=Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True), other=Tensor(float64, shape=[2], device=cpu, requires_grad=True)) at [...]
print op.outputs_[0]
# check: $1 = Tensor(float64, shape=[3, 2], device=cpu)
# In the Autograd kernel: the key set it was handed, and what it redispatches with.
frame 8
# check: #8  [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor (ks=DispatchKeySet(CPU, AutogradCPU), [...]) at [...]
print ks & kAfterAutogradKeySet
# check: $2 = DispatchKeySet(CPU)
print grad_fn->name()
# check: $3 = "AddBackward0"
