# kernel triton_per_fused_cos_div_eq_mul_sin_sum_view_0
@triton.jit
def triton_per_fused_cos_div_eq_mul_sin_sum_view_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 8
    r0_numel = 37
    R0_BLOCK: tl.constexpr = 64
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    x0 = xindex
    r0_1 = r0_index
    tmp0 = tl.load(in_ptr0 + (x0), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 37*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0).to(tl.float32)
    tmp2 = tl.load(in_ptr2 + (r0_1 + 37*x0), r0_mask & xmask, eviction_policy='evict_first', other=0.0).to(tl.float32)
    tmp11 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last').to(tl.float32)
    tmp3 = tmp1 * tmp2
    tmp4 = tl_math.sin(tmp3)
    tmp5 = tmp0 == tmp4
    tmp6 = tmp5.to(tl.int64)
    tmp7 = tl.broadcast_to(tmp6, [XBLOCK, R0_BLOCK])
    tmp9 = tl.where(r0_mask & xmask, tmp7, 0)
    tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.int64)
    tmp12 = tmp10.to(tl.float32)
    tmp13 = (tmp11 / tmp12)
    tmp14 = tmp5.to(tl.float32)
    tmp15 = tmp13 * tmp14
    tmp16 = tl_math.cos(tmp3)
    tmp17 = tmp15 * tmp16
    tmp18 = tmp17 * tmp2
    tl.store(out_ptr1 + (r0_1 + 37*x0), tmp18, r0_mask & xmask)

