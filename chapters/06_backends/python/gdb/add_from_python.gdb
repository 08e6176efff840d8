set breakpoint pending on
# The CPU loops come in one build per CPU capability: fix the choice, as the
# chapter's walkthroughs do, so that the frames are the same on every machine.
set environment ATEN_CPU_CAPABILITY default
# PyTorch's walkthrough, from where it starts: python3 running a script that
# calls add (add.py, beside this file, run as a module: `python3 -m add`).
# mini_torch's module is loaded by the script's import, after gdb starts:
# the breakpoint waits for it (pending).
break mini::ch06::structured_ufunc_add_CPU::impl
run -m add
# check: Breakpoint 1, mini::ch06::structured_ufunc_add_CPU::impl (this=[...], self=Tensor(float32, shape=[2], device=cpu), other=Tensor(float32, shape=[2], device=cpu), alpha=Scalar(Int 1), out=Tensor(float32, shape=[2], device=cpu)) at [...]chapters/06_backends/src/native/cpu/cpu_kernels.cpp:[...]
# From the bottom: the interpreter's frames calling a C function
# (cfunction_call), the generated binding THPVariable_add, which parsed the
# arguments against its signatures; its dispatch_add lambda, which released
# the GIL and calls the _ops struct; and from there the same frames as the
# chapter's walkthrough from C++: Autograd kernel, redispatch, CPU wrapper,
# impl().
bt -frame-arguments presence 22
# check: #0  mini::ch06::structured_ufunc_add_CPU::impl (...) at [...]/cpu_kernels.cpp:[...]
# check: #1  [...] in mini::ch06::(anonymous namespace)::wrapper_CPU_add_Tensor (...) at [...]/chapters/06_backends/generated/RegisterCPU.cpp:[...]
# check: #8  [...] in mini::ch06::_ops::add_Tensor::redispatch (...) at [...]/generated/Operators_[...].cpp:[...]
# check: #11 [...] in mini::ch06::autograd::VariableType::(anonymous namespace)::add_Tensor (...) at [...]/generated/autograd/VariableType.cpp:[...]
# check: #18 [...] in mini::ch06::_ops::add_Tensor::call (...) at [...]/generated/Operators_[...].cpp:[...]
# check: #19 [...] in operator() (...) at [...]/chapters/06_backends/python/generated/python_torch_functions.cpp:[...]
# check: #20 [...] in mini::python::THPVariable_add (...) at [...]/chapters/06_backends/python/generated/python_torch_functions.cpp:[...]
# check: #21 [...] in cfunction_call (...) at [...]
# The binding's frame: the parser chose the first signature (_r.idx 0) of
# the list the generator wrote from ops.yaml.
frame 20
# check: #20 [...] in mini::python::THPVariable_add ([...]) at [...]
print _r.idx
# check: $1 = 0
print _r.signature.name
# check: $2 = "add"
