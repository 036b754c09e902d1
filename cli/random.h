/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * random.h - seeds for keygen from the operating system. The library draws
 * its own randomness inside mlkem*_keygen, but does not hand the seed
 * back; the tool needs the seed to write the seed form, so it draws the
 * seed itself and calls keygen_derand.
 */
#ifndef MLKEM_CLI_RANDOM_H
#define MLKEM_CLI_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* Fills buf with n bytes from the OS random source. Returns 0, or -1 (the
 * buffer is then zeroed). */
int cli_random(uint8_t *buf, size_t n);

#endif
