/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/impl_portable.c - X25519 over the radix-2^51 field (fe51.h):
 * plain C11, the implementation of the portable backend and the
 * reference the others are tested against.
 */
#include "x25519/fe51.h"
#include "x25519/x25519.h"

#include "x25519/scalarmult.c"
#include "x25519/base.c"

/* The name test_x25519_u128 gives the copy it compiles. */
#ifndef X25519_PORTABLE_NAME
#define X25519_PORTABLE_NAME "portable"
#endif

const mlkem_x25519_impl mlkem_x25519_portable = {
    X25519_PORTABLE_NAME, x25519_scalarmult, x25519_scalarmult_base,
    x25519_keypair_dh};
