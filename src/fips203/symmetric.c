/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* symmetric.c - what symmetric.h's inline job constructors share, and the
 * call into the scheduler. */
#include "fips203/symmetric.h"

const uint8_t mlkem_prf_nonces[16] = {0, 1, 2,  3,  4,  5,  6,  7,
                                      8, 9, 10, 11, 12, 13, 14, 15};

void mlkem_hash_run(const mlkem_backend *be, const mlkem_sponge_job *jobs,
                    unsigned njobs) {
  mlkem_sponge_run(jobs, njobs, be->keccak);
}
