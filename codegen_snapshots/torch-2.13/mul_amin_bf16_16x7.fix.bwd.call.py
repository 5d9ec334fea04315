def call(self, args):
    primals_2, mul, tangents_1 = args
    args.clear()
    assert_size_stride(mul, (16, 7), (7, 1), 'input')
    assert_size_stride(tangents_1, (16, ), (1, ), 'input')
    assert_size_stride(primals_2, (16, 7), (7, 1), 'input')
    buf2 = mul; del mul  # reuse
    cpp_fused_amin_div_eq_mul_sum_view_0(buf2, tangents_1, primals_2)
    del primals_2
    del tangents_1
    return (buf2, None, )
