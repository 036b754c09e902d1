/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * selftest.h - the known-answer self-test behind mlkem_selftest(), with
 * its vectors exposed so that tests can check the failure path.
 */
#ifndef MLKEM_SELFTEST_H
#define MLKEM_SELFTEST_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  const char *set;  /* descriptor name */
  uint8_t seed[64]; /* d || z */
  uint8_t m[32];
  uint8_t ek_digest[32]; /* SHA3-256 of the expected ek */
  uint8_t dk_digest[32]; /* SHA3-256 of the expected dk */
  uint8_t ct_digest[32]; /* SHA3-256 of the expected ciphertext */
  uint8_t ss[32];        /* the expected shared secret */
} mlkem_selftest_kat;

extern const mlkem_selftest_kat mlkem_selftest_kats[3];

/* Runs the given vectors; 0 if every output matches, MLKEM_ERR_SELFTEST
 * otherwise (or the error of a failing call). */
int mlkem_selftest_run(const mlkem_selftest_kat *kats, size_t n);

#endif
