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
                       uint8_t* out_ptr1,
                       at::BFloat16* out_ptr2,
                       at::BFloat16* out_ptr3)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    {
        for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(16L); x0+=static_cast<int64_t>(16L))
        {
            {
                if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(16L)))
                {
                    auto tmp0 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp2 = at::vec::VectorizedN<int64_t,4>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                    auto tmp10 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(16L + x0), static_cast<int64_t>(16));
                    auto tmp20 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(32L + x0), static_cast<int64_t>(16));
                    auto tmp30 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(48L + x0), static_cast<int64_t>(16));
                    auto tmp40 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(64L + x0), static_cast<int64_t>(16));
                    auto tmp50 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(80L + x0), static_cast<int64_t>(16));
                    auto tmp60 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(96L + x0), static_cast<int64_t>(16));
                    auto tmp70 = at::vec::Vectorized<at::BFloat16>::loadu(in_ptr0 + static_cast<int64_t>(112L + x0), static_cast<int64_t>(16));
                    auto tmp1 = at::vec::convert<float,2,at::BFloat16,1>(tmp0);
                    auto tmp3 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        tmp2.store(tmpbuf.data(), static_cast<int64_t>(16));
                        return tmpbuf;
                    }
                    ()
                    ;
                    auto tmp4 =
                    [&]
                    {
                        __at_align__ std::array<int64_t, 16> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = static_cast<int64_t>(tmp3[x0_inner]);
                        }
                        return at::vec::VectorizedN<int64_t,4>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    TORCH_CHECK((at::vec::VecMask<int64_t,4>((at::vec::VectorizedN<int64_t,4>(0) <= tmp4) & (tmp4 < at::vec::VectorizedN<int64_t,4>(10L)))).all_masked(), "index out of bounds: 0 <= tmp4 < 10L");
                    auto tmp6 =
                    [&]
                    {
                        __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(tmp3[x0_inner])];
                        }
                        return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp7 = at::vec::convert<float,2,at::BFloat16,1>(tmp6);
                    auto tmp8 = at::vec::VecMask<float,2>(tmp1 == tmp7);
                    auto tmp9 = tmp8.to<int32_t,2>();
                    auto tmp11 = at::vec::convert<float,2,at::BFloat16,1>(tmp10);
                    auto tmp12 =
                    [&]
                    {
                        __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(10L + tmp3[x0_inner])];
                        }
                        return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp13 = at::vec::convert<float,2,at::BFloat16,1>(tmp12);
                    auto tmp14 = at::vec::VecMask<float,2>(tmp11 == tmp13);
                    auto tmp15 = tmp14.to<int32_t,2>();
                    auto tmp16 = static_cast<int32_t>(1);
                    auto tmp17 = at::vec::VectorizedN<int32_t,2>(tmp16);
                    auto tmp18 = tmp15 << tmp17;
                    auto tmp19 = tmp9 + tmp18;
                    auto tmp21 = at::vec::convert<float,2,at::BFloat16,1>(tmp20);
                    auto tmp22 =
                    [&]
                    {
                        __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(20L + tmp3[x0_inner])];
                        }
                        return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp23 = at::vec::convert<float,2,at::BFloat16,1>(tmp22);
                    auto tmp24 = at::vec::VecMask<float,2>(tmp21 == tmp23);
                    auto tmp25 = tmp24.to<int32_t,2>();
                    auto tmp26 = static_cast<int32_t>(2);
                    auto tmp27 = at::vec::VectorizedN<int32_t,2>(tmp26);
                    auto tmp28 = tmp25 << tmp27;
                    auto tmp29 = tmp19 + tmp28;
                    auto tmp31 = at::vec::convert<float,2,at::BFloat16,1>(tmp30);
                    auto tmp32 =
                    [&]
                    {
                        __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(30L + tmp3[x0_inner])];
                        }
                        return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp33 = at::vec::convert<float,2,at::BFloat16,1>(tmp32);
                    auto tmp34 = at::vec::VecMask<float,2>(tmp31 == tmp33);
                    auto tmp35 = tmp34.to<int32_t,2>();
                    auto tmp36 = static_cast<int32_t>(3);
                    auto tmp37 = at::vec::VectorizedN<int32_t,2>(tmp36);
                    auto tmp38 = tmp35 << tmp37;
                    auto tmp39 = tmp29 + tmp38;
                    auto tmp41 = at::vec::convert<float,2,at::BFloat16,1>(tmp40);
                    auto tmp42 =
                    [&]
                    {
                        __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(40L + tmp3[x0_inner])];
                        }
                        return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp43 = at::vec::convert<float,2,at::BFloat16,1>(tmp42);
                    auto tmp44 = at::vec::VecMask<float,2>(tmp41 == tmp43);
                    auto tmp45 = tmp44.to<int32_t,2>();
                    auto tmp46 = static_cast<int32_t>(4);
                    auto tmp47 = at::vec::VectorizedN<int32_t,2>(tmp46);
                    auto tmp48 = tmp45 << tmp47;
                    auto tmp49 = tmp39 + tmp48;
                    auto tmp51 = at::vec::convert<float,2,at::BFloat16,1>(tmp50);
                    auto tmp52 =
                    [&]
                    {
                        __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(50L + tmp3[x0_inner])];
                        }
                        return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp53 = at::vec::convert<float,2,at::BFloat16,1>(tmp52);
                    auto tmp54 = at::vec::VecMask<float,2>(tmp51 == tmp53);
                    auto tmp55 = tmp54.to<int32_t,2>();
                    auto tmp56 = static_cast<int32_t>(5);
                    auto tmp57 = at::vec::VectorizedN<int32_t,2>(tmp56);
                    auto tmp58 = tmp55 << tmp57;
                    auto tmp59 = tmp49 + tmp58;
                    auto tmp61 = at::vec::convert<float,2,at::BFloat16,1>(tmp60);
                    auto tmp62 =
                    [&]
                    {
                        __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(60L + tmp3[x0_inner])];
                        }
                        return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp63 = at::vec::convert<float,2,at::BFloat16,1>(tmp62);
                    auto tmp64 = at::vec::VecMask<float,2>(tmp61 == tmp63);
                    auto tmp65 = tmp64.to<int32_t,2>();
                    auto tmp66 = static_cast<int32_t>(6);
                    auto tmp67 = at::vec::VectorizedN<int32_t,2>(tmp66);
                    auto tmp68 = tmp65 << tmp67;
                    auto tmp69 = tmp59 + tmp68;
                    auto tmp71 = at::vec::convert<float,2,at::BFloat16,1>(tmp70);
                    auto tmp72 =
                    [&]
                    {
                        __at_align__ std::array<at::BFloat16, 32> tmpbuf;
                        #pragma GCC unroll 16
                        for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                        {
                            tmpbuf[x0_inner] = in_ptr2[static_cast<int64_t>(70L + tmp3[x0_inner])];
                        }
                        return at::vec::Vectorized<at::BFloat16>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                    }
                    ()
                    ;
                    auto tmp73 = at::vec::convert<float,2,at::BFloat16,1>(tmp72);
                    auto tmp74 = at::vec::VecMask<float,2>(tmp71 == tmp73);
                    auto tmp75 = tmp74.to<int32_t,2>();
                    auto tmp76 = static_cast<int32_t>(7);
                    auto tmp77 = at::vec::VectorizedN<int32_t,2>(tmp76);
                    auto tmp78 = tmp75 << tmp77;
                    auto tmp79 = tmp69 + tmp78;
                    auto tmp80 = at::vec::convert<uint8_t,1,int32_t,2>(tmp79);
                    tmp80.store(out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
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
            for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(16L))
            {
                {
                    if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L)))
                    {
                        auto tmp0 = at::vec::Vectorized<uint8_t>::loadu(out_ptr1 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
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
                        auto tmp12 = tmp11.to<at::BFloat16,1>();
                        tmp12.store(out_ptr3 + static_cast<int64_t>(x1 + 16L*x0), static_cast<int64_t>(16));
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}

