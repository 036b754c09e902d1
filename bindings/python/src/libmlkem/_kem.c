/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _kem.c - the key types of libmlkem.kyber and libmlkem.xwing: the KEMs whose
 * keys the package keeps as the raw byte strings of their specifications,
 * the six round-3 Kyber variants (include/mlkem_kyber.h) and X-Wing
 * (include/mlkem_hybrid.h).
 *
 * A scheme is a descriptor of the shape of mlkem.h's mlkem_kem (the sizes
 * and the five KEM functions: the library's own for round 3, one made
 * here from mlkem_hybrid.h for X-Wing), the function that checks a
 * private key from outside and gives its public key, and for X-Wing the
 * key type of its key files (include/mlkem_keyfile.h: PKCS#8 holding the
 * seed, SubjectPublicKeyInfo), which _encode writes and _mlkem.c's _load
 * reads through kem_object_of_key. Round-3 Kyber has no key files (no
 * standard OID). Two base types hold
 * the keys in C memory: KemPrivateKey (sk and its pk, wiped when the
 * object dies) and KemPublicKey (pk, checked when the object is made). The
 * Python classes of kyber.py and xwing.py derive from them and register
 * with _register_kem(name, private_class, public_class), so that a class
 * method here knows the scheme of its class, and public_key() which class
 * to return.
 *
 * As in _mlkem.c, every operation copies its byte arguments before it
 * releases the GIL and runs the library with the GIL released; keys are
 * immutable once made.
 */
#include <string.h>

#include "_native.h"
#include "platform/ct.h"
#include "mlkem.h"
#include "mlkem_hybrid.h"
#include "mlkem_kyber.h"

/* The largest sizes of all schemes (Kyber1024's; X-Wing's derandomized
 * encapsulation takes the most coins). */
#define MAX_PK KYBER1024_PK_BYTES
#define MAX_SK KYBER1024_SK_BYTES
#define MAX_CT KYBER1024_CT_BYTES
#define MAX_COINS XWING_ESEED_BYTES
#define SS_BYTES 32
/* Kyber512 ... Kyber1024-90s (mlkem_kyber_kems order), then X-Wing. */
#define N_KYBER 6
#define N_SCHEMES (N_KYBER + 1)

enum { KIND_PRIVATE = 0, KIND_PUBLIC = 1 };

typedef struct {
  const mlkem_kem *kem;
  /* Checks a private key sk (kem->dk_bytes) from outside and writes its
   * public key pk (kem->ek_bytes): 0 or an MLKEM_ERR_* code. */
  int (*public_of)(const mlkem_kem *kem, uint8_t *pk, const uint8_t *sk);
  /* The key type of its key files, or NULL: raw keys only. For X-Wing the
   * private key (sk) is the seed of the key files. */
  const mlkem_keyfile_alg *file_alg;
} scheme;

typedef struct {
  PyObject_HEAD const scheme *s; /* NULL: not made here */
  uint8_t sk[MAX_SK];
  uint8_t pk[MAX_PK];
} KemPrivateObject;

typedef struct {
  PyObject_HEAD const scheme *s; /* NULL: not made here */
  uint8_t pk[MAX_PK];
} KemPublicObject;

static scheme schemes[N_SCHEMES];
/* The registered Python classes, per kind, in the order of schemes. */
static PyObject *classes[2][N_SCHEMES];
static PyObject *KemPrivateType;
static PyObject *KemPublicType;

/* ---- the schemes --------------------------------------------------------- */

/* Round 3's sk has FIPS 203's layout, dk_PKE || pk || H(pk) || z, and
 * gets its checks (mlkem_kyber.h, "Input checks"): the section 7.3 hash
 * check of sk, and the section 7.2 modulus check of the pk inside it, as
 * the ML-KEM classes run on an expanded key. */
static int kyber_public_of(const mlkem_kem *kem, uint8_t *pk,
                           const uint8_t *sk) {
  const uint8_t *inner = sk + kem->dk_bytes - kem->ek_bytes - 64;
  int rc = kem->check_dk(sk);
  if (rc == MLKEM_OK) rc = kem->check_ek(inner);
  if (rc == MLKEM_OK) memcpy(pk, inner, kem->ek_bytes);
  return rc;
}

/* The check both X-Wing drafts require of a public key from outside: the
 * modulus check of its ML-KEM-768 part (mlkem_hybrid.h). */
static int xwing_check_pk(const uint8_t *pk) {
  return mlkem768_check_ek(pk);
}

/* Any 32 bytes are an X-Wing private key: the seed every key is expanded
 * from (draft-connolly-cfrg-xwing-kem-10 section 5.2). */
static int xwing_public_of(const mlkem_kem *kem, uint8_t *pk,
                           const uint8_t *sk) {
  uint8_t copy[XWING_SK_BYTES];
  int rc = xwing_keygen_derand(pk, copy, sk);
  (void)kem;
  mlkem_zeroize(copy, sizeof copy);
  return rc;
}

/* X-Wing in the shape of a descriptor: dk is the 32-byte seed, seed_bytes
 * what keygen_derand takes (the same seed), msg_bytes what encaps_derand
 * takes (eseed). No hash check of dk (any seed is a key), no prepared
 * keys. */
static const mlkem_kem xwing_kem = {.name = "X-Wing",
                                    .rank = 3,
                                    .ek_bytes = XWING_PK_BYTES,
                                    .dk_bytes = XWING_SK_BYTES,
                                    .ct_bytes = XWING_CT_BYTES,
                                    .ss_bytes = XWING_SS_BYTES,
                                    .seed_bytes = XWING_SEED_BYTES,
                                    .msg_bytes = XWING_ESEED_BYTES,
                                    .keygen = xwing_keygen,
                                    .keygen_derand = xwing_keygen_derand,
                                    .encaps = xwing_encaps,
                                    .encaps_derand = xwing_encaps_derand,
                                    .decaps = xwing_decaps,
                                    .check_ek = xwing_check_pk};

/* The scheme index of a registered class or a subclass of one, or -1
 * with TypeError. */
static int scheme_of(PyObject *cls, int kind) {
  int i;
  for (i = 0; i < N_SCHEMES; i++)
    if (classes[kind][i] == cls) return i;
  if (PyType_Check(cls))
    for (i = 0; i < N_SCHEMES; i++)
      if (classes[kind][i] != NULL &&
          PyType_IsSubtype((PyTypeObject *)cls,
                           (PyTypeObject *)classes[kind][i]))
        return i;
  PyErr_SetString(PyExc_TypeError,
                  "use the class of one scheme, such as Kyber768PrivateKey "
                  "or XWingPublicKey");
  return -1;
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

/* A new, empty key object of the registered class of scheme i. */
static PyObject *new_key(int kind, int i) {
  if (classes[kind][i] == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "libmlkem: key classes not registered");
    return NULL;
  }
  return alloc_instance(classes[kind][i]);
}

static PyObject *no_constructor(PyTypeObject *tp, PyObject *args,
                                PyObject *kw) {
  (void)tp;
  (void)args;
  (void)kw;
  PyErr_SetString(PyExc_TypeError,
                  "keys are made with the class methods generate(), "
                  "from_private_bytes() or from_seed_bytes(), and "
                  "from_public_bytes()");
  return NULL;
}

/* ---- KemPrivateKey ------------------------------------------------------- */

static KemPrivateObject *as_private(PyObject *self) {
  KemPrivateObject *k = (KemPrivateObject *)self;
  if (k->s == NULL) {
    PyErr_SetString(PyExc_ValueError, "uninitialised private key");
    return NULL;
  }
  return k;
}

static void private_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  KemPrivateObject *k = (KemPrivateObject *)self;
  freefunc free_fn = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  mlkem_zeroize(k->sk, sizeof k->sk);
  free_fn(self);
  Py_DECREF(tp);
}

/* The private key object k of scheme i once its sk and pk are written
 * (rc 0), or NULL with the exception for rc (k is freed, and wiped). */
static PyObject *finish_private(KemPrivateObject *k, int i, int rc) {
  if (rc != MLKEM_OK) {
    Py_DECREF(k);
    return raise_key_error(schemes[i].kem, rc, "private key");
  }
  k->s = &schemes[i];
  return (PyObject *)k;
}

static PyObject *private_generate(PyObject *cls, PyObject *noargs) {
  int i = scheme_of(cls, KIND_PRIVATE), rc;
  KemPrivateObject *k;
  (void)noargs;
  if (i < 0) return NULL;
  k = (KemPrivateObject *)alloc_instance(cls);
  if (k == NULL) return NULL;
  Py_BEGIN_ALLOW_THREADS rc = schemes[i].kem->keygen(k->pk, k->sk);
  Py_END_ALLOW_THREADS return finish_private(k, i, rc);
}

/* hazmat: the key pair of the scheme's keygen_derand input (round 3: the
 * coins d || z; X-Wing: the seed). */
static PyObject *private_generate_derand(PyObject *cls, PyObject *data) {
  uint8_t coins[MAX_COINS];
  const mlkem_kem *kem;
  KemPrivateObject *k;
  int i = scheme_of(cls, KIND_PRIVATE), rc;
  if (i < 0) return NULL;
  kem = schemes[i].kem;
  if (copy_fixed(data, coins, kem->seed_bytes, kem->name, "seed") != 0)
    return NULL;
  k = (KemPrivateObject *)alloc_instance(cls);
  if (k == NULL) {
    mlkem_zeroize(coins, sizeof coins);
    return NULL;
  }
  Py_BEGIN_ALLOW_THREADS rc = kem->keygen_derand(k->pk, k->sk, coins);
  Py_END_ALLOW_THREADS mlkem_zeroize(coins, sizeof coins);
  return finish_private(k, i, rc);
}

static PyObject *private_from_private_bytes(PyObject *cls, PyObject *data) {
  const mlkem_kem *kem;
  KemPrivateObject *k;
  int i = scheme_of(cls, KIND_PRIVATE), rc;
  if (i < 0) return NULL;
  kem = schemes[i].kem;
  k = (KemPrivateObject *)alloc_instance(cls);
  if (k == NULL) return NULL;
  if (copy_fixed(data, k->sk, kem->dk_bytes, kem->name, "private key") != 0) {
    Py_DECREF(k);
    return NULL;
  }
  Py_BEGIN_ALLOW_THREADS rc = schemes[i].public_of(kem, k->pk, k->sk);
  Py_END_ALLOW_THREADS return finish_private(k, i, rc);
}

static PyObject *private_public_key(PyObject *self, PyObject *noargs) {
  KemPrivateObject *k = as_private(self);
  KemPublicObject *pub;
  int i;
  (void)noargs;
  if (k == NULL) return NULL;
  i = (int)(k->s - schemes);
  pub = (KemPublicObject *)new_key(KIND_PUBLIC, i);
  if (pub == NULL) return NULL;
  memcpy(pub->pk, k->pk, k->s->kem->ek_bytes);
  pub->s = k->s;
  return (PyObject *)pub;
}

static PyObject *private_decapsulate(PyObject *self, PyObject *ct_obj) {
  KemPrivateObject *k = as_private(self);
  uint8_t ct[MAX_CT], ss[SS_BYTES];
  PyObject *out;
  int rc;
  if (k == NULL) return NULL;
  if (copy_fixed(ct_obj, ct, k->s->kem->ct_bytes, k->s->kem->name,
                 "ciphertext") != 0)
    return NULL;
  Py_BEGIN_ALLOW_THREADS rc = k->s->kem->decaps(ss, ct, k->sk);
  Py_END_ALLOW_THREADS if (rc != 0) return raise_library_error(rc);
  out = PyBytes_FromStringAndSize((const char *)ss, sizeof ss);
  mlkem_zeroize(ss, sizeof ss);
  return out;
}

static PyObject *private_bytes_raw(PyObject *self, PyObject *noargs) {
  KemPrivateObject *k = as_private(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return PyBytes_FromStringAndSize((const char *)k->sk,
                                   (Py_ssize_t)k->s->kem->dk_bytes);
}

/* Equal when of the same scheme with the same sk, compared in constant
 * time. */
static PyObject *private_richcompare(PyObject *self, PyObject *other, int op) {
  KemPrivateObject *a = (KemPrivateObject *)self;
  KemPrivateObject *b = (KemPrivateObject *)other;
  int equal;
  if ((op != Py_EQ && op != Py_NE) ||
      !PyObject_TypeCheck(other, (PyTypeObject *)KemPrivateType))
    Py_RETURN_NOTIMPLEMENTED;
  equal = a->s != NULL && a->s == b->s &&
          mlkem_ct_memneq(a->sk, b->sk, a->s->kem->dk_bytes) == 0;
  return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

/* The key-file type of a key's scheme, or NULL with ValueError. */
static const mlkem_keyfile_alg *file_alg_of(const scheme *s) {
  if (s->file_alg == NULL)
    PyErr_Format(PyExc_ValueError, "%s keys have no key files (raw only)",
                 s->kem->name);
  return s->file_alg;
}

/* _encode(form, encoding): PKCS#8 in PEM or DER; the seed form (or
 * FORM_DEFAULT) is the only one of X-Wing's. */
static PyObject *private_encode(PyObject *self, PyObject *args) {
  KemPrivateObject *k = as_private(self);
  const mlkem_keyfile_alg *alg;
  mlkem_keyfile_key *key;
  mlkem_keyfile_error err;
  PyObject *res;
  int form, encoding, rc;
  if (k == NULL || !PyArg_ParseTuple(args, "ii:_encode", &form, &encoding))
    return NULL;
  alg = file_alg_of(k->s);
  if (alg == NULL) return NULL;
  if (form != FORM_DEFAULT && form != MLKEM_KEYFILE_SEED) {
    PyErr_Format(PyExc_ValueError, "%s private keys have the seed form only",
                 k->s->kem->name);
    return NULL;
  }
  key = PyMem_Malloc(sizeof *key);
  if (key == NULL) return PyErr_NoMemory();
  /* The key-file code expands the seed again (its checks of a key). */
  Py_BEGIN_ALLOW_THREADS rc = mlkem_keyfile_from_raw(
      key, alg, MLKEM_KEYFILE_SEED, k->sk, k->s->kem->dk_bytes, &err);
  Py_END_ALLOW_THREADS res = rc == MLKEM_KEYFILE_OK
                                 ? encode_key(key, MLKEM_KEYFILE_SEED, encoding)
                                 : raise_keyfile_error(rc, &err);
  mlkem_keyfile_wipe(key);
  PyMem_Free(key);
  return res;
}

static PyMethodDef private_methods[] = {
    {"generate", private_generate, METH_NOARGS | METH_CLASS,
     "generate()\n--\n\nA new private key, from the operating system's "
     "randomness."},
    {"_generate_derand", private_generate_derand, METH_O | METH_CLASS,
     "The key pair of the derandomized key generation's input (hazmat)."},
    {"_from_private_bytes", private_from_private_bytes, METH_O | METH_CLASS,
     "The private key of its raw bytes, checked."},
    {"public_key", private_public_key, METH_NOARGS,
     "public_key()\n--\n\nThe matching public key."},
    {"decapsulate", private_decapsulate, METH_O,
     "decapsulate(ciphertext, /)\n--\n\nThe 32-byte shared secret of a "
     "ciphertext. A ciphertext that was tampered with yields a pseudorandom "
     "secret (implicit rejection), not an error."},
    {"private_bytes_raw", private_bytes_raw, METH_NOARGS,
     "private_bytes_raw()\n--\n\nThe private key's raw bytes."},
    {"_encode", private_encode, METH_VARARGS,
     "PKCS#8 DER or PEM of the key (X-Wing)."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot private_slots[] = {
    {Py_tp_dealloc, (void *)private_dealloc},
    {Py_tp_new, (void *)no_constructor},
    {Py_tp_richcompare, (void *)private_richcompare},
    {Py_tp_hash, (void *)PyObject_HashNotImplemented},
    {Py_tp_methods, private_methods},
    {Py_tp_doc, (void *)"Base of the Kyber and X-Wing private key classes."},
    {0, NULL}};

static PyType_Spec private_spec = {
    "libmlkem._mlkem.KemPrivateKey", sizeof(KemPrivateObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, private_slots};

/* ---- KemPublicKey -------------------------------------------------------- */

static KemPublicObject *as_public(PyObject *self) {
  KemPublicObject *k = (KemPublicObject *)self;
  if (k->s == NULL) {
    PyErr_SetString(PyExc_ValueError, "uninitialised public key");
    return NULL;
  }
  return k;
}

static PyObject *public_from_public_bytes(PyObject *cls, PyObject *data) {
  const mlkem_kem *kem;
  KemPublicObject *k;
  int i = scheme_of(cls, KIND_PUBLIC), rc;
  if (i < 0) return NULL;
  kem = schemes[i].kem;
  k = (KemPublicObject *)alloc_instance(cls);
  if (k == NULL) return NULL;
  if (copy_fixed(data, k->pk, kem->ek_bytes, kem->name, "public key") != 0) {
    Py_DECREF(k);
    return NULL;
  }
  rc = kem->check_ek(k->pk);
  if (rc != MLKEM_OK) {
    Py_DECREF(k);
    return raise_key_error(kem, rc, "public key");
  }
  k->s = &schemes[i];
  return (PyObject *)k;
}

/* (shared_secret, ciphertext); with coins for the derandomized form. */
static PyObject *encapsulate(const KemPublicObject *k, const uint8_t *coins) {
  const mlkem_kem *kem = k->s->kem;
  uint8_t ct[MAX_CT], ss[SS_BYTES];
  PyObject *res;
  int rc;
  Py_BEGIN_ALLOW_THREADS rc = coins != NULL
                                  ? kem->encaps_derand(ct, ss, k->pk, coins)
                                  : kem->encaps(ct, ss, k->pk);
  Py_END_ALLOW_THREADS if (rc != 0) return raise_library_error(rc);
  res = bytes_pair(ss, sizeof ss, ct, kem->ct_bytes);
  mlkem_zeroize(ss, sizeof ss);
  return res;
}

static PyObject *public_encapsulate(PyObject *self, PyObject *noargs) {
  KemPublicObject *k = as_public(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return encapsulate(k, NULL);
}

/* hazmat: the round-3 coins (32 bytes, hashed into m) or X-Wing's eseed
 * (64 bytes). */
static PyObject *public_encapsulate_derand(PyObject *self, PyObject *data) {
  KemPublicObject *k = as_public(self);
  uint8_t coins[MAX_COINS];
  PyObject *res;
  if (k == NULL) return NULL;
  if (copy_fixed(data, coins, k->s->kem->msg_bytes, k->s->kem->name,
                 "randomness") != 0)
    return NULL;
  res = encapsulate(k, coins);
  mlkem_zeroize(coins, sizeof coins);
  return res;
}

static PyObject *public_bytes_raw(PyObject *self, PyObject *noargs) {
  KemPublicObject *k = as_public(self);
  (void)noargs;
  if (k == NULL) return NULL;
  return PyBytes_FromStringAndSize((const char *)k->pk,
                                   (Py_ssize_t)k->s->kem->ek_bytes);
}

static PyObject *public_richcompare(PyObject *self, PyObject *other, int op) {
  KemPublicObject *a = (KemPublicObject *)self;
  KemPublicObject *b = (KemPublicObject *)other;
  int equal;
  if ((op != Py_EQ && op != Py_NE) ||
      !PyObject_TypeCheck(other, (PyTypeObject *)KemPublicType))
    Py_RETURN_NOTIMPLEMENTED;
  equal = a->s != NULL && a->s == b->s &&
          memcmp(a->pk, b->pk, a->s->kem->ek_bytes) == 0;
  return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

/* The hash of the key's bytes, as for the ML-KEM public keys. */
static Py_hash_t public_hash(PyObject *self) {
  PyObject *raw = public_bytes_raw(self, NULL);
  Py_hash_t h = raw != NULL ? PyObject_Hash(raw) : -1;
  Py_XDECREF(raw);
  return h;
}

/* _encode(encoding): SubjectPublicKeyInfo in PEM or DER. */
static PyObject *public_encode(PyObject *self, PyObject *args) {
  KemPublicObject *k = as_public(self);
  const mlkem_keyfile_alg *alg;
  mlkem_keyfile_key *key;
  mlkem_keyfile_error err;
  PyObject *res;
  int encoding, rc;
  if (k == NULL || !PyArg_ParseTuple(args, "i:_encode", &encoding)) return NULL;
  alg = file_alg_of(k->s);
  if (alg == NULL) return NULL;
  key = PyMem_Malloc(sizeof *key);
  if (key == NULL) return PyErr_NoMemory();
  rc = mlkem_keyfile_from_raw(key, alg, MLKEM_KEYFILE_PUBLIC, k->pk,
                              k->s->kem->ek_bytes, &err);
  res = rc == MLKEM_KEYFILE_OK ? encode_key(key, MLKEM_KEYFILE_PUBLIC, encoding)
                               : raise_keyfile_error(rc, &err);
  PyMem_Free(key);
  return res;
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
     "public_bytes_raw()\n--\n\nThe public key's raw bytes."},
    {"_encode", public_encode, METH_VARARGS,
     "SubjectPublicKeyInfo in DER or PEM (X-Wing)."},
    {NULL, NULL, 0, NULL}};

static PyType_Slot public_slots[] = {
    {Py_tp_dealloc, (void *)public_dealloc},
    {Py_tp_new, (void *)no_constructor},
    {Py_tp_richcompare, (void *)public_richcompare},
    {Py_tp_hash, (void *)public_hash},
    {Py_tp_methods, public_methods},
    {Py_tp_doc, (void *)"Base of the Kyber and X-Wing public key classes."},
    {0, NULL}};

static PyType_Spec public_spec = {
    "libmlkem._mlkem.KemPublicKey", sizeof(KemPublicObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, public_slots};

/* ---- key files ----------------------------------------------------------- */

PyObject *kem_object_of_key(const mlkem_keyfile_key *key, int want_private,
                            const char *encoding) {
  int i, is_private = key->type != MLKEM_KEYFILE_PUBLIC;
  const mlkem_kem *kem;
  for (i = 0; i < N_SCHEMES; i++)
    if (schemes[i].file_alg != NULL && schemes[i].file_alg == key->alg) break;
  if (i == N_SCHEMES) return NULL;
  kem = schemes[i].kem;
  if (is_private != want_private) {
    PyErr_Format(PyExc_ValueError, "the %s holds an %s %s key, not a %s key",
                 encoding, kem->name, is_private ? "private" : "public",
                 want_private ? "private" : "public");
    return NULL;
  }
  /* The key-file code checked the key: a public key by the scheme's
   * check, a private key's seed expanded to its public key. */
  if (is_private) {
    KemPrivateObject *k = (KemPrivateObject *)new_key(KIND_PRIVATE, i);
    if (k == NULL) return NULL;
    memcpy(k->sk, key->seed, kem->dk_bytes);
    memcpy(k->pk, key->ek, kem->ek_bytes);
    k->s = &schemes[i];
    return (PyObject *)k;
  } else {
    KemPublicObject *k = (KemPublicObject *)new_key(KIND_PUBLIC, i);
    if (k == NULL) return NULL;
    memcpy(k->pk, key->ek, kem->ek_bytes);
    k->s = &schemes[i];
    return (PyObject *)k;
  }
}

/* ---- module functions ---------------------------------------------------- */

/* _register_kem(name, private_class, public_class): the classes of the
 * scheme of that name ("Kyber768-90s", "X-Wing"). */
static PyObject *mod_register_kem(PyObject *mod, PyObject *args) {
  const char *name;
  PyObject *cls[2];
  int i, kind;
  (void)mod;
  if (!PyArg_ParseTuple(args, "sO!O!:_register_kem", &name, &PyType_Type,
                        &cls[0], &PyType_Type, &cls[1]))
    return NULL;
  if (!PyType_IsSubtype((PyTypeObject *)cls[0],
                        (PyTypeObject *)KemPrivateType) ||
      !PyType_IsSubtype((PyTypeObject *)cls[1],
                        (PyTypeObject *)KemPublicType)) {
    PyErr_SetString(PyExc_TypeError, "_register_kem: not key classes");
    return NULL;
  }
  for (i = 0; i < N_SCHEMES; i++)
    if (strcmp(schemes[i].kem->name, name) == 0) break;
  if (i == N_SCHEMES) {
    PyErr_Format(PyExc_ValueError, "_register_kem: no scheme %s", name);
    return NULL;
  }
  for (kind = 0; kind < 2; kind++) {
    Py_INCREF(cls[kind]);
    Py_XDECREF(classes[kind][i]);
    classes[kind][i] = cls[kind];
  }
  Py_RETURN_NONE;
}

static PyMethodDef kem_functions[] = {
    {"_register_kem", mod_register_kem, METH_VARARGS,
     "Registers the key classes of a Kyber variant or X-Wing."},
    {NULL, NULL, 0, NULL}};

int mlkem_py_kem_init(PyObject *mod) {
  int i;
  for (i = 0; i < N_KYBER; i++) {
    schemes[i].kem = mlkem_kyber_kems[i];
    schemes[i].public_of = kyber_public_of;
  }
  schemes[N_KYBER].kem = &xwing_kem;
  schemes[N_KYBER].public_of = xwing_public_of;
  schemes[N_KYBER].file_alg = mlkem_keyfile_alg_by_name("X-Wing");
  if (schemes[N_KYBER].file_alg == NULL ||
      schemes[N_KYBER].file_alg->seed_bytes != XWING_SK_BYTES) {
    PyErr_SetString(PyExc_RuntimeError,
                    "libmlkem: the library's key files have no X-Wing type");
    return -1;
  }
  if (KemPrivateType == NULL) KemPrivateType = PyType_FromSpec(&private_spec);
  if (KemPublicType == NULL) KemPublicType = PyType_FromSpec(&public_spec);
  if (KemPrivateType == NULL || KemPublicType == NULL) return -1;
  if (PyModule_AddFunctions(mod, kem_functions) != 0 ||
      add_type(mod, "KemPrivateKey", KemPrivateType) != 0 ||
      add_type(mod, "KemPublicKey", KemPublicType) != 0)
    return -1;
  return 0;
}
