set breakpoint pending off
# Walkthrough (f): a batching rule. `ch06_demo --vmap` computes per-sample
# gradients by running the backward pass of a linear model under vmap: the
# gradient arriving from the loss is a batched tensor, so MmBackward0's
# matmul lands on the Batched key, in the matmul batching rule.
break mini::ch06::matmulBatchRule
run --vmap
# check: Breakpoint 1, mini::ch06::matmulBatchRule (op=OperatorHandle "aten::matmul", stack=[...]) at [...]chapters/06_backends/src/functorch/batching_rules.cpp:[...]
# Read it from the bottom: perSampleGradients (is_grads_batched), vmap's
# call of the gradient function, the engine running the generated
# MmBackward0, its formula mm_mat2_backward (functions_manual.cpp) and the
# public matmul call it makes (through its _ops struct), the dispatcher reaching the boxed kernel on
# Batched.
bt -frame-arguments presence
# check: #0  mini::ch06::matmulBatchRule (...) at [...]/batching_rules.cpp:[...]
# check: #1  [...] in mini::ch06::KernelFunction::makeBoxedFunction<&mini::ch06::matmulBatchRule> (...) at [...]
# check: #5  [...] in mini::ch06::Dispatcher::call<[...]>([...]) const (...) at [...]/dispatcher.h:[...]
# check: #7  [...] in mini::ch06::_ops::matmul::call (...) at [...]/generated/Operators_[...].cpp:[...]
# check: #8  [...] in mini::ch06::matmul (...) at [...]/generated/mini/generated/Functions.h:[...]
# check: #9  [...] in mini::ch06::mm_mat2_backward (...) at [...]/functions_manual.cpp:[...]
# check: #10 [...] in mini::ch06::autograd::generated::MmBackward0::apply (...) at [...]/generated/autograd/Functions.cpp:[...]
# check: #12 [...] in mini::ch06::Engine::execute (...) at [...]/engine.cpp:[...]
# check: #15 [...] in mini::ch06::GradCapture::grad (...) at [...]/autograd_grad.cpp:[...]
# check: #16 [...] in operator() (...) at [...]/functorch/per_sample_gradients.cpp:[...]
# check: #21 [...] in operator() (...) at [...]/functorch/vmap.cpp:[...]
# check: #26 [...] in mini::ch06::perSampleGradients([...]) (...) at [...]/functorch/per_sample_gradients.cpp:[...]
# check: #27 [...] in (anonymous namespace)::vmapDemo () at [...]chapters/06_backends/demo/main.cpp:[...]
# The arguments on the stack: t(x), a plain [3, 4], and the incoming
# gradient, batched: one [4, 1] per sample, its physical value [4, 4, 1]
# with the batch first, made by the vmap of level 1.
print *stack
# check: $1 = Stack[IValue(Tensor(float64, shape=[3, 4], device=cpu)), IValue(BatchedTensor(lvl=1, bdim=0, value=Tensor(float64, shape=[4, 4, 1], device=cpu)))]
print mini::ch06::currentVmapLevel()
# check: $2 = 1
# Only the right side is batched, and nothing here requires grad (the
# engine runs with grad mode off), so the rule folds the batch into the rows
# of the transposes: stop where it wraps the result and look at the
# transposed gradient it copied, [B, m, k], and the one product, [B, m, n].
tbreak mini::ch06::makeBatched
continue
# check: mini::ch06::makeBatched (value=Tensor(float64, shape=[4, 3, 1], device=cpu), level=1) at [...]/batched_tensor_impl.cpp:[...]
up
# check: #1  [...] in mini::ch06::matmulBatchRule (op=OperatorHandle "aten::matmul", stack=[...]) at [...]/batching_rules.cpp:[...]
print otherT
# check: $3 = Tensor(float64, shape=[4, 1, 4], device=cpu)
print product
# check: $4 = Tensor(float64, shape=[4, 1, 3], device=cpu)
