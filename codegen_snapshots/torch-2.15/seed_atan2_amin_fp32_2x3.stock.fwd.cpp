// kernel cpp_fused_amin_atan2_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(2L); x0+=static_cast<int64_t>(1L))
        {
            {
                {
                    auto tmp0 = in_ptr0[static_cast<int64_t>(3L*x0)];
                    auto tmp1 = in_ptr1[static_cast<int64_t>(3L*x0)];
                    auto tmp3 = in_ptr0[static_cast<int64_t>(1L + 3L*x0)];
                    auto tmp4 = in_ptr1[static_cast<int64_t>(1L + 3L*x0)];
                    auto tmp7 = in_ptr0[static_cast<int64_t>(2L + 3L*x0)];
                    auto tmp8 = in_ptr1[static_cast<int64_t>(2L + 3L*x0)];
                    auto tmp2 = std::atan2(tmp0, tmp1);
                    auto tmp5 = std::atan2(tmp3, tmp4);
                    auto tmp6 = min_propagate_nan(tmp2, tmp5);
                    auto tmp9 = std::atan2(tmp7, tmp8);
                    auto tmp10 = min_propagate_nan(tmp6, tmp9);
                    out_ptr0[static_cast<int64_t>(x0)] = tmp10;
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

