set breakpoint pending off
# Walkthrough (c): the stack of (a), read by the course's dispatcher
# commands (gdb/printers/dispatch_commands.py). Two hops: the Autograd
# kernel, then impl() under the generated wrapper wrapper_CPU_add_Tensor,
# which is what the CPU slot holds. `mini bt` folds the wrapper with the
# plumbing (the _ops structs and redispatch:: functions included); -full
# shows it, indented under impl().
break autogradOnTheCpu
run
# check: Breakpoint 1, (anonymous namespace)::autogradOnTheCpu () at [...]
break mini::ch06::structured_ufunc_add_CPU::impl
continue
# check: Breakpoint 2, mini::ch06::structured_ufunc_add_CPU::impl [...]
mini bt -frame-arguments presence
# check: #0  [aten::add.Tensor @ CPU] mini::ch06::structured_ufunc_add_CPU::impl (...) at [...]/cpu_kernels.cpp:[...]
# check: #10 [...] in operator() (...) at [...]/chapters/06_backends/generated/autograd/VariableType.cpp:[...]
# check: #11 [...] in [aten::add.Tensor @ AutogradCPU] mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor (...) at [...]/chapters/06_backends/generated/autograd/VariableType.cpp:[...]
# check: #19 [...] in mini::ch06::Tensor::add (...) at [...]/generated/mini/generated/TensorMethodDefinitions.h:[...]
# check: #20 [...] in (anonymous namespace)::autogradOnTheCpu () at [...]/demo/main.cpp:[...]
# check: #21 [...] in main (...) at [...]/demo/main.cpp:[...]
mini bt -full -frame-arguments presence 1
# check: #0  [aten::add.Tensor @ CPU] mini::ch06::structured_ufunc_add_CPU::impl (...) at [...]
# check:     #1  [...] in mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor (...) at [...]/chapters/06_backends/generated/RegisterCPU.cpp:[...]
# check:     #2  [...] in mini::ch06::impl::WrapFunctionIntoFunctor_<[...]>::operator() (...) at [...]/wrap_function_into_functor.h:[...]
# check:     #3  [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call (...) at [...]/make_boxed_from_unboxed.h:[...]
# check:     #4  [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check:     #5  [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check:     #6  [...] in mini::ch06::Dispatcher::redispatch<[...]> (...) at [...]/dispatcher.h:[...]
# check:     #7  [...] in mini::ch06::TypedOperatorHandle<[...]>::redispatch (...) at [...]/dispatcher.h:[...]
# check:     #8  [...] in mini::ch06::_ops::add_Tensor::redispatch (...) at [...]/generated/Operators_[...].cpp:[...]
# check:     #9  [...] in mini::ch06::redispatch::add (...) at [...]/generated/mini/generated/RedispatchFunctions.h:[...]
# `mini why` at impl(): the arguments are the wrapper's, what the dispatcher
# passed (impl() also gets the output meta() allocated); the slot holds the
# wrapper, registered by the generated RegisterCPU.cpp in the build tree.
mini why
# check: operator      aten::add.Tensor, Dispatcher::redispatch in frame #6
# check: argument      self: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: argument      other: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)
# check: redispatch    the set was passed down by mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor in frame #11,
# check:               reached as [aten::add.Tensor @ AutogradCPU] with DispatchKeySet(CPU, AutogradCPU) (Dispatcher::call in frame #16)
# check: dispatched on DispatchKeySet(CPU), highest key CPU
# check: slot          1 (CPU) = mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor
# check: filled by     a kernel on CPU, registered at [...]chapters/06_backends/generated/RegisterCPU.cpp:[...]
# The Autograd kernel's frame: the generated VariableType.cpp put it on
# the alias key Autograd.
frame function mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor
# check: #11 [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor (ks=DispatchKeySet(CPU, AutogradCPU), [...]
mini why
# check: operator      aten::add.Tensor, Dispatcher::call in frame #16
# check: fallthrough   unknown: this thread now excludes AutogradCPU, which this call dispatched on [...]
# check: dispatched on DispatchKeySet(CPU, AutogradCPU), highest key AutogradCPU
# check: slot          10 (AutogradCPU) = mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor
# check: filled by     alias key Autograd (autograd kernel), registered at [...]chapters/06_backends/generated/autograd/VariableType.cpp:[...]
