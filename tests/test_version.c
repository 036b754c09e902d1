/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_version.c - the version of the headers and of the library agree with
 * the one version of the build, project(VERSION) in CMakeLists.txt, which
 * CMake passes in as MLKEM_EXPECTED_VERSION. tests/version_test.sh checks
 * the other places it reaches (mlkem.pc, mlkemConfigVersion.cmake,
 * mlkem --version); the Python binding's tests check mlkem.__version__.
 */
#include <stdio.h>
#include <string.h>

#include "mlkem.h"
#include "test_util.h"

#ifndef MLKEM_EXPECTED_VERSION
#error "tests/CMakeLists.txt passes MLKEM_EXPECTED_VERSION"
#endif

int main(void) {
  char v[32];
  snprintf(v, sizeof v, "%d.%d.%d", MLKEM_VERSION_MAJOR, MLKEM_VERSION_MINOR,
           MLKEM_VERSION_PATCH);
  CHECKF(strcmp(v, MLKEM_VERSION_STRING) == 0,
         "MLKEM_VERSION_MAJOR.MINOR.PATCH is %s, MLKEM_VERSION_STRING %s", v,
         MLKEM_VERSION_STRING);
  CHECKF(strcmp(MLKEM_VERSION_STRING, MLKEM_EXPECTED_VERSION) == 0,
         "mlkem.h says %s, CMakeLists.txt %s", MLKEM_VERSION_STRING,
         MLKEM_EXPECTED_VERSION);
  CHECKF(strcmp(mlkem_version(), MLKEM_EXPECTED_VERSION) == 0,
         "mlkem_version() says %s, CMakeLists.txt %s", mlkem_version(),
         MLKEM_EXPECTED_VERSION);
  return test_summary("test_version");
}
