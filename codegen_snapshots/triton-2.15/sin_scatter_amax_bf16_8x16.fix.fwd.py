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

# kernel triton_poi_fused_mul_sin_1
@triton.jit
def triton_poi_fused_mul_sin_1(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 128
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask).to(tl.float32)
    tmp1 = tl.load(in_ptr1 + (x0), xmask).to(tl.float32)
    tmp2 = tmp0 * tmp1
    tmp3 = tl_math.sin(tmp2)
    tmp4 = tmp3.to(tl.bfloat16)
    tmp5 = tmp4.to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp5, xmask)

# kernel triton_poi_fused_expand_new_zeros_scatter_reduce_2
@triton.jit
def triton_poi_fused_expand_new_zeros_scatter_reduce_2(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 80
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)

# kernel triton_poi_fused_eq_expand_gather_3
@triton.jit
def triton_poi_fused_eq_expand_gather_3(in_ptr0, in_ptr1, in_ptr2, out_ptr1, xnumel, XBLOCK : tl.constexpr):
    xnumel = 16
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask).to(tl.float32)
    tmp1 = tl.load(in_ptr1 + (x0), xmask)
    tmp6 = tl.load(in_ptr0 + (16 + x0), xmask).to(tl.float32)
    tmp13 = tl.load(in_ptr0 + (32 + x0), xmask).to(tl.float32)
    tmp20 = tl.load(in_ptr0 + (48 + x0), xmask).to(tl.float32)
    tmp27 = tl.load(in_ptr0 + (64 + x0), xmask).to(tl.float32)
    tmp34 = tl.load(in_ptr0 + (80 + x0), xmask).to(tl.float32)
    tmp41 = tl.load(in_ptr0 + (96 + x0), xmask).to(tl.float32)
    tmp48 = tl.load(in_ptr0 + (112 + x0), xmask).to(tl.float32)
    tl.device_assert(((0 <= tmp1) & (tmp1 < 10)) | ~(xmask), "index out of bounds: 0 <= tmp1 < 10")
    tmp3 = tl.load(in_ptr2 + (tmp1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp4 = tmp0 == tmp3
    tmp5 = tmp4.to(tl.int32)
    tmp7 = tl.load(in_ptr2 + (10 + tmp1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp8 = tmp6 == tmp7
    tmp9 = tmp8.to(tl.int32)
    tmp10 = tl.full([1], 1, tl.int32)
    tmp11 = tmp9 << tmp10
    tmp12 = tmp5 + tmp11
    tmp14 = tl.load(in_ptr2 + (20 + tmp1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp15 = tmp13 == tmp14
    tmp16 = tmp15.to(tl.int32)
    tmp17 = tl.full([1], 2, tl.int32)
    tmp18 = tmp16 << tmp17
    tmp19 = tmp12 + tmp18
    tmp21 = tl.load(in_ptr2 + (30 + tmp1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp22 = tmp20 == tmp21
    tmp23 = tmp22.to(tl.int32)
    tmp24 = tl.full([1], 3, tl.int32)
    tmp25 = tmp23 << tmp24
    tmp26 = tmp19 + tmp25
    tmp28 = tl.load(in_ptr2 + (40 + tmp1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp29 = tmp27 == tmp28
    tmp30 = tmp29.to(tl.int32)
    tmp31 = tl.full([1], 4, tl.int32)
    tmp32 = tmp30 << tmp31
    tmp33 = tmp26 + tmp32
    tmp35 = tl.load(in_ptr2 + (50 + tmp1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp36 = tmp34 == tmp35
    tmp37 = tmp36.to(tl.int32)
    tmp38 = tl.full([1], 5, tl.int32)
    tmp39 = tmp37 << tmp38
    tmp40 = tmp33 + tmp39
    tmp42 = tl.load(in_ptr2 + (60 + tmp1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp43 = tmp41 == tmp42
    tmp44 = tmp43.to(tl.int32)
    tmp45 = tl.full([1], 6, tl.int32)
    tmp46 = tmp44 << tmp45
    tmp47 = tmp40 + tmp46
    tmp49 = tl.load(in_ptr2 + (70 + tmp1), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp50 = tmp48 == tmp49
    tmp51 = tmp50.to(tl.int32)
    tmp52 = tl.full([1], 7, tl.int32)
    tmp53 = tmp51 << tmp52
    tmp54 = tmp47 + tmp53
    tmp55 = tmp54.to(tl.uint8)
    tl.store(out_ptr1 + (x0), tmp55, xmask)

# kernel triton_poi_fused__to_copy_eq_expand_new_zeros_scatter_add_4
@triton.jit
def triton_poi_fused__to_copy_eq_expand_new_zeros_scatter_add_4(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
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

# kernel triton_poi_fused__to_copy_5
@triton.jit
def triton_poi_fused__to_copy_5(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 128
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = (xindex % 16)
    x1 = xindex // 16
    x2 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last')
    tmp1 = tmp0.to(tl.int32)
    tmp2 = (x1).to(tl.int32)
    tmp3 = tmp1 >> tmp2
    tmp4 = tl.full([1], 1, tl.int32)
    tmp5 = tmp3 & tmp4
    tmp6 = tl.full([1], 0, tl.int32)
    tmp7 = tmp5 != tmp6
    tmp8 = tmp7.to(tl.float32)
    tl.store(out_ptr0 + (x2), tmp8, xmask)

