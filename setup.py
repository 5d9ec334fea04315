from setuptools import find_packages, setup

setup(
    name="torch_patch",
    version="0.2.0",
    description=(
        "Correct gradients of amin/amax, max()/min()/median(), inf-norm and scatter_reduce/index_reduce "
        "amax/amin under torch.compile (PyTorch #186799)"
    ),
    packages=find_packages(include=["torch_patch", "torch_patch.*"]),
    python_requires=">=3.10",
    # Tested on 2.9.1 to 2.15.0 (torch_patch/compat.py TESTED_VERSIONS); 2.8 lacks internals the fix needs,
    # and the fix relies on Inductor internals, hence the upper bound.
    install_requires=["torch>=2.9,<2.16"],
    extras_require={"test": ["pytest", "expecttest"]},
)
