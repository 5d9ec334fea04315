// kernel cpp_fused_add_amax_atan2_div_eq_masked_fill_mul_reciprocal_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    #pragma omp parallel num_threads(2)
    {
        int tid = omp_get_thread_num();
        {
            std::unique_ptr<float []> buf_local_reduction_data_0 = std::make_unique<float []>(1L);
            float* local_reduction_data_0 = buf_local_reduction_data_0.get();
            std::unique_ptr<float []> buf_local_reduction_data_1 = std::make_unique<float []>(1L);
            float* local_reduction_data_1 = buf_local_reduction_data_1.get();
            std::unique_ptr<float []> buf_local_buffer_data_0 = std::make_unique<float []>(128L);
            float* local_buffer_data_0 = buf_local_buffer_data_0.get();
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(64L); x0+=static_cast<int64_t>(1L))
            {
                {
                    float tmp_acc0 = -std::numeric_limits<float>::infinity();
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(-std::numeric_limits<float>::infinity());
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(128L); x1+=static_cast<int64_t>(8L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(128L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 128L*x0), static_cast<int64_t>(8));
                                auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 128L*x0), static_cast<int64_t>(8));
                                auto tmp2 = tmp0.atan2(tmp1);
                                tmp2.store(local_buffer_data_0 + static_cast<int64_t>(x1));
                                tmp_acc0_vec = at::vec::maximum(tmp_acc0_vec, tmp2);
                            }
                        }
                    }
                    tmp_acc0 = max_propagate_nan(tmp_acc0, at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::maximum(x, y); }, tmp_acc0_vec));
                    local_reduction_data_0[static_cast<int64_t>(0L)] = static_cast<float>(tmp_acc0);
                }
                {
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(128L); x1+=static_cast<int64_t>(8L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(128L)))
                            {
                                auto tmp0 = local_reduction_data_0[static_cast<int64_t>(0L)];
                                auto tmp1 = at::vec::Vectorized<float>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(8));
                                auto tmp2 = at::vec::Vectorized<float>(tmp0);
                                auto tmp3 = at::vec::VecMask<float,1>(tmp2 == tmp1);
                                auto tmp4 = tmp3.to<float,1>();
                                tmp_acc0_vec = tmp_acc0_vec + tmp4;
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                    local_reduction_data_1[static_cast<int64_t>(0L)] = static_cast<float>(tmp_acc0);
                }
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(128L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(128L)))
                        {
                            auto tmp0 = in_ptr2[static_cast<int64_t>(x0)];
                            auto tmp1 = local_reduction_data_1[static_cast<int64_t>(0L)];
                            auto tmp3 = local_reduction_data_0[static_cast<int64_t>(0L)];
                            auto tmp4 = at::vec::Vectorized<float>::loadu(local_buffer_data_0 + static_cast<int64_t>(x1), static_cast<int64_t>(8));
                            auto tmp10 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 128L*x0), static_cast<int64_t>(8));
                            auto tmp12 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 128L*x0), static_cast<int64_t>(8));
                            auto tmp2 = tmp0 / tmp1;
                            auto tmp5 = at::vec::Vectorized<float>(tmp3);
                            auto tmp6 = at::vec::VecMask<float,1>(tmp5 == tmp4);
                            auto tmp7 = tmp6.to<float,1>();
                            auto tmp8 = at::vec::Vectorized<float>(tmp2);
                            auto tmp9 = tmp8 * tmp7;
                            auto tmp11 = tmp9 * tmp10;
                            auto tmp13 = tmp12 * tmp12;
                            auto tmp14 = tmp10 * tmp10;
                            auto tmp15 = tmp13 + tmp14;
                            auto tmp16 = static_cast<float>(0.0);
                            auto tmp17 = at::vec::Vectorized<float>(tmp16);
                            auto tmp18 = at::vec::VecMask<float,1>(tmp15 == tmp17);
                            auto tmp19 = tmp15.reciprocal();
                            auto tmp20 = decltype(tmp17)::blendv(tmp19, tmp17, tmp18.template cast<float,1>());
                            auto tmp21 = tmp11 * tmp20;
                            tmp21.store(out_ptr0 + static_cast<int64_t>(x1 + 128L*x0));
                        }
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

