/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fileio.c - whole-file reads and atomic writes (fileio.h). POSIX.
 */
#define _POSIX_C_SOURCE 200809L
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform/ct.h"

/* The longest path compared by fio_same_destination. */
#define FIO_PATH_MAX 4096

static int is_stdio(const char *path) {
  return strcmp(path, "-") == 0;
}

int fio_read(const char *path, size_t max, uint8_t **data, size_t *len,
             char err[FIO_ERR_MAX]) {
  int fd = is_stdio(path) ? STDIN_FILENO : open(path, O_RDONLY);
  const char *name = is_stdio(path) ? "standard input" : path;
  size_t cap = 4096, n = 0;
  uint8_t *buf;
  struct stat st;

  *data = NULL;
  *len = 0;
  if (fd < 0) {
    snprintf(err, FIO_ERR_MAX, "unreadable file %s: %s", name, strerror(errno));
    return -1;
  }
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(err, FIO_ERR_MAX, "unreadable file %s: %s", name,
             strerror(EISDIR));
    if (fd != STDIN_FILENO) close(fd);
    return -1;
  }
  buf = malloc(cap);
  if (buf == NULL) goto oom;
  for (;;) {
    ssize_t r;
    if (n == cap) {
      uint8_t *bigger;
      if (cap > max) break;
      bigger = malloc(cap * 2);
      if (bigger == NULL) goto oom;
      memcpy(bigger, buf, n);
      fio_free(buf, n);
      buf = bigger;
      cap *= 2;
    }
    r = read(fd, buf + n, cap - n);
    if (r < 0) {
      if (errno == EINTR) continue;
      snprintf(err, FIO_ERR_MAX, "unreadable file %s: %s", name,
               strerror(errno));
      fio_free(buf, n);
      if (fd != STDIN_FILENO) close(fd);
      return -1;
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  if (fd != STDIN_FILENO) close(fd);
  if (n > max) {
    snprintf(err, FIO_ERR_MAX, "%s is too large (more than %zu bytes)", name,
             max);
    fio_free(buf, n);
    return -1;
  }
  *data = buf;
  *len = n;
  return 0;

oom:
  if (fd != STDIN_FILENO) close(fd);
  fio_free(buf, n); /* what was read may be a key */
  snprintf(err, FIO_ERR_MAX, "out of memory reading %s", name);
  return -1;
}

void fio_free(uint8_t *data, size_t len) {
  if (data == NULL) return;
  mlkem_zeroize(data, len);
  free(data);
}

static int write_all(int fd, const uint8_t *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* 0666 less the process umask (which umask() can only read by setting). */
static mode_t public_mode(void) {
  mode_t mask = umask(077);
  umask(mask);
  return (mode_t)(0666 & ~mask);
}

/* ---- temporary files and signals ------------------------------------------
 * A staged temporary file may hold a private key or a shared secret. If
 * the tool is interrupted (SIGINT, SIGTERM, SIGHUP) between creating it and
 * renaming it, the handler below removes it, then lets the signal kill the
 * process as it would have. Its list of files is changed only with those
 * signals blocked, so the handler never sees it half changed. SIGKILL and
 * a crash still leave the file (mode 0600). A signal the process inherited
 * as ignored stays ignored. */
#define FIO_MAX_PENDING 8
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define FIO_NSIGNALS (sizeof cleanup_signals / sizeof cleanup_signals[0])
static char *pending[FIO_MAX_PENDING];
static volatile sig_atomic_t npending;

static void remove_pending(int sig) {
  sig_atomic_t i;
  for (i = 0; i < npending; i++) unlink(pending[i]);
  /* SA_RESETHAND restored the default action; the signal is blocked until
   * this returns, and then kills the process. */
  raise(sig);
}

static void cleanup_signal_set(sigset_t *set) {
  size_t i;
  sigemptyset(set);
  for (i = 0; i < FIO_NSIGNALS; i++) sigaddset(set, cleanup_signals[i]);
}

static void install_handlers(void) {
  static int installed;
  struct sigaction sa, old;
  size_t i;
  if (installed) return;
  installed = 1;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = remove_pending;
  sa.sa_flags = SA_RESETHAND;
  cleanup_signal_set(&sa.sa_mask);
  for (i = 0; i < FIO_NSIGNALS; i++) {
    if (sigaction(cleanup_signals[i], NULL, &old) == 0 &&
        old.sa_handler == SIG_IGN)
      continue;
    sigaction(cleanup_signals[i], &sa, NULL);
  }
}

static void block_signals(sigset_t *saved) {
  sigset_t set;
  cleanup_signal_set(&set);
  sigprocmask(SIG_BLOCK, &set, saved);
}

static void restore_signals(const sigset_t *saved) {
  sigprocmask(SIG_SETMASK, saved, NULL);
}

/* With the signals blocked: forgets a temporary file (renamed or
 * removed). */
static void forget_pending(const char *tmp) {
  sig_atomic_t i;
  for (i = 0; i < npending; i++) {
    if (pending[i] == tmp) {
      pending[i] = pending[npending - 1];
      npending--;
      return;
    }
  }
}

/* Removes a staged temporary file and forgets it. */
static void discard_tmp(char *tmp) {
  sigset_t saved;
  block_signals(&saved);
  unlink(tmp);
  forget_pending(tmp);
  restore_signals(&saved);
  free(tmp);
}

/* fsync of the directory that holds path, so that a rename into it
 * survives a crash (POSIX makes a rename durable only then). A file
 * system that cannot sync a directory (EINVAL) is accepted. */
static int sync_directory(const char *path) {
  const char *slash = strrchr(path, '/');
  char dir[FIO_PATH_MAX];
  int fd, rc = 0, saved;
  if (slash == NULL) {
    strcpy(dir, ".");
  } else if (slash == path) {
    strcpy(dir, "/");
  } else {
    size_t k = (size_t)(slash - path);
    if (k >= sizeof dir) {
      errno = ENAMETOOLONG;
      return -1;
    }
    memcpy(dir, path, k);
    dir[k] = '\0';
  }
  fd = open(dir, O_RDONLY);
  if (fd < 0) return -1;
  if (fsync(fd) != 0 && errno != EINVAL) rc = -1;
  saved = errno;
  close(fd);
  errno = saved;
  return rc;
}

int fio_stage(fio_output *out, const char *path, const uint8_t *data,
              size_t len, int flags, char err[FIO_ERR_MAX]) {
  static const char suffix[] = ".tmp-XXXXXX";
  size_t plen = strlen(path);
  int fd, saved;

  out->path = path;
  out->tmp = NULL;
  out->data = NULL;
  out->len = 0;
  out->keep_existing = (flags & FIO_KEEP_EXISTING) != 0;
  if (is_stdio(path)) {
    out->data = data;
    out->len = len;
    return 0;
  }
  if (plen == 0) {
    snprintf(err, FIO_ERR_MAX, "empty output file name");
    return -1;
  }
  {
    /* A directory would make the final rename fail after other outputs
     * are already in place: refuse it now. */
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
      snprintf(err, FIO_ERR_MAX, "cannot write %s: %s", path, strerror(EISDIR));
      return -1;
    }
  }
  /* The temporary file sits beside its destination, so the rename stays
   * within one file system. mkstemp creates it with mode 0600. */
  out->tmp = malloc(plen + sizeof suffix);
  if (out->tmp == NULL) {
    snprintf(err, FIO_ERR_MAX, "out of memory");
    return -1;
  }
  memcpy(out->tmp, path, plen);
  memcpy(out->tmp + plen, suffix, sizeof suffix);
  install_handlers();
  {
    /* The file is listed for the signal handler as it is created. */
    sigset_t blocked;
    block_signals(&blocked);
    fd = npending < FIO_MAX_PENDING ? mkstemp(out->tmp) : (errno = EMFILE, -1);
    if (fd >= 0) pending[npending++] = out->tmp;
    saved = errno;
    restore_signals(&blocked);
    errno = saved;
  }
  if (fd < 0) {
    snprintf(err, FIO_ERR_MAX, "cannot write %s: %s", path, strerror(errno));
    free(out->tmp);
    out->tmp = NULL;
    return -1;
  }
  if (((flags & FIO_SECRET) == 0 && fchmod(fd, public_mode()) != 0) ||
      write_all(fd, data, len) != 0 || fsync(fd) != 0) {
    saved = errno;
    close(fd);
    discard_tmp(out->tmp);
    out->tmp = NULL;
    snprintf(err, FIO_ERR_MAX, "cannot write %s: %s", path, strerror(saved));
    return -1;
  }
  if (close(fd) != 0) {
    saved = errno;
    discard_tmp(out->tmp);
    out->tmp = NULL;
    snprintf(err, FIO_ERR_MAX, "cannot write %s: %s", path, strerror(saved));
    return -1;
  }
  return 0;
}

/* Puts a staged file in place without replacing an existing one: a hard
 * link under the final name (which fails with EEXIST if the name is
 * taken, atomically), then the temporary name removed. A file system
 * without hard links gets a check and a rename (not atomic: a file
 * created between the two is replaced). */
static int place_new(const char *tmp, const char *path) {
  if (link(tmp, path) == 0) {
    unlink(tmp);
    return 0;
  }
  if (errno != EPERM && errno != EOPNOTSUPP && errno != EMLINK &&
      errno != ENOSYS)
    return -1;
  if (fio_exists(path)) {
    errno = EEXIST;
    return -1;
  }
  return rename(tmp, path);
}

int fio_commit(fio_output *outs, size_t n, char err[FIO_ERR_MAX]) {
  size_t i;
  for (i = 0; i < n; i++) {
    sigset_t blocked;
    if (outs[i].tmp == NULL) continue;
    /* A signal during the rename finds the file listed: its name is
     * removed if the rename has not happened, and is gone if it has (or,
     * after a link, is removed: the final name holds the file). */
    if ((outs[i].keep_existing ? place_new(outs[i].tmp, outs[i].path)
                               : rename(outs[i].tmp, outs[i].path)) != 0) {
      snprintf(err, FIO_ERR_MAX, "cannot write %s: %s", outs[i].path,
               strerror(errno));
      fio_abort(outs, n);
      return -1;
    }
    block_signals(&blocked);
    forget_pending(outs[i].tmp);
    restore_signals(&blocked);
    free(outs[i].tmp);
    outs[i].tmp = NULL;
  }
  /* Every output in place; now make the renames durable. */
  for (i = 0; i < n; i++) {
    if (is_stdio(outs[i].path)) continue;
    if (sync_directory(outs[i].path) != 0) {
      snprintf(err, FIO_ERR_MAX, "cannot write %s: syncing its directory: %s",
               outs[i].path, strerror(errno));
      return -1;
    }
  }
  for (i = 0; i < n; i++) {
    if (!is_stdio(outs[i].path)) continue;
    if (write_all(STDOUT_FILENO, outs[i].data, outs[i].len) != 0) {
      snprintf(err, FIO_ERR_MAX, "cannot write standard output: %s",
               strerror(errno));
      return -1;
    }
  }
  return 0;
}

/* What a path names as a destination: an existing file (its device and
 * inode), or a name to create in a directory (the directory's device and
 * inode, and the name). */
typedef struct {
  int exists;
  dev_t dev;
  ino_t ino;
  char name[FIO_PATH_MAX];
} destination;

static int identify(const char *path, destination *d, int links) {
  struct stat st;
  char buf[FIO_PATH_MAX];
  const char *slash = strrchr(path, '/');
  size_t dlen;
  if (strlen(path) >= sizeof buf) return -1;
  if (stat(path, &st) == 0) {
    d->exists = 1;
    d->dev = st.st_dev;
    d->ino = st.st_ino;
    d->name[0] = '\0';
    return 0;
  }
  dlen = slash == NULL ? 0 : (size_t)(slash - path) + 1; /* with the '/' */
  if (links < 8 && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    /* A dangling symbolic link: stands for its target; a relative target
     * is relative to the link's directory. */
    char target[FIO_PATH_MAX];
    ssize_t k = readlink(path, target, sizeof target - 1);
    if (k <= 0) return -1;
    target[k] = '\0';
    if (target[0] == '/') return identify(target, d, links + 1);
    if (dlen + (size_t)k >= sizeof buf) return -1;
    memcpy(buf, path, dlen);
    memcpy(buf + dlen, target, (size_t)k + 1);
    return identify(buf, d, links + 1);
  }
  /* Not there yet: the directory it would be created in, and the name. */
  if (dlen == 0) {
    strcpy(buf, ".");
  } else {
    memcpy(buf, path, dlen);
    buf[dlen] = '\0';
  }
  if (stat(buf, &st) != 0) return -1;
  d->exists = 0;
  d->dev = st.st_dev;
  d->ino = st.st_ino;
  strcpy(d->name, path + dlen);
  return 0;
}

int fio_same_destination(const char *a, const char *b) {
  static destination da, db;
  if (is_stdio(a) || is_stdio(b)) return 0;
  /* Either cannot be identified (a missing directory, say): writing it
   * will fail anyway; compare the spellings. */
  if (identify(a, &da, 0) != 0 || identify(b, &db, 0) != 0)
    return strcmp(a, b) == 0;
  return da.exists == db.exists && da.dev == db.dev && da.ino == db.ino &&
         strcmp(da.name, db.name) == 0;
}

int fio_replaces_input(const char *input, const char *output) {
  struct stat in, out;
  if (is_stdio(output)) return 0;
  if (!is_stdio(input)) return fio_same_destination(input, output);
  /* Standard input: only a file can be replaced (not a pipe or a
   * terminal), and only an existing one. */
  return fstat(STDIN_FILENO, &in) == 0 && S_ISREG(in.st_mode) &&
         stat(output, &out) == 0 && in.st_dev == out.st_dev &&
         in.st_ino == out.st_ino;
}

int fio_exists(const char *path) {
  struct stat st;
  return !is_stdio(path) && lstat(path, &st) == 0 && !S_ISDIR(st.st_mode);
}

void fio_abort(fio_output *outs, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) {
    if (outs[i].tmp == NULL) continue;
    discard_tmp(outs[i].tmp);
    outs[i].tmp = NULL;
  }
}
