def call(self, args):
    primals_1, primals_2 = args
    args.clear()
    assert_size_stride(primals_1, (16, 7), (7, 1), 'input')
    assert_size_stride(primals_2, (16, 7), (7, 1), 'input')
    buf0 = empty_strided_cpu((), (), torch.float32)
    cpp_fused_max_mul_sin_0(primals_1, primals_2, buf0)
    return (buf0, primals_1, primals_2, )
