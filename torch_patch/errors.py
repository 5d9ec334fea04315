"""The package's warning class, in a module of its own so that every layer can raise it without importing
``install`` (the pass warns about a site it compiles as stock; ``install`` about a torch it cannot patch)."""


class TorchPatchWarning(RuntimeWarning):
    """Warnings about the fix not being applied where the user expects it."""
