// kernel cpp_fused_add_atan2_div_eq_masked_fill_mul_reciprocal_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(2L); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(3L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(3L)))
                    {
                        auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
                        auto tmp1 = in_ptr1[static_cast<int64_t>(x0)];
                        auto tmp2 = in_ptr2[static_cast<int64_t>(3L*x0)];
                        auto tmp3 = in_ptr3[static_cast<int64_t>(3L*x0)];
                        auto tmp7 = in_ptr2[static_cast<int64_t>(1L + 3L*x0)];
                        auto tmp8 = in_ptr3[static_cast<int64_t>(1L + 3L*x0)];
                        auto tmp13 = in_ptr2[static_cast<int64_t>(2L + 3L*x0)];
                        auto tmp14 = in_ptr3[static_cast<int64_t>(2L + 3L*x0)];
                        auto tmp21 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp22 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp4 = std::atan2(tmp2, tmp3);
                        auto tmp5 = tmp1 == tmp4;
                        auto tmp6 = c10::convert<int64_t>(tmp5);
                        auto tmp9 = std::atan2(tmp7, tmp8);
                        auto tmp10 = tmp1 == tmp9;
                        auto tmp11 = c10::convert<int64_t>(tmp10);
                        auto tmp12 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp6) + static_cast<std::make_unsigned_t<int64_t>>(tmp11));
                        auto tmp15 = std::atan2(tmp13, tmp14);
                        auto tmp16 = tmp1 == tmp15;
                        auto tmp17 = c10::convert<int64_t>(tmp16);
                        auto tmp18 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp12) + static_cast<std::make_unsigned_t<int64_t>>(tmp17));
                        auto tmp19 = c10::convert<float>(tmp18);
                        auto tmp20 = tmp0 / tmp19;
                        auto tmp23 = tmp21.atan2(tmp22);
                        auto tmp24 = at::vec::Vectorized<float>(tmp1);
                        auto tmp25 = at::vec::VecMask<float,1>(tmp24 == tmp23);
                        auto tmp26 = tmp25.to<float,1>();
                        auto tmp27 = at::vec::Vectorized<float>(tmp20);
                        auto tmp28 = tmp27 * tmp26;
                        auto tmp29 = tmp28 * tmp22;
                        auto tmp30 = tmp21 * tmp21;
                        auto tmp31 = tmp22 * tmp22;
                        auto tmp32 = tmp30 + tmp31;
                        auto tmp33 = static_cast<float>(0.0);
                        auto tmp34 = at::vec::Vectorized<float>(tmp33);
                        auto tmp35 = at::vec::VecMask<float,1>(tmp32 == tmp34);
                        auto tmp36 = tmp32.reciprocal();
                        auto tmp37 = decltype(tmp34)::blendv(tmp36, tmp34, inductor_vec_mask_cast<float,1>(tmp35));
                        auto tmp38 = tmp29 * tmp37;
                        tmp38.store(out_ptr0 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

