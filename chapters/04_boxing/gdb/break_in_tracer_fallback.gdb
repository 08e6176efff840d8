set breakpoint pending off
# Walkthrough (b): a typed, unboxed call reaching the boxed Tracer fallback.
# The demo's first call under a TracingScope is myadd(a, b).
break mini::ch04::tracerFallback
run
# check: Breakpoint 1, mini::ch04::tracerFallback (op=OperatorHandle "myops::myadd", dispatchKeySet=DispatchKeySet(CPU, Tracer), stack=[...]) at [...]chapters/04_boxing/src/fallbacks/tracer.cpp:[...]
# The boxing frames: KernelFunction::call found no unboxed entry, so
# BoxedKernelWrapper pushed the arguments and called the boxed entry, a
# template instance that names the fallback (makeFromBoxedFunction<&f>).
bt -frame-arguments presence
# check: #0  mini::ch04::tracerFallback (...) at [...]/tracer.cpp:[...]
# check: #1  [...] in mini::ch04::KernelFunction::makeBoxedFunction<&mini::ch04::tracerFallback> (...) at [...]
# check: #2  [...] in mini::ch04::KernelFunction::callBoxed (...) at [...]/kernel_function.h:[...]
# check: #3  [...] in mini::ch04::impl::BoxedKernelWrapper<[...]>::call([...]) (...) at [...]/boxed_kernel_wrapper.h:[...]
# check: #4  [...] in mini::ch04::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #5  [...] in mini::ch04::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch04::myadd (...) at [...]/myadd.cpp:[...]
# check: #8  [...] in main ([...]) at [...]/demo/main.cpp:[...]
# The call's key set has Tracer (from this thread's included set) on top.
print dispatchKeySet
# check: $1 = DispatchKeySet(CPU, Tracer)
print *stack
# check: $2 = Stack[IValue(Tensor [1, 2, 3] [...]), IValue(Tensor [10, 20, 30] [...])]
