import torch
# torch 1.13 (this AVX-512 machine, oneDNN): loss 2.383, grad sums 7.7 0.22 -0.01 0.0 ; with mkldnn off: 2.381, 6.46 0.19 -0.0 -0.0 ; mini_torch: loss 2.381, grad sums 6.41 0.19 -0.0 0.0  (see 024: w1 gradient differs even with oneDNN off)
import torch.nn.functional as F
def t(name, f):
    try:
        r = f(); print(name, r)
    except Exception as e:
        print(name, "EXC", type(e).__name__, str(e)[:400])
# the digits-style training step, under autocast
import numpy as np
rng = np.random.default_rng(0)
X = torch.tensor(rng.random((8, 64)).astype(np.float32))
Y = torch.tensor(rng.integers(0, 10, 8).astype(np.int64))
w1 = torch.tensor(rng.normal(0, 0.125, (64, 32)).astype(np.float32), requires_grad=True)
b1 = torch.tensor(np.zeros(32, dtype=np.float32), requires_grad=True)
w2 = torch.tensor(rng.normal(0, 32 ** -0.5, (32, 10)).astype(np.float32), requires_grad=True)
b2 = torch.tensor(np.zeros(10, dtype=np.float32), requires_grad=True)
with torch.autocast("cpu"):
    h = torch.relu(X @ w1 + b1)
    print(h.dtype)
    logits = h @ w2 + b2
    print(logits.dtype)
    lp = torch.log_softmax(logits, dim=1)
    loss = F.nll_loss(lp, Y)
print(loss.dtype, round(float(loss), 3))
loss.backward()
for p in [w1, b1, w2, b2]:
    print(p.grad.dtype, round(float(p.grad.sum()), 2))
