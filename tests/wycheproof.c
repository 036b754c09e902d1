/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* wycheproof.c - reading a Wycheproof vector file (wycheproof.h). */
#include "wycheproof.h"

#include <stdlib.h>

#include "test_util.h"

json_value *wycheproof_load(const char *rel, const json_value **groups) {
  char err[200];
  size_t len;
  char *text = test_read_file(test_vector_path(rel), &len);
  json_value *root = json_parse(text, len, err, sizeof err);
  free(text);
  *groups = NULL;
  if (root == NULL) {
    CHECKF(0, "%s: %s", rel, err);
    return NULL;
  }
  *groups = json_get(root, "testGroups");
  if (*groups == NULL || (*groups)->type != JSON_ARRAY) {
    CHECKF(0, "%s: no testGroups array", rel);
    json_free(root);
    *groups = NULL;
    return NULL;
  }
  return root;
}
