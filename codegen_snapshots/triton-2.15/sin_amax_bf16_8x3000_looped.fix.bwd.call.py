def call(self, args):
    primals_1, primals_2, tangents_1 = args
    args.clear()
    assert_size_stride_grouped((primals_1, primals_2, tangents_1), ((8, 3000), (8, 3000), (8, )), ((3000, 1), (3000, 1), (1, )), 'input')
    buf0 = empty_strided_cpu((8, 3000), (3000, 1), torch.bfloat16)
    buf3 = buf0; del buf0  # reuse
    # Topologically Sorted Source Nodes: [view_1, mul, sin, amax, view, eq, sum_dim_int_list, div, convert_element_type_default_1, mul_1, cos, mul_2, mul_3], Original ATen: [aten.view, aten.mul, aten.sin, aten.amax, aten.eq, aten.sum, aten.div, aten.cos]
    raw_streamNone = get_raw_stream(None)
    triton_red_fused_amax_cos_div_eq_mul_sin_sum_view_0.run(buf3, primals_1, primals_2, tangents_1, 8, 3000, stream=raw_streamNone)
    del primals_1
    del primals_2
    del tangents_1
    return (buf3, None, )
