// kernel cpp_fused_div_mul_sum_view_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const bool* in_ptr0,
                       const float* in_ptr1,
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
                int64_t tmp_acc0 = 0;
                at::vec::VectorizedN<int64_t,2> tmp_acc0_vec = at::vec::VectorizedN<int64_t,2>(0);
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(37L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(32L)))
                        {
                            auto tmp0 = at::vec::VecMask<float,1>::from(in_ptr0 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(8));
                            auto tmp1 = tmp0.to<int64_t,2>();
                            tmp_acc0_vec = tmp_acc0_vec + tmp1;
                        }
                        if(C10_UNLIKELY(x1 >= static_cast<int64_t>(32L) && x1 < static_cast<int64_t>(37L)))
                        {
                            auto tmp0 = at::vec::VecMask<float,1>::from(in_ptr0 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(5L));
                            auto tmp1 = tmp0.to<int64_t,2>();
                            tmp_acc0_vec = sum_masked_reduce(tmp_acc0_vec, tmp1, static_cast<int64_t>(5L));
                        }
                    }
                }
                tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<int64_t, 2>([](at::vec::Vectorized<int64_t>& x, at::vec::Vectorized<int64_t>& y) { return x + y; }, tmp_acc0_vec);
                out_ptr0[static_cast<int64_t>(x0)] = static_cast<int64_t>(tmp_acc0);
            }
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(37L); x1+=static_cast<int64_t>(8L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(32L)))
                    {
                        auto tmp0 = in_ptr1[static_cast<int64_t>(x0)];
                        auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                        auto tmp4 = at::vec::VecMask<float,1>::from(in_ptr0 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(8));
                        auto tmp2 = c10::convert<float>(tmp1);
                        auto tmp3 = tmp0 / tmp2;
                        auto tmp5 = tmp4.to<float,1>();
                        auto tmp6 = at::vec::Vectorized<float>(tmp3);
                        auto tmp7 = tmp6 * tmp5;
                        tmp7.store(out_ptr1 + static_cast<int64_t>(x1 + 37L*x0));
                    }
                    if(C10_UNLIKELY(x1 >= static_cast<int64_t>(32L) && x1 < static_cast<int64_t>(37L)))
                    {
                        auto tmp0 = in_ptr1[static_cast<int64_t>(x0)];
                        auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                        auto tmp4 = at::vec::VecMask<float,1>::from(in_ptr0 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(5L));
                        auto tmp2 = c10::convert<float>(tmp1);
                        auto tmp3 = tmp0 / tmp2;
                        auto tmp5 = tmp4.to<float,1>();
                        auto tmp6 = at::vec::Vectorized<float>(tmp3);
                        auto tmp7 = tmp6 * tmp5;
                        tmp7.store(out_ptr1 + static_cast<int64_t>(x1 + 37L*x0), static_cast<int64_t>(5L));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

