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
  int keep_existing; /* FIO_KEEP_EXISTING was given */
} fio_output;

/* fio_stage's flags: FIO_PUBLIC or FIO_SECRET (the file's mode), and
 * FIO_KEEP_EXISTING: never replace a file that exists at commit time (the
 * staged file is then put in place with link(2), which fails if the name
 * is taken, instead of rename(2); on a file system without hard links,
 * rename after checking that the name is free). */
enum { FIO_PUBLIC = 0, FIO_SECRET = 1, FIO_KEEP_EXISTING = 2 };

/* Stages `len` bytes for `path`. For "-", data must stay valid until
 * fio_commit. Returns 0, or -1 with a message (nothing is left behind). */
int fio_stage(fio_output *out, const char *path, const uint8_t *data,
              size_t len, int flags, char err[FIO_ERR_MAX]);

/* Moves every staged output into place (files first, then standard
 * output) and syncs the directories. Returns 0, or -1 with a message
 * (an output staged with FIO_KEEP_EXISTING whose name has been taken
 * since: "cannot write PATH: File exists"). */
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

/* 1 if writing `output` would replace the file that reading `input`
 * reads: fio_same_destination's comparison, and for input "-" standard
 * input when it is a file (mlkem pubkey -i - -o k.pem < k.pem). Output
 * "-" (standard output) never replaces an input. */
int fio_replaces_input(const char *input, const char *output);

/* 1 if a name other than a directory exists at path (a dangling symbolic
 * link included), else 0. "-" does not exist; a directory is left to
 * fio_stage, which refuses it ("Is a directory"). */
int fio_exists(const char *path);

#endif
