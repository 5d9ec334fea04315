def call(self, args):
    primals_1, primals_2, materialize_default, amin, tangents_1 = args
    args.clear()
    assert_size_stride_grouped((tangents_1, amin, materialize_default, primals_2, primals_1), ((2, ), (2, ), (2, 3), (2, 3), (2, 3)), ((1, ), (1, ), (3, 1), (3, 1), (3, 1)), 'input')
    buf0 = empty_strided_cpu((2, 3), (3, 1), torch.float32)
    cpp_fused_add_div_eq_masked_fill_mul_reciprocal_sum_view_0(tangents_1, amin, materialize_default, primals_2, primals_1, buf0)
    del amin
    del materialize_default
    del primals_1
    del primals_2
    del tangents_1
    return (buf0, None, )
