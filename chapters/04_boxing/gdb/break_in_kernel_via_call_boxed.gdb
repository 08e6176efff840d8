set breakpoint pending off
# Walkthrough (a): one CPU kernel, reached twice. The demo first calls
# myadd unboxed (a typed call), then boxed (callBoxed on a stack).
break mini::ch04::myadd_cpu
run
# check: Breakpoint 1, mini::ch04::myadd_cpu (self=Tensor([1, 2, 3], DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)), other=Tensor([10, 20, 30], DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU))) at [...]chapters/04_boxing/src/extension/myadd.cpp:[...]
# The unboxed call: m.impl("myadd", &myadd_cpu) wrapped the function
# pointer into a functor (WrapFunctionIntoRuntimeFunctor_), whose
# operator() calls it; wrap_kernel_functor_unboxed_ is the slot's unboxed
# entry, which drops the key set the kernel did not ask for. These are the
# frames, by name, of a PyTorch backtrace between callUnboxedKernelFunction
# and a kernel.
bt -frame-arguments presence
# check: #0  mini::ch04::myadd_cpu (...) at [...]/myadd.cpp:[...]
# check: #1  [...] in mini::ch04::impl::WrapFunctionIntoRuntimeFunctor_<mini::ch04::Tensor (*)([...])[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #2  [...] in mini::ch04::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #3  [...] in mini::ch04::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #4  [...] in mini::ch04::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #5  [...] in mini::ch04::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch04::myadd (...) at [...]/myadd.cpp:[...]
# check: #8  [...] in main ([...]) at [...]/demo/main.cpp:[...]
continue
# check: Breakpoint 1, mini::ch04::myadd_cpu (self=Tensor([1, 2, 3], [...]), other=Tensor([10, 20, 30], [...])) at [...]
# The boxed call: the unboxing frames, stamped out by the compiler for this
# functor, sit between KernelFunction::callBoxed and the kernel. They are
# PyTorch's make_boxed_from_unboxed_functor and wrap_kernel_functor_unboxed_.
bt -frame-arguments presence
# check: #0  mini::ch04::myadd_cpu (...) at [...]/myadd.cpp:[...]
# check: #1  [...] in mini::ch04::impl::WrapFunctionIntoRuntimeFunctor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #2  [...] in mini::ch04::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #3  [...] in mini::ch04::impl::make_boxed_from_unboxed_functor<[...]>::callWithArgsFromStack<0ul, 1ul>([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #4  [...] in mini::ch04::impl::make_boxed_from_unboxed_functor<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #5  [...] in mini::ch04::KernelFunction::callBoxed (...) at [...]/kernel_function.h:[...]
# check: #6  [...] in mini::ch04::Dispatcher::callBoxed (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch04::OperatorHandle::callBoxed (...) at [...]/dispatcher.h:[...]
# check: #9  [...] in main ([...]) at [...]/demo/main.cpp:[...]
# Three frames up, the arguments are still on the stack: they are dropped
# only after the kernel returns.
frame 4
print *stack
# check: $1 = Stack[IValue(Tensor [1, 2, 3] DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)), IValue(Tensor [10, 20, 30] DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU))]
