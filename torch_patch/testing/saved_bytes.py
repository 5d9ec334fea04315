"""Bytes saved for backward, measured with ``torch.autograd.graph.saved_tensors_hooks``.

For a compiled function the saved tensors are what the partitioner chose to keep (the forward graph's
extra outputs); for eager, what each autograd node saved.  Tensors seen more than once (same storage
and offset) count once.
"""

from __future__ import annotations

import torch


def saved_bytes(fn, *args) -> int:
    """Run ``fn(*args)`` under a saved-tensors hook and return the bytes saved for its backward."""
    seen: dict[tuple[int, int], int] = {}

    def pack(t: torch.Tensor):
        if isinstance(t, torch.Tensor) and t.device.type != "meta":
            key = (t.untyped_storage().data_ptr(), t.storage_offset())
            seen[key] = max(seen.get(key, 0), t.numel() * t.element_size())
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = fn(*args)
    del out
    return sum(seen.values())
