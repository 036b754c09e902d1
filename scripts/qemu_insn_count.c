/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * qemu_insn_count.c - a qemu TCG plugin that counts the guest instructions
 * a program executes and prints the total at exit (to stderr):
 *   insns: N
 * With the argument mark=ADDR (hex, a function's address), it also prints
 * the count so far each time the code at ADDR is entered:
 *   mark: N
 * so that a program brackets what it wants counted with calls of that
 * function (the count between two marks includes the few instructions of
 * one call, which a pair of marks with nothing between measures).
 * Used by scripts/count_insns_aarch64.sh (qemu-aarch64) and
 * scripts/cortex_m4_figures.py (qemu-system-arm) for docs/BENCHMARKS.md.
 *
 * Debian ships qemu-user with plugin support but not the plugin header,
 * so the few declarations this plugin needs are written out below, as the
 * plugin API (version 1, qemu 7.x; include/qemu/qemu-plugin.h) defines
 * them. Each translated block gets an inline addition of its instruction
 * count to one counter, executed every time the block runs (single-threaded
 * programs only: the counter is not per vCPU).
 *
 * Build: cc -O2 -shared -fPIC -o qemu_insn_count.so qemu_insn_count.c
 * Use:   qemu-aarch64 -plugin ./qemu_insn_count.so PROGRAM ARGS
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_register_vcpu_tb_trans_cb(
    qemu_plugin_id_t id,
    void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
                                              enum qemu_plugin_op op, void *ptr,
                                              uint64_t imm);
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_cb(
    struct qemu_plugin_tb *tb, void (*cb)(unsigned int vcpu, void *userdata),
    enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
                                    void (*cb)(qemu_plugin_id_t id,
                                               void *userdata),
                                    void *userdata);

EXPORT extern int qemu_plugin_version;
EXPORT int qemu_plugin_version = 1;

static uint64_t insns;
static uint64_t mark = UINT64_MAX; /* none */

static void on_mark(unsigned int vcpu, void *userdata) {
  (void)vcpu;
  (void)userdata;
  fprintf(stderr, "mark: %llu\n", (unsigned long long)insns);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                           &insns, qemu_plugin_tb_n_insns(tb));
  if (qemu_plugin_tb_vaddr(tb) == mark)
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark, QEMU_PLUGIN_CB_NO_REGS,
                                         NULL);
}

static void on_end(qemu_plugin_id_t id, void *userdata) {
  (void)id;
  (void)userdata;
  fprintf(stderr, "insns: %llu\n", (unsigned long long)insns);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                               int argc, char **argv);
EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                               int argc, char **argv) {
  int i;
  (void)info;
  for (i = 0; i < argc; i++) {
    /* A Thumb function's symbol has bit 0 set; its code does not. */
    if (strncmp(argv[i], "mark=", 5) == 0)
      mark = strtoull(argv[i] + 5, NULL, 16) & ~(uint64_t)1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, on_end, NULL);
  return 0;
}
