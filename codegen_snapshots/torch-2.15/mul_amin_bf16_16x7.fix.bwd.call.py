def call(self, args):
    primals_2, materialize_default, amin, tangents_1 = args
    args.clear()
    assert_size_stride_grouped((tangents_1, amin, materialize_default, primals_2), ((16, ), (16, ), (16, 7), (16, 7)), ((1, ), (1, ), (7, 1), (7, 1)), 'input')
    buf0 = empty_strided_cpu((16, 7), (7, 1), torch.bfloat16)
    cpp_fused_div_eq_mul_sum_view_0(tangents_1, amin, materialize_default, primals_2, buf0)
    del amin
    del materialize_default
    del primals_2
    del tangents_1
    return (buf0, None, )
