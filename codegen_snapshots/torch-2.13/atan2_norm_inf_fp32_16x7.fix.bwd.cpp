// kernel cpp_fused_add_atan2_div_eq_isnan_linalg_vector_norm_logical_or_masked_fill_mul_reciprocal_sgn_sum_unsqueeze_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        std::unique_ptr<float []> buf_local_reduction_data_0 = std::make_unique<float []>(1L);
        float* local_reduction_data_0 = buf_local_reduction_data_0.get();
        std::unique_ptr<float []> buf_local_reduction_data_1 = std::make_unique<float []>(1L);
        float* local_reduction_data_1 = buf_local_reduction_data_1.get();
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
                local_reduction_data_0[static_cast<int64_t>(0L)] = static_cast<float>(tmp_acc0);
            }
            {
                float tmp_acc0 = 0;
                at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(7L));
                            auto tmp1 = local_reduction_data_0[static_cast<int64_t>(0L)];
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
                            auto tmp5 = tmp3.template cast<int32_t,1>();
                            auto tmp6 = tmp4.template cast<int32_t,1>();
                            auto tmp7 = tmp5 | tmp6;
                            auto tmp8 = tmp7.to<float,1>();
                            tmp_acc0_vec = sum_masked_reduce(tmp_acc0_vec, tmp8, static_cast<int64_t>(7L));
                        }
                    }
                }
                tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                local_reduction_data_1[static_cast<int64_t>(0L)] = static_cast<float>(tmp_acc0);
            }
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp4 = in_ptr2[static_cast<int64_t>(x0)];
                        auto tmp5 = local_reduction_data_1[static_cast<int64_t>(0L)];
                        auto tmp7 = at::vec::Vectorized<float>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(7L));
                        auto tmp8 = local_reduction_data_0[static_cast<int64_t>(0L)];
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
                        auto tmp6 = tmp4 / tmp5;
                        auto tmp9 = at::vec::Vectorized<float>(tmp8);
                        auto tmp10 = at::vec::VecMask<float,1>(tmp7 == tmp9);
                        auto tmp11 =
                        [&]()
                        {
                            __at_align__ std::array<float, 8> tmpbuf0;
                            tmp7.store(tmpbuf0.data(), static_cast<int64_t>(7L));
                            __at_align__ std::array<bool, 8> tmpbuf_out;
                            for (int i = 0; i < static_cast<int64_t>(7L); i++)
                            {
                                tmpbuf_out[i] = std::isnan(tmpbuf0[i]);
                            }
                            return at::vec::VecMask<float,1>::from(tmpbuf_out.data(), static_cast<int64_t>(7L));
                        }
                        ()
                        ;
                        auto tmp12 = tmp10.template cast<int32_t,1>();
                        auto tmp13 = tmp11.template cast<int32_t,1>();
                        auto tmp14 = tmp12 | tmp13;
                        auto tmp15 = tmp14.to<float,1>();
                        auto tmp16 = at::vec::Vectorized<float>(tmp6);
                        auto tmp17 = tmp16 * tmp15;
                        auto tmp18 = tmp3 * tmp17;
                        auto tmp19 = tmp18 * tmp1;
                        auto tmp20 = tmp0 * tmp0;
                        auto tmp21 = tmp1 * tmp1;
                        auto tmp22 = tmp20 + tmp21;
                        auto tmp23 = static_cast<float>(0.0);
                        auto tmp24 = at::vec::Vectorized<float>(tmp23);
                        auto tmp25 = at::vec::VecMask<float,1>(tmp22 == tmp24);
                        auto tmp26 = tmp22.reciprocal();
                        auto tmp27 = decltype(tmp24)::blendv(tmp26, tmp24, tmp25.template cast<float,1>());
                        auto tmp28 = tmp19 * tmp27;
                        tmp28.store(out_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

