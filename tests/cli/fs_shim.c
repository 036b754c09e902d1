/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fs_shim.c - an LD_PRELOAD library for tests/cli/cli_test.sh: watches
 * how the `mlkem` tool puts its outputs in place, from outside its code
 * (issue 23, item 6).
 *
 * With MLKEM_SHIM_LOG=FILE it appends a line to FILE for every rename
 * ("rename NEW"), every link ("link NEW": how a private key is put in
 * place without replacing a file, cli/fileio.c) and every fsync
 * ("fsync-dir DEV:INO" for a directory, with its device and inode as
 * stat(1) prints them, else "fsync-file").
 * With MLKEM_SHIM_PAUSE_RENAME set, the first rename or link first logs
 * "paused" and waits for a signal forever: the outputs are then staged
 * (their temporary files exist) and not yet in place, the window in which
 * the test interrupts the tool.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int rename(const char *old, const char *new_path);
int link(const char *old, const char *new_path);
int fsync(int fd);

static void log_line(const char *line) {
  const char *path = getenv("MLKEM_SHIM_LOG");
  int fd;
  if (path == NULL) return;
  fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) return;
  if (write(fd, line, strlen(line)) < 0) {
    /* nothing to do: the test sees the line missing */
  }
  close(fd);
}

/* rename or link (`what`), logged, after the pause if asked for. */
static int placed(const char *what, const char *old, const char *new_path) {
  static int paused;
  int (*real)(const char *, const char *);
  void *sym = dlsym(RTLD_NEXT, what);
  char line[4200];
  memcpy(&real, &sym, sizeof real); /* ISO C has no object-to-function cast */
  if (getenv("MLKEM_SHIM_PAUSE_RENAME") != NULL && !paused) {
    paused = 1;
    log_line("paused\n");
    for (;;) pause();
  }
  snprintf(line, sizeof line, "%s %s\n", what, new_path);
  log_line(line);
  return real(old, new_path);
}

int rename(const char *old, const char *new_path) {
  return placed("rename", old, new_path);
}

int link(const char *old, const char *new_path) {
  return placed("link", old, new_path);
}

int fsync(int fd) {
  int (*real)(int);
  void *sym = dlsym(RTLD_NEXT, "fsync");
  struct stat st;
  char line[100];
  memcpy(&real, &sym, sizeof real);
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
    snprintf(line, sizeof line, "fsync-dir %llu:%llu\n",
             (unsigned long long)st.st_dev, (unsigned long long)st.st_ino);
  else
    snprintf(line, sizeof line, "fsync-file\n");
  log_line(line);
  return real(fd);
}
