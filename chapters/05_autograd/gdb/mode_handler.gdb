set breakpoint pending off
# Walkthrough (e): a kernel reached through two dispatch modes. The demo's
# --modes run pushes a FLOP counter, then a logging mode on top; the first
# exp of the forward goes Autograd, then the Python key's fallback with the
# logging mode's handler, then the fallback again with the FLOP counter's
# handler (the logging mode is stashed: its call went down, not back), then
# the CPU kernel.
break mini::ch05::expCpu
run --modes
# check: Breakpoint 1, mini::ch05::expCpu (self=Tensor(float64, shape=[4, 4], requires_grad=True, grad_fn=MmBackward0)) at [...]chapters/05_autograd/src/native/cpu/cpu_kernels.cpp:[...]
# Read it from the bottom: exp's Autograd kernel redispatches below
# autograd; the Python key's boxed fallback hands the call to the top mode;
# its handler's callOperator is a fresh call, which finds the next mode.
bt -frame-arguments presence
# check: #0  mini::ch05::expCpu (...) at [...]/cpu_kernels.cpp:[...]
# check: #8  [...] in mini::ch05::callOperator (...) at [...]/torch_dispatch_mode.cpp:[...]
# check: #9  [...] in mini::ch05::FlopCounterMode::torchDispatch (...) at [...]/flop_counter_mode.cpp:[...]
# check: #10 [...] in mini::ch05::pythonFallback (...) at [...]/torch_dispatch_mode.cpp:[...]
# check: #15 [...] in mini::ch05::callOperator (...) at [...]/torch_dispatch_mode.cpp:[...]
# check: #16 [...] in mini::ch05::LoggingMode::torchDispatch (...) at [...]/logging_mode.cpp:[...]
# check: #17 [...] in mini::ch05::pythonFallback (...) at [...]/torch_dispatch_mode.cpp:[...]
# check: #25 [...] in mini::ch05::expAutograd (...) at [...]/autograd_kernels.cpp:[...]
# check: #32 [...] in mini::ch05::exp (...) at [...]/operators.cpp:[...]
# check: #33 [...] in (anonymous namespace)::dispatchModesDemo (...) at [...]chapters/05_autograd/demo/main.cpp:[...]
# The outer fallback stashed the logging mode (one line logged, the matmul
# before this exp: it writes a call's line when the call returns) ...
frame 17
# check: #17 [...] in mini::ch05::pythonFallback (op=OperatorHandle "aten::exp", stack=[...]) at [...]/torch_dispatch_mode.cpp:[...]
print stashed
# check: $1 = StashTorchDispatchModeGuard(stashed=LoggingMode(lines=1))
# ... and the inner one the FLOP counter: the stack is empty while its
# handler runs, so the Python key is out of the included set and the
# counter's own call went to the kernel.
frame 10
# check: #10 [...] in mini::ch05::pythonFallback (op=OperatorHandle "aten::exp", stack=[...]) at [...]/torch_dispatch_mode.cpp:[...]
print stashed
# check: $2 = StashTorchDispatchModeGuard(stashed=FlopCounterMode)
print mini::ch05::TorchDispatchModeTLS::stack_len()
# check: $3 = 0
print mini::ch05::localDispatchKeySet().included
# check: $4 = DispatchKeySet(BackendSelect, ADInplaceOrView)
# When the inner fallback returns, its guard has put the FLOP counter back;
# the logging mode stays stashed until its own handler returns.
finish
# check: mini::ch05::KernelFunction::makeBoxedFunction<&mini::ch05::pythonFallback> ([...]) at [...]/kernel_function.h:[...]
print mini::ch05::TorchDispatchModeTLS::stack_len()
# check: $5 = 1
print *mini::ch05::TorchDispatchModeTLS::get_stack_at(0)
# check: $6 = FlopCounterMode
