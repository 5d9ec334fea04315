// kernel cpp_fused_arange_expand_floor_divide_mul_new_zeros_scatter_reduce_sin_0
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const at::BFloat16* in_ptr0,
                       const at::BFloat16* in_ptr1,
                       int64_t* out_ptr0,
                       at::BFloat16* out_ptr1,
                       at::BFloat16* out_ptr2)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(1L))
        {
            {
                {
                    auto tmp0 = c10::div_floor_integer(static_cast<int64_t>(x0), static_cast<int64_t>(2L));
                    auto tmp1 = c10::convert<int64_t>(tmp0);
                    out_ptr0[static_cast<int64_t>(x0)] = tmp1;
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(128L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(128L)))
                {
                    auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp2 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::convert<float,2,at::BFloat16,1>(tmp0);
                    auto tmp3 = at::vec::convert<float,2,at::BFloat16,1>(tmp2);
                    auto tmp4 = tmp1 * tmp3;
                    auto tmp5 = tmp4.sin();
                    auto tmp6 = at::vec::convert<at::BFloat16,1,float,2>(tmp5);
                    tmp6.store(out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(80L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(80L)))
                {
                    auto tmp0 = static_cast<at::BFloat16>(0.0);
                    auto tmp1 = at::vec::Vectorized<at::BFloat16>(tmp0);
                    tmp1.store(out_ptr2 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

// kernel cpp_fused__to_copy_eq_expand_gather_new_zeros_scatter_add_1
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const at::BFloat16* in_ptr0,
                       const int64_t* in_ptr1,
                       const at::BFloat16* in_ptr2,
                       int64_t* out_ptr0,
                       uint8_t* out_ptr1,
                       at::BFloat16* out_ptr2,
                       at::BFloat16* out_ptr3)
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
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(8L); x1+=static_cast<int64_t>(8L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(8L)))
                        {
                            auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 8L*x0), static_cast<int64_t>(8));
                            auto tmp2 =
                            [&]
                            {
                                __at_align__ std::array<int64_t, 8> tmpbuf;
                                #pragma GCC unroll 8
                                for (long x1_inner = 0; x1_inner < static_cast<int64_t>(8); x1_inner++)
                                {
                                    tmpbuf[x1_inner] = in_ptr1[static_cast<int64_t>((static_cast<int64_t>(x1 + x1_inner + 8L*x0) % static_cast<int64_t>(16L)))];
                                }
                                return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(8));
                            }
                            ()
                            ;
                            auto tmp1 = at::vec::convert<float>(tmp0);
                            auto tmp3 =
                            [&]
                            {
                                __at_align__ std::array<int64_t, 8> tmpbuf;
                                tmp2.store(tmpbuf.data(), static_cast<int64_t>(8));
                                return tmpbuf;
                            }
                            ()
                            ;
                            auto tmp4 =
                            [&]
                            {
                                __at_align__ std::array<int64_t, 8> tmpbuf;
                                #pragma GCC unroll 8
                                for (long x1_inner = 0; x1_inner < static_cast<int64_t>(8); x1_inner++)
                                {
                                    tmpbuf[x1_inner] = static_cast<int64_t>(tmp3[x1_inner]);
                                }
                                return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(8));
                            }
                            ()
                            ;
                            TORCH_CHECK((at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp4) & (tmp4 < at::vec::VectorizedN<int64_t,2>(10L)))).all_masked(), "index out of bounds: 0 <= tmp4 < 10L");
                            auto tmp6 =
                            [&]
                            {
                                __at_align__ std::array<at::BFloat16, 16> tmpbuf;
                                #pragma GCC unroll 8
                                for (long x1_inner = 0; x1_inner < static_cast<int64_t>(8); x1_inner++)
                                {
                                    tmpbuf[x1_inner] = in_ptr2[static_cast<int64_t>(tmp3[x1_inner] + 10L*(c10::div_floor_integer(static_cast<int64_t>(x0), static_cast<int64_t>(2L))))];
                                }
                                return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(8));
                            }
                            ()
                            ;
                            auto tmp7 = at::vec::convert<float>(tmp6);
                            auto tmp8 = at::vec::VecMask<float,1>(tmp1 == tmp7);
                            auto tmp9 = tmp8.to<int32_t,1>();
                            auto tmp10 = x1;
                            auto tmp11 = c10::convert<int32_t>(tmp10);
                            auto tmp12 = at::vec::Vectorized<int32_t>::arange(tmp11, 1);
                            auto tmp13 = tmp9 << tmp12;
                            auto tmp14 = at::vec::convert<int64_t,2,int32_t,1>(tmp13);
                            tmp_acc0_vec = tmp_acc0_vec + tmp14;
                        }
                    }
                }
                tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<int64_t, 2>([](at::vec::Vectorized<int64_t>& x, at::vec::Vectorized<int64_t>& y) { return x + y; }, tmp_acc0_vec);
                out_ptr0[static_cast<int64_t>(x0)] = static_cast<int64_t>(tmp_acc0);
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(8L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L)))
                {
                    auto tmp0 = at::vec::VectorizedN<int64_t,2>::loadu(out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                    auto tmp1 = at::vec::convert<uint8_t,1,int64_t,2>(tmp0);
                    tmp1.store(out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(8));
                }
            }
        }
    }
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(80L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(80L)))
                {
                    auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr2 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::convert<float,2,at::BFloat16,1>(tmp0);
                    auto tmp2 = static_cast<float>(0.0);
                    auto tmp3 = at::vec::VectorizedN<float,2>(tmp2);
                    auto tmp4 = at::vec::VecMask<float,2>(tmp3 == tmp1);
                    auto tmp5 = tmp4.to<at::BFloat16,1>();
                    tmp5.store(out_ptr2 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                }
            }
        }
    }
    {
        #pragma GCC ivdep
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(8L); x0+=static_cast<int64_t>(1L))
        {
            #pragma GCC ivdep
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(1L))
            {
                {
                    {
                        auto tmp0 = out_ptr1[static_cast<int64_t>(2L*x0 + (c10::div_floor_integer(static_cast<int64_t>(x1), static_cast<int64_t>(8L))))];
                        auto tmp1 = c10::convert<int32_t>(tmp0);
                        auto tmp2 = (static_cast<int64_t>(x1) % static_cast<int64_t>(8L));
                        auto tmp3 = c10::convert<int32_t>(tmp2);
                        auto tmp4 =
                        [&]()
                        {
                            constexpr decltype(tmp3) max_shift = sizeof(int32_t) * CHAR_BIT - std::is_signed_v<int32_t>;
                            if ((static_cast<std::make_signed_t<int32_t>>(tmp3) < 0) || (tmp3 >= max_shift))
                            {
                                return decltype(tmp1)(tmp1 >> max_shift);
                            }
                            return decltype(tmp1)(tmp1 >> tmp3);
                        }
                        ()
                        ;
                        auto tmp5 = static_cast<int32_t>(1);
                        auto tmp6 = decltype(tmp4)(tmp4 & tmp5);
                        auto tmp7 = static_cast<int32_t>(0);
                        auto tmp8 = tmp6 != tmp7;
                        auto tmp9 = c10::convert<at::BFloat16>(tmp8);
                        out_ptr3[static_cast<int64_t>(x1 + 16L*x0)] = tmp9;
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

