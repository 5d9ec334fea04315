// kernel cpp_fused_amin_div_eq_mul_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(at::BFloat16* in_out_ptr0,
                       const at::BFloat16* in_ptr1,
                       const at::BFloat16* in_ptr2)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    auto in_ptr0 = in_out_ptr0;
    {
        std::unique_ptr<at::BFloat16 []> buf_local_reduction_data_0 = std::make_unique<at::BFloat16 []>(1L);
        at::BFloat16* local_reduction_data_0 = buf_local_reduction_data_0.get();
        std::unique_ptr<float []> buf_local_reduction_data_1 = std::make_unique<float []>(1L);
        float* local_reduction_data_1 = buf_local_reduction_data_1.get();
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(1L))
        {
            {
                float tmp_acc0 = std::numeric_limits<float>::infinity();
                at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(std::numeric_limits<float>::infinity());
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                        {
                            auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                            auto tmp1 = at::vec::convert<float>(tmp0);
                            tmp_acc0_vec = min_masked_reduce(tmp_acc0_vec, tmp1, static_cast<int64_t>(7L));
                        }
                    }
                }
                tmp_acc0 = min_propagate_nan(tmp_acc0, at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::minimum(x, y); }, tmp_acc0_vec));
                local_reduction_data_0[static_cast<int64_t>(0L)] = static_cast<at::BFloat16>(tmp_acc0);
            }
            {
                float tmp_acc0 = 0;
                at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(7L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0L) && x1 < static_cast<int64_t>(7L)))
                        {
                            auto tmp0 = local_reduction_data_0[static_cast<int64_t>(0L)];
                            auto tmp2 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                            auto tmp1 = c10::convert<float>(tmp0);
                            auto tmp3 = at::vec::convert<float>(tmp2);
                            auto tmp4 = at::vec::Vectorized<float>(tmp1);
                            auto tmp5 = at::vec::VecMask<float,1>(tmp4 == tmp3);
                            auto tmp6 = tmp5.to<float,1>();
                            tmp_acc0_vec = sum_masked_reduce(tmp_acc0_vec, tmp6, static_cast<int64_t>(7L));
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
                        auto tmp0 = in_ptr1[static_cast<int64_t>(x0)];
                        auto tmp2 = local_reduction_data_1[static_cast<int64_t>(0L)];
                        auto tmp5 = local_reduction_data_0[static_cast<int64_t>(0L)];
                        auto tmp7 = at::vec::Vectorized<at::BFloat16>::loadu(in_out_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp14 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr2 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                        auto tmp1 = c10::convert<float>(tmp0);
                        auto tmp3 = tmp1 / tmp2;
                        auto tmp4 = c10::convert<float>(tmp3);
                        auto tmp6 = c10::convert<float>(tmp5);
                        auto tmp8 = at::vec::convert<float>(tmp7);
                        auto tmp9 = at::vec::Vectorized<float>(tmp6);
                        auto tmp10 = at::vec::VecMask<float,1>(tmp9 == tmp8);
                        auto tmp11 = tmp10.to<float,1>();
                        auto tmp12 = at::vec::Vectorized<float>(tmp4);
                        auto tmp13 = tmp12 * tmp11;
                        auto tmp15 = at::vec::convert<float>(tmp14);
                        auto tmp16 = tmp13 * tmp15;
                        auto tmp17 = at::vec::convert<at::BFloat16>(tmp16);
                        tmp17.store(in_out_ptr0 + static_cast<int64_t>(x1 + 7L*x0), static_cast<int64_t>(7L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

