// kernel cpp_fused_add_atan2_div_eq_masked_fill_mul_reciprocal_sgn_sum_unsqueeze_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const bool* in_ptr3,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp4 = in_ptr2[static_cast<int64_t>(x0)];
                        auto tmp5 = in_ptr3[static_cast<int64_t>(7L*x0)];
                        auto tmp7 = in_ptr3[static_cast<int64_t>(1L + 7L*x0)];
                        auto tmp10 = in_ptr3[static_cast<int64_t>(2L + 7L*x0)];
                        auto tmp13 = in_ptr3[static_cast<int64_t>(3L + 7L*x0)];
                        auto tmp16 = in_ptr3[static_cast<int64_t>(4L + 7L*x0)];
                        auto tmp19 = in_ptr3[static_cast<int64_t>(5L + 7L*x0)];
                        auto tmp22 = in_ptr3[static_cast<int64_t>(6L + 7L*x0)];
                        auto tmp27 = at::vec::VecMask<float,1>::from(in_ptr3 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp2 = tmp0.atan2(tmp1);
                        auto tmp3 =
                        [&]()
                        {
                            auto left = decltype(tmp2)::blendv(decltype(tmp2)(0), decltype(tmp2)(1), decltype(tmp2)(0) < tmp2);
                            auto right = decltype(tmp2)::blendv(decltype(tmp2)(0), decltype(tmp2)(1), tmp2 < decltype(tmp2)(0));
                            return left - right;
                        }
                        ()
                        ;
                        auto tmp6 = c10::convert<int64_t>(tmp5);
                        auto tmp8 = c10::convert<int64_t>(tmp7);
                        auto tmp9 = int64_t(tmp6 + tmp8);
                        auto tmp11 = c10::convert<int64_t>(tmp10);
                        auto tmp12 = int64_t(tmp9 + tmp11);
                        auto tmp14 = c10::convert<int64_t>(tmp13);
                        auto tmp15 = int64_t(tmp12 + tmp14);
                        auto tmp17 = c10::convert<int64_t>(tmp16);
                        auto tmp18 = int64_t(tmp15 + tmp17);
                        auto tmp20 = c10::convert<int64_t>(tmp19);
                        auto tmp21 = int64_t(tmp18 + tmp20);
                        auto tmp23 = c10::convert<int64_t>(tmp22);
                        auto tmp24 = int64_t(tmp21 + tmp23);
                        auto tmp25 = c10::convert<float>(tmp24);
                        auto tmp26 = tmp4 / tmp25;
                        auto tmp28 = tmp27.to<float,1>();
                        auto tmp29 = at::vec::Vectorized<float>(tmp26);
                        auto tmp30 = tmp29 * tmp28;
                        auto tmp31 = tmp3 * tmp30;
                        auto tmp32 = tmp31 * tmp1;
                        auto tmp33 = tmp0 * tmp0;
                        auto tmp34 = tmp1 * tmp1;
                        auto tmp35 = tmp33 + tmp34;
                        auto tmp36 = static_cast<float>(0.0);
                        auto tmp37 = at::vec::Vectorized<float>(tmp36);
                        auto tmp38 = at::vec::VecMask<float,1>(tmp35 == tmp37);
                        auto tmp39 = tmp35.reciprocal();
                        auto tmp40 = decltype(tmp37)::blendv(tmp39, tmp37, tmp38.template cast<float,1>());
                        auto tmp41 = tmp32 * tmp40;
                        tmp41.store(out_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

