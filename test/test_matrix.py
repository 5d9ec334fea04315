"""Reductions x dtypes x producers x reduction sizes (< 8 unrolled, >= 8 vectorized) x keepdim.

The matrix (``torch_patch.testing.cases.matrix_cases``) crosses every reduction in scope with every dtype, at
one small and one large reduction size, rotating producers.  With the fix every case must match
eager.  ``test_key_cases_fail_without_fix`` proves the checks can fail: the same checker flags the
key cases as wrong on stock torch.  (How often the forward is bitwise equal to eager's: test_seed.py.)
"""

import pytest
import torch
from conftest import case_params

from torch_patch.testing.cases import KEY_CASES, matrix_cases
from torch_patch.testing.verify import check_case

MATRIX = matrix_cases()


@pytest.mark.parametrize("case", case_params(MATRIX))
def test_matrix_matches_eager(fix_on, case):
    result = check_case(case)
    assert result.ok, f"{case.name}: " + "; ".join(map(str, result.mismatches))


STOCK_WRONG = KEY_CASES + tuple(
    c for c in MATRIX if c.name in {"erf-amin_last-fp16-2x3x7", "sin-max_all-bf16-2x3x16"}
)


@pytest.mark.parametrize("case", case_params(STOCK_WRONG, stock_wrong=True))
def test_key_cases_fail_without_fix(case):
    import torch_patch

    torch_patch.uninstall()
    try:
        stock = check_case(case)
    finally:
        torch_patch.install()
    assert not stock.ok, f"{case.name} is right on stock torch: this check could not catch the bug"
    torch._dynamo.reset()
    fixed = check_case(case)
    assert fixed.ok, "; ".join(map(str, fixed.mismatches))
