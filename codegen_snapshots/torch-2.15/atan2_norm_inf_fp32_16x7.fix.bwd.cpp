// kernel cpp_fused_add_atan2_div_eq_isnan_linalg_vector_norm_logical_or_masked_fill_mul_reciprocal_sgn_sum_unsqueeze_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       float* out_ptr0,
                       int64_t* out_ptr1,
                       float* out_ptr2)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        std::unique_ptr<float []> buf_local_buffer_data_0 = std::make_unique<float []>(7L);
        float* local_buffer_data_0 = buf_local_buffer_data_0.get();
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(1L))
        {
            {
                float tmp_acc0 = -std::numeric_limits<float>::infinity();
                at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(-std::numeric_limits<float>::infinity());
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                            auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                            auto tmp2 = tmp0.atan2(tmp1);
                            auto tmp3 = tmp2.abs();
                            tmp3.store(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(7L));
                            tmp_acc0_vec = max_masked_reduce(tmp_acc0_vec, tmp3, static_cast<int64_t>(7L));
                        }
                    }
                }
                tmp_acc0 = max_propagate_nan(tmp_acc0, at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::maximum(x, y); }, tmp_acc0_vec));
                out_ptr0[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
            }
            {
                int64_t tmp_acc0 = 0;
                at::vec::VectorizedN<int64_t,2> tmp_acc0_vec = at::vec::VectorizedN<int64_t,2>(0);
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(7L));
                            auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                            auto tmp2 = at::vec::Vectorized<float>(tmp1);
                            auto tmp3 = at::vec::VecMask<float,1>(tmp0 == tmp2);
                            auto tmp4 =
                            [&]()
                            {
                                __at_align__ std::array<float, 8> tmpbuf0;
                                tmp0.store(tmpbuf0.data(), static_cast<int64_t>(7L));
                                __at_align__ std::array<bool, 8> tmpbuf_out;
                                for (int i = 0; i < static_cast<int64_t>(7L); i++)
                                {
                                    tmpbuf_out[i] = std::isnan(tmpbuf0[i]);
                                }
                                return at::vec::VecMask<float,1>::from(tmpbuf_out.data(), static_cast<int64_t>(7L));
                            }
                            ()
                            ;
                            auto tmp5 = inductor_vec_mask_cast<int32_t,1>(tmp3);
                            auto tmp6 = inductor_vec_mask_cast<int32_t,1>(tmp4);
                            auto tmp7 = tmp5 | tmp6;
                            auto tmp8 = tmp7.to<int64_t,2>();
                            tmp_acc0_vec = sum_masked_reduce(tmp_acc0_vec, tmp8, static_cast<int64_t>(7L));
                        }
                    }
                }
                tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<int64_t, 2>([](at::vec::Vectorized<int64_t>& x, at::vec::Vectorized<int64_t>& y) { return x + y; }, tmp_acc0_vec);
                out_ptr1[static_cast<int64_t>(x0)] = static_cast<int64_t>(tmp_acc0);
            }
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp4 = in_ptr2[static_cast<int64_t>(x0)];
                        auto tmp5 = out_ptr1[static_cast<int64_t>(x0)];
                        auto tmp8 = at::vec::Vectorized<float>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(7L));
                        auto tmp9 = out_ptr0[static_cast<int64_t>(x0)];
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
                        tmp29.store(out_ptr2 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

