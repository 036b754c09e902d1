/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _tls.c - the native part of libmlkem.tls, the X25519MLKEM768 key shares of
 * TLS 1.3 (include/mlkem_hybrid.h, draft-ietf-tls-ecdhe-mlkem), and the
 * X25519 functions of libmlkem.hazmat (include/mlkem_hazmat.h, RFC 7748).
 *
 * The client's state between its share and its finish is an object of
 * type ClientState: the library's opaque state bytes in C memory, wiped
 * (x25519mlkem768_client_state_wipe) when the object dies, and by
 * client_finish, which consumes it (one finish per state, as in C). Only
 * _tls_client_share makes one; it cannot be made, copied or pickled from
 * Python.
 *
 * As in _mlkem.c, byte arguments are copied before the GIL is released and
 * the library runs with it released.
 */
#include <string.h>

#include "_native.h"
#include "platform/ct.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"

#define TLS_NAME "X25519MLKEM768"

typedef struct {
  PyObject_HEAD int ready; /* written by client_share, not yet finished */
  int used;                /* finished (the state is wiped) */
  uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES];
} ClientStateObject;

static PyObject *ClientStateType;

/* Which share held the X25519 point of small order, for the message. */
static const char *const small_order_peer[2] = {"client's", "server's"};

/* Raises the exception for a failed share function: ValueError saying
 * which part of the peer's share was refused, or raise_library_error's. */
static PyObject *raise_share_error(int rc, int peer_is_server) {
  if (rc == MLKEM_ERR_X25519_ZERO)
    PyErr_Format(PyExc_ValueError,
                 TLS_NAME
                 ": the %s X25519 public key is of small order (the "
                 "X25519 shared secret is all zeros, RFC 7748 6.1, "
                 "RFC 8446 7.4.2): abort the handshake",
                 small_order_peer[peer_is_server]);
  else if (rc == MLKEM_ERR_INVALID_EK)
    PyErr_SetString(PyExc_ValueError, TLS_NAME
                    ": the client's ML-KEM-768 encapsulation key "
                    "fails the FIPS 203 7.2 modulus check: abort "
                    "the handshake");
  else
    raise_library_error(rc);
  return NULL;
}

/* Copies the optional coins argument (None: NULL, draw them in the
 * library); 0, 1 with coins copied, or -1 with an exception. */
static int optional_coins(PyObject *obj, uint8_t *coins, size_t n) {
  if (obj == Py_None) return 0;
  return copy_fixed(obj, coins, n, TLS_NAME, "coins") != 0 ? -1 : 1;
}

/* ---- ClientState --------------------------------------------------------- */

static void state_dealloc(PyObject *self) {
  PyTypeObject *tp = Py_TYPE(self);
  freefunc free_fn = (freefunc)PyType_GetSlot(tp, Py_tp_free);
  x25519mlkem768_client_state_wipe(((ClientStateObject *)self)->state);
  free_fn(self);
  Py_DECREF(tp);
}

static PyObject *state_new(PyTypeObject *tp, PyObject *args, PyObject *kw) {
  (void)tp;
  (void)args;
  (void)kw;
  PyErr_SetString(PyExc_TypeError,
                  "a ClientState is made only by libmlkem.tls.client_share()");
  return NULL;
}

static PyObject *state_reduce(PyObject *self, PyObject *noargs) {
  (void)self;
  (void)noargs;
  PyErr_SetString(PyExc_TypeError,
                  "cannot pickle or copy a ClientState: it holds the "
                  "client's secret keys for one handshake");
  return NULL;
}

static PyObject *state_repr(PyObject *self) {
  (void)self;
  return PyUnicode_FromString("<ClientState>");
}

static PyMethodDef state_methods[] = {
    {"__reduce__", state_reduce, METH_NOARGS, NULL},
    {"__reduce_ex__", state_reduce, METH_O, NULL},
    {NULL, NULL, 0, NULL}};

static PyType_Slot state_slots[] = {
    {Py_tp_dealloc, (void *)state_dealloc},
    {Py_tp_new, (void *)state_new},
    {Py_tp_repr, (void *)state_repr},
    {Py_tp_methods, state_methods},
    {Py_tp_doc,
     (void *)"The client's secret state between client_share() and "
             "client_finish(): its ML-KEM-768 decapsulation key and X25519 "
             "private key. Single-use: client_finish() wipes it (a second "
             "finish raises ValueError); also wiped when the object is "
             "freed."},
    {0, NULL}};

static PyType_Spec state_spec = {"libmlkem.tls.ClientState",
                                 sizeof(ClientStateObject), 0,
                                 Py_TPFLAGS_DEFAULT, state_slots};

/* ---- the three share functions ------------------------------------------- */

/* _tls_client_share(coins or None) -> (share, ClientState) */
static PyObject *mod_client_share(PyObject *mod, PyObject *args) {
  uint8_t coins[X25519MLKEM768_CLIENT_COINS_BYTES];
  uint8_t share[X25519MLKEM768_CLIENT_SHARE_BYTES];
  PyObject *coins_obj, *share_obj;
  ClientStateObject *st;
  int have, rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "O:_tls_client_share", &coins_obj)) return NULL;
  have = optional_coins(coins_obj, coins, sizeof coins);
  if (have < 0) return NULL;
  st = (ClientStateObject *)alloc_instance(ClientStateType);
  if (st == NULL) {
    mlkem_zeroize(coins, sizeof coins);
    return NULL;
  }
  Py_BEGIN_ALLOW_THREADS rc =
      have ? x25519mlkem768_client_share_derand(share, st->state, coins)
           : x25519mlkem768_client_share(share, st->state);
  Py_END_ALLOW_THREADS mlkem_zeroize(coins, sizeof coins);
  if (rc != MLKEM_OK) {
    Py_DECREF(st);
    return raise_library_error(rc);
  }
  st->ready = 1;
  share_obj = PyBytes_FromStringAndSize((const char *)share, sizeof share);
  if (share_obj == NULL) {
    Py_DECREF(st);
    return NULL;
  }
  return Py_BuildValue("(NN)", share_obj, (PyObject *)st);
}

/* _tls_server_share(client_share, coins or None) -> (share, secret) */
static PyObject *mod_server_share(PyObject *mod, PyObject *args) {
  uint8_t coins[X25519MLKEM768_SERVER_COINS_BYTES];
  uint8_t client[X25519MLKEM768_CLIENT_SHARE_BYTES];
  uint8_t share[X25519MLKEM768_SERVER_SHARE_BYTES];
  uint8_t secret[X25519MLKEM768_SECRET_BYTES];
  PyObject *client_obj, *coins_obj, *res;
  int have, rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "OO:_tls_server_share", &client_obj, &coins_obj))
    return NULL;
  if (copy_fixed(client_obj, client, sizeof client, TLS_NAME, "client share") !=
      0)
    return NULL;
  have = optional_coins(coins_obj, coins, sizeof coins);
  if (have < 0) return NULL;
  Py_BEGIN_ALLOW_THREADS rc =
      have ? x25519mlkem768_server_share_derand(share, secret, client, coins)
           : x25519mlkem768_server_share(share, secret, client);
  Py_END_ALLOW_THREADS mlkem_zeroize(coins, sizeof coins);
  if (rc != MLKEM_OK) return raise_share_error(rc, 0);
  res = bytes_pair(share, sizeof share, secret, sizeof secret);
  mlkem_zeroize(secret, sizeof secret);
  return res;
}

/* _tls_client_finish(state, server_share) -> secret */
static PyObject *mod_client_finish(PyObject *mod, PyObject *args) {
  uint8_t server[X25519MLKEM768_SERVER_SHARE_BYTES];
  uint8_t secret[X25519MLKEM768_SECRET_BYTES];
  PyObject *state_obj, *server_obj, *res;
  ClientStateObject *st;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "OO:_tls_client_finish", &state_obj, &server_obj))
    return NULL;
  if (PyObject_TypeCheck(state_obj, (PyTypeObject *)ClientStateType) &&
      ((ClientStateObject *)state_obj)->used) {
    PyErr_SetString(PyExc_ValueError, TLS_NAME
                    ": this ClientState has finished already (a client "
                    "state serves one handshake: client_finish wiped it)");
    return NULL;
  }
  if (!PyObject_TypeCheck(state_obj, (PyTypeObject *)ClientStateType) ||
      !((ClientStateObject *)state_obj)->ready) {
    PyErr_SetString(PyExc_TypeError,
                    "state must be the ClientState that client_share() "
                    "returned");
    return NULL;
  }
  st = (ClientStateObject *)state_obj;
  if (copy_fixed(server_obj, server, sizeof server, TLS_NAME, "server share") !=
      0)
    return NULL;
  /* Claimed with the GIL held, so that another thread cannot finish it
   * too; client_finish wipes it, whatever it returns. */
  st->ready = 0;
  st->used = 1;
  Py_BEGIN_ALLOW_THREADS rc =
      x25519mlkem768_client_finish(secret, server, st->state);
  Py_END_ALLOW_THREADS if (rc != MLKEM_OK) return raise_share_error(rc, 1);
  res = PyBytes_FromStringAndSize((const char *)secret, sizeof secret);
  mlkem_zeroize(secret, sizeof secret);
  return res;
}

/* ---- X25519 -------------------------------------------------------------- */

/* _x25519(scalar, point or None): X25519(scalar, point), or the public
 * key of scalar (the fixed-base path) for None. */
static PyObject *mod_x25519(PyObject *mod, PyObject *args) {
  uint8_t scalar[MLKEM_X25519_BYTES], point[MLKEM_X25519_BYTES];
  uint8_t out[MLKEM_X25519_BYTES];
  PyObject *scalar_obj, *point_obj, *res;
  int rc;
  (void)mod;
  if (!PyArg_ParseTuple(args, "OO:_x25519", &scalar_obj, &point_obj))
    return NULL;
  if (point_obj != Py_None &&
      copy_fixed(point_obj, point, sizeof point, "X25519", "point") != 0)
    return NULL;
  if (copy_fixed(scalar_obj, scalar, sizeof scalar, "X25519", "scalar") != 0)
    return NULL;
  Py_BEGIN_ALLOW_THREADS rc = point_obj != Py_None
                                  ? mlkem_x25519(out, scalar, point)
                                  : mlkem_x25519_base(out, scalar);
  Py_END_ALLOW_THREADS mlkem_zeroize(scalar, sizeof scalar);
  if (rc == MLKEM_ERR_X25519_ZERO) {
    PyErr_SetString(PyExc_ValueError,
                    "X25519: the result is all zeros: the point is of small "
                    "order (RFC 7748 6.1)");
    return NULL;
  }
  if (rc != MLKEM_OK) return raise_library_error(rc);
  res = PyBytes_FromStringAndSize((const char *)out, sizeof out);
  mlkem_zeroize(out, sizeof out);
  return res;
}

static PyMethodDef tls_functions[] = {
    {"_tls_client_share", mod_client_share, METH_VARARGS,
     "_tls_client_share(coins or None) -> (share, ClientState)"},
    {"_tls_server_share", mod_server_share, METH_VARARGS,
     "_tls_server_share(client_share, coins or None) -> (share, secret)"},
    {"_tls_client_finish", mod_client_finish, METH_VARARGS,
     "_tls_client_finish(state, server_share) -> secret"},
    {"_x25519", mod_x25519, METH_VARARGS,
     "_x25519(scalar, point or None) -> X25519(scalar, point or 9)"},
    {NULL, NULL, 0, NULL}};

int mlkem_py_tls_init(PyObject *mod) {
  if (ClientStateType == NULL) ClientStateType = PyType_FromSpec(&state_spec);
  if (ClientStateType == NULL ||
      PyModule_AddFunctions(mod, tls_functions) != 0 ||
      add_type(mod, "TLSClientState", ClientStateType) != 0)
    return -1;
  return 0;
}
