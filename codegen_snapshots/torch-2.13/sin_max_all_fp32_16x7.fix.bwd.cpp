// kernel cpp_fused_cos_div_eq_isnan_logical_and_logical_or_max_mul_sin_sum_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       float* out_ptr1,
                       float* out_ptr2)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    auto out_ptr0 = in_out_ptr0;
    {
        {
            float tmp_acc0 = -std::numeric_limits<float>::infinity();
            at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(-std::numeric_limits<float>::infinity());
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(112L); x0+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(112L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                        auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                        auto tmp2 = tmp0 * tmp1;
                        auto tmp3 = tmp2.sin();
                        tmp3.store(out_ptr0 + static_cast<int64_t>(x0));
                        tmp_acc0_vec = at::vec::maximum(tmp_acc0_vec, tmp3);
                    }
                }
            }
            tmp_acc0 = max_propagate_nan(tmp_acc0, at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::maximum(x, y); }, tmp_acc0_vec));
            out_ptr1[static_cast<int64_t>(0L)] = static_cast<float>(tmp_acc0);
        }
    }
    {
        {
            float tmp_acc0 = 0;
            at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(112L); x0+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(112L)))
                    {
                        auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                        auto tmp1 = out_ptr1[static_cast<int64_t>(0L)];
                        auto tmp2 = at::vec::Vectorized<float>(tmp1);
                        auto tmp3 = at::vec::VecMask<float,1>(tmp0 == tmp2);
                        auto tmp4 =
                        [&]()
                        {
                            __at_align__ std::array<float, 8> tmpbuf0;
                            tmp0.store(tmpbuf0.data(), static_cast<int64_t>(8));
                            __at_align__ std::array<bool, 8> tmpbuf_out;
                            for (int i = 0; i < static_cast<int64_t>(8); i++)
                            {
                                tmpbuf_out[i] = std::isnan(tmpbuf0[i]);
                            }
                            return at::vec::VecMask<float,1>::from(tmpbuf_out.data(), static_cast<int64_t>(8));
                        }
                        ()
                        ;
                        auto tmp5 = std::isnan(tmp1);
                        auto tmp6 = at::vec::VecMask<float,1>::from(tmp5);
                        auto tmp7 = tmp4.template cast<int32_t,1>();
                        auto tmp8 = tmp6.template cast<int32_t,1>();
                        auto tmp9 = tmp7 & tmp8;
                        auto tmp10 = tmp3.template cast<int32_t,1>();
                        auto tmp11 = tmp9.template cast<int32_t,1>();
                        auto tmp12 = tmp10 | tmp11;
                        auto tmp13 = tmp12.to<float,1>();
                        tmp_acc0_vec = tmp_acc0_vec + tmp13;
                    }
                }
            }
            tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
            out_ptr2[static_cast<int64_t>(0L)] = static_cast<float>(tmp_acc0);
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(112L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(112L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp1 = out_ptr1[static_cast<int64_t>(0L)];
                    auto tmp14 = in_ptr2[static_cast<int64_t>(0L)];
                    auto tmp15 = out_ptr2[static_cast<int64_t>(0L)];
                    auto tmp21 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp22 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp2 = at::vec::Vectorized<float>(tmp1);
                    auto tmp3 = at::vec::VecMask<float,1>(tmp0 == tmp2);
                    auto tmp4 =
                    [&]()
                    {
                        __at_align__ std::array<float, 8> tmpbuf0;
                        tmp0.store(tmpbuf0.data(), static_cast<int64_t>(8));
                        __at_align__ std::array<bool, 8> tmpbuf_out;
                        for (int i = 0; i < static_cast<int64_t>(8); i++)
                        {
                            tmpbuf_out[i] = std::isnan(tmpbuf0[i]);
                        }
                        return at::vec::VecMask<float,1>::from(tmpbuf_out.data(), static_cast<int64_t>(8));
                    }
                    ()
                    ;
                    auto tmp5 = std::isnan(tmp1);
                    auto tmp6 = at::vec::VecMask<float,1>::from(tmp5);
                    auto tmp7 = tmp4.template cast<int32_t,1>();
                    auto tmp8 = tmp6.template cast<int32_t,1>();
                    auto tmp9 = tmp7 & tmp8;
                    auto tmp10 = tmp3.template cast<int32_t,1>();
                    auto tmp11 = tmp9.template cast<int32_t,1>();
                    auto tmp12 = tmp10 | tmp11;
                    auto tmp13 = tmp12.to<float,1>();
                    auto tmp16 = c10::convert<int64_t>(tmp15);
                    auto tmp17 = c10::convert<float>(tmp16);
                    auto tmp18 = tmp14 / tmp17;
                    auto tmp19 = at::vec::Vectorized<float>(tmp18);
                    auto tmp20 = tmp13 * tmp19;
                    auto tmp23 = tmp21 * tmp22;
                    auto tmp24 = tmp23.cos();
                    auto tmp25 = tmp20 * tmp24;
                    auto tmp26 = tmp25 * tmp22;
                    tmp26.store(in_out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

