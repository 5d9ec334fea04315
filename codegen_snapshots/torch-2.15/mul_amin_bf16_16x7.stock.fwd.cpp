// kernel cpp_fused_amin_eq_mul_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const at::BFloat16* in_ptr0,
                       const at::BFloat16* in_ptr1,
                       at::BFloat16* out_ptr0,
                       bool* out_ptr1)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(1L))
        {
            {
                {
                    auto tmp0 = in_ptr0[static_cast<int64_t>(7L*x0)];
                    auto tmp2 = in_ptr1[static_cast<int64_t>(7L*x0)];
                    auto tmp5 = in_ptr0[static_cast<int64_t>(1L + 7L*x0)];
                    auto tmp7 = in_ptr1[static_cast<int64_t>(1L + 7L*x0)];
                    auto tmp11 = in_ptr0[static_cast<int64_t>(2L + 7L*x0)];
                    auto tmp13 = in_ptr1[static_cast<int64_t>(2L + 7L*x0)];
                    auto tmp17 = in_ptr0[static_cast<int64_t>(3L + 7L*x0)];
                    auto tmp19 = in_ptr1[static_cast<int64_t>(3L + 7L*x0)];
                    auto tmp23 = in_ptr0[static_cast<int64_t>(4L + 7L*x0)];
                    auto tmp25 = in_ptr1[static_cast<int64_t>(4L + 7L*x0)];
                    auto tmp29 = in_ptr0[static_cast<int64_t>(5L + 7L*x0)];
                    auto tmp31 = in_ptr1[static_cast<int64_t>(5L + 7L*x0)];
                    auto tmp35 = in_ptr0[static_cast<int64_t>(6L + 7L*x0)];
                    auto tmp37 = in_ptr1[static_cast<int64_t>(6L + 7L*x0)];
                    auto tmp1 = c10::convert<float>(tmp0);
                    auto tmp3 = c10::convert<float>(tmp2);
                    auto tmp4 = float(tmp1 * tmp3);
                    auto tmp6 = c10::convert<float>(tmp5);
                    auto tmp8 = c10::convert<float>(tmp7);
                    auto tmp9 = float(tmp6 * tmp8);
                    auto tmp10 = min_propagate_nan(tmp4, tmp9);
                    auto tmp12 = c10::convert<float>(tmp11);
                    auto tmp14 = c10::convert<float>(tmp13);
                    auto tmp15 = float(tmp12 * tmp14);
                    auto tmp16 = min_propagate_nan(tmp10, tmp15);
                    auto tmp18 = c10::convert<float>(tmp17);
                    auto tmp20 = c10::convert<float>(tmp19);
                    auto tmp21 = float(tmp18 * tmp20);
                    auto tmp22 = min_propagate_nan(tmp16, tmp21);
                    auto tmp24 = c10::convert<float>(tmp23);
                    auto tmp26 = c10::convert<float>(tmp25);
                    auto tmp27 = float(tmp24 * tmp26);
                    auto tmp28 = min_propagate_nan(tmp22, tmp27);
                    auto tmp30 = c10::convert<float>(tmp29);
                    auto tmp32 = c10::convert<float>(tmp31);
                    auto tmp33 = float(tmp30 * tmp32);
                    auto tmp34 = min_propagate_nan(tmp28, tmp33);
                    auto tmp36 = c10::convert<float>(tmp35);
                    auto tmp38 = c10::convert<float>(tmp37);
                    auto tmp39 = float(tmp36 * tmp38);
                    auto tmp40 = min_propagate_nan(tmp34, tmp39);
                    auto tmp41 = c10::convert<at::BFloat16>(tmp40);
                    out_ptr0[static_cast<int64_t>(x0)] = tmp41;
                }
            }
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                    {
                        auto tmp0 = out_ptr0[static_cast<int64_t>(x0)];
                        auto tmp2 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp4 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp1 = c10::convert<float>(tmp0);
                        auto tmp3 = at::vec::convert<float>(tmp2);
                        auto tmp5 = at::vec::convert<float>(tmp4);
                        auto tmp6 = tmp3 * tmp5;
                        auto tmp7 = at::vec::Vectorized<float>(tmp1);
                        auto tmp8 = at::vec::VecMask<float,1>(tmp7 == tmp6);
                        tmp8.store(out_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

