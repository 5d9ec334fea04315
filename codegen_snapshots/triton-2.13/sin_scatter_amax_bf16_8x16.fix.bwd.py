# kernel triton_poi_fused_cos_div_expand_gather_mul_0
@triton.jit
def triton_poi_fused_cos_div_expand_gather_mul_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 128
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 16)
    x1 = xindex // 16
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
    tmp9 = tl.load(in_ptr1 + (x0), xmask, eviction_policy='evict_last')
    tmp15 = tl.load(in_ptr4 + (x2), xmask).to(tl.float32)
    tmp16 = tl.load(in_ptr5 + (x2), xmask).to(tl.float32)
    tmp1 = tmp0.to(tl.int32)
    tmp2 = (x1).to(tl.int32)
    tmp3 = tmp1 >> tmp2
    tmp4 = tl.full([1], 1, tl.int32)
    tmp5 = tmp3 & tmp4
    tmp6 = tl.full([1], 0, tl.int32)
    tmp7 = tmp5 != tmp6
    tmp8 = tmp7.to(tl.float32)
    tl.device_assert(((0 <= tmp9) & (tmp9 < 10)) | ~(xmask), "index out of bounds: 0 <= tmp9 < 10")
    tmp11 = tl.load(in_ptr2 + (tmp9 + 10*x1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp12 = tl.load(in_ptr3 + (tmp9 + 10*x1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp13 = (tmp11 / tmp12)
    tmp14 = tmp8 * tmp13
    tmp17 = tmp15 * tmp16
    tmp18 = tl_math.cos(tmp17)
    tmp19 = tmp14 * tmp18
    tmp20 = tmp19 * tmp16
    tl.store(out_ptr0 + (x2), tmp20, xmask)

