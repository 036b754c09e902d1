/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * PEM decoding (pem.c, pem_decode, the body of mlkem_pem_decode) of every input
 * of every length into every output buffer up to MLKEM_PEM_MAX_CAP bytes: no
 * access outside the input, the label or the output; on success the length
 * written is within the buffer; on any error the whole output buffer is
 * zero and the label read so far is a string where a caller reads it.
 * @enforce pem_decode
 * @source src/platform/ct.c
 * @replace skip_space read_label end_of_line
 * @loops
 * @unwind strcmp.0:65 strlen.0:12 memcmp.0:12
 */
#include "keyfile/pem.c"

void harness(void) {
  const uint8_t *in;
  size_t n, cap, *out_len;
  char *label;
  uint8_t *out;
  (void)pem_decode(in, n, label, out, cap, out_len);
}
