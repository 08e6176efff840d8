import torch

dtypes = [torch.bool, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64]
for x in dtypes:
    row = []
    for y in dtypes:
        a = torch.ones(2, dtype=x)
        b = torch.ones(2, dtype=y)
        row.append(str((a + b).dtype).replace("torch.", ""))
    print(str(x).replace("torch.", ""), row)
