// kernel cpp_fused_cos_div_expand_gather_mul_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const uint8_t* in_ptr0,
                       const int64_t* in_ptr1,
                       const at::BFloat16* in_ptr2,
                       const at::BFloat16* in_ptr3,
                       const at::BFloat16* in_ptr4,
                       const at::BFloat16* in_ptr5,
                       at::BFloat16* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(8L); x0+=static_cast<int64_t>(1L))
        {
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L)))
                    {
                        auto tmp0 = at::vec::Vectorized<uint8_t>::loadu(in_ptr0 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
                        auto tmp13 = at::vec::VectorizedN<int64_t,4>::loadu(in_ptr1 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
                        auto tmp23 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr4 + static_cast<int64_t>(x1 + 16L*x0), static_cast<int64_t>(16));
                        auto tmp25 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr5 + static_cast<int64_t>(x1 + 16L*x0), static_cast<int64_t>(16));
                        auto tmp1 = at::vec::convert<int32_t,2,uint8_t,1>(tmp0);
                        auto tmp2 = x0;
                        auto tmp3 = c10::convert<int32_t>(tmp2);
                        auto tmp4 = at::vec::VectorizedN<int32_t,2>(tmp3);
                        auto tmp5 = tmp1 >> tmp4;
                        auto tmp6 = static_cast<int32_t>(1);
                        auto tmp7 = at::vec::VectorizedN<int32_t,2>(tmp6);
                        auto tmp8 = tmp5 & tmp7;
                        auto tmp9 = static_cast<int32_t>(0);
                        auto tmp10 = at::vec::VectorizedN<int32_t,2>(tmp9);
                        auto tmp11 = at::vec::VecMask<int32_t,2>(tmp8 != tmp10);
                        auto tmp12 = tmp11.to<float,2>();
                        auto tmp14 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            tmp13.store(tmpbuf.data(), static_cast<int64_t>(16));
                            return tmpbuf;
                        }
                        ()
                        ;
                        auto tmp15 =
                        [&]
                        {
                            __at_align__ std::array<int64_t, 16> tmpbuf;
                            #pragma GCC unroll 16
                            for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                            {
                                tmpbuf[x1_inner] = static_cast<int64_t>(tmp14[x1_inner]);
                            }
                            return at::vec::VectorizedN<int64_t,4>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                        }
                        ()
                        ;
                        TORCH_CHECK((at::vec::VecMask<int64_t,4>((at::vec::VectorizedN<int64_t,4>(0) <= tmp15) & (tmp15 < at::vec::VectorizedN<int64_t,4>(10L)))).all_masked(), "index out of bounds: 0 <= tmp15 < 10L");
                        auto tmp17 =
                        [&]
                        {
                            __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                            #pragma GCC unroll 16
                            for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                            {
                                tmpbuf[x1_inner] = in_ptr2[static_cast<int64_t>(tmp14[x1_inner] + 10L*x0)];
                            }
                            return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                        }
                        ()
                        ;
                        auto tmp18 = at::vec::convert<float,2,at::BFloat16,1>(tmp17);
                        auto tmp19 =
                        [&]
                        {
                            __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                            #pragma GCC unroll 16
                            for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                            {
                                tmpbuf[x1_inner] = in_ptr3[static_cast<int64_t>(tmp14[x1_inner] + 10L*x0)];
                            }
                            return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                        }
                        ()
                        ;
                        auto tmp20 = at::vec::convert<float,2,at::BFloat16,1>(tmp19);
                        auto tmp21 = tmp18 / tmp20;
                        auto tmp22 = tmp12 * tmp21;
                        auto tmp24 = at::vec::convert<float,2,at::BFloat16,1>(tmp23);
                        auto tmp26 = at::vec::convert<float,2,at::BFloat16,1>(tmp25);
                        auto tmp27 = tmp24 * tmp26;
                        auto tmp28 = tmp27.cos();
                        auto tmp29 = tmp22 * tmp28;
                        auto tmp30 = tmp29 * tmp26;
                        auto tmp31 = at::vec::convert<at::BFloat16,1,float,2>(tmp30);
                        tmp31.store(out_ptr0 + static_cast<int64_t>(x1 + 16L*x0), static_cast<int64_t>(16));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

