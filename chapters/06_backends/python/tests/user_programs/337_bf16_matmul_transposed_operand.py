import torch
try:
    torch.backends.mkldnn.enabled = False   # 1.13's own bf16 gemm loops, as on a CPU without AVX-512
except Exception:
    pass
p = torch.tensor([[-59904.0, 2.71875]], dtype=torch.bfloat16)
w = torch.tensor([[1.5, 2.], [0.25, 1.], [3., -1.]], dtype=torch.bfloat16)
print(p @ w.t())
print((torch.ones(2, 300).bfloat16() @ torch.ones(16, 300).bfloat16().t())[0:1, 0:2])
print((torch.ones(300, 2).bfloat16().t() @ torch.ones(300, 16).bfloat16())[0:1, 0:2])
print((torch.ones(2, 300).bfloat16() @ torch.ones(300, 16).bfloat16())[0:1, 0:2])
# under autocast, the input gradient of a matmul is grad @ w.t():
a = torch.tensor([[1., 2., 3.]], requires_grad=True)
w32 = torch.tensor([[1.5, 2.], [0.25, 1.], [3., -1.]], requires_grad=True)
with torch.autocast("cpu"):
    r = a @ w32
print(torch.autograd.grad(r, a, grad_outputs=p))
# torch 1.13 (mkldnn off, i.e. 1.13's own loops, CPU-independent):
#   [[-89600., -14976., -180224.]], [[300., 300.]], [[256., 256.]], [[256., 256.]], gradient [[-89600., ...]]
#   -> 1.13's bf16 gemm accumulates in float32 when the SECOND operand is transposed (A @ B.t(), the "transb" loop),
#      and in bfloat16 otherwise.
# mini_torch: [[-90112., ...]], [[256., 256.]], [[256., 256.]], [[256., 256.]], gradient [[-90112., ...]]
#   -> always the bf16-accumulating loop. mm's backward computes grad @ w.t(), so every input gradient of a matmul under
#      torch.autocast("cpu") can differ from 1.13 (in the digits-style MLP: 743 of 2048 entries of w1's gradient).
# (With oneDNN on, as 1.13 runs by default on this AVX-512 machine, even ones(16,300) @ ones(300,16) gives 300 in 1.13;
#  part10 documents that CPU dependence.)
