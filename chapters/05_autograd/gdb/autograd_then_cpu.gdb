set breakpoint pending off
# Walkthrough (a): the central stack trace of the course. The demo's model
# computes x @ w1 + b with b requiring grad; the CPU kernel of add is where
# the arithmetic happens, and the frames above it are the whole journey.
break mini::ch05::addCpu
run
# check: Breakpoint 1, mini::ch05::addCpu (self=Tensor(float64, shape=[4, 4], requires_grad=True, grad_fn=MmBackward0), other=Tensor(float64, shape=[], requires_grad=True)) at [...]chapters/05_autograd/src/native/cpu/cpu_kernels.cpp:[...]
# Read it from the bottom: the public function add, its typed handle, the
# first dispatch (key set from the tensors: AutogradCPU is highest), the
# Autograd kernel, the redispatch with autograd masked off, the CPU kernel.
bt -frame-arguments presence
# check: #0  mini::ch05::addCpu (...) at [...]/cpu_kernels.cpp:[...]
# check: #1  [...] in mini::ch05::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #2  [...] in mini::ch05::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #3  [...] in mini::ch05::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #4  [...] in mini::ch05::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #5  [...] in mini::ch05::Dispatcher::redispatch<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #6  [...] in mini::ch05::TypedOperatorHandle<[...]>::redispatch([...]) const (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch05::addAutograd (...) at [...]/autograd_kernels.cpp:[...]
# check: #8  [...] in mini::ch05::impl::WrapFunctionInto[...]Functor_<[...]>::operator()([...]) (...) at [...]/wrap_function_into_functor.h:[...]
# check: #9  [...] in mini::ch05::impl::wrap_kernel_functor_unboxed_<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #10 [...] in mini::ch05::impl::callUnboxedKernelFunction<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #11 [...] in mini::ch05::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #12 [...] in mini::ch05::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #13 [...] in mini::ch05::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #14 [...] in mini::ch05::add (...) at [...]/operators.cpp:[...]
# check: #15 [...] in (anonymous namespace)::Model::forward (...) at [...]chapters/05_autograd/demo/main.cpp:[...]
# check: #16 [...] in main ([...]) at [...]/demo/main.cpp:[...]
# In the Autograd kernel: both inputs require grad, so a node was made
# before the redispatch; it will be the result's grad_fn.
frame 7
print self
# check: $1 = Tensor(float64, shape=[4, 4], requires_grad=True, grad_fn=MmBackward0)
print other
# check: $2 = Tensor(float64, shape=[], requires_grad=True)
print node->name()
# check: $3 = "AddBackward0"
# The key set the dispatcher handed the kernel (ADInplaceOrView, a
# fallthrough for add, is already gone), and what the redispatch keeps.
print dispatchKeySet
# check: $4 = DispatchKeySet(CPU, AutogradCPU)
print dispatchKeySet & kAfterAutogradKeySet
# check: $5 = DispatchKeySet(CPU)
# The guard in scope: this thread now excludes autograd, so nothing the
# CPU kernel calls through the public API can come back up.
print mini::ch05::localDispatchKeySet().excluded
# check: $6 = DispatchKeySet(ADInplaceOrView, AutogradOther, AutogradFunctionality, AutocastCPU, AutocastCUDA)
