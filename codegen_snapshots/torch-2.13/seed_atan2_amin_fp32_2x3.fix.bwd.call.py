def call(self, args):
    primals_1, primals_2, materialize_default, amin, tangents_1 = args
    args.clear()
    assert_size_stride(tangents_1, (2, ), (1, ), 'input')
    assert_size_stride(amin, (2, ), (1, ), 'input')
    assert_size_stride(materialize_default, (2, 3), (3, 1), 'input')
    assert_size_stride(primals_2, (2, 3), (3, 1), 'input')
    assert_size_stride(primals_1, (2, 3), (3, 1), 'input')
    buf0 = empty_strided_cpu((2, 3), (3, 1), torch.float32)
    cpp_fused_add_div_eq_masked_fill_mul_reciprocal_sum_view_0(tangents_1, amin, materialize_default, primals_2, primals_1, buf0)
    del amin
    del materialize_default
    del primals_1
    del primals_2
    del tangents_1
    return (buf0, None, )
