def call(self, args):
    primals_1, primals_2, materialize_default, amax, tangents_1 = args
    args.clear()
    assert_size_stride_grouped((amax, materialize_default, tangents_1, primals_2, primals_1), ((64, ), (64, 128), (64, ), (64, 128), (64, 128)), ((1, ), (128, 1), (1, ), (128, 1), (128, 1)), 'input')
    buf0 = empty_strided_cpu((64, 1), (1, 64), torch.int64)
    buf1 = materialize_default; del materialize_default  # reuse
    cpp_fused_add_div_eq_masked_fill_mul_reciprocal_sum_view_0(buf1, amax, tangents_1, primals_2, primals_1, buf0)
    del amax
    del buf0
    del primals_1
    del primals_2
    del tangents_1
    return (buf1, None, )
