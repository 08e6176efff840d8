set breakpoint pending off
# Walkthrough (a): chapter 05's central stack, now with dtypes, broadcasting
# and devices. The demo adds a [3, 1] and a [2] float64 tensor that require
# grad; the CPU kernel of add is where the arithmetic happens.
break autogradOnTheCpu
run
# check: Breakpoint 1, (anonymous namespace)::autogradOnTheCpu () at [...]chapters/06_backends/demo/main.cpp:[...]
break mini::ch06::addCpu
continue
# check: Breakpoint 2, mini::ch06::addCpu ([...]) at [...]chapters/06_backends/src/cpu_kernels.cpp:[...]
# Read it from the bottom: the public function add, its typed handle, the
# first dispatch (AutogradCPU is the highest key of the tensors), the
# Autograd kernel, the redispatch with autograd masked off, the CPU kernel.
bt -frame-arguments presence
# check: #0  mini::ch06::addCpu (...) at [...]/cpu_kernels.cpp:[...]
# check: #1  [...] in mini::ch06::impl::wrap_kernel_function_unboxed<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #2  [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #3  [...] in mini::ch06::Dispatcher::redispatch<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #4  [...] in mini::ch06::TypedOperatorHandle<[...]>::redispatch([...]) const (...) at [...]/dispatcher.h:[...]
# check: #5  [...] in mini::ch06::addAutograd (...) at [...]/autograd_kernels.cpp:[...]
# check: #6  [...] in mini::ch06::impl::wrap_kernel_function_unboxed<[...]>::call([...]) (...) at [...]/make_boxed_from_unboxed.h:[...]
# check: #7  [...] in mini::ch06::KernelFunction::call<[...]> (...) at [...]/kernel_function_impl.h:[...]
# check: #8  [...] in mini::ch06::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #9  [...] in mini::ch06::TypedOperatorHandle<[...]>::call([...]) const (...) at [...]/dispatcher.h:[...]
# check: #10 [...] in mini::ch06::add (...) at [...]/operators.cpp:[...]
# check: #11 [...] in (anonymous namespace)::autogradOnTheCpu () at [...]chapters/06_backends/demo/main.cpp:[...]
# check: #12 [...] in main () at [...]/demo/main.cpp:[...]
# In the Autograd kernel: its arguments, through chapter 06's Tensor
# printer (dtype, shape, device, autograd state), the key set it was
# handed, and what it redispatches with.
frame 5
# check: #5  [...] in mini::ch06::addAutograd (dispatchKeySet=DispatchKeySet(CPU, AutogradCPU), self=Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True), other=Tensor(float64, shape=[2], device=cpu, requires_grad=True)) at [...]
print self
# check: $1 = Tensor(float64, shape=[3, 1], device=cpu, requires_grad=True)
print self.impl_.target_->dtype
# check: $2 = float64
print self.impl_.target_->storage._M_ptr->dataPtr.device_
# check: $3 = cpu
print dispatchKeySet & kAfterAutogradKeySet
# check: $4 = DispatchKeySet(CPU)
print node->name()
# check: $5 = "AddBackward0"
