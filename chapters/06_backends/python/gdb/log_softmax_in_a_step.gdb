set breakpoint pending on
# The CPU loops come in one build per CPU capability: fix the choice, as the
# chapter's walkthroughs do, so that the frames are the same on every machine.
set environment ATEN_CPU_CAPABILITY default
# Part 10's training step (train_step.py, beside this file: the step of
# examples/train_digits.py on a batch written out), stopped in the CPU
# kernel of _log_softmax, which torch.log_softmax calls. The module is
# loaded by the script's import, after gdb starts: the breakpoint waits.
break mini::ch06::structured_log_softmax_cpu_out::impl
run -m train_step
# check: Breakpoint 1, mini::ch06::structured_log_softmax_cpu_out::impl (this=[...], self=Tensor(float32, shape=[4, 3], device=cpu, requires_grad=True, grad_fn=AddBackward0), dim=1, half_to_float=false, out=Tensor(float32, shape=[4, 3], device=cpu)) at [...]chapters/06_backends/src/native/cpu/cpu_kernels.cpp:[...]
# From the bottom: the interpreter calling the generated binding of
# _log_softmax (mini_torch's log_softmax is 1.13's composite, written in
# Python over it), the _ops struct, the Autograd kernel that records
# LogSoftmaxBackward0 and redispatches, and the CPU wrapper that runs the
# structured kernel's meta() and then this impl().
bt -frame-arguments presence 22
# check: #0  mini::ch06::structured_log_softmax_cpu_out::impl (...) at [...]/cpu_kernels.cpp:[...]
# check: #1  [...] in mini::ch06::(anonymous namespace)::wrapper_CPU__log_softmax (...) at [...]/chapters/06_backends/generated/RegisterCPU.cpp:[...]
# check: #8  [...] in mini::ch06::_ops::_log_softmax::redispatch (...) at [...]/generated/Operators_[...].cpp:[...]
# check: #11 [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::_log_softmax (...) at [...]/generated/autograd/VariableType.cpp:[...]
# check: #18 [...] in mini::ch06::_ops::_log_softmax::call (...) at [...]/generated/Operators_[...].cpp:[...]
# check: #20 [...] in mini::python::THPVariable__log_softmax (...) at [...]/chapters/06_backends/python/generated/python_torch_functions.cpp:[...]
# check: #21 [...] in cfunction_call (...) at [...]
# What the kernel is given: the logits of the four images, three classes.
print self.sizes()
# check: $1 = std::vector of length 2, capacity 2 = {4, 3}
