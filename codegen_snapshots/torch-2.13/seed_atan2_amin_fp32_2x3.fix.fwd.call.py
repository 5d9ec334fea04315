def call(self, args):
    primals_1, primals_2 = args
    args.clear()
    assert_size_stride(primals_1, (2, 3), (3, 1), 'input')
    assert_size_stride(primals_2, (2, 3), (3, 1), 'input')
    buf0 = empty_strided_cpu((2, ), (1, ), torch.float32)
    cpp_fused_amin_atan2_0(primals_1, primals_2, buf0)
    return (buf0, primals_1, primals_2, )
