import torch
h = torch.tensor([[0.1, 0.2, 2.4], [0.3, 0.4, 1.8]]).bfloat16()
print(h.log_softmax(1))
# torch 1.13: tensor([[-2.5000, -2.3906, -0.1914], [-1.8828, -1.7812, -0.3848]], dtype=torch.bfloat16)
# mini_torch: tensor([[-2.5000, -2.3906, -0.1904], [-1.8828, -1.7812, -0.3867]], dtype=torch.bfloat16)
#   (mini rounds the float32 result once; 1.13's CPU kernel rounds intermediates to bfloat16 - so it differs by one bf16 ulp,
#    and e.g. log_softmax under torch.autocast("cpu") of a matmul, as in the digits MLP, prints different numbers)
