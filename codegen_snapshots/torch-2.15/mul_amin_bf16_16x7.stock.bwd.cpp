// kernel cpp_fused_div_mul_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const at::BFloat16* in_ptr0,
                       const bool* in_ptr1,
                       const at::BFloat16* in_ptr2,
                       at::BFloat16* out_ptr0)
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
                        auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
                        auto tmp2 = in_ptr1[static_cast<int64_t>(7L*x0)];
                        auto tmp4 = in_ptr1[static_cast<int64_t>(1L + 7L*x0)];
                        auto tmp7 = in_ptr1[static_cast<int64_t>(2L + 7L*x0)];
                        auto tmp10 = in_ptr1[static_cast<int64_t>(3L + 7L*x0)];
                        auto tmp13 = in_ptr1[static_cast<int64_t>(4L + 7L*x0)];
                        auto tmp16 = in_ptr1[static_cast<int64_t>(5L + 7L*x0)];
                        auto tmp19 = in_ptr1[static_cast<int64_t>(6L + 7L*x0)];
                        auto tmp24 = at::vec::VecMask<float,1>::from(in_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp28 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr2 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp1 = c10::convert<float>(tmp0);
                        auto tmp3 = c10::convert<int64_t>(tmp2);
                        auto tmp5 = c10::convert<int64_t>(tmp4);
                        auto tmp6 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp3) + static_cast<std::make_unsigned_t<int64_t>>(tmp5));
                        auto tmp8 = c10::convert<int64_t>(tmp7);
                        auto tmp9 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp6) + static_cast<std::make_unsigned_t<int64_t>>(tmp8));
                        auto tmp11 = c10::convert<int64_t>(tmp10);
                        auto tmp12 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp9) + static_cast<std::make_unsigned_t<int64_t>>(tmp11));
                        auto tmp14 = c10::convert<int64_t>(tmp13);
                        auto tmp15 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp12) + static_cast<std::make_unsigned_t<int64_t>>(tmp14));
                        auto tmp17 = c10::convert<int64_t>(tmp16);
                        auto tmp18 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp15) + static_cast<std::make_unsigned_t<int64_t>>(tmp17));
                        auto tmp20 = c10::convert<int64_t>(tmp19);
                        auto tmp21 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp18) + static_cast<std::make_unsigned_t<int64_t>>(tmp20));
                        auto tmp22 = c10::convert<float>(tmp21);
                        auto tmp23 = tmp1 / tmp22;
                        auto tmp25 = tmp24.to<float,1>();
                        auto tmp26 = at::vec::Vectorized<float>(tmp23);
                        auto tmp27 = tmp26 * tmp25;
                        auto tmp29 = at::vec::convert<float>(tmp28);
                        auto tmp30 = tmp27 * tmp29;
                        auto tmp31 = at::vec::convert<at::BFloat16>(tmp30);
                        tmp31.store(out_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

