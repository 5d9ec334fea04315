// kernel cpp_fused_div_eq_mul_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const at::BFloat16* in_ptr0,
                       const at::BFloat16* in_ptr1,
                       const at::BFloat16* in_ptr2,
                       const at::BFloat16* in_ptr3,
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
                        auto tmp2 = in_ptr1[static_cast<int64_t>(x0)];
                        auto tmp4 = in_ptr2[static_cast<int64_t>(7L*x0)];
                        auto tmp8 = in_ptr2[static_cast<int64_t>(1L + 7L*x0)];
                        auto tmp13 = in_ptr2[static_cast<int64_t>(2L + 7L*x0)];
                        auto tmp18 = in_ptr2[static_cast<int64_t>(3L + 7L*x0)];
                        auto tmp23 = in_ptr2[static_cast<int64_t>(4L + 7L*x0)];
                        auto tmp28 = in_ptr2[static_cast<int64_t>(5L + 7L*x0)];
                        auto tmp33 = in_ptr2[static_cast<int64_t>(6L + 7L*x0)];
                        auto tmp40 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr2 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp47 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp1 = c10::convert<float>(tmp0);
                        auto tmp3 = c10::convert<float>(tmp2);
                        auto tmp5 = c10::convert<float>(tmp4);
                        auto tmp6 = tmp3 == tmp5;
                        auto tmp7 = c10::convert<int64_t>(tmp6);
                        auto tmp9 = c10::convert<float>(tmp8);
                        auto tmp10 = tmp3 == tmp9;
                        auto tmp11 = c10::convert<int64_t>(tmp10);
                        auto tmp12 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp7) + static_cast<std::make_unsigned_t<int64_t>>(tmp11));
                        auto tmp14 = c10::convert<float>(tmp13);
                        auto tmp15 = tmp3 == tmp14;
                        auto tmp16 = c10::convert<int64_t>(tmp15);
                        auto tmp17 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp12) + static_cast<std::make_unsigned_t<int64_t>>(tmp16));
                        auto tmp19 = c10::convert<float>(tmp18);
                        auto tmp20 = tmp3 == tmp19;
                        auto tmp21 = c10::convert<int64_t>(tmp20);
                        auto tmp22 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp17) + static_cast<std::make_unsigned_t<int64_t>>(tmp21));
                        auto tmp24 = c10::convert<float>(tmp23);
                        auto tmp25 = tmp3 == tmp24;
                        auto tmp26 = c10::convert<int64_t>(tmp25);
                        auto tmp27 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp22) + static_cast<std::make_unsigned_t<int64_t>>(tmp26));
                        auto tmp29 = c10::convert<float>(tmp28);
                        auto tmp30 = tmp3 == tmp29;
                        auto tmp31 = c10::convert<int64_t>(tmp30);
                        auto tmp32 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp27) + static_cast<std::make_unsigned_t<int64_t>>(tmp31));
                        auto tmp34 = c10::convert<float>(tmp33);
                        auto tmp35 = tmp3 == tmp34;
                        auto tmp36 = c10::convert<int64_t>(tmp35);
                        auto tmp37 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp32) + static_cast<std::make_unsigned_t<int64_t>>(tmp36));
                        auto tmp38 = c10::convert<float>(tmp37);
                        auto tmp39 = tmp1 / tmp38;
                        auto tmp41 = at::vec::convert<float>(tmp40);
                        auto tmp42 = at::vec::Vectorized<float>(tmp3);
                        auto tmp43 = at::vec::VecMask<float,1>(tmp42 == tmp41);
                        auto tmp44 = tmp43.to<float,1>();
                        auto tmp45 = at::vec::Vectorized<float>(tmp39);
                        auto tmp46 = tmp45 * tmp44;
                        auto tmp48 = at::vec::convert<float>(tmp47);
                        auto tmp49 = tmp46 * tmp48;
                        auto tmp50 = at::vec::convert<at::BFloat16>(tmp49);
                        tmp50.store(out_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

