// kernel cpp_fused_amin_mul_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const at::BFloat16* in_ptr0,
                       const at::BFloat16* in_ptr1,
                       at::BFloat16* out_ptr0,
                       at::BFloat16* out_ptr1)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(112L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(112L)))
                {
                    auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp2 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::convert<float,2,at::BFloat16,1>(tmp0);
                    auto tmp3 = at::vec::convert<float,2,at::BFloat16,1>(tmp2);
                    auto tmp4 = tmp1 * tmp3;
                    auto tmp5 = at::vec::convert<at::BFloat16,1,float,2>(tmp4);
                    tmp5.store(out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
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
                    auto tmp2 = out_ptr0[static_cast<int64_t>(1L + 7L*x0)];
                    auto tmp5 = out_ptr0[static_cast<int64_t>(2L + 7L*x0)];
                    auto tmp8 = out_ptr0[static_cast<int64_t>(3L + 7L*x0)];
                    auto tmp11 = out_ptr0[static_cast<int64_t>(4L + 7L*x0)];
                    auto tmp14 = out_ptr0[static_cast<int64_t>(5L + 7L*x0)];
                    auto tmp17 = out_ptr0[static_cast<int64_t>(6L + 7L*x0)];
                    auto tmp1 = c10::convert<float>(tmp0);
                    auto tmp3 = c10::convert<float>(tmp2);
                    auto tmp4 = min_propagate_nan(tmp1, tmp3);
                    auto tmp6 = c10::convert<float>(tmp5);
                    auto tmp7 = min_propagate_nan(tmp4, tmp6);
                    auto tmp9 = c10::convert<float>(tmp8);
                    auto tmp10 = min_propagate_nan(tmp7, tmp9);
                    auto tmp12 = c10::convert<float>(tmp11);
                    auto tmp13 = min_propagate_nan(tmp10, tmp12);
                    auto tmp15 = c10::convert<float>(tmp14);
                    auto tmp16 = min_propagate_nan(tmp13, tmp15);
                    auto tmp18 = c10::convert<float>(tmp17);
                    auto tmp19 = min_propagate_nan(tmp16, tmp18);
                    auto tmp20 = c10::convert<at::BFloat16>(tmp19);
                    out_ptr1[static_cast<int64_t>(x0)] = tmp20;
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

