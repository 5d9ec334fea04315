// kernel cpp_fused_div_eq_max_sum_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const at::BFloat16* in_ptr0,
                       const at::BFloat16* in_ptr1,
                       int64_t* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    #pragma omp parallel num_threads(2)
    {
        int tid = omp_get_thread_num();
        {
            std::unique_ptr<at::BFloat16 []> buf_local_reduction_data_0 = std::make_unique<at::BFloat16 []>(1L);
            at::BFloat16* local_reduction_data_0 = buf_local_reduction_data_0.get();
            std::unique_ptr<at::BFloat16 []> buf_local_buffer_data_0 = std::make_unique<at::BFloat16 []>(37L);
            at::BFloat16* local_buffer_data_0 = buf_local_buffer_data_0.get();
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(64L); x0+=static_cast<int64_t>(1L))
            {
                {
                    float tmp_acc0 = -std::numeric_limits<float>::infinity();
                    at::vec::VectorizedN<float,2> tmp_acc0_vec = at::vec::VectorizedN<float,2>(-std::numeric_limits<float>::infinity());
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(37L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(32L)))
                            {
                                auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(16));
                                auto tmp2 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(16));
                                auto tmp1 = at::vec::convert<float,2,at::BFloat16,1>(tmp0);
                                auto tmp3 = at::vec::convert<float,2,at::BFloat16,1>(tmp2);
                                auto tmp4 = tmp1 / tmp3;
                                auto tmp5 = at::vec::convert<at::BFloat16,1,float,2>(tmp4);
                                tmp5.store(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
                                tmp_acc0_vec = at::vec::maximum(tmp_acc0_vec, tmp4);
                            }
                            if(C10_UNLIKELY(x1 >= static_cast<int64_t>(32L) && x1 < static_cast<int64_t>(37L)))
                            {
                                auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(5L));
                                auto tmp2 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(5L));
                                auto tmp1 = at::vec::convert<float,2,at::BFloat16,1>(tmp0);
                                auto tmp3 = at::vec::convert<float,2,at::BFloat16,1>(tmp2);
                                auto tmp4 = tmp1 / tmp3;
                                auto tmp5 = at::vec::convert<at::BFloat16,1,float,2>(tmp4);
                                tmp5.store(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(5L));
                                tmp_acc0_vec = max_masked_reduce(tmp_acc0_vec, tmp4, static_cast<int64_t>(5L));
                            }
                        }
                    }
                    tmp_acc0 = max_propagate_nan(tmp_acc0, at::vec::vec_reduce_all<float, 2>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::maximum(x, y); }, tmp_acc0_vec));
                    local_reduction_data_0[static_cast<int64_t>(0L)] = static_cast<at::BFloat16>(tmp_acc0);
                }
                {
                    int64_t tmp_acc0 = 0;
                    at::vec::VectorizedN<int64_t,4> tmp_acc0_vec = at::vec::VectorizedN<int64_t,4>(0);
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(37L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(32L)))
                            {
                                auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
                                auto tmp2 = local_reduction_data_0[static_cast<int64_t>(0L)];
                                auto tmp1 = at::vec::convert<float,2,at::BFloat16,1>(tmp0);
                                auto tmp3 = c10::convert<float>(tmp2);
                                auto tmp4 = at::vec::VectorizedN<float,2>(tmp3);
                                auto tmp5 = at::vec::VecMask<float,2>(tmp1 == tmp4);
                                auto tmp6 = tmp5.to<int64_t,4>();
                                tmp_acc0_vec = tmp_acc0_vec + tmp6;
                            }
                            if(C10_UNLIKELY(x1 >= static_cast<int64_t>(32L) && x1 < static_cast<int64_t>(37L)))
                            {
                                auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(5L));
                                auto tmp2 = local_reduction_data_0[static_cast<int64_t>(0L)];
                                auto tmp1 = at::vec::convert<float,2,at::BFloat16,1>(tmp0);
                                auto tmp3 = c10::convert<float>(tmp2);
                                auto tmp4 = at::vec::VectorizedN<float,2>(tmp3);
                                auto tmp5 = at::vec::VecMask<float,2>(tmp1 == tmp4);
                                auto tmp6 = tmp5.to<int64_t,4>();
                                tmp_acc0_vec = sum_masked_reduce(tmp_acc0_vec, tmp6, static_cast<int64_t>(5L));
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<int64_t, 4>([](at::vec::Vectorized<int64_t>& x, at::vec::Vectorized<int64_t>& y) { return x + y; }, tmp_acc0_vec);
                    out_ptr0[static_cast<int64_t>(x0)] = static_cast<int64_t>(tmp_acc0);
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

