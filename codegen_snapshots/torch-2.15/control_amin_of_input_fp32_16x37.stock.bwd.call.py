def call(self, args):
    eq, tangents_1 = args
    args.clear()
    assert_size_stride_grouped((eq, tangents_1), ((16, 37), (16, )), ((37, 1), (1, )), 'input')
    buf0 = empty_strided_cpu((16, 1), (1, 16), torch.int64)
    buf1 = empty_strided_cpu((16, 37), (37, 1), torch.float32)
    cpp_fused_div_mul_sum_view_0(eq, tangents_1, buf0, buf1)
    del buf0
    del eq
    del tangents_1
    return (buf1, )
