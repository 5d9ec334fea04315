// kernel cpp_fused_add_atan2_div_eq_isnan_linalg_vector_norm_logical_or_masked_fill_mul_reciprocal_sgn_sum_unsqueeze_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       const float* in_ptr3,
                       int64_t* out_ptr0,
                       float* out_ptr1)
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
                    auto tmp1 = in_ptr1[static_cast<int64_t>(7L*x0)];
                    auto tmp4 = in_ptr2[static_cast<int64_t>(x0)];
                    auto tmp9 = in_ptr0[static_cast<int64_t>(1L + 7L*x0)];
                    auto tmp10 = in_ptr1[static_cast<int64_t>(1L + 7L*x0)];
                    auto tmp18 = in_ptr0[static_cast<int64_t>(2L + 7L*x0)];
                    auto tmp19 = in_ptr1[static_cast<int64_t>(2L + 7L*x0)];
                    auto tmp27 = in_ptr0[static_cast<int64_t>(3L + 7L*x0)];
                    auto tmp28 = in_ptr1[static_cast<int64_t>(3L + 7L*x0)];
                    auto tmp36 = in_ptr0[static_cast<int64_t>(4L + 7L*x0)];
                    auto tmp37 = in_ptr1[static_cast<int64_t>(4L + 7L*x0)];
                    auto tmp45 = in_ptr0[static_cast<int64_t>(5L + 7L*x0)];
                    auto tmp46 = in_ptr1[static_cast<int64_t>(5L + 7L*x0)];
                    auto tmp54 = in_ptr0[static_cast<int64_t>(6L + 7L*x0)];
                    auto tmp55 = in_ptr1[static_cast<int64_t>(6L + 7L*x0)];
                    auto tmp2 = std::atan2(tmp0, tmp1);
                    auto tmp3 = std::abs(tmp2);
                    auto tmp5 = tmp3 == tmp4;
                    auto tmp6 = std::isnan(tmp3);
                    auto tmp7 = tmp5 || tmp6;
                    auto tmp8 = c10::convert<int64_t>(tmp7);
                    auto tmp11 = std::atan2(tmp9, tmp10);
                    auto tmp12 = std::abs(tmp11);
                    auto tmp13 = tmp12 == tmp4;
                    auto tmp14 = std::isnan(tmp12);
                    auto tmp15 = tmp13 || tmp14;
                    auto tmp16 = c10::convert<int64_t>(tmp15);
                    auto tmp17 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp8) + static_cast<std::make_unsigned_t<int64_t>>(tmp16));
                    auto tmp20 = std::atan2(tmp18, tmp19);
                    auto tmp21 = std::abs(tmp20);
                    auto tmp22 = tmp21 == tmp4;
                    auto tmp23 = std::isnan(tmp21);
                    auto tmp24 = tmp22 || tmp23;
                    auto tmp25 = c10::convert<int64_t>(tmp24);
                    auto tmp26 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp17) + static_cast<std::make_unsigned_t<int64_t>>(tmp25));
                    auto tmp29 = std::atan2(tmp27, tmp28);
                    auto tmp30 = std::abs(tmp29);
                    auto tmp31 = tmp30 == tmp4;
                    auto tmp32 = std::isnan(tmp30);
                    auto tmp33 = tmp31 || tmp32;
                    auto tmp34 = c10::convert<int64_t>(tmp33);
                    auto tmp35 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp26) + static_cast<std::make_unsigned_t<int64_t>>(tmp34));
                    auto tmp38 = std::atan2(tmp36, tmp37);
                    auto tmp39 = std::abs(tmp38);
                    auto tmp40 = tmp39 == tmp4;
                    auto tmp41 = std::isnan(tmp39);
                    auto tmp42 = tmp40 || tmp41;
                    auto tmp43 = c10::convert<int64_t>(tmp42);
                    auto tmp44 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp35) + static_cast<std::make_unsigned_t<int64_t>>(tmp43));
                    auto tmp47 = std::atan2(tmp45, tmp46);
                    auto tmp48 = std::abs(tmp47);
                    auto tmp49 = tmp48 == tmp4;
                    auto tmp50 = std::isnan(tmp48);
                    auto tmp51 = tmp49 || tmp50;
                    auto tmp52 = c10::convert<int64_t>(tmp51);
                    auto tmp53 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp44) + static_cast<std::make_unsigned_t<int64_t>>(tmp52));
                    auto tmp56 = std::atan2(tmp54, tmp55);
                    auto tmp57 = std::abs(tmp56);
                    auto tmp58 = tmp57 == tmp4;
                    auto tmp59 = std::isnan(tmp57);
                    auto tmp60 = tmp58 || tmp59;
                    auto tmp61 = c10::convert<int64_t>(tmp60);
                    auto tmp62 = int64_t(static_cast<std::make_unsigned_t<int64_t>>(tmp53) + static_cast<std::make_unsigned_t<int64_t>>(tmp61));
                    out_ptr0[static_cast<int64_t>(x0)] = tmp62;
                }
            }
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp4 = in_ptr3[static_cast<int64_t>(x0)];
                        auto tmp5 = out_ptr0[static_cast<int64_t>(x0)];
                        auto tmp9 = in_ptr2[static_cast<int64_t>(x0)];
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
                        auto tmp6 = c10::convert<float>(tmp5);
                        auto tmp7 = tmp4 / tmp6;
                        auto tmp8 = tmp2.abs();
                        auto tmp10 = at::vec::Vectorized<float>(tmp9);
                        auto tmp11 = at::vec::VecMask<float,1>(tmp8 == tmp10);
                        auto tmp12 =
                        [&]()
                        {
                            __at_align__ std::array<float, 8> tmpbuf0;
                            tmp8.store(tmpbuf0.data(), static_cast<int64_t>(7L));
                            __at_align__ std::array<bool, 8> tmpbuf_out;
                            for (int i = 0; i < static_cast<int64_t>(7L); i++)
                            {
                                tmpbuf_out[i] = std::isnan(tmpbuf0[i]);
                            }
                            return at::vec::VecMask<float,1>::from(tmpbuf_out.data(), static_cast<int64_t>(7L));
                        }
                        ()
                        ;
                        auto tmp13 = inductor_vec_mask_cast<int32_t,1>(tmp11);
                        auto tmp14 = inductor_vec_mask_cast<int32_t,1>(tmp12);
                        auto tmp15 = tmp13 | tmp14;
                        auto tmp16 = tmp15.to<float,1>();
                        auto tmp17 = at::vec::Vectorized<float>(tmp7);
                        auto tmp18 = tmp17 * tmp16;
                        auto tmp19 = tmp3 * tmp18;
                        auto tmp20 = tmp19 * tmp1;
                        auto tmp21 = tmp0 * tmp0;
                        auto tmp22 = tmp1 * tmp1;
                        auto tmp23 = tmp21 + tmp22;
                        auto tmp24 = static_cast<float>(0.0);
                        auto tmp25 = at::vec::Vectorized<float>(tmp24);
                        auto tmp26 = at::vec::VecMask<float,1>(tmp23 == tmp25);
                        auto tmp27 = tmp23.reciprocal();
                        auto tmp28 = decltype(tmp25)::blendv(tmp27, tmp25, inductor_vec_mask_cast<float,1>(tmp26));
                        auto tmp29 = tmp20 * tmp28;
                        tmp29.store(out_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

