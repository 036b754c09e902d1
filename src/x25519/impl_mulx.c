/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/impl_mulx.c - X25519 over the radix-2^64 field of fe64.h (MULX,
 * ADCX, ADOX): the ladder (scalarmult.c) and the fixed-base comb (base.c)
 * as written there. This file alone is compiled with -mbmi2 -madx
 * (src/CMakeLists.txt); x25519_dispatch.c runs it for the avx2 backend
 * where CPUID reports BMI2 and ADX.
 */
#include "x25519/fe64.h"
#include "x25519/x25519.h"

#include "x25519/scalarmult.c"
#include "x25519/base.c"

const mlkem_x25519_impl mlkem_x25519_mulx = {"mulx", x25519_scalarmult,
                                             x25519_scalarmult_base};
