def call(self, args):
    primals_1, primals_2, amax, tangents_1 = args
    args.clear()
    assert_size_stride(amax, (8, ), (1, ), 'input')
    assert_size_stride(primals_1, (8, 3000), (3000, 1), 'input')
    assert_size_stride(primals_2, (8, 3000), (3000, 1), 'input')
    assert_size_stride(tangents_1, (8, ), (1, ), 'input')
    buf1 = empty_strided_cpu((8, 3000), (3000, 1), torch.bfloat16)
    # Topologically Sorted Source Nodes: [view_1, mul, sin, view, eq, sum_1, div, mul_1, cos, mul_2, mul_3], Original ATen: [aten.view, aten.mul, aten.sin, aten.eq, aten.sum, aten.div, aten.cos]
    raw_streamNone = get_raw_stream(None)
    triton_red_fused_cos_div_eq_mul_sin_sum_view_0.run(amax, primals_1, primals_2, tangents_1, buf1, 8, 3000, stream=raw_streamNone)
    del amax
    del primals_1
    del primals_2
    del tangents_1
    return (buf1, None, )
