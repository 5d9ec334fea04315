def call(self, args):
    primals_1, primals_2, materialize_default, max_1, tangents_1 = args
    args.clear()
    assert_size_stride_grouped((materialize_default, max_1), ((16, 7), ()), ((7, 1), ()), 'input')
    buf0 = empty_strided_cpu((), (), torch.int64)
    assert_size_stride_grouped((tangents_1, primals_1, primals_2), ((), (16, 7), (16, 7)), ((), (7, 1), (7, 1)), 'input')
    buf1 = materialize_default; del materialize_default  # reuse
    cpp_fused_cos_div_eq_isnan_logical_and_logical_or_mul_sum_0(buf1, max_1, tangents_1, primals_1, primals_2, buf0)
    del buf0
    del max_1
    del primals_1
    del primals_2
    del tangents_1
    return (buf1, None, )
