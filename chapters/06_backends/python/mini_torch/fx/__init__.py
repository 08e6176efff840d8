"""mini_torch.fx: only what make_fx needs (torch.fx's graph is far larger)."""
