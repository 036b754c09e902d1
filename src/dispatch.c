/*
 * dispatch.c - chooses the backend once per process.
 *
 * Only the portable backend exists so far; the SIMD backends will be
 * selected here from what the CPU reports, and MLKEM_BACKEND will force a
 * choice for tests and diagnosis.
 */
#include "backend/api.h"

const mlkem_backend *mlkem_backend_get(void) { return &mlkem_backend_portable; }
