// kernel cpp_fused_add_amin_atan2_div_eq_expand_masked_fill_mul_ones_like_reciprocal_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       bool* out_ptr0,
                       float* out_ptr1)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(4L); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(3L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(3L)))
                    {
                        auto tmp0 = in_ptr0[static_cast<int64_t>(3L*x0)];
                        auto tmp1 = in_ptr1[static_cast<int64_t>(3L*x0)];
                        auto tmp3 = in_ptr0[static_cast<int64_t>(1L + 3L*x0)];
                        auto tmp4 = in_ptr1[static_cast<int64_t>(1L + 3L*x0)];
                        auto tmp7 = in_ptr0[static_cast<int64_t>(2L + 3L*x0)];
                        auto tmp8 = in_ptr1[static_cast<int64_t>(2L + 3L*x0)];
                        auto tmp11 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp12 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp2 = std::atan2(tmp0, tmp1);
                        auto tmp5 = std::atan2(tmp3, tmp4);
                        auto tmp6 = min_propagate_nan(tmp2, tmp5);
                        auto tmp9 = std::atan2(tmp7, tmp8);
                        auto tmp10 = min_propagate_nan(tmp6, tmp9);
                        auto tmp13 = tmp11.atan2(tmp12);
                        auto tmp14 = at::vec::Vectorized<float>(tmp10);
                        auto tmp15 = at::vec::VecMask<float,1>(tmp14 == tmp13);
                        tmp15.store(out_ptr0 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                    }
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
                        auto tmp2 = out_ptr0[static_cast<int64_t>(1L + 3L*x0)];
                        auto tmp5 = out_ptr0[static_cast<int64_t>(2L + 3L*x0)];
                        auto tmp11 = at::vec::VecMask<float,1>::from(out_ptr0 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp15 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp17 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp1 = c10::convert<int64_t>(tmp0);
                        auto tmp3 = c10::convert<int64_t>(tmp2);
                        auto tmp4 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp1) + static_cast<std::make_unsigned_t<int64_t>>(tmp3));
                        auto tmp6 = c10::convert<int64_t>(tmp5);
                        auto tmp7 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp4) + static_cast<std::make_unsigned_t<int64_t>>(tmp6));
                        auto tmp8 = c10::convert<float>(tmp7);
                        auto tmp9 = static_cast<float>(1.0);
                        auto tmp10 = tmp9 / tmp8;
                        auto tmp12 = tmp11.to<float,1>();
                        auto tmp13 = at::vec::Vectorized<float>(tmp10);
                        auto tmp14 = tmp13 * tmp12;
                        auto tmp16 = tmp14 * tmp15;
                        auto tmp18 = tmp17 * tmp17;
                        auto tmp19 = tmp15 * tmp15;
                        auto tmp20 = tmp18 + tmp19;
                        auto tmp21 = static_cast<float>(0.0);
                        auto tmp22 = at::vec::Vectorized<float>(tmp21);
                        auto tmp23 = at::vec::VecMask<float,1>(tmp20 == tmp22);
                        auto tmp24 = tmp20.reciprocal();
                        auto tmp25 = decltype(tmp22)::blendv(tmp24, tmp22, inductor_vec_mask_cast<float,1>(tmp23));
                        auto tmp26 = tmp16 * tmp25;
                        tmp26.store(out_ptr1 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

