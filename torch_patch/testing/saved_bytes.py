"""Memory of a step: bytes saved for backward, and the peak of bytes allocated during it.

Saved bytes are measured with ``torch.autograd.graph.saved_tensors_hooks``: for a compiled function the
saved tensors are what the partitioner chose to keep (the forward graph's extra outputs); for eager,
what each autograd node saved.  Tensors seen more than once (same storage and offset) count once.

The peak is read from the torch profiler's allocation events (every allocation and free of torch's CPU
allocator, in order, with its size): exact tensor bytes, unlike a process's resident size, which
depends on what malloc keeps after a free.
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


def peak_bytes(fn, *args) -> int:
    """The most bytes allocated at once while ``fn(*args)`` runs, above what was allocated when it started.

    Frees of memory allocated before the call lower the running total, as they do the real one.  Run
    ``fn`` once before (compilation, lazy initialisation and caches must not count), and release what a
    step would otherwise free at its start (a gradient set to None) outside ``fn``.
    """
    activities = [torch.profiler.ProfilerActivity.CPU]
    with torch.profiler.profile(activities=activities, profile_memory=True) as prof:
        fn(*args)
    events = [e for e in prof.profiler.kineto_results.events() if e.name() == "[memory]"]
    events.sort(key=lambda e: e.start_ns())
    current = peak = 0
    for event in events:
        current += event.nbytes()
        peak = max(peak, current)
    return peak
