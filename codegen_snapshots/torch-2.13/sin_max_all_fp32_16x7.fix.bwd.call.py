def call(self, args):
    primals_1, primals_2, tangents_1 = args
    args.clear()
    assert_size_stride(primals_1, (16, 7), (7, 1), 'input')
    assert_size_stride(primals_2, (16, 7), (7, 1), 'input')
    buf0 = empty_strided_cpu((16, 7), (7, 1), torch.float32)
    buf1 = empty_strided_cpu((), (), torch.float32)
    buf2 = empty_strided_cpu((), (), torch.float32)
    assert_size_stride(tangents_1, (), (), 'input')
    buf3 = buf0; del buf0  # reuse
    cpp_fused_cos_div_eq_isnan_logical_and_logical_or_max_mul_sin_sum_0(buf3, primals_1, primals_2, tangents_1, buf1, buf2)
    del buf1
    del buf2
    del primals_1
    del primals_2
    del tangents_1
    return (buf3, None, )
