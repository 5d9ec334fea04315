// kernel cpp_fused_add_atan2_div_eq_masked_fill_mul_reciprocal_sum_view_0
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
    #pragma omp parallel num_threads(2)
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(64L); x0+=static_cast<int64_t>(1L))
            {
                {
                    int64_t tmp_acc0 = 0;
                    at::vec::VectorizedN<int64_t,2> tmp_acc0_vec = at::vec::VectorizedN<int64_t,2>(0);
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(128L); x1+=static_cast<int64_t>(8L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(128L)))
                            {
                                auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
                                auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 128L*x0), static_cast<int64_t>(8));
                                auto tmp2 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x1 + 128L*x0), static_cast<int64_t>(8));
                                auto tmp3 = tmp1.atan2(tmp2);
                                auto tmp4 = at::vec::Vectorized<float>(tmp0);
                                auto tmp5 = at::vec::VecMask<float,1>(tmp4 == tmp3);
                                auto tmp6 = tmp5.to<int64_t,2>();
                                tmp_acc0_vec = tmp_acc0_vec + tmp6;
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<int64_t, 2>([](at::vec::Vectorized<int64_t>& x, at::vec::Vectorized<int64_t>& y) { return x + y; }, tmp_acc0_vec);
                    out_ptr0[static_cast<int64_t>(x0)] = static_cast<int64_t>(tmp_acc0);
                }
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(128L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(128L)))
                        {
                            auto tmp0 = in_ptr3[static_cast<int64_t>(x0)];
                            auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                            auto tmp4 = in_ptr0[static_cast<int64_t>(x0)];
                            auto tmp5 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 128L*x0), static_cast<int64_t>(8));
                            auto tmp6 = at::vec::Vectorized<float>::loadu(in_ptr2 + static_cast<int64_t>(x1 + 128L*x0), static_cast<int64_t>(8));
                            auto tmp2 = c10::convert<float>(tmp1);
                            auto tmp3 = tmp0 / tmp2;
                            auto tmp7 = tmp5.atan2(tmp6);
                            auto tmp8 = at::vec::Vectorized<float>(tmp4);
                            auto tmp9 = at::vec::VecMask<float,1>(tmp8 == tmp7);
                            auto tmp10 = tmp9.to<float,1>();
                            auto tmp11 = at::vec::Vectorized<float>(tmp3);
                            auto tmp12 = tmp11 * tmp10;
                            auto tmp13 = tmp12 * tmp6;
                            auto tmp14 = tmp5 * tmp5;
                            auto tmp15 = tmp6 * tmp6;
                            auto tmp16 = tmp14 + tmp15;
                            auto tmp17 = static_cast<float>(0.0);
                            auto tmp18 = at::vec::Vectorized<float>(tmp17);
                            auto tmp19 = at::vec::VecMask<float,1>(tmp16 == tmp18);
                            auto tmp20 = tmp16.reciprocal();
                            auto tmp21 = decltype(tmp18)::blendv(tmp20, tmp18, inductor_vec_mask_cast<float,1>(tmp19));
                            auto tmp22 = tmp13 * tmp21;
                            tmp22.store(out_ptr1 + static_cast<int64_t>(x1 + 128L*x0));
                        }
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

