/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, mlkem_portable_ntt: the forward NTT (MLKEM_OP_NTT's
 * contract, backend/backend.h): from |x| <= q, the seven layers' bounds chain
 * to |x| < 8q; every zeta table within (q-1)/2.
 * @enforce mlkem_portable_ntt
 * @replace ntt_layer ntt_layer_z
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly p;
  mlkem_portable_ntt(&p);
}
