set breakpoint pending off
# Walkthrough (b): a factory has no tensor argument, so no tensor's key set
# can choose its kernel. The demo's full({2, 2}, 0.5, float64) lands on
# BackendSelect (in every thread's included set); its kernel turns device
# and dtype into a key and redispatches. full's kernel on that key is
# CompositeExplicitAutograd: empty and then fill_, and empty goes through
# BackendSelect in turn. This breakpoint is that second visit.
break mini::ch06::emptyBackendSelect
run
# check: Breakpoint 1, mini::ch06::emptyBackendSelect (size=std::vector of length 2, capacity 2 = {...}, dtype=float64, device=cpu) at [...]chapters/06_backends/src/native/backend_select_kernels.cpp:[...]
# From the bottom: full (its generated public function, then its _ops
# struct), its first dispatch (BackendSelect), full's BackendSelect kernel,
# the redispatch (through _ops::full::redispatch, as 1.13's generated
# BackendSelect kernels call at::_ops::..::redispatch) to
# CPU where the composite kernel runs, which calls empty, whose dispatch
# lands on BackendSelect again.
bt -frame-arguments presence
# check: #0  mini::ch06::emptyBackendSelect (...) at [...]/backend_select_kernels.cpp:[...]
# check: #1  [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #2  [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #3  [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #4  [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #5  [...] in mini::ch06::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #6  [...] in mini::ch06::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch06::_ops::empty::call (...) at [...]/generated/Operators_[...].cpp:[...]
# check: #8  [...] in mini::ch06::empty (...) at [...]/generated/mini/generated/Functions.h:[...]
# check: #9  [...] in mini::ch06::fullComposite (...) at [...]/factory_kernels.cpp:[...]
# check: #10 [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #11 [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #12 [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #13 [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #14 [...] in mini::ch06::Dispatcher::redispatch<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #15 [...] in mini::ch06::TypedOperatorHandle<[...]>::redispatch([...]) const (...) at [...]/dispatcher.h:[...]
# check: #16 [...] in mini::ch06::_ops::full::redispatch (...) at [...]/generated/Operators_[...].cpp:[...]
# check: #17 [...] in mini::ch06::fullBackendSelect (...) at [...]/backend_select_kernels.cpp:[...]
# check: #18 [...] in mini::ch06::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #19 [...] in mini::ch06::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #20 [...] in mini::ch06::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #21 [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #22 [...] in mini::ch06::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #23 [...] in mini::ch06::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #24 [...] in mini::ch06::_ops::full::call (...) at [...]/generated/Operators_[...].cpp:[...]
# check: #25 [...] in mini::ch06::full (...) at [...]/generated/mini/generated/Functions.h:[...]
# check: #26 [...] in main (...) at [...]chapters/06_backends/demo/main.cpp:[...]
# The arguments that stand in for a tensor's key set, through the Device
# and ScalarType printers.
info args
# check: size = std::vector of length 2, capacity 2 = {2, 2}
# check: dtype = float64
# check: device = cpu
# One step: the key those arguments mean, which the redispatch uses as the
# whole key set (nothing of the thread's state is added to it).
next
# check: return _ops::empty::redispatch(keySet, size, dtype, device);
print keySet
# check: $1 = DispatchKeySet(CPU)
