# kernel triton_poi_fused_arange_floor_divide_0
@triton.jit
def triton_poi_fused_arange_floor_divide_0(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 16
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = (x0 // 2).to(tl.int64)
    tmp1 = (tmp0).to(tl.int64)
    tl.store(out_ptr0 + (x0), tmp1, xmask)

# kernel triton_poi_fused_expand_mul_new_zeros_scatter_reduce_sin_1
@triton.jit
def triton_poi_fused_expand_mul_new_zeros_scatter_reduce_sin_1(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 80
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)

# kernel triton_poi_fused_mul_sin_2
@triton.jit
def triton_poi_fused_mul_sin_2(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 128
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask).to(tl.float32)
    tmp1 = tl.load(in_ptr1 + (x0), xmask).to(tl.float32)
    tmp2 = tmp0 * tmp1
    tmp3 = tl_math.sin(tmp2)
    tl.store(out_ptr0 + (x0), tmp3, xmask)

