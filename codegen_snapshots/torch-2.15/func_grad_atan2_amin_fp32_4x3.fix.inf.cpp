// kernel cpp_fused_add_amin_atan2_div_eq_expand_masked_fill_mul_ones_like_reciprocal_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       float* out_ptr0,
                       float* out_ptr1)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(12L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(8L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp2 = tmp0.atan2(tmp1);
                    tmp2.store(out_ptr0 + static_cast<int64_t>(x0));
                }
                if(C10_UNLIKELY(x0 >= static_cast<int64_t>(8L) && x0 < static_cast<int64_t>(12L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(4L));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(4L));
                    auto tmp2 = tmp0.atan2(tmp1);
                    tmp2.store(out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(4L));
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(3L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(3L)))
                    {
                        auto tmp0 = out_ptr0[static_cast<int64_t>(3L*x0)];
                        auto tmp1 = out_ptr0[static_cast<int64_t>(1L + 3L*x0)];
                        auto tmp3 = out_ptr0[static_cast<int64_t>(2L + 3L*x0)];
                        auto tmp16 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp22 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp24 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp2 = min_propagate_nan(tmp0, tmp1);
                        auto tmp4 = min_propagate_nan(tmp2, tmp3);
                        auto tmp5 = tmp4 == tmp0;
                        auto tmp6 = c10::convert<int64_t>(tmp5);
                        auto tmp7 = tmp4 == tmp1;
                        auto tmp8 = c10::convert<int64_t>(tmp7);
                        auto tmp9 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp6) + static_cast<std::make_unsigned_t<int64_t>>(tmp8));
                        auto tmp10 = tmp4 == tmp3;
                        auto tmp11 = c10::convert<int64_t>(tmp10);
                        auto tmp12 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp9) + static_cast<std::make_unsigned_t<int64_t>>(tmp11));
                        auto tmp13 = c10::convert<float>(tmp12);
                        auto tmp14 = static_cast<float>(1.0);
                        auto tmp15 = tmp14 / tmp13;
                        auto tmp17 = at::vec::Vectorized<float>(tmp4);
                        auto tmp18 = at::vec::VecMask<float,1>(tmp17 == tmp16);
                        auto tmp19 = tmp18.to<float,1>();
                        auto tmp20 = at::vec::Vectorized<float>(tmp15);
                        auto tmp21 = tmp20 * tmp19;
                        auto tmp23 = tmp21 * tmp22;
                        auto tmp25 = tmp24 * tmp24;
                        auto tmp26 = tmp22 * tmp22;
                        auto tmp27 = tmp25 + tmp26;
                        auto tmp28 = static_cast<float>(0.0);
                        auto tmp29 = at::vec::Vectorized<float>(tmp28);
                        auto tmp30 = at::vec::VecMask<float,1>(tmp27 == tmp29);
                        auto tmp31 = tmp27.reciprocal();
                        auto tmp32 = decltype(tmp29)::blendv(tmp31, tmp29, inductor_vec_mask_cast<float,1>(tmp30));
                        auto tmp33 = tmp23 * tmp32;
                        tmp33.store(out_ptr1 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

