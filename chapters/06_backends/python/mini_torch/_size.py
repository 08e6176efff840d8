"""mini_torch.Size: what a tensor's .shape and .size() are, as torch.Size
(torch/csrc/Size.cpp): a tuple of ints that prints as torch.Size([2, 3]),
keeps its type when sliced, and knows its number of elements."""


class Size(tuple):
    def __repr__(self):
        return f"torch.Size([{', '.join(str(size) for size in self)}])"

    __str__ = __repr__

    def __getitem__(self, key):
        item = tuple.__getitem__(self, key)
        return Size(item) if isinstance(key, slice) else item

    def numel(self):
        count = 1
        for size in self:
            count *= size
        return count
