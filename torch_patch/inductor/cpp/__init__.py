"""Patches of Inductor's C++ code generation (the CPU backend): the store of ``M`` fused into its reduction
(``fusion``) and per-row results in local buffers (``local_reductions``)."""
