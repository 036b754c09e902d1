/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile.c - reads an ML-KEM private key file, such as the PEM that
 * `openssl genpkey -algorithm ML-KEM-768 -out key.pem` writes (OpenSSL 3.5
 * and later), and uses it: encapsulates to its public key and
 * decapsulates the ciphertext with it. README.md, "Key files from C".
 *
 * Build against an installed library, run on a key file:
 *   cc keyfile.c $(pkg-config --cflags --libs mlkem) -o keyfile
 *   ./keyfile key.pem
 */
#include <stdio.h>
#include <string.h>

#include <mlkem_keyfile.h>

int main(int argc, char **argv) {
  static uint8_t file[MLKEM_KEYFILE_MAX_PEM];
  static mlkem_keyfile_key key;
  uint8_t ct[MLKEM1024_CT_BYTES];
  uint8_t ss_sender[MLKEM_SS_BYTES], ss_receiver[MLKEM_SS_BYTES];
  mlkem_keyfile_error err;
  size_t len;
  FILE *f;
  int rc;

  if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) {
    fprintf(stderr, "usage: keyfile PRIVATE-KEY-FILE\n");
    return 2;
  }
  len = fread(file, 1, sizeof file, f);
  fclose(f);
  /* PEM, DER or raw; every check of FIPS 203 section 7 and RFC 9935. */
  rc = mlkem_keyfile_decode(&key, file, len, NULL, &err);
  memset(file, 0, sizeof file);
  if (rc != MLKEM_KEYFILE_OK) {
    fprintf(stderr, "%s: %s\n", argv[1], err.msg);
    return 1;
  }
  if (key.type == MLKEM_KEYFILE_PUBLIC) {
    fprintf(stderr, "%s: a public key; give the private key\n", argv[1]);
    return 1;
  }
  /* key.kem is the parameter set's descriptor (mlkem.h); ek and dk are
   * the FIPS 203 keys. An X-Wing key file has no ML-KEM descriptor (its
   * functions are in mlkem_hybrid.h). */
  if (key.kem == NULL) {
    fprintf(stderr, "%s: an %s key, not ML-KEM\n", argv[1], key.alg->name);
    mlkem_keyfile_wipe(&key);
    return 1;
  }
  if ((rc = key.kem->encaps(ct, ss_sender, key.ek)) != 0 ||
      (rc = key.kem->decaps(ss_receiver, ct, key.dk)) != 0) {
    fprintf(stderr, "mlkem: %s\n", mlkem_strerror(rc));
    mlkem_keyfile_wipe(&key);
    return 1;
  }
  printf("%s private key (%s form): %s\n", key.alg->name,
         key.type == MLKEM_KEYFILE_SEED       ? "seed"
         : key.type == MLKEM_KEYFILE_EXPANDED ? "expanded"
                                              : "both",
         memcmp(ss_sender, ss_receiver, sizeof ss_sender) == 0
             ? "encapsulation and decapsulation agree"
             : "SHARED SECRETS DIFFER");
  mlkem_keyfile_wipe(&key);
  return memcmp(ss_sender, ss_receiver, sizeof ss_sender) == 0 ? 0 : 1;
}
