/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _native.h - what the C files of the extension libmlkem._mlkem share:
 * _mlkem.c (the module, its loader and helpers), _kem.c (the one key type
 * of every scheme: ML-KEM, round-3 Kyber, X-Wing), _tls.c (libmlkem.tls
 * and the X25519 functions of libmlkem.hazmat) and _hpke.c (libmlkem.hpke).
 *
 * The names are those of the module's internal functions; the build
 * exports only PyInit__mlkem (bindings/python/CMakeLists.txt).
 */
#ifndef MLKEM_PY_NATIVE_H
#define MLKEM_PY_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>

#include "mlkem_keyfile.h"

/* The form of a private key's _encode for "the key's own": the seed form
 * if the key has its seed, else the expanded form. The others are
 * MLKEM_KEYFILE_SEED, _EXPANDED and _BOTH. */
#define FORM_DEFAULT 0

/* Raises the exception for a library error code (mlkem.h MLKEM_ERR_*):
 * OSError for the random source, ValueError for an invalid key or an
 * all-zero X25519 result, RuntimeError for anything else. Returns NULL. */
PyObject *raise_library_error(int rc);

/* Raises the exception for a refusal of the key-file code, with its
 * message: RuntimeError for a failure of the library inside it, ValueError
 * for any problem with the key. Returns NULL. */
PyObject *raise_keyfile_error(int rc, const mlkem_keyfile_error *err);

/* A key written in form (MLKEM_KEYFILE_*) and encoding (PEM or DER), as
 * bytes (wiped after the copy), or NULL with an exception. */
PyObject *encode_key(const mlkem_keyfile_key *key, int form, int encoding);

/* Copies a bytes-like argument of exactly n bytes into out, or raises
 * TypeError (not bytes-like) or ValueError ("<set> <what> must be n bytes,
 * got m"). The buffer is released before returning, so that the caller may
 * drop the GIL and work on the copy. */
int copy_fixed(PyObject *obj, uint8_t *out, size_t n, const char *set,
               const char *what);

/* The tuple (bytes of a, bytes of b), or NULL with an exception. */
PyObject *bytes_pair(const uint8_t *a, size_t a_len, const uint8_t *b,
                     size_t b_len);

/* A new, zeroed instance of a heap type (a registered Python class). */
PyObject *alloc_instance(PyObject *cls);

/* Adds a type to the module under a name (a new reference for it); 0, or
 * -1 with an exception set. */
int add_type(PyObject *mod, const char *name, PyObject *type);

/* The key object (_kem.c) of a decoded key file of the kind asked for
 * (want_private), or NULL with ValueError: a key of another kind (encoding
 * names the file's encoding in the message), or of a type the package has
 * no class for. */
PyObject *object_of_key(const mlkem_keyfile_key *key, int want_private,
                        const char *encoding);

/* Add the types, functions and constants of _kem.c, _tls.c and _hpke.c to
 * the module; 0, or -1 with an exception set. */
int mlkem_py_kem_init(PyObject *mod);
int mlkem_py_tls_init(PyObject *mod);
int mlkem_py_hpke_init(PyObject *mod);

#endif
