# kernel triton_poi_fused__to_copy_eq_expand_gather_mul_new_zeros_scatter_add_sin_0
@triton.jit
def triton_poi_fused__to_copy_eq_expand_gather_mul_new_zeros_scatter_add_sin_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 80
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask).to(tl.float32)
    tmp1 = tl.full([1], 0.0, tl.float32)
    tmp2 = tmp1 == tmp0
    tmp3 = tmp2.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp3, xmask)

# kernel triton_poi_fused__to_copy_eq_expand_gather_mul_sin_1
@triton.jit
def triton_poi_fused__to_copy_eq_expand_gather_mul_sin_1(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 128
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x2 = xindex
    x0 = (xindex % 16)
    x1 = xindex // 16
    tmp0 = tl.load(in_ptr0 + (x2), xmask).to(tl.float32)
    tmp1 = tl.load(in_ptr1 + (x2), xmask).to(tl.float32)
    tmp4 = tl.load(in_ptr2 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl_math.sin(tmp2)
    tl.device_assert(((0 <= tmp4) & (tmp4 < 10)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 10")
    tmp6 = tl.load(in_ptr3 + (tmp4 + 10*x1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp7 = tmp3 == tmp6
    tmp8 = tmp7.to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp8, xmask)

# kernel triton_poi_fused_cos_div_eq_expand_gather_mul_sin_2
@triton.jit
def triton_poi_fused_cos_div_eq_expand_gather_mul_sin_2(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 128
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x2 = xindex
    x0 = (xindex % 16)
    x1 = xindex // 16
    tmp0 = tl.load(in_ptr0 + (x2), xmask).to(tl.float32)
    tmp1 = tl.load(in_ptr1 + (x2), xmask).to(tl.float32)
    tmp4 = tl.load(in_ptr2 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl_math.sin(tmp2)
    tl.device_assert(((0 <= tmp4) & (tmp4 < 10)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 10")
    tmp6 = tl.load(in_ptr3 + (tmp4 + 10*x1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp7 = tmp3 == tmp6
    tmp8 = tmp7.to(tl.float32)
    tmp9 = tl.load(in_ptr4 + (tmp4 + 10*x1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp10 = tl.load(in_ptr5 + (tmp4 + 10*x1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp11 = (tmp9 / tmp10)
    tmp12 = tmp8 * tmp11
    tmp13 = tl_math.cos(tmp2)
    tmp14 = tmp12 * tmp13
    tmp15 = tmp14 * tmp1
    tl.store(out_ptr0 + (x2), tmp15, xmask)

