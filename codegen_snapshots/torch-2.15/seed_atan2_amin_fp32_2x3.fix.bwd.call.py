def call(self, args):
    primals_1, primals_2, tangents_1 = args
    args.clear()
    assert_size_stride_grouped((primals_1, primals_2, tangents_1), ((2, 3), (2, 3), (2, )), ((3, 1), (3, 1), (1, )), 'input')
    buf3 = empty_strided_cpu((2, 3), (3, 1), torch.float32)
    cpp_fused_add_amin_atan2_div_eq_masked_fill_mul_reciprocal_sum_view_0(primals_1, primals_2, tangents_1, buf3)
    del primals_1
    del primals_2
    del tangents_1
    return (buf3, None, )
