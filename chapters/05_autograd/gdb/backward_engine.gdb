set breakpoint pending off
# Walkthrough (b): the engine running a backward formula. loss.backward()
# starts at the loss's grad_fn and runs each node once every gradient into
# it has arrived; the model's add (x @ w1 + b) is one of them.
break mini::ch05::AddBackward0::apply
run
# check: Breakpoint 1, mini::ch05::AddBackward0::apply (this=[...], grads=...) at [...]chapters/05_autograd/src/autograd/backward_nodes.cpp:[...]
# No dispatcher here: backward() hands the root edge to the engine, whose
# loop pops the newest ready node and calls its formula.
bt -frame-arguments presence
# check: #0  mini::ch05::AddBackward0::apply (...) at [...]/backward_nodes.cpp:[...]
# check: #1  [...] in mini::ch05::(anonymous namespace)::callFunction (...) at [...]/engine.cpp:[...]
# check: #2  [...] in mini::ch05::Engine::execute (...) at [...]/engine.cpp:[...]
# check: #3  [...] in mini::ch05::backward (...) at [...]/engine.cpp:[...]
# check: #4  [...] in mini::ch05::Tensor::backward (...) at [...]/tensor.cpp:[...]
# check: #5  [...] in main ([...]) at [...]/demo/main.cpp:[...]
# The incoming gradient has the shape of add's result, x @ w1 + b.
print grads[0]
# check: $1 = Tensor(float64, shape=[4, 4])
# Where the two outgoing gradients go: x @ w1's node, and the leaf b's
# AccumulateGrad (b receives the sum: it was broadcast).
print this->name()
# check: $2 = "AddBackward0"
print this->nextEdges_[0].function->name()
# check: $3 = "MmBackward0"
print this->nextEdges_[1].function->name()
# check: $4 = "AccumulateGrad"
print this->selfSizes
# check: $5 = std::vector of length 2, capacity 2 = {4, 4}
# In the engine's frame: how many nodes the graph behind the loss has.
frame 2
print dependencies.size()
# check: $6 = 10
