set breakpoint pending off
# Walkthrough (c): the Tensor printer (gdb/printers/ch05_autograd.py),
# checked. It shows what torch shows: dtype, shape, requires_grad, grad_fn.
# The demo's first optimizer step is a good place: the loss has its graph,
# the parameters their gradients.
break sgdStep
run
# check: Breakpoint 1, (anonymous namespace)::sgdStep ([...]) at [...]chapters/05_autograd/demo/main.cpp:[...]
# The parameters are leaves: they require grad and have no grad_fn.
print parameters
# check: $1 = std::vector of length 3, capacity 3 = {Tensor(float64, shape=[3, 4], requires_grad=True), Tensor(float64, shape=[], requires_grad=True), Tensor(float64, shape=[4, 1], requires_grad=True)}
up
# check: #1  [...] in main ([...]) at [...]/demo/main.cpp:[...]
# The input does not require grad; the loss was made by div, so its node
# is DivBackward0 (its name is read from the node's vtable).
print x
# check: $2 = Tensor(float64, shape=[4, 3])
print loss
# check: $3 = Tensor(float64, shape=[], requires_grad=True, grad_fn=DivBackward0)
# After backward, every parameter has a gradient of its own shape.
print model.w1.grad()
# check: $4 = Tensor(float64, shape=[3, 4])
# The custom function's node is a CppNode of the user's class.
delete 1
break mini::ch05::MyAddFunction::backward
continue
# check: Breakpoint 2, mini::ch05::MyAddFunction::backward (gradOutputs=[...]) at [...]chapters/05_autograd/src/extension/my_add_function.cpp:[...]
frame function main
# check: #[...] in main ([...]) at [...]/demo/main.cpp:[...]
print c
# check: $5 = Tensor(float64, shape=[2], requires_grad=True, grad_fn=CppNode<mini::ch05::MyAddFunction>)
print a.grad()
# check: $6 = Tensor(undefined)
