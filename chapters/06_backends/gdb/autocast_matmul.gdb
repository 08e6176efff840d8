set breakpoint pending off
# Walkthrough (d): autocast on the way down. The demo's autocast section
# (ch06_demo --autocast) multiplies two float32 tensors inside an autocast
# guard; the CPU kernel of matmul receives two bfloat16 tensors.
break mini_demo::autocastOnTheCpu
run --autocast
# check: Breakpoint 1, mini_demo::autocastOnTheCpu () at [...]chapters/06_backends/demo/autocast_demo.cpp:[...]
break mini::ch06::structured_matmul_out_cpu::impl
continue
# check: Breakpoint 2, mini::ch06::structured_matmul_out_cpu::impl (this=[...], self=Tensor(bfloat16, shape=[2, 3], device=cpu), other=Tensor(bfloat16, shape=[3, 2], device=cpu, requires_grad=True, grad_fn=ToCopyBackward0), out=Tensor(bfloat16, shape=[2, 2], device=cpu)) at [...]chapters/06_backends/src/native/cpu/cpu_kernels.cpp:[...]
# Read it from the bottom: the public matmul and its _ops struct; the first
# dispatch lands on AutocastCPU (the guard took it out of the excluded set),
# whose kernel casts and calls matmul again; that call lands on AutogradCPU
# (the Autocast key is excluded now), which records MmBackward0 and
# redispatches below autograd (redispatch::matmul, then the _ops struct's
# redispatch) to the generated CPU wrapper and impl().
bt -frame-arguments presence
# check: #0  mini::ch06::structured_matmul_out_cpu::impl (...) at [...]/cpu_kernels.cpp:[...]
# check: #1  [...] in mini::ch06::(anonymous namespace)::wrapper_CPU_matmul (...) at [...]/chapters/06_backends/generated/RegisterCPU.cpp:[...]
# check: #2  [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #3  [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #4  [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #5  [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #6  [...] in mini::ch06::Dispatcher::redispatch<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch06::TypedOperatorHandle<[...]>::redispatch([...]) const (...) at [...]/dispatcher.h:[...]
# check: #8  [...] in mini::ch06::_ops::matmul::redispatch (...) at [...]/chapters/06_backends/generated/Operators_[...].cpp:[...]
# check: #9  [...] in mini::ch06::redispatch::matmul (...) at [...]/generated/mini/generated/RedispatchFunctions.h:[...]
# check: #10 [...] in operator() (...) at [...]/chapters/06_backends/generated/autograd/VariableType.cpp:[...]
# check: #11 [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::matmul (...) at [...]/chapters/06_backends/generated/autograd/VariableType.cpp:[...]
# check: #12 [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #13 [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #14 [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #15 [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #16 [...] in mini::ch06::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #17 [...] in mini::ch06::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #18 [...] in mini::ch06::_ops::matmul::call (...) at [...]/chapters/06_backends/generated/Operators_[...].cpp:[...]
# check: #19 [...] in mini::ch06::matmul (...) at [...]/generated/mini/generated/Functions.h:[...]
# check: #20 [...] in mini::ch06::autocast::matmul_autocast<(mini::ch06::DeviceType)0> (...) at [...]/src/autocast/autocast_kernels.cpp:[...]
# check: #21 [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #22 [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #23 [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #24 [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #25 [...] in mini::ch06::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #26 [...] in mini::ch06::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #27 [...] in mini::ch06::_ops::matmul::call (...) at [...]/chapters/06_backends/generated/Operators_[...].cpp:[...]
# check: #28 [...] in mini::ch06::matmul (...) at [...]/generated/mini/generated/Functions.h:[...]
# check: #29 [...] in mini_demo::autocastOnTheCpu () at [...]chapters/06_backends/demo/autocast_demo.cpp:[...]
# check: #30 [...] in main (...) at [...]/demo/main.cpp:[...]
# The weight the CPU kernel multiplies: w rounded to bfloat16 (the Half and
# BFloat16 printers show the number two bytes hold).
print *(mini::ch06::BFloat16(*)[6])other.unsafeGetTensorImpl()->storage->data()
# check: $1 = {BFloat16(0.10205078125), BFloat16(-0.48046875), BFloat16(-0.6796875), BFloat16(0.06494140625), BFloat16(-1.09375), BFloat16(1.8828125)}
# The autocast kernel's frame: its arguments are the float32 tensors the
# demo passed; the casts it made are the arguments of the frames above it.
frame 20
# check: #20 [...] in mini::ch06::autocast::matmul_autocast<(mini::ch06::DeviceType)0> (self=Tensor(float32, shape=[2, 3], device=cpu), other=Tensor(float32, shape=[3, 2], device=cpu, requires_grad=True)) at [...]
print *(float(*)[6])other.unsafeGetTensorImpl()->storage->data()
# check: $2 = {0.101918556, -0.481323361, -0.680603027, 0.06498795, -1.09611893, 1.88632393}
# The Autograd kernel got the casts: w's is not a leaf but a ToCopyBackward0
# result, which is how the float32 w gets a float32 gradient.
frame 11
# check: #11 [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::matmul (ks=DispatchKeySet(CPU, AutogradCPU), self=Tensor(bfloat16, shape=[2, 3], device=cpu), other=Tensor(bfloat16, shape=[3, 2], device=cpu, requires_grad=True, grad_fn=ToCopyBackward0)) at [...]
# This thread's key sets now, in the CPU kernel: AutocastCPU excluded by the
# autocast kernel's guard, autograd by the Autograd kernel's, AutocastCUDA
# by default (the guard was for the CPU).
print mini::ch06::tlsLocalDispatchKeySet
# check: $3 = {included = DispatchKeySet(BackendSelect, ADInplaceOrView), excluded = DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, AutocastCUDA)}
