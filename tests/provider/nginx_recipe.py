#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""docs/PROVIDER.md's nginx recipe, run as written (ctest
provider_nginx_recipe):

1. the recipe's two scripts, examples/nginx/setup.sh and check.sh, are
   the very blocks docs/PROVIDER.md shows (so the page cannot drift from
   what is tested);
2. setup.sh runs from this source tree with scratch paths in its
   variables (its own build directory, kept between runs; the prefix, the
   modules directory, the certificate and configuration directory,
   nginx's conf.d and log directories under WORK_DIR; HOST=localhost;
   LISTEN=127.0.0.1:<a free port>): it builds and installs the module,
   writes the OpenSSL configuration, a self-signed certificate and the
   nginx server block;
3. Debian's nginx starts with OPENSSL_CONF pointing at that
   configuration and a main nginx.conf that, as Debian's does, includes
   conf.d/*.conf inside http {} (and keeps its pid and temporary files in
   WORK_DIR), on 127.0.0.1 only;
4. check.sh runs against it (curl with --cacert and openssl s_client with
   -CAfile, each offering X25519MLKEM768 alone; nginx's log of
   $ssl_curve), and must report the group;
5. nginx is stopped; everything is bounded in time.

Skipped (77) without nginx, curl, cmake or the openssl command, except in
CI (MLKEM_REQUIRE_INTEROP=1).

Usage: nginx_recipe.py SOURCE_DIR WORK_DIR
"""
import os
import re
import shutil
import signal
import subprocess
import sys

import provider_test
from provider_test import check, skip
from tls_interop import (NGINX_SCRATCH, NGINX_TEMP_DIRS, Server, find_nginx,
                         free_port)

provider_test.NAME = NAME = "provider_nginx_recipe"
TIMEOUT = 60

# The main nginx.conf: Debian's includes conf.d/*.conf in its http block.
MAIN_CONF = NGINX_SCRATCH + """\
    include {work}/conf.d/*.conf;
}}
"""


def doc_blocks(doc):
    """The ```sh blocks of the page that hold a whole script (those
    starting with #!)."""
    return [m.group(1) for m in re.finditer(r"^```sh\n(#!.*?)^```", doc,
                                            re.M | re.S)]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, work = (os.path.abspath(a) for a in sys.argv[1:])
    provider_test.require_openssl3()
    nginx = find_nginx()
    for tool, path in (("nginx", nginx), ("curl", shutil.which("curl")),
                       ("cmake", shutil.which("cmake"))):
        if path is None:
            skip(f"{tool} not found (Debian: apt-get install {tool})")

    # 1. The page shows the scripts as they are.
    with open(os.path.join(src, "docs", "PROVIDER.md")) as f:
        shown = doc_blocks(f.read())
    for name in ("setup.sh", "check.sh"):
        with open(os.path.join(src, "examples", "nginx", name)) as f:
            check(f.read() in shown,
                  f"docs/PROVIDER.md shows examples/nginx/{name} as it is")

    # 2. setup.sh with scratch paths.
    os.makedirs(work, exist_ok=True)
    for d in os.listdir(work):
        if d != "build":  # the module's build, kept between runs
            shutil.rmtree(os.path.join(work, d), ignore_errors=True)
    for d in NGINX_TEMP_DIRS:
        os.makedirs(os.path.join(work, "tmp", d))
    port = free_port()
    env = dict(os.environ, MLKEM_SRC=src, BUILD=os.path.join(work, "build"),
               JOBS=os.environ.get("JOBS", "2"),
               PREFIX=os.path.join(work, "prefix"),
               MODULES_DIR=os.path.join(work, "prefix", "lib", "ossl-modules"),
               SSL_DIR=os.path.join(work, "ssl"),
               NGINX_CONF_DIR=os.path.join(work, "conf.d"),
               LOG_DIR=os.path.join(work, "log"), HOST="localhost",
               LISTEN=f"127.0.0.1:{port}", PORT=str(port))
    env.pop("OPENSSL_CONF", None)
    r = subprocess.run(["sh", os.path.join(src, "examples", "nginx",
                                           "setup.sh")],
                       cwd=src, env=env, capture_output=True, text=True,
                       timeout=1800)
    if not check(r.returncode == 0, "examples/nginx/setup.sh runs",
                 r.stdout[-3000:] + r.stderr[-3000:]):
        provider_test.finish()

    # 3. nginx with OPENSSL_CONF, on 127.0.0.1.
    conf = os.path.join(work, "nginx.conf")
    with open(conf, "w") as f:
        f.write(MAIN_CONF.format(work=work))
    nenv = dict(env, OPENSSL_CONF=os.path.join(env["SSL_DIR"],
                                               "openssl-mlkem.cnf"))
    r = subprocess.run([nginx, "-t", "-p", work, "-c", conf, "-e",
                        os.path.join(work, "error.log")], env=nenv,
                       capture_output=True, text=True, timeout=TIMEOUT)
    check(r.returncode == 0, "nginx -t accepts the server block",
          r.stdout + r.stderr)
    srv = Server([nginx, "-p", work, "-c", conf, "-e",
                  os.path.join(work, "error.log"), "-g", "daemon off;"], nenv,
                 os.path.join(work, "nginx.out"), signal.SIGQUIT)
    # 5. Stopped (SIGQUIT, then SIGKILL after 10 s) when the block ends.
    with srv:
        if check(srv.wait_port(port, TIMEOUT), "nginx starts and listens",
                 srv.output()):
            # 4. check.sh, as written.
            r = subprocess.run(["sh", os.path.join(src, "examples", "nginx",
                                                   "check.sh")],
                               env=env, capture_output=True, text=True,
                               timeout=TIMEOUT)
            out_text = r.stdout + r.stderr
            check(r.returncode == 0, "examples/nginx/check.sh succeeds",
                  out_text)
            check("hello over TLSv1.3" in r.stdout,
                  "curl --cacert gets the page over TLS 1.3", out_text)
            check("Verification: OK" in out_text,
                  "openssl s_client -CAfile verifies the certificate", out_text)
            check("X25519MLKEM768: yes" in r.stdout,
                  "nginx's $ssl_curve log shows X25519MLKEM768", out_text)
            print(f"{NAME}: {out_text.strip()}", flush=True)
    provider_test.finish()


if __name__ == "__main__":
    main()
