/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* publish.c - the first call of a choice published once (publish.h). */
#include "platform/publish.h"

const void *mlkem_publish_choose(mlkem_published *p,
                                 const void *(*choose)(void)) {
  const void *v = choose();
  MLKEM_STORE_RELAXED_(p->value, v);
  MLKEM_STORE_RELEASE_(p->ready, 1);
  return v;
}
