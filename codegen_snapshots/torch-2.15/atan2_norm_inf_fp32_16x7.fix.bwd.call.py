def call(self, args):
    primals_1, primals_2, materialize_default, amax, tangents_1 = args
    args.clear()
    assert_size_stride_grouped((tangents_1, materialize_default, amax, primals_1, primals_2), ((16, ), (16, 7), (16, ), (16, 7), (16, 7)), ((1, ), (7, 1), (1, ), (7, 1), (7, 1)), 'input')
    buf0 = empty_strided_cpu((16, 7), (7, 1), torch.float32)
    buf1 = buf0; del buf0  # reuse
    cpp_fused_add_atan2_div_eq_isnan_logical_or_masked_fill_mul_reciprocal_sgn_sum_unsqueeze_0(buf1, tangents_1, materialize_default, amax, primals_1, primals_2)
    del amax
    del materialize_default
    del primals_1
    del primals_2
    del tangents_1
    return (buf1, None, )
