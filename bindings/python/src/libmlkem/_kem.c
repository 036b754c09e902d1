/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _kem.c - the one key type of the package: PrivateKey and PublicKey, the C
 * bases of every key class (ML-KEM's in _keys.py, round-3 Kyber's in
 * kyber.py, X-Wing's in xwing.py).
 *
 * A scheme is a key type of the library's key-file code
 * (mlkem_keyfile_algs: ML-KEM-512, -768 and -1024, X-Wing, the six Kyber
 * variants) with its KEM descriptor (mlkem.h's mlkem_kem; X-Wing's from
 * src/hybrid/xwing_kem.h). Every private key is made by the key-file code
 * (include/mlkem_keyfile.h) with all its checks, from a seed (generate,
 * _from_seed), from the descriptor's private key dk (_from_dk) or from a
 * key file (_load in _mlkem.c, through object_of_key), and the object holds
 * that key (its type, seed, dk, ek), wiped when the object dies. A public
 * key object holds ek, checked when the object is made. The operations are
 * the descriptor's.
 *
 * A key is kept in every form its descriptor has, made once with the
 * object (PyMem): the expanded private key (expand_dk: ML-KEM's, mlkem.h
 * "Expanded keys", A-hat, t-hat and s-hat checked once, 4,224 / 7,808 /
 * 12,416 bytes; X-Wing's, mlkem_hybrid.h, the ML-KEM-768 one and the X25519
 * key pair, 7,904 bytes), the prepared ek (prepare_ek: ek || H(ek)) and the
 * expanded ek (expand_ek: 3,136 / 6,208 / 10,304 bytes), so that every
 * decapsulation and encapsulation computes only what depends on the
 * ciphertext or m. Round 3 has none of them.
 *
 * What ML-KEM adds: its private key is the 64-byte seed d || z, with the
 * FIPS 203 dk as its expanded form (private_bytes_raw is the seed; a key
 * read from the expanded form has none; PKCS#8 in the three forms of
 * RFC 9935). Round-3 Kyber's private key is its sk (the descriptor's dk;
 * no key files: no standard OID), X-Wing's its 32-byte seed (which is the
 * descriptor's dk; key files of its draft, the seed form only).
 *
 * The Python classes register with _register(name, private_class,
 * public_class), so that a class method knows the scheme of its class,
 * public_key() and the loaders which class to return.
 *
 * Every operation copies its byte arguments out of their buffers before it
 * releases the GIL, and runs the library with the GIL released. Keys are
 * immutable once made, so another thread may use the same key at once.
 */
#include <string.h>

#include "_native.h"
#include "hybrid/xwing_kem.h"
#include "mlkem.h"
#include "platform/ct.h"
#include "platform/randombytes.h"

#define MAX_SCHEMES 16
#define MAX_CT MLKEM1024_CT_BYTES /* Kyber1024's too; X-Wing's is less */
#define MAX_COINS XWING_ESEED_BYTES
#define SS_BYTES 32

enum { KIND_PRIVATE = 0, KIND_PUBLIC = 1 };

typedef struct {
  const mlkem_keyfile_alg *alg; /* its key type in the key-file code */
  const mlkem_kem *kem;
  int mlkem;           /* ML-KEM: the seed as raw private key, 3 forms */
  int dk_is_seed;      /* X-Wing: the descriptor's dk is the key file's seed */
  const char *family;  /* in the loaders' messages: "ML-KEM", "X-Wing" */
  const char *dk_what; /* the descriptor's dk in messages */
  const char *coins_what; /* encaps_derand's input in messages */
  PyObject *classes[2];   /* the registered classes, per kind */
} scheme;

typedef struct {
  PyObject_HEAD const scheme *s; /* NULL: not made here */
  mlkem_keyfile_key key;
  uint8_t *xdk; /* the expanded dk if the KEM has one, wiped and freed */
} PrivateKeyObject;

typedef struct {
  PyObject_HEAD const scheme *s;               /* NULL: not made here */
  uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES + 32]; /* prepared: then H(ek) */
  uint8_t *xek; /* the expanded ek if the KEM has one */
} PublicKeyObject;

static scheme schemes[MAX_SCHEMES];
static int n_schemes;
static PyObject *PrivateKeyType;
static PyObject *PublicKeyType;

/* ---- schemes and errors ------------------------------------------------ */

/* The scheme of a registered class or a subclass of one, or NULL with
 * TypeError. */
static const scheme *scheme_of_class(PyObject *cls, int kind) {
  int i;
  for (i = 0; i < n_schemes; i++)
    if (schemes[i].classes[kind] == cls) return &schemes[i];
  if (PyType_Check(cls))
    for (i = 0; i < n_schemes; i++)
      if (schemes[i].classes[kind] != NULL &&
          PyType_IsSubtype((PyTypeObject *)cls,
                           (PyTypeObject *)schemes[i].classes[kind]))
        return &schemes[i];
  PyErr_SetString(PyExc_TypeError,
                  "use the class of one parameter set, such as "
                  "MLKEM768PrivateKey or MLKEM768PublicKey");
  return NULL;
}

static const scheme *scheme_of_alg(const mlkem_keyfile_alg *alg) {
  int i;
  for (i = 0; i < n_schemes; i++)
    if (schemes[i].alg == alg) return &schemes[i];
  return NULL;
}

/* Raises the exception for a key from outside that the library refused:
 * ValueError saying which check failed, or raise_library_error's. */
static PyObject *raise_key_error(const mlkem_kem *kem, int rc,
                                 const char *what) {
  if (rc == MLKEM_ERR_INVALID_EK)
    PyErr_Format(PyExc_ValueError,
                 "invalid %s %s: a coefficient is not below q (FIPS 203 7.2 "
                 "modulus check)",
                 kem->name, what);
  else if (rc == MLKEM_ERR_INVALID_DK)
    PyErr_Format(PyExc_ValueError,
                 "invalid %s %s: its H(pk) is not the hash of its pk (FIPS "
                 "203 7.3 hash check)",
                 kem->name, what);
  else
    raise_library_error(rc);
  return NULL;
}

/* A private key the key-file code refused: its message, except for a
 * scheme without key files (round-3 Kyber), whose sk is "the private key"
 * rather than an expanded form: raise_key_error's. */
static PyObject *raise_private_error(const scheme *s, int rc,
                                     const mlkem_keyfile_error *err) {
  if (s->alg->oid == NULL && rc == MLKEM_KEYFILE_ERR_INVALID_DK)
    return raise_key_error(s->kem, MLKEM_ERR_INVALID_DK, "private key");
  if (s->alg->oid == NULL && rc == MLKEM_KEYFILE_ERR_INVALID_EK)
    return raise_key_error(s->kem, MLKEM_ERR_INVALID_EK, "private key");
  return raise_keyfile_error(rc, err);
}

/* A new, empty key object of the registered class of a scheme. */
static PyObject *new_key(const scheme *s, int kind) {
  if (s->classes[kind] == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "libmlkem: key classes not registered");
    return NULL;
  }
  return alloc_instance(s->classes[kind]);
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

static PyObject *no_constructor(PyTypeObject *tp, PyObject *args,
                                PyObject *kw) {
  (void)tp;
  (void)args;
  (void)kw;
  PyErr_SetString(PyExc_TypeError,
                  "keys are made with the class methods generate(), "
                  "from_seed_bytes() or from_private_bytes(), and "
                  "from_public_bytes(), or with a load_* function");
  return NULL;
}

/* ---- PublicKey ----------------------------------------------------------- */

/* The one constructor of public key objects: ek from outside or from a
 * private key, checked (the modulus check of its ML-KEM part), kept
 * prepared and expanded where the KEM has those forms. */
static PyObject *new_public(const scheme *s, const uint8_t *ek) {
  const mlkem_kem *kem = s->kem;
  PublicKeyObject *k = (PublicKeyObject *)new_key(s, KIND_PUBLIC);
  int rc;
  if (k == NULL) return NULL;
  k->s = s;
  if (kem->prepare_ek != NULL) {
    rc = kem->prepare_ek(k->ek, ek);
  } else {
    rc = kem->check_ek(ek);
    memcpy(k->ek, ek, kem->ek_bytes);
  }
  if (rc != MLKEM_OK) {
    Py_DECREF(k);
    return raise_key_error(kem, rc, "public key");
  }
  if (kem->expand_ek != NULL && expand_into(&k->xek, kem->expanded_ek_bytes,
                                            kem->expand_ek, k->ek) != 0) {
    Py_DECREF(k);
    return NULL;
  }
  return (PyObject *)k;
}

static PublicKeyObject *as_public(PyObject *self) {
  PublicKeyObject *k = (PublicKeyObject *)self;
  if (k->s == NULL) {
    PyErr_SetString(PyExc_ValueError, "uninitialised public key");
    return NULL;
  }
  return k;
}

static void public_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  freefunc free_fn = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  PyMem_Free(((PublicKeyObject *)self)->xek);
  free_fn(self);
  Py_DECREF(tp);
}

static PyObject *public_from_public_bytes(PyObject *cls, PyObject *data) {
  uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES];
  const scheme *s = scheme_of_class(cls, KIND_PUBLIC);
  if (s == NULL) return NULL;
  if (copy_fixed(data, ek, s->kem->ek_bytes, s->kem->name, "public key") != 0)
    return NULL;
  return new_public(s, ek);
}

/* (shared_secret, ciphertext); with coins for the derandomized form. */
static PyObject *encapsulate(const PublicKeyObject *k, const uint8_t *coins) {
  const mlkem_kem *kem = k->s->kem;
  uint8_t ct[MAX_CT], ss[SS_BYTES];
  PyObject *res;
  int rc;
  Py_BEGIN_ALLOW_THREADS if (k->xek != NULL) rc =
      coins != NULL ? kem->encaps_expanded_derand(ct, ss, k->xek, coins)
                    : kem->encaps_expanded(ct, ss, k->xek);
  else rc = coins != NULL ? kem->encaps_derand(ct, ss, k->ek, coins)
                          : kem->encaps(ct, ss, k->ek);
  Py_END_ALLOW_THREADS if (rc != 0) return raise_library_error(rc);
  res = bytes_pair(ss, sizeof ss, ct, kem->ct_bytes);
  mlkem_zeroize(ss, sizeof ss);
  return res;
}

static PyObject *public_encapsulate(PyObject *self, PyObject *noargs) {
  PublicKeyObject *k = as_public(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return encapsulate(k, NULL);
}

/* hazmat: ML-KEM's m, the round-3 coins (32 bytes, hashed into m) or
 * X-Wing's eseed (64 bytes). */
static PyObject *public_encapsulate_derand(PyObject *self, PyObject *data) {
  PublicKeyObject *k = as_public(self);
  uint8_t coins[MAX_COINS];
  PyObject *res;
  if (k == NULL) return NULL;
  if (copy_fixed(data, coins, k->s->kem->msg_bytes, k->s->kem->name,
                 k->s->coins_what) != 0)
    return NULL;
  res = encapsulate(k, coins);
  mlkem_zeroize(coins, sizeof coins);
  return res;
}

static PyObject *public_bytes_raw(PyObject *self, PyObject *noargs) {
  PublicKeyObject *k = as_public(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return PyBytes_FromStringAndSize((const char *)k->ek,
                                   (Py_ssize_t)k->s->kem->ek_bytes);
}

/* The key-file type of a key's scheme if it has key files, or NULL with
 * ValueError. */
static const mlkem_keyfile_alg *file_alg_of(const scheme *s) {
  if (s->alg->oid != NULL) return s->alg;
  PyErr_Format(PyExc_ValueError, "%s keys have no key files (raw only)",
               s->kem->name);
  return NULL;
}

/* _encode(encoding): SubjectPublicKeyInfo in PEM or DER. */
static PyObject *public_encode(PyObject *self, PyObject *args) {
  PublicKeyObject *k = as_public(self);
  const mlkem_keyfile_alg *alg;
  mlkem_keyfile_key *key;
  mlkem_keyfile_error err;
  PyObject *res;
  int encoding, rc;
  if (k == NULL || !PyArg_ParseTuple(args, "i:_encode", &encoding)) return NULL;
  if ((alg = file_alg_of(k->s)) == NULL) return NULL;
  if ((key = PyMem_Malloc(sizeof *key)) == NULL) return PyErr_NoMemory();
  rc = mlkem_keyfile_from_raw(key, alg, MLKEM_KEYFILE_PUBLIC, k->ek,
                              k->s->kem->ek_bytes, &err);
  res = rc == MLKEM_KEYFILE_OK ? encode_key(key, MLKEM_KEYFILE_PUBLIC, encoding)
                               : raise_keyfile_error(rc, &err);
  PyMem_Free(key);
  return res;
}

static PyObject *public_richcompare(PyObject *self, PyObject *other, int op) {
  PublicKeyObject *a = (PublicKeyObject *)self;
  PublicKeyObject *b = (PublicKeyObject *)other;
  int equal;
  if ((op != Py_EQ && op != Py_NE) ||
      !PyObject_TypeCheck(other, (PyTypeObject *)PublicKeyType))
    Py_RETURN_NOTIMPLEMENTED;
  equal = a->s != NULL && a->s == b->s &&
          memcmp(a->ek, b->ek, a->s->kem->ek_bytes) == 0;
  return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

/* The hash of the key's bytes. */
static Py_hash_t public_hash(PyObject *self) {
  PyObject *raw = public_bytes_raw(self, NULL);
  Py_hash_t h = raw != NULL ? PyObject_Hash(raw) : -1;
  Py_XDECREF(raw);
  return h;
}

static PyMethodDef public_methods[] = {
    {"from_public_bytes", public_from_public_bytes, METH_O | METH_CLASS,
     "from_public_bytes(data, /)\n--\n\nThe public key of its raw bytes, "
     "after the FIPS 203 section 7.2 modulus check of its ML-KEM part."},
    {"encapsulate", public_encapsulate, METH_NOARGS,
     "encapsulate()\n--\n\nA new (shared_secret, ciphertext) pair."},
    {"_encapsulate_derand", public_encapsulate_derand, METH_O,
     "(shared_secret, ciphertext) from the caller's randomness (hazmat)."},
    {"public_bytes_raw", public_bytes_raw, METH_NOARGS,
     "public_bytes_raw()\n--\n\nThe public key's raw bytes (ML-KEM: the "
     "FIPS 203 encapsulation key ek)."},
    {"_encode", public_encode, METH_VARARGS,
     "SubjectPublicKeyInfo in DER or PEM."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot public_slots[] = {
    {Py_tp_dealloc, (void *)public_dealloc},
    {Py_tp_new, (void *)no_constructor},
    {Py_tp_richcompare, (void *)public_richcompare},
    {Py_tp_hash, (void *)public_hash},
    {Py_tp_methods, public_methods},
    {Py_tp_doc, (void *)"Base of the public key classes."},
    {0, NULL}};

static PyType_Spec public_spec = {
    "libmlkem._mlkem.PublicKey", sizeof(PublicKeyObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, public_slots};

/* ---- PrivateKey ---------------------------------------------------------- */

static PrivateKeyObject *as_private(PyObject *self) {
  PrivateKeyObject *k = (PrivateKeyObject *)self;
  if (k->s == NULL) {
    PyErr_SetString(PyExc_ValueError, "uninitialised private key");
    return NULL;
  }
  return k;
}

/* The descriptor's dk of a private key: X-Wing's seed, or the key's dk. */
static const uint8_t *private_dk(const PrivateKeyObject *k) {
  return k->s->dk_is_seed ? k->key.seed : k->key.dk;
}

static int has_seed(const PrivateKeyObject *k) {
  return k->key.type == MLKEM_KEYFILE_SEED || k->key.type == MLKEM_KEYFILE_BOTH;
}

static void private_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  PrivateKeyObject *k = (PrivateKeyObject *)self;
  freefunc free_fn = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  if (k->xdk != NULL) {
    mlkem_zeroize(k->xdk, k->s->kem->expanded_dk_bytes);
    PyMem_Free(k->xdk);
  }
  mlkem_keyfile_wipe(&k->key);
  free_fn(self);
  Py_DECREF(tp);
}

/* The one constructor of private key objects: a new instance of class
 * cls holding a copy of key, a private key of scheme s the key-file code
 * has read or made (and checked). The caller wipes its own copy. */
static PyObject *new_private(const scheme *s, PyObject *cls,
                             const mlkem_keyfile_key *key) {
  PrivateKeyObject *k = (PrivateKeyObject *)alloc_instance(cls);
  if (k == NULL) return NULL;
  k->key = *key;
  k->s = s;
  if (s->kem->expand_dk != NULL &&
      expand_into(&k->xdk, s->kem->expanded_dk_bytes, s->kem->expand_dk,
                  private_dk(k)) != 0) {
    Py_DECREF(k);
    return NULL;
  }
  return (PyObject *)k;
}

/* A private key of class cls (of scheme s) from n raw bytes of the form
 * type (MLKEM_KEYFILE_SEED: the key pair is generated from the seed;
 * _EXPANDED: a dk, with its checks), made by the key-file code with the
 * GIL released. */
static PyObject *private_from_raw(PyObject *cls, const scheme *s,
                                  mlkem_keyfile_type type, const uint8_t *in,
                                  size_t n) {
  mlkem_keyfile_key key;
  mlkem_keyfile_error err;
  PyObject *res;
  int rc;
  Py_BEGIN_ALLOW_THREADS rc =
      mlkem_keyfile_from_raw(&key, s->alg, type, in, n, &err);
  Py_END_ALLOW_THREADS res = rc == MLKEM_KEYFILE_OK
                                 ? new_private(s, cls, &key)
                                 : raise_private_error(s, rc, &err);
  mlkem_keyfile_wipe(&key);
  return res;
}

static PyObject *private_generate(PyObject *cls, PyObject *noargs) {
  uint8_t seed[MLKEM_KEYFILE_MAX_SEED_BYTES];
  const scheme *s = scheme_of_class(cls, KIND_PRIVATE);
  PyObject *key;
  int rc;
  (void)noargs;
  if (s == NULL) return NULL;
  Py_BEGIN_ALLOW_THREADS rc = mlkem_randombytes(seed, s->alg->seed_bytes);
  Py_END_ALLOW_THREADS if (rc != 0) {
    mlkem_zeroize(seed, sizeof seed);
    return raise_library_error(MLKEM_ERR_RANDOM);
  }
  key = private_from_raw(cls, s, MLKEM_KEYFILE_SEED, seed, s->alg->seed_bytes);
  mlkem_zeroize(seed, sizeof seed);
  return key;
}

/* The key of a seed: ML-KEM's d || z, round 3's coins d || z, X-Wing's
 * seed. */
static PyObject *private_from_seed(PyObject *cls, PyObject *data) {
  uint8_t seed[MLKEM_KEYFILE_MAX_SEED_BYTES];
  const scheme *s = scheme_of_class(cls, KIND_PRIVATE);
  PyObject *key;
  if (s == NULL) return NULL;
  if (copy_fixed(data, seed, s->alg->seed_bytes, s->kem->name, "seed") != 0)
    return NULL;
  key = private_from_raw(cls, s, MLKEM_KEYFILE_SEED, seed, s->alg->seed_bytes);
  mlkem_zeroize(seed, sizeof seed);
  return key;
}

/* The key of the descriptor's dk: ML-KEM's FIPS 203 dk (no seed), round
 * 3's sk, X-Wing's seed. */
static PyObject *private_from_dk(PyObject *cls, PyObject *data) {
  uint8_t dk[MLKEM_KEYFILE_MAX_DK_BYTES];
  const scheme *s = scheme_of_class(cls, KIND_PRIVATE);
  PyObject *key;
  if (s == NULL) return NULL;
  if (copy_fixed(data, dk, s->kem->dk_bytes, s->kem->name, s->dk_what) != 0)
    return NULL;
  key = private_from_raw(
      cls, s, s->dk_is_seed ? MLKEM_KEYFILE_SEED : MLKEM_KEYFILE_EXPANDED, dk,
      s->kem->dk_bytes);
  mlkem_zeroize(dk, sizeof dk);
  return key;
}

static PyObject *private_public_key(PyObject *self, PyObject *noargs) {
  PrivateKeyObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return new_public(k->s, k->key.ek);
}

static PyObject *private_decapsulate(PyObject *self, PyObject *ct_obj) {
  PrivateKeyObject *k = as_private(self);
  uint8_t ct[MAX_CT], ss[SS_BYTES];
  const mlkem_kem *kem;
  PyObject *out;
  int rc;
  if (k == NULL) return NULL;
  kem = k->s->kem;
  if (copy_fixed(ct_obj, ct, kem->ct_bytes, kem->name, "ciphertext") != 0)
    return NULL;
  Py_BEGIN_ALLOW_THREADS rc = k->xdk != NULL
                                  ? kem->decaps_expanded(ss, ct, k->xdk)
                                  : kem->decaps(ss, ct, private_dk(k));
  Py_END_ALLOW_THREADS if (rc != 0) return raise_library_error(rc);
  out = PyBytes_FromStringAndSize((const char *)ss, sizeof ss);
  mlkem_zeroize(ss, sizeof ss);
  return out;
}

/* ML-KEM's seed (ValueError for a key without one); the descriptor's dk
 * of the others. */
static PyObject *private_bytes_raw(PyObject *self, PyObject *noargs) {
  PrivateKeyObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  if (!k->s->mlkem)
    return PyBytes_FromStringAndSize((const char *)private_dk(k),
                                     (Py_ssize_t)k->s->kem->dk_bytes);
  if (!has_seed(k)) {
    PyErr_Format(PyExc_ValueError,
                 "this %s private key was loaded from its expanded form and "
                 "has no seed; only the expanded form can be written",
                 k->s->kem->name);
    return NULL;
  }
  return PyBytes_FromStringAndSize((const char *)k->key.seed,
                                   (Py_ssize_t)k->s->alg->seed_bytes);
}

static PyObject *private_dk_bytes(PyObject *self, PyObject *noargs) {
  PrivateKeyObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return PyBytes_FromStringAndSize((const char *)private_dk(k),
                                   (Py_ssize_t)k->s->kem->dk_bytes);
}

static PyObject *private_has_seed(PyObject *self, PyObject *noargs) {
  PrivateKeyObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return PyBool_FromLong(has_seed(k));
}

/* _encode(form, encoding): PKCS#8 in DER or PEM, in a private key form or
 * FORM_DEFAULT (the seed form if the key has its seed, else the expanded
 * form); X-Wing has the seed form only. */
static PyObject *private_encode(PyObject *self, PyObject *args) {
  PrivateKeyObject *k = as_private(self);
  int form, encoding;
  if (k == NULL || !PyArg_ParseTuple(args, "ii:_encode", &form, &encoding))
    return NULL;
  if (file_alg_of(k->s) == NULL) return NULL;
  if (form == FORM_DEFAULT)
    form = has_seed(k) ? MLKEM_KEYFILE_SEED : MLKEM_KEYFILE_EXPANDED;
  if (!k->s->mlkem && form != MLKEM_KEYFILE_SEED) {
    PyErr_Format(PyExc_ValueError, "%s private keys have the seed form only",
                 k->s->kem->name);
    return NULL;
  }
  if (form != MLKEM_KEYFILE_SEED && form != MLKEM_KEYFILE_EXPANDED &&
      form != MLKEM_KEYFILE_BOTH) {
    PyErr_SetString(PyExc_ValueError, "unknown private key form");
    return NULL;
  }
  return encode_key(&k->key, form, encoding);
}

/* Equal when of the same scheme with the same dk, compared in constant
 * time. */
static PyObject *private_richcompare(PyObject *self, PyObject *other, int op) {
  PrivateKeyObject *a = (PrivateKeyObject *)self;
  PrivateKeyObject *b = (PrivateKeyObject *)other;
  int equal;
  if ((op != Py_EQ && op != Py_NE) ||
      !PyObject_TypeCheck(other, (PyTypeObject *)PrivateKeyType))
    Py_RETURN_NOTIMPLEMENTED;
  equal =
      a->s != NULL && a->s == b->s &&
      mlkem_ct_memneq(private_dk(a), private_dk(b), a->s->kem->dk_bytes) == 0;
  return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

static PyMethodDef private_methods[] = {
    {"generate", private_generate, METH_NOARGS | METH_CLASS,
     "generate()\n--\n\nA new private key, from a seed of the operating "
     "system's randomness."},
    {"_from_seed", private_from_seed, METH_O | METH_CLASS,
     "The private key of a seed (ML-KEM's d || z, round 3's coins, "
     "X-Wing's seed)."},
    {"_from_dk", private_from_dk, METH_O | METH_CLASS,
     "The private key of its KEM's dk, checked (ML-KEM: the FIPS 203 dk; "
     "round 3: sk; X-Wing: the seed)."},
    {"public_key", private_public_key, METH_NOARGS,
     "public_key()\n--\n\nThe matching public key."},
    {"decapsulate", private_decapsulate, METH_O,
     "decapsulate(ciphertext, /)\n--\n\nThe 32-byte shared secret of a "
     "ciphertext. A ciphertext that was tampered with yields a pseudorandom "
     "secret (implicit rejection), not an error."},
    {"private_bytes_raw", private_bytes_raw, METH_NOARGS,
     "private_bytes_raw()\n--\n\nThe private key's raw bytes: ML-KEM's "
     "64-byte seed d || z, round 3's sk, X-Wing's 32-byte seed."},
    {"_dk_bytes", private_dk_bytes, METH_NOARGS,
     "Its KEM's dk (ML-KEM: the FIPS 203 dk, hazmat)."},
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
    {Py_tp_doc, (void *)"Base of the private key classes."},
    {0, NULL}};

static PyType_Spec private_spec = {
    "libmlkem._mlkem.PrivateKey", sizeof(PrivateKeyObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, private_slots};

/* ---- key files ----------------------------------------------------------- */

PyObject *object_of_key(const mlkem_keyfile_key *key, int want_private,
                        const char *encoding) {
  const scheme *s = scheme_of_alg(key->alg);
  int is_private = key->type != MLKEM_KEYFILE_PUBLIC;
  if (s == NULL || s->classes[KIND_PRIVATE] == NULL) {
    PyErr_Format(PyExc_ValueError, "the %s holds a %s key, not ML-KEM",
                 encoding, key->alg->name);
    return NULL;
  }
  if (is_private != want_private) {
    PyErr_Format(PyExc_ValueError, "the %s holds an %s %s key, not a %s key",
                 encoding, s->family, is_private ? "private" : "public",
                 want_private ? "private" : "public");
    return NULL;
  }
  if (!is_private) return new_public(s, key->ek);
  return new_private(s, s->classes[KIND_PRIVATE], key);
}

/* ---- registration and init ----------------------------------------------- */

/* _register(name, private_class, public_class): the classes of the
 * scheme of that name ("ML-KEM-768", "Kyber768-90s", "X-Wing"). */
static PyObject *mod_register(PyObject *mod, PyObject *args) {
  const char *name;
  PyObject *cls[2];
  int i, kind;
  (void)mod;
  if (!PyArg_ParseTuple(args, "sO!O!:_register", &name, &PyType_Type, &cls[0],
                        &PyType_Type, &cls[1]))
    return NULL;
  if (!PyType_IsSubtype((PyTypeObject *)cls[0],
                        (PyTypeObject *)PrivateKeyType) ||
      !PyType_IsSubtype((PyTypeObject *)cls[1],
                        (PyTypeObject *)PublicKeyType)) {
    PyErr_SetString(PyExc_TypeError, "_register: not key classes");
    return NULL;
  }
  for (i = 0; i < n_schemes; i++)
    if (strcmp(schemes[i].alg->name, name) == 0) break;
  if (i == n_schemes) {
    PyErr_Format(PyExc_ValueError, "_register: no scheme %s", name);
    return NULL;
  }
  for (kind = 0; kind < 2; kind++) {
    Py_INCREF(cls[kind]);
    Py_XDECREF(schemes[i].classes[kind]);
    schemes[i].classes[kind] = cls[kind];
  }
  Py_RETURN_NONE;
}

static PyMethodDef kem_functions[] = {
    {"_register", mod_register, METH_VARARGS,
     "Registers the key classes of a scheme."},
    {NULL, NULL, 0, NULL}};

/* The schemes: every key type of the key-file code with a descriptor. */
static int init_schemes(void) {
  int i, j;
  if (n_schemes != 0) return 0;
  for (i = 0; mlkem_keyfile_algs[i] != NULL && n_schemes < MAX_SCHEMES; i++) {
    const mlkem_keyfile_alg *alg = mlkem_keyfile_algs[i];
    scheme *s = &schemes[n_schemes];
    memset(s, 0, sizeof *s);
    s->alg = alg;
    s->kem = strcmp(alg->name, "X-Wing") == 0 ? &mlkem_xwing_kem
                                              : mlkem_kem_by_name(alg->name);
    if (s->kem == NULL) continue; /* a type this package has no KEM for */
    for (j = 0; mlkem_kems[j] != NULL; j++)
      if (mlkem_kems[j] == s->kem) s->mlkem = 1;
    s->dk_is_seed = s->kem == &mlkem_xwing_kem;
    s->family = s->mlkem ? "ML-KEM" : s->kem->name;
    s->dk_what = s->mlkem ? "expanded private key" : "private key";
    s->coins_what = s->mlkem ? "randomness m" : "randomness";
    n_schemes++;
  }
  if (scheme_of_alg(mlkem_keyfile_alg_by_name("X-Wing")) == NULL ||
      mlkem_xwing_kem.dk_bytes !=
          mlkem_keyfile_alg_by_name("X-Wing")->seed_bytes) {
    PyErr_SetString(PyExc_RuntimeError,
                    "libmlkem: the library's key files have no X-Wing type");
    return -1;
  }
  return 0;
}

int mlkem_py_kem_init(PyObject *mod) {
  if (init_schemes() != 0) return -1;
  if (PrivateKeyType == NULL) PrivateKeyType = PyType_FromSpec(&private_spec);
  if (PublicKeyType == NULL) PublicKeyType = PyType_FromSpec(&public_spec);
  if (PrivateKeyType == NULL || PublicKeyType == NULL) return -1;
  if (PyModule_AddFunctions(mod, kem_functions) != 0 ||
      add_type(mod, "PrivateKey", PrivateKeyType) != 0 ||
      add_type(mod, "PublicKey", PublicKeyType) != 0)
    return -1;
  return 0;
}
