// kernel cpp_fused_atan2_linalg_vector_norm_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(1L))
        {
            {
                {
                    auto tmp0 = in_ptr0[static_cast<int64_t>(7L*x0)];
                    auto tmp1 = in_ptr1[static_cast<int64_t>(7L*x0)];
                    auto tmp4 = in_ptr0[static_cast<int64_t>(1L + 7L*x0)];
                    auto tmp5 = in_ptr1[static_cast<int64_t>(1L + 7L*x0)];
                    auto tmp9 = in_ptr0[static_cast<int64_t>(2L + 7L*x0)];
                    auto tmp10 = in_ptr1[static_cast<int64_t>(2L + 7L*x0)];
                    auto tmp14 = in_ptr0[static_cast<int64_t>(3L + 7L*x0)];
                    auto tmp15 = in_ptr1[static_cast<int64_t>(3L + 7L*x0)];
                    auto tmp19 = in_ptr0[static_cast<int64_t>(4L + 7L*x0)];
                    auto tmp20 = in_ptr1[static_cast<int64_t>(4L + 7L*x0)];
                    auto tmp24 = in_ptr0[static_cast<int64_t>(5L + 7L*x0)];
                    auto tmp25 = in_ptr1[static_cast<int64_t>(5L + 7L*x0)];
                    auto tmp29 = in_ptr0[static_cast<int64_t>(6L + 7L*x0)];
                    auto tmp30 = in_ptr1[static_cast<int64_t>(6L + 7L*x0)];
                    auto tmp2 = std::atan2(tmp0, tmp1);
                    auto tmp3 = std::abs(tmp2);
                    auto tmp6 = std::atan2(tmp4, tmp5);
                    auto tmp7 = std::abs(tmp6);
                    auto tmp8 = max_propagate_nan(tmp3, tmp7);
                    auto tmp11 = std::atan2(tmp9, tmp10);
                    auto tmp12 = std::abs(tmp11);
                    auto tmp13 = max_propagate_nan(tmp8, tmp12);
                    auto tmp16 = std::atan2(tmp14, tmp15);
                    auto tmp17 = std::abs(tmp16);
                    auto tmp18 = max_propagate_nan(tmp13, tmp17);
                    auto tmp21 = std::atan2(tmp19, tmp20);
                    auto tmp22 = std::abs(tmp21);
                    auto tmp23 = max_propagate_nan(tmp18, tmp22);
                    auto tmp26 = std::atan2(tmp24, tmp25);
                    auto tmp27 = std::abs(tmp26);
                    auto tmp28 = max_propagate_nan(tmp23, tmp27);
                    auto tmp31 = std::atan2(tmp29, tmp30);
                    auto tmp32 = std::abs(tmp31);
                    auto tmp33 = max_propagate_nan(tmp28, tmp32);
                    out_ptr0[static_cast<int64_t>(x0)] = tmp33;
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

