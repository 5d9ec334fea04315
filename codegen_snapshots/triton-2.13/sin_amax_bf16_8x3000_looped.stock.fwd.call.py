def call(self, args):
    primals_1, primals_2 = args
    args.clear()
    assert_size_stride(primals_1, (8, 3000), (3000, 1), 'input')
    assert_size_stride(primals_2, (8, 3000), (3000, 1), 'input')
    buf0 = empty_strided_cpu((8, ), (1, ), torch.bfloat16)
    # Topologically Sorted Source Nodes: [mul, sin, amax], Original ATen: [aten.mul, aten.sin, aten.amax]
    raw_streamNone = get_raw_stream(None)
    triton_red_fused_amax_mul_sin_0.run(primals_1, primals_2, buf0, 8, 3000, stream=raw_streamNone)
    return (buf0, primals_1, primals_2, buf0, )
