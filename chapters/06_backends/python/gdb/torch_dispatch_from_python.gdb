set breakpoint pending on
set environment ATEN_CPU_CAPABILITY default
# The second walkthrough from python3: mode_neg.py, beside this file, calls
# mini_torch.neg(a) under a TorchDispatchMode written in Python, whose
# __torch_dispatch__ calls func(*args) again. The break is where that call
# comes back into C++: dispatch_call_boxed, the function behind
# OpOverload.__call__, reached from Python code that C++ called. Like the
# kernel's in add_from_python.gdb, the breakpoint waits for the module.
break mini::python::(anonymous namespace)::dispatch_call_boxed
run -m mode_neg
# check: __torch_dispatch__: aten.neg.default
# check: Breakpoint 1, mini::python::(anonymous namespace)::dispatch_call_boxed (args=('aten::neg', '', (<Tensor at remote [...]>,), {})) at [...]/python_dispatch.cpp:[...]
# From the top: the interpreter running __torch_dispatch__ (its frames
# between cfunction_call and PyObject_CallMethod: how many depends on the
# interpreter's build), called by the module's callTorchDispatch, in the
# Python mode's torchDispatch, from the Python key's fallback.
bt -frame-arguments presence 28
# check: #0  mini::python::(anonymous namespace)::dispatch_call_boxed (...) at [...]/python_dispatch.cpp:[...]
# check: #1  [...] in cfunction_call (...) at [...]
# check: PyObject_CallMethod (...) at [...]
# check: in mini::python::(anonymous namespace)::callTorchDispatch (...) at [...]/python_dispatch.cpp:[...]
# check: in mini::python::(anonymous namespace)::callIntoPython<[...]PythonMode::torchDispatch[...]
# check: in mini::python::(anonymous namespace)::PythonMode::torchDispatch (...) at [...]/python_dispatch.cpp:[...]
# check: in mini::ch06::pythonFallback (...) at [...]/torch_dispatch_mode.cpp:[...]
# Further down, three frames named by function: the Autograd kernel, which
# redispatched to the Python key; the PythonTLSSnapshot fallback, the first
# kernel of the call, which noted the thread's keys; and the binding of neg.
frame function mini::ch06::autograd::VariableType::(anonymous namespace)::neg
# check: in mini::ch06::autograd::VariableType::(anonymous namespace)::neg ([...]) at [...]/generated/autograd/VariableType.cpp:[...]
frame function mini::ch06::(anonymous namespace)::pythonTLSSnapshotFallback
# check: in mini::ch06::(anonymous namespace)::pythonTLSSnapshotFallback ([...]) at [...]/python_fallback_kernel.cpp:[...]
frame function mini::python::THPVariable_neg
# check: in mini::python::THPVariable_neg ([...]) at [...]/python/generated/python_torch_functions.cpp:[...]
# The Python stack alone (CPython's gdb extension), from the selected frame
# outwards: back to frame 0 first. The mode's __torch_dispatch__, called
# from the script's line, and OpOverload.__call__.
frame 0
# check: #0  mini::python::(anonymous namespace)::dispatch_call_boxed ([...]) at [...]
py-bt
# check: Traceback (most recent call first):
# check: <built-in method _dispatch_call_boxed of module object at remote [...]>
# check: File "[...]/mini_torch/_ops.py", line [...], in __call__
# check: File "[...]/mode_neg.py", line [...], in __torch_dispatch__
# check:     return func(*args, **(kwargs or {}))
# check: <built-in method neg of module object at remote [...]>
# check: File "[...]/mode_neg.py", line [...], in <module>
# check:     print(mini_torch.neg(a))
