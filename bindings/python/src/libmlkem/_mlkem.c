/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _mlkem.c - the CPython extension behind the `libmlkem` package.
 *
 * The module: its functions (the key-file loader _load, backend_name,
 * library_version), its constants, and what its C files share (_native.h:
 * the exceptions of the library's errors, the copies of byte arguments).
 * The key types of every scheme are in _kem.c, the TLS key shares and
 * X25519 in _tls.c; this file's module init adds them.
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

/* Key files longer than this are refused before they are copied: the
 * largest PEM key is under MLKEM_KEYFILE_MAX_PEM bytes. */
#define MAX_KEY_FILE 65536

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

/* A new, zeroed instance of a registered class. */
PyObject *alloc_instance(PyObject *cls) {
  allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)cls, Py_tp_alloc);
  return alloc((PyTypeObject *)cls, 0);
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

/* ---- module functions --------------------------------------------------- */

/* _load(data, pem, private): a key file in PEM or DER, of the kind asked
 * for, read by the key-file code with every check (ValueError with its
 * message). */
static PyObject *mod_load(PyObject *mod, PyObject *args) {
  PyObject *data, *res = NULL;
  int pem, want_private, rc;
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
  res = rc == MLKEM_KEYFILE_OK
            ? object_of_key(key, want_private, pem ? "PEM" : "DER")
            : raise_keyfile_error(rc, &err);
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
  if (PyModule_AddIntConstant(mod, "FORM_DEFAULT", FORM_DEFAULT) != 0 ||
      PyModule_AddIntConstant(mod, "FORM_SEED", MLKEM_KEYFILE_SEED) != 0 ||
      PyModule_AddIntConstant(mod, "FORM_EXPANDED", MLKEM_KEYFILE_EXPANDED) !=
          0 ||
      PyModule_AddIntConstant(mod, "FORM_BOTH", MLKEM_KEYFILE_BOTH) != 0 ||
      PyModule_AddIntConstant(mod, "ENCODING_PEM", MLKEM_KEYFILE_PEM) != 0 ||
      PyModule_AddIntConstant(mod, "ENCODING_DER", MLKEM_KEYFILE_DER) != 0 ||
      mlkem_py_kem_init(mod) != 0 || mlkem_py_tls_init(mod) != 0 ||
      mlkem_py_hpke_init(mod) != 0) {
    Py_DECREF(mod);
    return NULL;
  }
  return mod;
}
