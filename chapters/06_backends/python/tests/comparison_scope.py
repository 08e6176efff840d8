"""The tensors the comparison statements name, made by whichever module is
`torch`: torch 1.13 when maint/reference/gen_python_comparison_data.py
records them, mini_torch when test_comparisons.py replays them. One
definition, so that the two sides evaluate the same statements on the same
tensors."""


def names(torch):
    return {
        "torch": torch,
        "i": torch.tensor([1, 2, 3]),
        "j": torch.tensor([3, 2, 1]),
        "f": torch.tensor([1.0, 2.5, -3.0, float("nan")]),
        "g": torch.tensor([1.0, 2.0, float("nan"), float("nan")]),
        "d": torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64),
        "h": torch.tensor([1.0, 2.5, 3.0], dtype=torch.float16),
        "m": torch.tensor([[1], [2]]),
        "bb": torch.tensor([True, False, True]),
        "s": torch.tensor(2.5),
        "x": torch.tensor([1.0, 2.0, 3.0], requires_grad=True),
    }
