// kernel cpp_fused_add_atan2_div_eq_isnan_logical_or_masked_fill_mul_reciprocal_sgn_sum_unsqueeze_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       const float* in_ptr4)
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
                        auto tmp1 = in_ptr1[static_cast<int64_t>(7L*x0)];
                        auto tmp2 = in_ptr2[static_cast<int64_t>(x0)];
                        auto tmp7 = in_ptr1[static_cast<int64_t>(1L + 7L*x0)];
                        auto tmp13 = in_ptr1[static_cast<int64_t>(2L + 7L*x0)];
                        auto tmp19 = in_ptr1[static_cast<int64_t>(3L + 7L*x0)];
                        auto tmp25 = in_ptr1[static_cast<int64_t>(4L + 7L*x0)];
                        auto tmp31 = in_ptr1[static_cast<int64_t>(5L + 7L*x0)];
                        auto tmp37 = in_ptr1[static_cast<int64_t>(6L + 7L*x0)];
                        auto tmp45 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp55 = at::vec::Vectorized<float>::loadu(in_ptr3 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp56 = at::vec::Vectorized<float>::loadu(in_ptr4 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp3 = tmp1 == tmp2;
                        auto tmp4 = std::isnan(tmp1);
                        auto tmp5 = tmp3 || tmp4;
                        auto tmp6 = c10::convert<int64_t>(tmp5);
                        auto tmp8 = tmp7 == tmp2;
                        auto tmp9 = std::isnan(tmp7);
                        auto tmp10 = tmp8 || tmp9;
                        auto tmp11 = c10::convert<int64_t>(tmp10);
                        auto tmp12 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp6) + static_cast<std::make_unsigned_t<int64_t>>(tmp11));
                        auto tmp14 = tmp13 == tmp2;
                        auto tmp15 = std::isnan(tmp13);
                        auto tmp16 = tmp14 || tmp15;
                        auto tmp17 = c10::convert<int64_t>(tmp16);
                        auto tmp18 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp12) + static_cast<std::make_unsigned_t<int64_t>>(tmp17));
                        auto tmp20 = tmp19 == tmp2;
                        auto tmp21 = std::isnan(tmp19);
                        auto tmp22 = tmp20 || tmp21;
                        auto tmp23 = c10::convert<int64_t>(tmp22);
                        auto tmp24 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp18) + static_cast<std::make_unsigned_t<int64_t>>(tmp23));
                        auto tmp26 = tmp25 == tmp2;
                        auto tmp27 = std::isnan(tmp25);
                        auto tmp28 = tmp26 || tmp27;
                        auto tmp29 = c10::convert<int64_t>(tmp28);
                        auto tmp30 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp24) + static_cast<std::make_unsigned_t<int64_t>>(tmp29));
                        auto tmp32 = tmp31 == tmp2;
                        auto tmp33 = std::isnan(tmp31);
                        auto tmp34 = tmp32 || tmp33;
                        auto tmp35 = c10::convert<int64_t>(tmp34);
                        auto tmp36 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp30) + static_cast<std::make_unsigned_t<int64_t>>(tmp35));
                        auto tmp38 = tmp37 == tmp2;
                        auto tmp39 = std::isnan(tmp37);
                        auto tmp40 = tmp38 || tmp39;
                        auto tmp41 = c10::convert<int64_t>(tmp40);
                        auto tmp42 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp36) + static_cast<std::make_unsigned_t<int64_t>>(tmp41));
                        auto tmp43 = c10::convert<float>(tmp42);
                        auto tmp44 = tmp0 / tmp43;
                        auto tmp46 = at::vec::Vectorized<float>(tmp2);
                        auto tmp47 = at::vec::VecMask<float,1>(tmp45 == tmp46);
                        auto tmp48 =
                        [&]()
                        {
                            __at_align__ std::array<float, 8> tmpbuf0;
                            tmp45.store(tmpbuf0.data(), static_cast<int64_t>(7L));
                            __at_align__ std::array<bool, 8> tmpbuf_out;
                            for (int i = 0; i < static_cast<int64_t>(7L); i++)
                            {
                                tmpbuf_out[i] = std::isnan(tmpbuf0[i]);
                            }
                            return at::vec::VecMask<float,1>::from(tmpbuf_out.data(), static_cast<int64_t>(7L));
                        }
                        ()
                        ;
                        auto tmp49 = inductor_vec_mask_cast<int32_t,1>(tmp47);
                        auto tmp50 = inductor_vec_mask_cast<int32_t,1>(tmp48);
                        auto tmp51 = tmp49 | tmp50;
                        auto tmp52 = tmp51.to<float,1>();
                        auto tmp53 = at::vec::Vectorized<float>(tmp44);
                        auto tmp54 = tmp53 * tmp52;
                        auto tmp57 = tmp55.atan2(tmp56);
                        auto tmp58 =
                        [&]()
                        {
                            auto left = decltype(tmp57)::blendv(decltype(tmp57)(0), decltype(tmp57)(1), decltype(tmp57)(0) < tmp57);
                            auto right = decltype(tmp57)::blendv(decltype(tmp57)(0), decltype(tmp57)(1), tmp57 < decltype(tmp57)(0));
                            return left - right;
                        }
                        ()
                        ;
                        auto tmp59 = tmp58 * tmp54;
                        auto tmp60 = tmp59 * tmp56;
                        auto tmp61 = tmp55 * tmp55;
                        auto tmp62 = tmp56 * tmp56;
                        auto tmp63 = tmp61 + tmp62;
                        auto tmp64 = static_cast<float>(0.0);
                        auto tmp65 = at::vec::Vectorized<float>(tmp64);
                        auto tmp66 = at::vec::VecMask<float,1>(tmp63 == tmp65);
                        auto tmp67 = tmp63.reciprocal();
                        auto tmp68 = decltype(tmp65)::blendv(tmp67, tmp65, inductor_vec_mask_cast<float,1>(tmp66));
                        auto tmp69 = tmp60 * tmp68;
                        tmp69.store(in_out_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

