/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fileio.h - reading inputs whole, and writing outputs all or nothing.
 *
 * Outputs are staged first: each is written to a temporary file in the
 * directory of its destination (mode 0600 for secrets, 0666 less the umask
 * otherwise), flushed to disk and closed. Only when every output of a
 * command has been staged are they renamed into place, so a failure
 * leaves no partial, empty or missing-half output behind; then each
 * output's directory is synced, so that the renames survive a crash. "-"
 * is standard output, written at commit time. SIGINT, SIGTERM or SIGHUP
 * between staging and renaming removes the temporary files (which may
 * hold a key) before the signal ends the process.
 */
#ifndef MLKEM_CLI_FILEIO_H
#define MLKEM_CLI_FILEIO_H

#include <stddef.h>
#include <stdint.h>

#define FIO_ERR_MAX 256

/* Reads all of `path` ("-": standard input), at most `max` bytes, into a
 * new heap buffer (*data, *len; free with fio_free). Returns 0, or -1 with
 * a one-line message in err. */
int fio_read(const char *path, size_t max, uint8_t **data, size_t *len,
             char err[FIO_ERR_MAX]);

/* Wipes and frees a buffer from fio_read (fio_read itself wipes what it
 * had read when it fails, out of memory included). */
void fio_free(uint8_t *data, size_t len);

typedef struct {
  const char *path;    /* destination, or "-" */
  char *tmp;           /* the staged temporary file (heap), or NULL */
  const uint8_t *data; /* for "-": what to write at commit */
  size_t len;
} fio_output;

enum { FIO_PUBLIC = 0, FIO_SECRET = 1 };

/* Stages `len` bytes for `path`. For "-", data must stay valid until
 * fio_commit. Returns 0, or -1 with a message (nothing is left behind). */
int fio_stage(fio_output *out, const char *path, const uint8_t *data,
              size_t len, int secrecy, char err[FIO_ERR_MAX]);

/* Moves every staged output into place (files first, then standard
 * output) and syncs the directories. Returns 0, or -1 with a message. */
int fio_commit(fio_output *outs, size_t n, char err[FIO_ERR_MAX]);

/* Removes every staged temporary file. */
void fio_abort(fio_output *outs, size_t n);

/* 1 if writing to paths a and b would write one file (the second output
 * replacing the first), else 0. Compared by device and inode: an existing
 * file under any spelling (./x and x, sub/../x, a symbolic or hard link);
 * a file not created yet by its directory's device and inode and its
 * name, after following a dangling symbolic link. "-" (standard output)
 * is never the same as a file. */
int fio_same_destination(const char *a, const char *b);

#endif
