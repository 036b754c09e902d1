/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The modulus check of FIPS 203 sec. 7.2 (fips203/kem.c, kem_check_ek,
 * with ek_is_valid), per parameter set: for every ek (NULL or 384 k + 32
 * bytes), and with no usable backend as with the portable one
 * (mlkem_backend_get's contract), the result is MLKEM_ERR_NULL_ARGUMENT
 * for NULL, else MLKEM_ERR_INVALID_EK **exactly** when a 12-bit value of
 * ek's 384 k encoded bytes is q or more (ByteEncode_12(ByteDecode_12(ek))
 * would differ from ek), MLKEM_OK otherwise; nothing but the stack
 * written, no read outside ek. decode12 (whose contract states its result
 * exactly, proofs/backend/decode12.c) and mlkem_backend_get are replaced
 * by their contracts; the loop over the k polynomials is unwound.
 * @enforce mlkem_k{K}_kem_check_ek
 * @replace mlkem_portable_decode12 mlkem_backend_get
 * @unwind ek_is_valid.0:5
 * @sets 2 3 4
 * @solver z3
 */
#include "fips203/kem.c"

#include "frontend.h"

void harness(void) {
  const uint8_t *ek;
  (void)MLKEM_NS(kem_check_ek)(ek);
}
