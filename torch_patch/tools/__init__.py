"""User tools: ``check`` (is *my* model affected, and where?) and its command line (``check_cli``: ``python -m
torch_patch check``).  They use the fix (``torch_patch.install``) and judge it as the tests do (``judge``)."""
