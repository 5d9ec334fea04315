// kernel cpp_fused_atan2_linalg_vector_norm_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       float* out_ptr0,
                       float* out_ptr1)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(112L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(112L)))
                {
                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp2 = tmp0.atan2(tmp1);
                    auto tmp3 = tmp2.abs();
                    tmp3.store(out_ptr0 + static_cast<int64_t>(x0));
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(1L))
        {
            {
                {
                    auto tmp0 = out_ptr0[static_cast<int64_t>(7L*x0)];
                    auto tmp1 = out_ptr0[static_cast<int64_t>(1L + 7L*x0)];
                    auto tmp3 = out_ptr0[static_cast<int64_t>(2L + 7L*x0)];
                    auto tmp5 = out_ptr0[static_cast<int64_t>(3L + 7L*x0)];
                    auto tmp7 = out_ptr0[static_cast<int64_t>(4L + 7L*x0)];
                    auto tmp9 = out_ptr0[static_cast<int64_t>(5L + 7L*x0)];
                    auto tmp11 = out_ptr0[static_cast<int64_t>(6L + 7L*x0)];
                    auto tmp2 = max_propagate_nan(tmp0, tmp1);
                    auto tmp4 = max_propagate_nan(tmp2, tmp3);
                    auto tmp6 = max_propagate_nan(tmp4, tmp5);
                    auto tmp8 = max_propagate_nan(tmp6, tmp7);
                    auto tmp10 = max_propagate_nan(tmp8, tmp9);
                    auto tmp12 = max_propagate_nan(tmp10, tmp11);
                    out_ptr1[static_cast<int64_t>(x0)] = tmp12;
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

