/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _hpke.c - the native part of libmlkem.hpke: HPKE's single-shot functions,
 * contexts and key pairs (include/mlkem_hpke.h, @spec{RFC9180, sec. 5, 6})
 * over byte strings. hpke.py turns key objects into their raw bytes and names
 * into identifiers; every check is the C library's.
 *
 * The arguments are bytes objects (immutable, held by the argument tuple
 * for the whole call), so the library runs on them with the GIL released.
 * The key objects of the C API are heap copies, wiped before they are
 * freed.
 */
#include <string.h>

#include "_native.h"
#include "mlkem.h"
#include "mlkem_hpke.h"
#include "platform/ct.h"

static PyObject *InvalidTagError;

/* Raises the exception for an error of mlkem_hpke.h: InvalidTag (a message
 * that does not open), ValueError for what the caller passed (suite,
 * lengths, mode inputs, a key that fails its checks), else
 * raise_library_error's. */
static PyObject *raise_hpke_error(int rc) {
  if (rc == MLKEM_ERR_AEAD_TAG) {
    PyErr_SetString(InvalidTagError,
                    "HPKE: the message does not open (another key, suite, "
                    "info, aad or PSK, or it was altered)");
  } else if (rc == MLKEM_HPKE_ERR_SUITE || rc == MLKEM_HPKE_ERR_LENGTH ||
             rc == MLKEM_HPKE_ERR_MODE || rc == MLKEM_HPKE_ERR_EXPORT_ONLY ||
             rc == MLKEM_ERR_UNSUPPORTED || rc == MLKEM_ERR_INVALID_EK ||
             rc == MLKEM_ERR_X25519_ZERO || rc == MLKEM_ERR_AEAD_LENGTH) {
    PyErr_Format(PyExc_ValueError, "HPKE: %s", mlkem_hpke_strerror(rc));
  } else {
    raise_library_error(rc);
  }
  return NULL;
}

/* The PSK arguments (NULL and 0: none) as the C API's, in *psk; returns
 * psk or NULL for base mode. */
static const mlkem_hpke_psk *psk_of(mlkem_hpke_psk *psk, const char *key,
                                    Py_ssize_t key_len, const char *id,
                                    Py_ssize_t id_len) {
  if (key == NULL && id == NULL) return NULL;
  psk->psk = (const uint8_t *)key;
  psk->psk_len = key != NULL ? (size_t)key_len : 0;
  psk->psk_id = (const uint8_t *)id;
  psk->psk_id_len = id != NULL ? (size_t)id_len : 0;
  return psk;
}

/* The sizes of a KEM, or -1 with ValueError. */
static int kem_sizes(unsigned kem, size_t *pk, size_t *sk, size_t *enc) {
  if (mlkem_hpke_kem_sizes((uint16_t)kem, pk, sk, enc) != 0) {
    PyErr_Format(PyExc_ValueError, "HPKE: KEM 0x%04x is not offered", kem);
    return -1;
  }
  return 0;
}

static PyObject *hpke_keypair(PyObject *mod, PyObject *args) {
  unsigned short kem;
  const char *ikm = NULL;
  Py_ssize_t ikm_len = 0;
  size_t npk, nsk;
  uint8_t pk[MLKEM_HPKE_MAX_PK_BYTES], sk[MLKEM_HPKE_MAX_SK_BYTES];
  PyObject *res;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "Hz#:_hpke_keypair", &kem, &ikm, &ikm_len))
    return NULL;
  if (kem_sizes(kem, &npk, &nsk, NULL) != 0) return NULL;
  Py_BEGIN_ALLOW_THREADS rc =
      ikm == NULL
          ? mlkem_hpke_keygen(kem, pk, npk, sk, nsk)
          : mlkem_hpke_derive_keypair(kem, pk, npk, sk, nsk,
                                      (const uint8_t *)ikm, (size_t)ikm_len);
  Py_END_ALLOW_THREADS if (rc != 0) return raise_hpke_error(rc);
  res = bytes_pair(sk, nsk, pk, npk);
  mlkem_zeroize(sk, sizeof sk);
  return res;
}

/* Imports a public key (heap, or NULL with an exception). */
static mlkem_hpke_public_key *import_public(unsigned kem, const char *pk,
                                            Py_ssize_t len) {
  mlkem_hpke_public_key *key = PyMem_Malloc(sizeof *key);
  int rc;
  if (key == NULL) return (mlkem_hpke_public_key *)PyErr_NoMemory();
  Py_BEGIN_ALLOW_THREADS rc = mlkem_hpke_public_key_import(
      key, (uint16_t)kem, (const uint8_t *)pk, (size_t)len);
  Py_END_ALLOW_THREADS if (rc != 0) {
    PyMem_Free(key);
    return (mlkem_hpke_public_key *)raise_hpke_error(rc);
  }
  return key;
}

static mlkem_hpke_private_key *import_private(unsigned kem, const char *sk,
                                              Py_ssize_t len) {
  mlkem_hpke_private_key *key = PyMem_Malloc(sizeof *key);
  int rc;
  if (key == NULL) return (mlkem_hpke_private_key *)PyErr_NoMemory();
  Py_BEGIN_ALLOW_THREADS rc = mlkem_hpke_private_key_import(
      key, (uint16_t)kem, (const uint8_t *)sk, (size_t)len);
  Py_END_ALLOW_THREADS if (rc != 0) {
    mlkem_hpke_private_key_wipe(key);
    PyMem_Free(key);
    return (mlkem_hpke_private_key *)raise_hpke_error(rc);
  }
  return key;
}

static void free_private(mlkem_hpke_private_key *key) {
  mlkem_hpke_private_key_wipe(key);
  PyMem_Free(key);
}

/* The arguments every single-shot function takes: the suite, the key,
 * info, and the PSK (NULL: none). */
typedef struct {
  unsigned short kem, kdf, aead;
  const char *key, *info, *psk, *psk_id;
  Py_ssize_t key_len, info_len, psk_len, psk_id_len;
  mlkem_hpke_psk p;
} call_args;

static mlkem_hpke_suite suite_of(const call_args *a) {
  mlkem_hpke_suite s;
  s.kem = a->kem;
  s.kdf = a->kdf;
  s.aead = a->aead;
  return s;
}

/* A new bytes object of n bytes to write into (*out), or NULL. */
static PyObject *new_output(Py_ssize_t n, uint8_t **out) {
  PyObject *res = PyBytes_FromStringAndSize(NULL, n);
  if (res != NULL) *out = (uint8_t *)PyBytes_AsString(res);
  return res;
}

/* res if the call returned 0; else drops res and raises. */
static PyObject *finish(int rc, PyObject *res) {
  if (rc == 0) return res;
  Py_DECREF(res);
  return raise_hpke_error(rc);
}

/* _hpke_seal(kem, kdf, aead, pk, info, aad, pt, psk, psk_id) -> enc || ct */
static PyObject *hpke_seal(PyObject *mod, PyObject *args) {
  call_args a = {0};
  const char *aad, *pt;
  Py_ssize_t aad_len, pt_len;
  const mlkem_hpke_psk *pp;
  mlkem_hpke_public_key *key;
  size_t nenc;
  uint8_t *out = NULL;
  PyObject *res;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "HHHy#y#y#y#z#z#:_hpke_seal", &a.kem, &a.kdf,
                        &a.aead, &a.key, &a.key_len, &a.info, &a.info_len, &aad,
                        &aad_len, &pt, &pt_len, &a.psk, &a.psk_len, &a.psk_id,
                        &a.psk_id_len))
    return NULL;
  if (kem_sizes(a.kem, NULL, NULL, &nenc) != 0) return NULL;
  if ((size_t)pt_len > ((size_t)-1 >> 1) - nenc - MLKEM_HPKE_TAG_BYTES) {
    PyErr_SetString(PyExc_OverflowError, "HPKE: plaintext too long");
    return NULL;
  }
  if ((key = import_public(a.kem, a.key, a.key_len)) == NULL) return NULL;
  res = new_output((Py_ssize_t)(nenc + (size_t)pt_len + MLKEM_HPKE_TAG_BYTES),
                   &out);
  if (res == NULL) {
    PyMem_Free(key);
    return NULL;
  }
  pp = psk_of(&a.p, a.psk, a.psk_len, a.psk_id, a.psk_id_len);
  Py_BEGIN_ALLOW_THREADS rc = mlkem_hpke_seal(
      suite_of(&a), out, nenc, out + nenc,
      (size_t)pt_len + MLKEM_HPKE_TAG_BYTES, key, (const uint8_t *)a.info,
      (size_t)a.info_len, (const uint8_t *)aad, (size_t)aad_len,
      (const uint8_t *)pt, (size_t)pt_len, pp, NULL);
  Py_END_ALLOW_THREADS PyMem_Free(key);
  return finish(rc, res);
}

/* _hpke_open(kem, kdf, aead, sk, msg, info, aad, psk, psk_id) -> pt */
static PyObject *hpke_open(PyObject *mod, PyObject *args) {
  call_args a = {0};
  const char *msg, *aad;
  Py_ssize_t msg_len, aad_len;
  const mlkem_hpke_psk *pp;
  mlkem_hpke_private_key *key;
  size_t nenc, ct_len;
  uint8_t *out = NULL;
  PyObject *res;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "HHHy#y#y#y#z#z#:_hpke_open", &a.kem, &a.kdf,
                        &a.aead, &a.key, &a.key_len, &msg, &msg_len, &a.info,
                        &a.info_len, &aad, &aad_len, &a.psk, &a.psk_len,
                        &a.psk_id, &a.psk_id_len))
    return NULL;
  if (kem_sizes(a.kem, NULL, NULL, &nenc) != 0) return NULL;
  if ((size_t)msg_len < nenc + MLKEM_HPKE_TAG_BYTES) {
    PyErr_Format(InvalidTagError,
                 "HPKE: the message is truncated (%zd bytes, less than the "
                 "%zu-byte encapsulation and the %d-byte tag)",
                 msg_len, nenc, MLKEM_HPKE_TAG_BYTES);
    return NULL;
  }
  ct_len = (size_t)msg_len - nenc;
  if ((key = import_private(a.kem, a.key, a.key_len)) == NULL) return NULL;
  res = new_output((Py_ssize_t)(ct_len - MLKEM_HPKE_TAG_BYTES), &out);
  if (res == NULL) {
    free_private(key);
    return NULL;
  }
  pp = psk_of(&a.p, a.psk, a.psk_len, a.psk_id, a.psk_id_len);
  Py_BEGIN_ALLOW_THREADS rc =
      mlkem_hpke_open(suite_of(&a), out, ct_len - MLKEM_HPKE_TAG_BYTES, key,
                      (const uint8_t *)msg, nenc, (const uint8_t *)a.info,
                      (size_t)a.info_len, (const uint8_t *)aad, (size_t)aad_len,
                      (const uint8_t *)msg + nenc, ct_len, pp, NULL);
  Py_END_ALLOW_THREADS free_private(key);
  return finish(rc, res);
}

/* _hpke_send_export(kem, kdf, aead, pk, info, ctx, L, psk, psk_id)
 *   -> (enc, secret) */
static PyObject *hpke_send_export(PyObject *mod, PyObject *args) {
  call_args a = {0};
  const char *ctx;
  Py_ssize_t ctx_len, length;
  const mlkem_hpke_psk *pp;
  mlkem_hpke_public_key *key;
  uint8_t *enc = NULL, *out = NULL;
  size_t nenc;
  PyObject *res, *e;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "HHHy#y#y#nz#z#:_hpke_send_export", &a.kem,
                        &a.kdf, &a.aead, &a.key, &a.key_len, &a.info,
                        &a.info_len, &ctx, &ctx_len, &length, &a.psk,
                        &a.psk_len, &a.psk_id, &a.psk_id_len))
    return NULL;
  if (kem_sizes(a.kem, NULL, NULL, &nenc) != 0 || length < 0) {
    if (length < 0) PyErr_SetString(PyExc_ValueError, "HPKE: length < 0");
    return NULL;
  }
  if ((key = import_public(a.kem, a.key, a.key_len)) == NULL) return NULL;
  e = new_output((Py_ssize_t)nenc, &enc);
  res = e != NULL ? new_output(length, &out) : NULL;
  if (res == NULL) {
    Py_XDECREF(e);
    PyMem_Free(key);
    return NULL;
  }
  pp = psk_of(&a.p, a.psk, a.psk_len, a.psk_id, a.psk_id_len);
  Py_BEGIN_ALLOW_THREADS rc =
      mlkem_hpke_send_export(suite_of(&a), enc, nenc, out, (size_t)length, key,
                             (const uint8_t *)a.info, (size_t)a.info_len,
                             (const uint8_t *)ctx, (size_t)ctx_len, pp, NULL);
  Py_END_ALLOW_THREADS PyMem_Free(key);
  if (rc != 0) Py_DECREF(e);
  if ((res = finish(rc, res)) == NULL) return NULL;
  return Py_BuildValue("(NN)", e, res);
}

/* _hpke_receive_export(kem, kdf, aead, sk, enc, info, ctx, L, psk, psk_id)
 *   -> secret */
static PyObject *hpke_receive_export(PyObject *mod, PyObject *args) {
  call_args a = {0};
  const char *enc, *ctx;
  Py_ssize_t enc_len, ctx_len, length;
  const mlkem_hpke_psk *pp;
  mlkem_hpke_private_key *key;
  uint8_t *out = NULL;
  PyObject *res;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "HHHy#y#y#y#nz#z#:_hpke_receive_export", &a.kem,
                        &a.kdf, &a.aead, &a.key, &a.key_len, &enc, &enc_len,
                        &a.info, &a.info_len, &ctx, &ctx_len, &length, &a.psk,
                        &a.psk_len, &a.psk_id, &a.psk_id_len))
    return NULL;
  if (length < 0) {
    PyErr_SetString(PyExc_ValueError, "HPKE: length < 0");
    return NULL;
  }
  if ((key = import_private(a.kem, a.key, a.key_len)) == NULL) return NULL;
  if ((res = new_output(length, &out)) == NULL) {
    free_private(key);
    return NULL;
  }
  pp = psk_of(&a.p, a.psk, a.psk_len, a.psk_id, a.psk_id_len);
  Py_BEGIN_ALLOW_THREADS rc = mlkem_hpke_receive_export(
      suite_of(&a), out, (size_t)length, key, (const uint8_t *)enc,
      (size_t)enc_len, (const uint8_t *)a.info, (size_t)a.info_len,
      (const uint8_t *)ctx, (size_t)ctx_len, pp, NULL);
  Py_END_ALLOW_THREADS free_private(key);
  return finish(rc, res);
}

/* ---- contexts ------------------------------------------------------------ */

/* A sender's or recipient's context (@spec{RFC9180, sec. 5.2}): the C
 * context in the object, wiped when it is freed. `busy` is set (under the
 * GIL) while the library works on it with the GIL released, so that two
 * threads never use it at once (the header forbids it). */
typedef struct {
  PyObject_HEAD int recipient; /* 0: sender, 1: recipient */
  int busy;
  union {
    mlkem_hpke_sender s;
    mlkem_hpke_recipient r;
  } u;
} ContextObject;

static PyObject *ContextType;

static void context_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  freefunc free_fn = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  mlkem_zeroize(&((ContextObject *)self)->u,
                sizeof(((ContextObject *)self)->u));
  free_fn(self);
  Py_DECREF(tp);
}

static PyObject *context_new(PyTypeObject *tp, PyObject *args, PyObject *kw) {
  (void)tp;
  (void)args;
  (void)kw;
  PyErr_SetString(PyExc_TypeError,
                  "an HPKE context is made only by Suite.setup_sender() or "
                  "Suite.setup_recipient()");
  return NULL;
}

static PyObject *context_reduce(PyObject *self, PyObject *noargs) {
  (void)self;
  (void)noargs;
  PyErr_SetString(PyExc_TypeError,
                  "cannot pickle or copy an HPKE context: it holds the "
                  "session's secret key and its sequence number");
  return NULL;
}

static PyMethodDef context_methods[] = {
    {"__reduce__", context_reduce, METH_NOARGS, NULL},
    {"__reduce_ex__", context_reduce, METH_O, NULL},
    {NULL, NULL, 0, NULL}};

static PyType_Slot context_slots[] = {
    {Py_tp_dealloc, (void *)context_dealloc},
    {Py_tp_new, (void *)context_new},
    {Py_tp_methods, context_methods},
    {Py_tp_doc, (void *)"The C state of an HPKE context (libmlkem.hpke)."},
    {0, NULL}};

static PyType_Spec context_spec = {"libmlkem.hpke._Context",
                                   sizeof(ContextObject), 0, Py_TPFLAGS_DEFAULT,
                                   context_slots};

/* The context argument of a context function, marked busy; NULL with an
 * exception if it is not a context of that role or is in use. */
static ContextObject *take_context(PyObject *obj, int recipient) {
  ContextObject *c;
  if (!PyObject_TypeCheck(obj, (PyTypeObject *)ContextType) ||
      ((ContextObject *)obj)->recipient != recipient) {
    PyErr_SetString(PyExc_TypeError, "HPKE: not a context of this kind");
    return NULL;
  }
  c = (ContextObject *)obj;
  if (c->busy) {
    PyErr_SetString(PyExc_RuntimeError,
                    "HPKE: the context is in use by another thread (a "
                    "context must not be used by two threads at once)");
    return NULL;
  }
  c->busy = 1;
  return c;
}

/* _hpke_setup_sender(kem, kdf, aead, pk, info, psk, psk_id)
 *   -> (enc, context) */
static PyObject *hpke_setup_sender(PyObject *mod, PyObject *args) {
  call_args a = {0};
  const mlkem_hpke_psk *pp;
  mlkem_hpke_public_key *key;
  ContextObject *c;
  uint8_t *enc = NULL;
  size_t nenc;
  PyObject *e;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "HHHy#y#z#z#:_hpke_setup_sender", &a.kem, &a.kdf,
                        &a.aead, &a.key, &a.key_len, &a.info, &a.info_len,
                        &a.psk, &a.psk_len, &a.psk_id, &a.psk_id_len))
    return NULL;
  if (kem_sizes(a.kem, NULL, NULL, &nenc) != 0) return NULL;
  if ((key = import_public(a.kem, a.key, a.key_len)) == NULL) return NULL;
  e = new_output((Py_ssize_t)nenc, &enc);
  c = e != NULL ? (ContextObject *)alloc_instance(ContextType) : NULL;
  if (c == NULL) {
    Py_XDECREF(e);
    PyMem_Free(key);
    return NULL;
  }
  pp = psk_of(&a.p, a.psk, a.psk_len, a.psk_id, a.psk_id_len);
  Py_BEGIN_ALLOW_THREADS rc = mlkem_hpke_setup_sender(
      &c->u.s, enc, nenc, suite_of(&a), key, (const uint8_t *)a.info,
      (size_t)a.info_len, pp, NULL);
  Py_END_ALLOW_THREADS PyMem_Free(key);
  if (rc != 0) {
    Py_DECREF(e);
    return finish(rc, (PyObject *)c);
  }
  return Py_BuildValue("(NN)", e, (PyObject *)c);
}

/* _hpke_setup_recipient(kem, kdf, aead, sk, enc, info, psk, psk_id)
 *   -> context */
static PyObject *hpke_setup_recipient(PyObject *mod, PyObject *args) {
  call_args a = {0};
  const char *enc;
  Py_ssize_t enc_len;
  const mlkem_hpke_psk *pp;
  mlkem_hpke_private_key *key;
  ContextObject *c;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "HHHy#y#y#z#z#:_hpke_setup_recipient", &a.kem,
                        &a.kdf, &a.aead, &a.key, &a.key_len, &enc, &enc_len,
                        &a.info, &a.info_len, &a.psk, &a.psk_len, &a.psk_id,
                        &a.psk_id_len))
    return NULL;
  if ((key = import_private(a.kem, a.key, a.key_len)) == NULL) return NULL;
  if ((c = (ContextObject *)alloc_instance(ContextType)) == NULL) {
    free_private(key);
    return NULL;
  }
  c->recipient = 1;
  pp = psk_of(&a.p, a.psk, a.psk_len, a.psk_id, a.psk_id_len);
  Py_BEGIN_ALLOW_THREADS rc = mlkem_hpke_setup_recipient(
      &c->u.r, suite_of(&a), key, (const uint8_t *)enc, (size_t)enc_len,
      (const uint8_t *)a.info, (size_t)a.info_len, pp, NULL);
  Py_END_ALLOW_THREADS free_private(key);
  return finish(rc, (PyObject *)c);
}

/* _hpke_context_seal(sender, aad, pt) -> ct, and _hpke_context_open
 * (recipient, aad, ct) -> pt. */
static PyObject *context_crypt(PyObject *args, int recipient) {
  PyObject *obj, *res;
  const char *aad, *in;
  Py_ssize_t aad_len, in_len, out_len;
  ContextObject *c;
  uint8_t *out = NULL;
  int rc;
  if (!PyArg_ParseTuple(args, "Oy#y#", &obj, &aad, &aad_len, &in, &in_len))
    return NULL;
  if (recipient && in_len < MLKEM_HPKE_TAG_BYTES) {
    PyErr_SetString(InvalidTagError,
                    "HPKE: the ciphertext is shorter than its 16-byte tag");
    return NULL;
  }
  out_len =
      recipient ? in_len - MLKEM_HPKE_TAG_BYTES : in_len + MLKEM_HPKE_TAG_BYTES;
  if ((res = new_output(out_len, &out)) == NULL) return NULL;
  if ((c = take_context(obj, recipient)) == NULL) {
    Py_DECREF(res);
    return NULL;
  }
  Py_BEGIN_ALLOW_THREADS rc =
      recipient ? mlkem_hpke_recipient_open(
                      &c->u.r, out, (size_t)out_len, (const uint8_t *)aad,
                      (size_t)aad_len, (const uint8_t *)in, (size_t)in_len)
                : mlkem_hpke_sender_seal(&c->u.s, out, (size_t)out_len,
                                         (const uint8_t *)aad, (size_t)aad_len,
                                         (const uint8_t *)in, (size_t)in_len);
  Py_END_ALLOW_THREADS c->busy = 0;
  return finish(rc, res);
}

static PyObject *hpke_context_seal(PyObject *mod, PyObject *args) {
  (void)mod;
  return context_crypt(args, 0);
}

static PyObject *hpke_context_open(PyObject *mod, PyObject *args) {
  (void)mod;
  return context_crypt(args, 1);
}

/* _hpke_context_export(context, exporter_context, L) -> secret */
static PyObject *hpke_context_export(PyObject *mod, PyObject *args) {
  PyObject *obj, *res;
  const char *ctx;
  Py_ssize_t ctx_len, length;
  ContextObject *c;
  uint8_t *out = NULL;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "Oy#n", &obj, &ctx, &ctx_len, &length))
    return NULL;
  if (length < 0) {
    PyErr_SetString(PyExc_ValueError, "HPKE: length < 0");
    return NULL;
  }
  if (!PyObject_TypeCheck(obj, (PyTypeObject *)ContextType)) {
    PyErr_SetString(PyExc_TypeError, "HPKE: not a context");
    return NULL;
  }
  if ((res = new_output(length, &out)) == NULL) return NULL;
  if ((c = take_context(obj, ((ContextObject *)obj)->recipient)) == NULL) {
    Py_DECREF(res);
    return NULL;
  }
  Py_BEGIN_ALLOW_THREADS rc =
      c->recipient
          ? mlkem_hpke_recipient_export(&c->u.r, out, (size_t)length,
                                        (const uint8_t *)ctx, (size_t)ctx_len)
          : mlkem_hpke_sender_export(&c->u.s, out, (size_t)length,
                                     (const uint8_t *)ctx, (size_t)ctx_len);
  Py_END_ALLOW_THREADS c->busy = 0;
  return finish(rc, res);
}

/* _hpke_context_seq(context) -> the sequence number */
static PyObject *hpke_context_seq(PyObject *mod, PyObject *obj) {
  ContextObject *c = (ContextObject *)obj;
  (void)mod;
  if (!PyObject_TypeCheck(obj, (PyTypeObject *)ContextType)) {
    PyErr_SetString(PyExc_TypeError, "HPKE: not a context");
    return NULL;
  }
  return PyLong_FromUnsignedLongLong(c->recipient
                                         ? mlkem_hpke_recipient_seq(&c->u.r)
                                         : mlkem_hpke_sender_seq(&c->u.s));
}

static PyObject *hpke_sizes(PyObject *mod, PyObject *args) {
  unsigned short kem;
  size_t npk, nsk, nenc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "H:_hpke_sizes", &kem)) return NULL;
  if (kem_sizes(kem, &npk, &nsk, &nenc) != 0) return NULL;
  return Py_BuildValue("(nnn)", (Py_ssize_t)npk, (Py_ssize_t)nsk,
                       (Py_ssize_t)nenc);
}

static PyMethodDef hpke_methods[] = {
    {"_hpke_keypair", hpke_keypair, METH_VARARGS,
     "_hpke_keypair(kem, ikm): (sk, pk); ikm None: a random key pair."},
    {"_hpke_sizes", hpke_sizes, METH_VARARGS,
     "_hpke_sizes(kem): (Npk, Nsk, Nenc)."},
    {"_hpke_seal", hpke_seal, METH_VARARGS,
     "_hpke_seal(kem, kdf, aead, pk, info, aad, pt, psk, psk_id): enc || ct."},
    {"_hpke_open", hpke_open, METH_VARARGS,
     "_hpke_open(kem, kdf, aead, sk, msg, info, aad, psk, psk_id): pt."},
    {"_hpke_send_export", hpke_send_export, METH_VARARGS,
     "_hpke_send_export(kem, kdf, aead, pk, info, ctx, L, psk, psk_id): "
     "(enc, secret)."},
    {"_hpke_receive_export", hpke_receive_export, METH_VARARGS,
     "_hpke_receive_export(kem, kdf, aead, sk, enc, info, ctx, L, psk, "
     "psk_id): secret."},
    {"_hpke_setup_sender", hpke_setup_sender, METH_VARARGS,
     "_hpke_setup_sender(kem, kdf, aead, pk, info, psk, psk_id): "
     "(enc, context)."},
    {"_hpke_setup_recipient", hpke_setup_recipient, METH_VARARGS,
     "_hpke_setup_recipient(kem, kdf, aead, sk, enc, info, psk, psk_id): "
     "context."},
    {"_hpke_context_seal", hpke_context_seal, METH_VARARGS,
     "_hpke_context_seal(context, aad, pt): ct."},
    {"_hpke_context_open", hpke_context_open, METH_VARARGS,
     "_hpke_context_open(context, aad, ct): pt."},
    {"_hpke_context_export", hpke_context_export, METH_VARARGS,
     "_hpke_context_export(context, exporter_context, L): secret."},
    {"_hpke_context_seq", hpke_context_seq, METH_O,
     "_hpke_context_seq(context): its sequence number."},
    {NULL, NULL, 0, NULL}};

int mlkem_py_hpke_init(PyObject *mod) {
  if (PyModule_AddFunctions(mod, hpke_methods) != 0) return -1;
  InvalidTagError = PyErr_NewException("libmlkem.hpke.InvalidTag", NULL, NULL);
  if (InvalidTagError == NULL) return -1;
  if (ContextType == NULL) ContextType = PyType_FromSpec(&context_spec);
  if (ContextType == NULL || add_type(mod, "HPKEContext", ContextType) != 0)
    return -1;
  return add_type(mod, "HPKEInvalidTag", InvalidTagError);
}
