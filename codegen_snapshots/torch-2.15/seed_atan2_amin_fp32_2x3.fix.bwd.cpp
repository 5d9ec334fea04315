// kernel cpp_fused_add_div_eq_masked_fill_mul_reciprocal_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4,
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
                        auto tmp5 = in_ptr2[static_cast<int64_t>(1L + 3L*x0)];
                        auto tmp9 = in_ptr2[static_cast<int64_t>(2L + 3L*x0)];
                        auto tmp15 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp21 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp23 = at::vec::Vectorized<float>::loadu(in_ptr4 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                        auto tmp3 = tmp1 == tmp2;
                        auto tmp4 = c10::convert<int64_t>(tmp3);
                        auto tmp6 = tmp1 == tmp5;
                        auto tmp7 = c10::convert<int64_t>(tmp6);
                        auto tmp8 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp4) + static_cast<std::make_unsigned_t<int64_t>>(tmp7));
                        auto tmp10 = tmp1 == tmp9;
                        auto tmp11 = c10::convert<int64_t>(tmp10);
                        auto tmp12 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp8) + static_cast<std::make_unsigned_t<int64_t>>(tmp11));
                        auto tmp13 = c10::convert<float>(tmp12);
                        auto tmp14 = tmp0 / tmp13;
                        auto tmp16 = at::vec::Vectorized<float>(tmp1);
                        auto tmp17 = at::vec::VecMask<float,1>(tmp16 == tmp15);
                        auto tmp18 = tmp17.to<float,1>();
                        auto tmp19 = at::vec::Vectorized<float>(tmp14);
                        auto tmp20 = tmp19 * tmp18;
                        auto tmp22 = tmp20 * tmp21;
                        auto tmp24 = tmp23 * tmp23;
                        auto tmp25 = tmp21 * tmp21;
                        auto tmp26 = tmp24 + tmp25;
                        auto tmp27 = static_cast<float>(0.0);
                        auto tmp28 = at::vec::Vectorized<float>(tmp27);
                        auto tmp29 = at::vec::VecMask<float,1>(tmp26 == tmp28);
                        auto tmp30 = tmp26.reciprocal();
                        auto tmp31 = decltype(tmp28)::blendv(tmp30, tmp28, inductor_vec_mask_cast<float,1>(tmp29));
                        auto tmp32 = tmp22 * tmp31;
                        tmp32.store(out_ptr0 + static_cast<int64_t>(x1 + 3L*x0), static_cast<int64_t>(3L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

