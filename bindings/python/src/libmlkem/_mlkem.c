/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _mlkem.c - the CPython extension behind the `libmlkem` package.
 *
 * Two base types, PrivateKey and PublicKey, hold the keys in C memory; the
 * Python classes MLKEM{512,768,1024}{Private,Public}Key of _keys.py derive
 * from them and register themselves with _register(), so that the
 * constructors here know the parameter set of a class and the loaders know
 * which class to return for a set.
 *
 * A private key object holds a key of the library's key-file code
 * (include/mlkem_keyfile.h: its type, seed, dk and ek), wiped when the
 * object dies, and is made in one place, new_private(), from a key that
 * code has read (_load) or made from raw bytes (generate, from_seed_bytes,
 * _from_expanded_bytes), with all its checks. A public key object holds ek
 * prepared. Both keep their key expanded too (mlkem.h), for every
 * decapsulation and encapsulation (below). The key files (PKCS#8, SPKI, DER,
 * PEM) are read and written by the same code as the `mlkem` tool's.
 *
 * The other schemes' keys (round-3 Kyber, X-Wing) are in _kem.c, the TLS
 * key shares and X25519 in _tls.c; this file's module init adds them.
 *
 * Every operation copies its byte arguments out of their buffers before it
 * releases the GIL, and runs the library with the GIL released. Keys are
 * immutable once built, so another thread may use the same key at once.
 *
 * Built on the stable ABI (Py_LIMITED_API, abi3) for Python 3.11 and
 * later, where the buffer protocol is part of it; the CMake build defines it
 * (bindings/python/CMakeLists.txt).
 */
#include <string.h>

#include "_native.h"
#include "platform/ct.h"
#include "mlkem.h"
#include "mlkem_keyfile.h"
#include "platform/randombytes.h"

#define N_SETS 3
#define MAX_CT MLKEM1024_CT_BYTES
/* Key files longer than this are refused before they are copied: the
 * largest PEM key is under MLKEM_KEYFILE_MAX_PEM bytes. */
#define MAX_KEY_FILE 65536

enum { KIND_PRIVATE = 0, KIND_PUBLIC = 1 };

/* Both kinds also keep their key expanded (mlkem.h, "Expanded keys": the
 * matrix A-hat, t-hat and, for dk, s-hat, in the backend's form, checked
 * once), made with the object, in memory of their own (PyMem, its set's
 * size: 4,224 / 7,808 / 12,416 bytes for dk, 3,136 / 6,208 / 10,304 for
 * ek), so that every decapsulation and encapsulation hashes only what
 * depends on the ciphertext or m. */
typedef struct {
  PyObject_HEAD mlkem_keyfile_key key; /* key.kem NULL: not made here */
  uint8_t *xdk;                        /* the expanded dk, wiped and freed */
} PrivateKeyObject;

/* ek is kept prepared too (mlkem.h: ek || H(ek), checked once, when the
 * object is made), for its bytes. */
typedef struct {
  PyObject_HEAD const mlkem_kem *kem;
  uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES + 32]; /* ek, then H(ek) */
  uint8_t *xek;                                /* the expanded ek */
} PublicKeyObject;

static PyObject *PrivateKeyType;
static PyObject *PublicKeyType;
/* The registered Python classes, per kind, in the order of mlkem_kems. */
static PyObject *registered[2][N_SETS];

/* ---- errors ------------------------------------------------------------ */

/* Raises the exception for a library error code: the random source is an
 * OSError, an invalid key (or a peer's X25519 point of small order) a
 * ValueError, anything else (a backend forced with MLKEM_BACKEND that this
 * CPU lacks, say) a RuntimeError. */
PyObject *raise_library_error(int rc) {
  PyObject *exc = PyExc_RuntimeError;
  if (rc == MLKEM_ERR_RANDOM) exc = PyExc_OSError;
  if (rc == MLKEM_ERR_INVALID_EK || rc == MLKEM_ERR_INVALID_DK ||
      rc == MLKEM_ERR_X25519_ZERO)
    exc = PyExc_ValueError;
  PyErr_Format(exc, "ML-KEM library error: %s", mlkem_strerror(rc));
  return NULL;
}

/* Raises the exception for a refusal of the key-file code, with its
 * message: a failure of the library inside it is a RuntimeError (as
 * raise_library_error says), any problem with the key a ValueError. */
PyObject *raise_keyfile_error(int rc, const mlkem_keyfile_error *err) {
  PyErr_SetString(
      rc == MLKEM_KEYFILE_ERR_LIBRARY ? PyExc_RuntimeError : PyExc_ValueError,
      err->msg);
  return NULL;
}

/* Raises TypeError naming the argument and the type it had. */
static void raise_not_bytes_like(PyObject *obj, const char *what) {
  PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(obj), "__name__");
  PyErr_Clear();
  if (name != NULL && PyUnicode_Check(name))
    PyErr_Format(PyExc_TypeError,
                 "%s must be a bytes-like object (bytes, bytearray, "
                 "memoryview, ...), not %U",
                 what, name);
  else
    PyErr_Format(PyExc_TypeError, "%s must be a bytes-like object", what);
  Py_XDECREF(name);
}

/* Opens a contiguous buffer view of obj, or raises TypeError. */
static int open_view(PyObject *obj, Py_buffer *view, const char *what) {
  if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) != 0) {
    raise_not_bytes_like(obj, what);
    return -1;
  }
  return 0;
}

/* Copies a bytes-like argument of exactly n bytes into out (TypeError,
 * ValueError otherwise). The view is released before returning, so the
 * caller may drop the GIL and work on the copy. */
int copy_fixed(PyObject *obj, uint8_t *out, size_t n, const char *set,
               const char *what) {
  Py_buffer view;
  if (open_view(obj, &view, what) != 0) return -1;
  if ((size_t)view.len != n) {
    PyErr_Format(PyExc_ValueError, "%s %s must be %zu bytes, got %zd", set,
                 what, n, view.len);
    PyBuffer_Release(&view);
    return -1;
  }
  memcpy(out, view.buf, n);
  PyBuffer_Release(&view);
  return 0;
}

/* The tuple (bytes of a, bytes of b), or NULL with an exception. */
PyObject *bytes_pair(const uint8_t *a, size_t a_len, const uint8_t *b,
                     size_t b_len) {
  PyObject *x = PyBytes_FromStringAndSize((const char *)a, (Py_ssize_t)a_len);
  PyObject *y = PyBytes_FromStringAndSize((const char *)b, (Py_ssize_t)b_len);
  if (x == NULL || y == NULL) {
    Py_XDECREF(x);
    Py_XDECREF(y);
    return NULL;
  }
  return Py_BuildValue("(NN)", x, y);
}

/* ---- the registered classes ------------------------------------------- */

/* The index (into mlkem_kems) of the parameter set of a registered class
 * or a subclass of one, or -1 with TypeError. */
static int set_index(PyObject *cls, int kind) {
  int i;
  for (i = 0; i < N_SETS; i++)
    if (registered[kind][i] == cls) return i;
  if (PyType_Check(cls))
    for (i = 0; i < N_SETS; i++)
      if (registered[kind][i] != NULL &&
          PyType_IsSubtype((PyTypeObject *)cls,
                           (PyTypeObject *)registered[kind][i]))
        return i;
  PyErr_SetString(PyExc_TypeError,
                  "use a class of one parameter set, such as "
                  "MLKEM768PrivateKey or MLKEM768PublicKey");
  return -1;
}

/* A new, zeroed instance of a registered class. */
PyObject *alloc_instance(PyObject *cls) {
  allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)cls, Py_tp_alloc);
  return alloc((PyTypeObject *)cls, 0);
}

/* *out = a new buffer of n bytes holding expand(key) (an expanded key of
 * mlkem.h), with the GIL released; 0, or -1 with an exception. */
static int expand_into(uint8_t **out, size_t n,
                       int (*expand)(uint8_t *, const uint8_t *),
                       const uint8_t *key) {
  int rc;
  if ((*out = PyMem_Malloc(n)) == NULL) {
    PyErr_NoMemory();
    return -1;
  }
  Py_BEGIN_ALLOW_THREADS rc = expand(*out, key);
  Py_END_ALLOW_THREADS if (rc != MLKEM_OK) {
    raise_library_error(rc);
    return -1;
  }
  return 0;
}

static PyObject *new_public(int index, const uint8_t *ek) {
  PublicKeyObject *pk;
  if (registered[KIND_PUBLIC][index] == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "libmlkem: key classes not registered");
    return NULL;
  }
  pk = (PublicKeyObject *)alloc_instance(registered[KIND_PUBLIC][index]);
  if (pk == NULL) return NULL;
  pk->kem = mlkem_kems[index];
  /* The modulus check of every ek that becomes a public key object. */
  if (pk->kem->prepare_ek(pk->ek, ek) != MLKEM_OK) {
    PyErr_Format(PyExc_ValueError,
                 "invalid %s public key: a coefficient is not below q "
                 "(FIPS 203 7.2 modulus check)",
                 pk->kem->name);
    Py_DECREF(pk);
    return NULL;
  }
  if (expand_into(&pk->xek, pk->kem->expanded_ek_bytes, pk->kem->expand_ek,
                  pk->ek) != 0) {
    Py_DECREF(pk);
    return NULL;
  }
  return (PyObject *)pk;
}

static int index_of_kem(const mlkem_kem *kem) {
  int i;
  for (i = 0; i < N_SETS; i++)
    if (mlkem_kems[i] == kem) return i;
  return -1;
}

/* ---- PrivateKey --------------------------------------------------------- */

static PrivateKeyObject *as_private(PyObject *self) {
  PrivateKeyObject *k = (PrivateKeyObject *)self;
  if (k->key.kem == NULL) {
    PyErr_SetString(PyExc_ValueError, "uninitialised ML-KEM private key");
    return NULL;
  }
  return k;
}

static int private_has_seed_of(const PrivateKeyObject *k) {
  return k->key.type == MLKEM_KEYFILE_SEED || k->key.type == MLKEM_KEYFILE_BOTH;
}

static void private_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  PrivateKeyObject *k = (PrivateKeyObject *)self;
  freefunc free_fn = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  if (k->xdk != NULL) {
    mlkem_zeroize(k->xdk, k->key.kem->expanded_dk_bytes);
    PyMem_Free(k->xdk);
  }
  mlkem_keyfile_wipe(&k->key);
  free_fn(self);
  Py_DECREF(tp);
}

static PyObject *no_constructor(PyTypeObject *tp, PyObject *args,
                                PyObject *kw) {
  (void)tp;
  (void)args;
  (void)kw;
  PyErr_SetString(PyExc_TypeError,
                  "ML-KEM keys are made with generate(), from_seed_bytes(), "
                  "from_public_bytes() or a load_* function");
  return NULL;
}

/* The one constructor of private key objects: a new instance of class
 * cls holding a copy of key, a private key the key-file code has read or
 * made (and checked). The caller wipes its own copy. */
static PyObject *new_private(PyObject *cls, const mlkem_keyfile_key *key) {
  PrivateKeyObject *k = (PrivateKeyObject *)alloc_instance(cls);
  if (k == NULL) return NULL;
  k->key = *key;
  if (expand_into(&k->xdk, key->kem->expanded_dk_bytes, key->kem->expand_dk,
                  key->dk) != 0) {
    Py_DECREF(k);
    return NULL;
  }
  return (PyObject *)k;
}

/* A private key of class cls (of the set `index`) from raw bytes: a seed
 * (type MLKEM_KEYFILE_SEED: the key pair is generated from it) or a FIPS
 * 203 dk (MLKEM_KEYFILE_EXPANDED: the section 7.3 hash check and the 7.2
 * modulus check of its ek), with the GIL released. */
static PyObject *private_from_raw(PyObject *cls, int index,
                                  mlkem_keyfile_type type, const uint8_t *in,
                                  size_t n) {
  mlkem_keyfile_key key;
  mlkem_keyfile_error err;
  PyObject *res;
  int rc;
  Py_BEGIN_ALLOW_THREADS rc = mlkem_keyfile_from_raw(
      &key, mlkem_keyfile_algs[index], type, in, n, &err);
  Py_END_ALLOW_THREADS res = rc == MLKEM_KEYFILE_OK
                                 ? new_private(cls, &key)
                                 : raise_keyfile_error(rc, &err);
  mlkem_keyfile_wipe(&key);
  return res;
}

static PyObject *private_generate(PyObject *cls, PyObject *noargs) {
  uint8_t seed[MLKEM_SEED_BYTES];
  PyObject *key;
  int index = set_index(cls, KIND_PRIVATE), rc;
  (void)noargs;
  if (index < 0) return NULL;
  Py_BEGIN_ALLOW_THREADS rc = mlkem_randombytes(seed, sizeof seed);
  Py_END_ALLOW_THREADS if (rc != 0) {
    mlkem_zeroize(seed, sizeof seed);
    return raise_library_error(MLKEM_ERR_RANDOM);
  }
  key = private_from_raw(cls, index, MLKEM_KEYFILE_SEED, seed, sizeof seed);
  mlkem_zeroize(seed, sizeof seed);
  return key;
}

static PyObject *private_from_seed_bytes(PyObject *cls, PyObject *data) {
  uint8_t seed[MLKEM_SEED_BYTES];
  PyObject *key;
  int index = set_index(cls, KIND_PRIVATE);
  if (index < 0) return NULL;
  if (copy_fixed(data, seed, sizeof seed, mlkem_kems[index]->name, "seed") != 0)
    return NULL;
  key = private_from_raw(cls, index, MLKEM_KEYFILE_SEED, seed, sizeof seed);
  mlkem_zeroize(seed, sizeof seed);
  return key;
}

/* hazmat: a private key from the FIPS 203 dk alone (no seed). */
static PyObject *private_from_expanded_bytes(PyObject *cls, PyObject *data) {
  uint8_t dk[MLKEM_KEYFILE_MAX_DK_BYTES];
  const mlkem_kem *kem;
  PyObject *key;
  int index = set_index(cls, KIND_PRIVATE);
  if (index < 0) return NULL;
  kem = mlkem_kems[index];
  if (copy_fixed(data, dk, kem->dk_bytes, kem->name, "expanded private key") !=
      0)
    return NULL;
  key = private_from_raw(cls, index, MLKEM_KEYFILE_EXPANDED, dk, kem->dk_bytes);
  mlkem_zeroize(dk, sizeof dk);
  return key;
}

static PyObject *private_public_key(PyObject *self, PyObject *noargs) {
  PrivateKeyObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return new_public(index_of_kem(k->key.kem), k->key.ek);
}

static PyObject *private_decapsulate(PyObject *self, PyObject *ct_obj) {
  PrivateKeyObject *k = as_private(self);
  uint8_t ct[MAX_CT], ss[MLKEM_SS_BYTES];
  PyObject *out;
  int rc;
  if (k == NULL) return NULL;
  if (copy_fixed(ct_obj, ct, k->key.kem->ct_bytes, k->key.kem->name,
                 "ciphertext") != 0)
    return NULL;
  Py_BEGIN_ALLOW_THREADS rc = k->key.kem->decaps_expanded(ss, ct, k->xdk);
  Py_END_ALLOW_THREADS if (rc != 0) return raise_library_error(rc);
  out = PyBytes_FromStringAndSize((const char *)ss, sizeof ss);
  mlkem_zeroize(ss, sizeof ss);
  return out;
}

static PyObject *private_bytes_raw(PyObject *self, PyObject *noargs) {
  PrivateKeyObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  if (!private_has_seed_of(k)) {
    PyErr_Format(PyExc_ValueError,
                 "this %s private key was loaded from its expanded form and "
                 "has no seed; only the expanded form can be written",
                 k->key.kem->name);
    return NULL;
  }
  return PyBytes_FromStringAndSize((const char *)k->key.seed,
                                   (Py_ssize_t)k->key.alg->seed_bytes);
}

static PyObject *private_expanded_bytes(PyObject *self, PyObject *noargs) {
  PrivateKeyObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return PyBytes_FromStringAndSize((const char *)k->key.dk,
                                   (Py_ssize_t)k->key.kem->dk_bytes);
}

static PyObject *private_has_seed(PyObject *self, PyObject *noargs) {
  PrivateKeyObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return PyBool_FromLong(private_has_seed_of(k));
}

/* A key written in form (MLKEM_KEYFILE_*) and encoding (PEM or DER), as
 * bytes. */
PyObject *encode_key(const mlkem_keyfile_key *key, int form, int encoding) {
  uint8_t out[MLKEM_KEYFILE_MAX_PEM];
  size_t len = 0;
  mlkem_keyfile_error err;
  PyObject *res;
  int rc;
  if (encoding != MLKEM_KEYFILE_PEM && encoding != MLKEM_KEYFILE_DER) {
    PyErr_SetString(PyExc_ValueError, "encoding must be PEM or DER");
    return NULL;
  }
  rc = mlkem_keyfile_encode(key, (mlkem_keyfile_type)form,
                            (mlkem_keyfile_encoding)encoding, out, sizeof out,
                            &len, &err);
  if (rc != MLKEM_KEYFILE_OK) return raise_keyfile_error(rc, &err);
  res = PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)len);
  mlkem_zeroize(out, len);
  return res;
}

/* _encode(form, encoding): PKCS#8 in DER or PEM, in a private key form or
 * FORM_DEFAULT. */
static PyObject *private_encode(PyObject *self, PyObject *args) {
  PrivateKeyObject *k = as_private(self);
  int form, encoding;
  if (k == NULL || !PyArg_ParseTuple(args, "ii:_encode", &form, &encoding))
    return NULL;
  if (form == FORM_DEFAULT)
    form = private_has_seed_of(k) ? MLKEM_KEYFILE_SEED : MLKEM_KEYFILE_EXPANDED;
  if (form != MLKEM_KEYFILE_SEED && form != MLKEM_KEYFILE_EXPANDED &&
      form != MLKEM_KEYFILE_BOTH) {
    PyErr_SetString(PyExc_ValueError, "unknown private key form");
    return NULL;
  }
  return encode_key(&k->key, form, encoding);
}

/* Equal when of the same set and with the same dk, compared in constant
 * time. */
static PyObject *private_richcompare(PyObject *self, PyObject *other, int op) {
  PrivateKeyObject *a = (PrivateKeyObject *)self;
  PrivateKeyObject *b = (PrivateKeyObject *)other;
  int equal;
  if ((op != Py_EQ && op != Py_NE) ||
      !PyObject_TypeCheck(other, (PyTypeObject *)PrivateKeyType))
    Py_RETURN_NOTIMPLEMENTED;
  equal = a->key.kem != NULL && a->key.kem == b->key.kem &&
          mlkem_ct_memneq(a->key.dk, b->key.dk, a->key.kem->dk_bytes) == 0;
  return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

static PyMethodDef private_methods[] = {
    {"generate", private_generate, METH_NOARGS | METH_CLASS,
     "generate()\n--\n\nA new private key from 64 bytes of the operating "
     "system's randomness."},
    {"from_seed_bytes", private_from_seed_bytes, METH_O | METH_CLASS,
     "from_seed_bytes(data, /)\n--\n\nThe private key of a 64-byte seed "
     "d || z (FIPS 203 KeyGen_internal)."},
    {"_from_expanded_bytes", private_from_expanded_bytes, METH_O | METH_CLASS,
     "The private key of a FIPS 203 dk, checked (hazmat)."},
    {"public_key", private_public_key, METH_NOARGS,
     "public_key()\n--\n\nThe matching public key."},
    {"decapsulate", private_decapsulate, METH_O,
     "decapsulate(ciphertext, /)\n--\n\nThe 32-byte shared secret of a "
     "ciphertext. A ciphertext that was tampered with yields a pseudorandom "
     "secret (implicit rejection), not an error."},
    {"private_bytes_raw", private_bytes_raw, METH_NOARGS,
     "private_bytes_raw()\n--\n\nThe 64-byte seed d || z."},
    {"_expanded_bytes", private_expanded_bytes, METH_NOARGS,
     "The FIPS 203 dk (hazmat)."},
    {"_has_seed", private_has_seed, METH_NOARGS,
     "Whether the key holds its seed."},
    {"_encode", private_encode, METH_VARARGS,
     "PKCS#8 DER or PEM of the key in a form."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot private_slots[] = {
    {Py_tp_dealloc, (void *)private_dealloc},
    {Py_tp_new, (void *)no_constructor},
    {Py_tp_richcompare, (void *)private_richcompare},
    {Py_tp_hash, (void *)PyObject_HashNotImplemented},
    {Py_tp_methods, private_methods},
    {Py_tp_doc, (void *)"Base of the ML-KEM private key classes."},
    {0, NULL}};

static PyType_Spec private_spec = {
    "libmlkem._mlkem.PrivateKey", sizeof(PrivateKeyObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, private_slots};

/* ---- PublicKey ---------------------------------------------------------- */

static PublicKeyObject *as_public(PyObject *self) {
  PublicKeyObject *k = (PublicKeyObject *)self;
  if (k->kem == NULL) {
    PyErr_SetString(PyExc_ValueError, "uninitialised ML-KEM public key");
    return NULL;
  }
  return k;
}

void public_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  freefunc free_fn = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  if (PyObject_TypeCheck(self, (PyTypeObject *)PublicKeyType))
    PyMem_Free(((PublicKeyObject *)self)->xek);
  free_fn(self);
  Py_DECREF(tp);
}

static PyObject *public_from_public_bytes(PyObject *cls, PyObject *data) {
  uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES];
  const mlkem_kem *kem;
  int index = set_index(cls, KIND_PUBLIC);
  if (index < 0) return NULL;
  kem = mlkem_kems[index];
  if (copy_fixed(data, ek, kem->ek_bytes, kem->name, "public key") != 0)
    return NULL;
  return new_public(index, ek); /* checks ek */
}

/* (shared_secret, ciphertext); with m for the derandomized form. */
static PyObject *encapsulate(PublicKeyObject *k, const uint8_t *m) {
  uint8_t ct[MAX_CT], ss[MLKEM_SS_BYTES];
  PyObject *res;
  int rc;
  Py_BEGIN_ALLOW_THREADS rc =
      m != NULL ? k->kem->encaps_expanded_derand(ct, ss, k->xek, m)
                : k->kem->encaps_expanded(ct, ss, k->xek);
  Py_END_ALLOW_THREADS if (rc != 0) return raise_library_error(rc);
  res = bytes_pair(ss, sizeof ss, ct, k->kem->ct_bytes);
  mlkem_zeroize(ss, sizeof ss);
  return res;
}

static PyObject *public_encapsulate(PyObject *self, PyObject *noargs) {
  PublicKeyObject *k = as_public(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return encapsulate(k, NULL);
}

static PyObject *public_encapsulate_derand(PyObject *self, PyObject *m_obj) {
  PublicKeyObject *k = as_public(self);
  uint8_t m[MLKEM_MSG_BYTES];
  PyObject *res;
  if (k == NULL) return NULL;
  if (copy_fixed(m_obj, m, sizeof m, k->kem->name, "randomness m") != 0)
    return NULL;
  res = encapsulate(k, m);
  mlkem_zeroize(m, sizeof m);
  return res;
}

static PyObject *public_bytes_raw(PyObject *self, PyObject *noargs) {
  PublicKeyObject *k = as_public(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return PyBytes_FromStringAndSize((const char *)k->ek,
                                   (Py_ssize_t)k->kem->ek_bytes);
}

static PyObject *public_encode(PyObject *self, PyObject *args) {
  PublicKeyObject *k = as_public(self);
  mlkem_keyfile_key key;
  mlkem_keyfile_error err;
  int encoding, rc;
  if (k == NULL || !PyArg_ParseTuple(args, "i:_encode", &encoding)) return NULL;
  rc = mlkem_keyfile_from_raw(&key, mlkem_keyfile_algs[index_of_kem(k->kem)],
                              MLKEM_KEYFILE_PUBLIC, k->ek, k->kem->ek_bytes,
                              &err);
  if (rc != MLKEM_KEYFILE_OK) return raise_keyfile_error(rc, &err);
  return encode_key(&key, MLKEM_KEYFILE_PUBLIC, encoding);
}

static PyObject *public_richcompare(PyObject *self, PyObject *other, int op) {
  PublicKeyObject *a = (PublicKeyObject *)self;
  PublicKeyObject *b = (PublicKeyObject *)other;
  int equal;
  if ((op != Py_EQ && op != Py_NE) ||
      !PyObject_TypeCheck(other, (PyTypeObject *)PublicKeyType))
    Py_RETURN_NOTIMPLEMENTED;
  equal = a->kem != NULL && a->kem == b->kem &&
          memcmp(a->ek, b->ek, a->kem->ek_bytes) == 0;
  return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

static Py_hash_t public_hash(PyObject *self) {
  PyObject *raw = public_bytes_raw(self, NULL);
  Py_hash_t h;
  if (raw == NULL) return -1;
  h = PyObject_Hash(raw);
  Py_DECREF(raw);
  return h;
}

static PyMethodDef public_methods[] = {
    {"from_public_bytes", public_from_public_bytes, METH_O | METH_CLASS,
     "from_public_bytes(data, /)\n--\n\nThe public key of a FIPS 203 ek, "
     "after the modulus check of section 7.2."},
    {"encapsulate", public_encapsulate, METH_NOARGS,
     "encapsulate()\n--\n\nA new (shared_secret, ciphertext) pair."},
    {"_encapsulate_derand", public_encapsulate_derand, METH_O,
     "(shared_secret, ciphertext) from the caller's 32-byte m (hazmat)."},
    {"public_bytes_raw", public_bytes_raw, METH_NOARGS,
     "public_bytes_raw()\n--\n\nThe FIPS 203 encapsulation key ek."},
    {"_encode", public_encode, METH_VARARGS,
     "SubjectPublicKeyInfo in DER or PEM."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot public_slots[] = {
    {Py_tp_dealloc, (void *)public_dealloc},
    {Py_tp_new, (void *)no_constructor},
    {Py_tp_richcompare, (void *)public_richcompare},
    {Py_tp_hash, (void *)public_hash},
    {Py_tp_methods, public_methods},
    {Py_tp_doc, (void *)"Base of the ML-KEM public key classes."},
    {0, NULL}};

static PyType_Spec public_spec = {
    "libmlkem._mlkem.PublicKey", sizeof(PublicKeyObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, public_slots};

/* ---- module functions --------------------------------------------------- */

/* _register((priv512, priv768, priv1024), (pub512, pub768, pub1024)) */
static PyObject *mod_register(PyObject *mod, PyObject *args) {
  PyObject *lists[2];
  int kind, i;
  (void)mod;
  if (!PyArg_ParseTuple(args, "O!O!:_register", &PyTuple_Type, &lists[0],
                        &PyTuple_Type, &lists[1]))
    return NULL;
  for (kind = 0; kind < 2; kind++) {
    PyObject *base = kind == KIND_PRIVATE ? PrivateKeyType : PublicKeyType;
    if (PyTuple_Size(lists[kind]) != N_SETS) {
      PyErr_SetString(PyExc_ValueError, "_register needs three classes each");
      return NULL;
    }
    for (i = 0; i < N_SETS; i++) {
      PyObject *cls = PyTuple_GetItem(lists[kind], i);
      if (!PyType_Check(cls) ||
          !PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)base)) {
        PyErr_SetString(PyExc_TypeError, "_register: not a key class");
        return NULL;
      }
    }
  }
  for (kind = 0; kind < 2; kind++)
    for (i = 0; i < N_SETS; i++) {
      PyObject *cls = PyTuple_GetItem(lists[kind], i);
      Py_INCREF(cls);
      Py_XDECREF(registered[kind][i]);
      registered[kind][i] = cls;
    }
  Py_RETURN_NONE;
}

/* The key object of a decoded key file. */
static PyObject *object_of_key(const mlkem_keyfile_key *key) {
  int index = index_of_kem(key->kem);
  if (key->type == MLKEM_KEYFILE_PUBLIC) return new_public(index, key->ek);
  if (registered[KIND_PRIVATE][index] == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "libmlkem: key classes not registered");
    return NULL;
  }
  return new_private(registered[KIND_PRIVATE][index], key);
}

/* _load(data, pem, private): a key file in PEM or DER, of the kind asked
 * for, read by the key-file code with every check (ValueError with its
 * message). */
static PyObject *mod_load(PyObject *mod, PyObject *args) {
  PyObject *data, *res = NULL;
  int pem, want_private, is_private, rc;
  Py_buffer view;
  uint8_t *copy;
  size_t n;
  mlkem_keyfile_key *key;
  mlkem_keyfile_error err;
  (void)mod;
  if (!PyArg_ParseTuple(args, "Opp:_load", &data, &pem, &want_private))
    return NULL;
  if (open_view(data, &view, "data") != 0) return NULL;
  n = (size_t)view.len;
  if (n > MAX_KEY_FILE) {
    PyBuffer_Release(&view);
    PyErr_Format(PyExc_ValueError,
                 "wrong length: %zu bytes is too long for an ML-KEM key file",
                 n);
    return NULL;
  }
  copy = PyMem_Malloc(n + 1);
  key = PyMem_Malloc(sizeof *key);
  if (copy == NULL || key == NULL) {
    PyBuffer_Release(&view);
    PyMem_Free(copy);
    PyMem_Free(key);
    return PyErr_NoMemory();
  }
  memcpy(copy, view.buf, n);
  PyBuffer_Release(&view);
  Py_BEGIN_ALLOW_THREADS rc =
      pem ? mlkem_keyfile_decode_pem(key, copy, n, &err)
          : mlkem_keyfile_decode_der(key, copy, n, &err);
  Py_END_ALLOW_THREADS mlkem_zeroize(copy, n);
  PyMem_Free(copy);
  is_private = key->type != MLKEM_KEYFILE_PUBLIC;
  if (rc != MLKEM_KEYFILE_OK) {
    raise_keyfile_error(rc, &err);
  } else if (index_of_kem(key->kem) < 0) {
    /* Not ML-KEM: a key type of _kem.c's (X-Wing), or one the package has
     * no class for. */
    res = kem_object_of_key(key, want_private, pem ? "PEM" : "DER");
    if (res == NULL && !PyErr_Occurred())
      PyErr_Format(PyExc_ValueError, "the %s holds a %s key, not ML-KEM",
                   pem ? "PEM" : "DER", key->alg->name);
  } else if (is_private != want_private) {
    PyErr_Format(PyExc_ValueError,
                 "the %s holds an ML-KEM %s key, not a %s key",
                 pem ? "PEM" : "DER", is_private ? "private" : "public",
                 want_private ? "private" : "public");
  } else {
    res = object_of_key(key);
  }
  mlkem_keyfile_wipe(key);
  PyMem_Free(key);
  return res;
}

static PyObject *mod_backend_name(PyObject *mod, PyObject *noargs) {
  (void)mod;
  (void)noargs;
  return PyUnicode_FromString(mlkem_backend_name());
}

static PyObject *mod_library_version(PyObject *mod, PyObject *noargs) {
  (void)mod;
  (void)noargs;
  return PyUnicode_FromString(mlkem_version());
}

static PyMethodDef module_methods[] = {
    {"_register", mod_register, METH_VARARGS,
     "Registers the key classes of the three parameter sets."},
    {"_load", mod_load, METH_VARARGS,
     "_load(data, pem, private): a key from a PEM or DER key file."},
    {"backend_name", mod_backend_name, METH_NOARGS,
     "backend_name()\n--\n\nThe arithmetic backend in use: on x86-64 "
     "\"avx512\", \"avx2\" or \"portable\"; on AArch64 \"neon-sha3\" (NEON "
     "and the SHA-3 instructions), \"neon\" or \"portable\"; "
     "\"unavailable\" if MLKEM_BACKEND names one this CPU lacks."},
    {"library_version", mod_library_version, METH_NOARGS,
     "library_version()\n--\n\nThe version of the C library compiled in."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "libmlkem._mlkem",
    "The native part of the libmlkem package (see libmlkem).",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL};

int add_type(PyObject *mod, const char *name, PyObject *type) {
  Py_INCREF(type);
  if (PyModule_AddObject(mod, name, type) != 0) {
    Py_DECREF(type);
    return -1;
  }
  return 0;
}

PyMODINIT_FUNC PyInit__mlkem(void);

PyMODINIT_FUNC PyInit__mlkem(void) {
  PyObject *mod = PyModule_Create(&module_def);
  if (mod == NULL) return NULL;
  if (PrivateKeyType == NULL) PrivateKeyType = PyType_FromSpec(&private_spec);
  if (PublicKeyType == NULL) PublicKeyType = PyType_FromSpec(&public_spec);
  if (PrivateKeyType == NULL || PublicKeyType == NULL ||
      add_type(mod, "PrivateKey", PrivateKeyType) != 0 ||
      add_type(mod, "PublicKey", PublicKeyType) != 0 ||
      PyModule_AddIntConstant(mod, "FORM_DEFAULT", FORM_DEFAULT) != 0 ||
      PyModule_AddIntConstant(mod, "FORM_SEED", MLKEM_KEYFILE_SEED) != 0 ||
      PyModule_AddIntConstant(mod, "FORM_EXPANDED", MLKEM_KEYFILE_EXPANDED) !=
          0 ||
      PyModule_AddIntConstant(mod, "FORM_BOTH", MLKEM_KEYFILE_BOTH) != 0 ||
      PyModule_AddIntConstant(mod, "ENCODING_PEM", MLKEM_KEYFILE_PEM) != 0 ||
      PyModule_AddIntConstant(mod, "ENCODING_DER", MLKEM_KEYFILE_DER) != 0 ||
      mlkem_py_kem_init(mod) != 0 || mlkem_py_tls_init(mod) != 0) {
    Py_DECREF(mod);
    return NULL;
  }
  return mod;
}
