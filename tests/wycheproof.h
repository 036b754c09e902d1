/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * wycheproof.h - reading a C2SP/Wycheproof vector file of tests/vectors/
 * (test_x25519, test_diff_x25519, test_gcm).
 */
#ifndef MLKEM_TEST_WYCHEPROOF_H
#define MLKEM_TEST_WYCHEPROOF_H

#include "json.h"

/* Parses the JSON file rel (under the vector directory) and sets *groups
 * to its "testGroups" array. Returns the document (json_free it), or NULL
 * after a failed check that says why. */
json_value *wycheproof_load(const char *rel, const json_value **groups);

#endif
