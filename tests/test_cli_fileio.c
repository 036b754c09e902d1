/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cli_fileio.c - the input side of the `mlkem` tool's file handling
 * (cli/fileio.c, included here with its allocator replaced): when memory
 * runs out while a file is read, every buffer that held its bytes (a key
 * file's, possibly a private key) is wiped before it is freed.
 *
 * fio_read starts with a 4096-byte buffer and doubles it as the file
 * grows; test_malloc fails the N-th allocation (and zeroes the blocks it
 * gives), and test_free checks that every buffer it is given is all
 * zeros, with its size recorded by test_malloc.
 *
 * And the output side's refusal to replace a private key
 * (FIO_KEEP_EXISTING, what keygen and convert use without --force): a file
 * created under the name between staging and commit (after the tool's
 * own check) is kept, the commit fails with "File exists" and leaves no
 * temporary file; a free name gets the key, mode 0600.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static int allocs_left = -1; /* allocations that succeed; -1: all do */
static unsigned frees_dirty, frees;
static struct {
  void *p;
  size_t n;
} blocks[16];

static void *test_malloc(size_t n) {
  void *p;
  unsigned i;
  if (allocs_left == 0) return NULL;
  if (allocs_left > 0) allocs_left--;
  /* Zeroed, so that only bytes written and not wiped are non-zero. */
  p = calloc(1, n);
  for (i = 0; p != NULL && i < sizeof blocks / sizeof blocks[0]; i++) {
    if (blocks[i].p == NULL) {
      blocks[i].p = p;
      blocks[i].n = n;
      break;
    }
  }
  return p;
}

static void test_free(void *p) {
  unsigned i;
  if (p == NULL) return;
  for (i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
    if (blocks[i].p == p) {
      if (!test_all_bytes(p, blocks[i].n, 0)) frees_dirty++;
      blocks[i].p = NULL;
      break;
    }
  }
  frees++;
  free(p);
}

#define malloc test_malloc
#define free test_free
#include "../cli/fileio.c"
#undef malloc
#undef free

/* The number of entries of directory dir whose name contains part. */
#include <dirent.h>
static unsigned entries_with(const char *dir, const char *part) {
  DIR *d = opendir(dir);
  struct dirent *e;
  unsigned n = 0;
  if (d == NULL) return 0;
  while ((e = readdir(d)) != NULL) n += strstr(e->d_name, part) != NULL;
  closedir(d);
  return n;
}

static void test_keep_existing(void) {
  char dir[] = "/tmp/mlkem-keep-XXXXXX", path[64], err[FIO_ERR_MAX];
  static const uint8_t key[] = "a private key\n", old[] = "precious\n";
  uint8_t *data = NULL;
  size_t len = 0;
  fio_output out;
  struct stat st;
  FILE *f;
  CHECK(mkdtemp(dir) != NULL);
  snprintf(path, sizeof path, "%s/k.pem", dir);
  /* Staged while the name is free; the name taken before the commit. */
  CHECK(fio_stage(&out, path, key, sizeof key - 1,
                  FIO_SECRET | FIO_KEEP_EXISTING, err) == 0);
  f = fopen(path, "wb");
  CHECK(f != NULL && fputs((const char *)old, f) >= 0 && fclose(f) == 0);
  err[0] = '\0';
  CHECK(fio_commit(&out, 1, err) == -1);
  CHECKF(strstr(err, "File exists") != NULL, "message: %s", err);
  CHECK(fio_read(path, 1024, &data, &len, err) == 0);
  CHECKF(len == sizeof old - 1 && memcmp(data, old, len) == 0,
         "the file created meanwhile was replaced");
  fio_free(data, len);
  CHECKF(entries_with(dir, ".tmp-") == 0, "a temporary file was left");
  /* A free name: the key is linked in place, mode 0600, no temporary. */
  remove(path);
  CHECK(fio_stage(&out, path, key, sizeof key - 1,
                  FIO_SECRET | FIO_KEEP_EXISTING, err) == 0);
  CHECK(fio_commit(&out, 1, err) == 0);
  CHECK(fio_read(path, 1024, &data, &len, err) == 0);
  CHECK(len == sizeof key - 1 && memcmp(data, key, len) == 0);
  fio_free(data, len);
  CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600 &&
        st.st_nlink == 1);
  CHECKF(entries_with(dir, ".tmp-") == 0, "a temporary file was left");
  remove(path);
  remove(dir);
  printf(
      "fio_commit: FIO_KEEP_EXISTING keeps a file created after staging, "
      "and links a new one in place\n");
}

int main(void) {
  static uint8_t key[10000];
  char path[] = "/tmp/mlkem-fileio-XXXXXX", err[FIO_ERR_MAX];
  uint8_t *data = NULL;
  size_t len = 1;
  int fd, fails_at;
  FILE *f;

  memset(key, 0x5A, sizeof key); /* stands for the bytes of a key */
  fd = mkstemp(path);
  CHECK(fd >= 0);
  f = fdopen(fd, "wb");
  CHECK(f != NULL && fwrite(key, 1, sizeof key, f) == sizeof key);
  CHECK(f != NULL && fclose(f) == 0);

  /* 10,000 bytes take buffers of 4096, 8192 and 16384 bytes: the first,
   * second or third allocation fails. */
  for (fails_at = 0; fails_at < 3; fails_at++) {
    allocs_left = fails_at;
    frees = frees_dirty = 0;
    err[0] = '\0';
    CHECK(fio_read(path, 1u << 20, &data, &len, err) == -1);
    CHECK(data == NULL && len == 0);
    CHECKF(strstr(err, "out of memory") != NULL, "message: %s", err);
    CHECKF(frees_dirty == 0,
           "out of memory at allocation %d: %u of %u buffers freed "
           "without being wiped",
           fails_at + 1, frees_dirty, frees);
  }
  /* And when memory suffices: the file whole, every old buffer wiped. */
  allocs_left = -1;
  frees = frees_dirty = 0;
  CHECK(fio_read(path, 1u << 20, &data, &len, err) == 0);
  CHECK(len == sizeof key && data != NULL && memcmp(data, key, len) == 0);
  fio_free(data, len);
  CHECK(frees == 3 && frees_dirty == 0);
  remove(path);
  printf(
      "fio_read: out of memory at each growth, every buffer wiped before "
      "it is freed\n");
  allocs_left = -1;
  test_keep_existing();
  return test_summary("test_cli_fileio");
}
