/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * frontend.h - what the proofs of the FIPS 203 frontend (proofs/fips203/)
 * share: the backend table they run on, the portable one
 * (MLKEM_BACKEND_OK, backend/backend.h), with the operations only
 * declared, under their contracts (MLKEM_BACKEND_DECLARE): every harness
 * replaces each operation it reaches by its contract, so no operation's
 * body is part of a frontend proof. Its Keccak table is not needed: the
 * scheduler (mlkem_hash_run) is replaced too.
 */
#ifndef MLKEM_PROOFS_FRONTEND_H
#define MLKEM_PROOFS_FRONTEND_H

#include "backend/portable/portable.h"

const mlkem_backend mlkem_backend_portable =
    MLKEM_BACKEND_TABLE("portable", mlkem_portable, NULL);

#endif
