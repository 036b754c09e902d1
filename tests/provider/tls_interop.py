#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""TLS 1.3 through the provider module with programs we did not write
(ctest provider_tls_openssl, provider_tls_go, provider_tls_nginx).

Usage: tls_interop.py PART CNF GO_DIR WORK_DIR

  PART    openssl | go | nginx
  CNF     the build's openssl-mlkem.cnf (provider/openssl-mlkem.cnf.in):
          the module beside the default provider, for every program that
          reads it through OPENSSL_CONF
  GO_DIR  tests/provider/go, the Go crypto/tls peer
  WORK_DIR  scratch directory (certificates, logs, the Go binary)

Parts:
  openssl  openssl s_server against openssl s_client, both through the
           provider, for each of its six groups; the group of the
           ServerHello's key share and the shares' lengths read from
           s_client -trace; a client whose first share is X25519 made to
           retry with the hybrid (HelloRetryRequest); no common group, no
           handshake.
  go       Go 1.26 crypto/tls against openssl with the provider: Go's
           default client (first share X25519MLKEM768) and a client
           restricted to each hybrid group Go has (X25519MLKEM768,
           SecP256r1MLKEM768, SecP384r1MLKEM1024) against s_server, and a Go
           server for each of them against s_client; Go's
           ConnectionState().CurveID must name the group.
  nginx    Debian's nginx (OpenSSL 3.0) with the provider through
           OPENSSL_CONF and "ssl_ecdh_curve X25519MLKEM768:X25519;": the Go
           client and curl (--curves X25519MLKEM768, and curl with the
           configuration's default groups) fetch a page over X25519MLKEM768,
           as nginx's own log ($ssl_curve) and Go report; curl with
           --curves X25519 gets X25519, so the log tells them apart.

Everything listens on 127.0.0.1 on free ports, is started and stopped here,
and is bounded in time. A part whose tools are missing exits 77 (skipped)
with the reason, unless MLKEM_REQUIRE_INTEROP=1 (CI), which makes that a
failure.
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import go_build  # noqa: E402  (tests/go_build.py)
import provider_test  # noqa: E402
from provider_test import check, skip

NAME = "provider_tls"
TIMEOUT = 30

# The provider's groups: IANA code point, and the lengths of the client's
# and server's key shares (draft-ietf-tls-ecdhe-mlkem, draft-ietf-tls-mlkem).
GROUPS = {
    "X25519MLKEM768": (0x11EC, 1216, 1120),
    "SecP256r1MLKEM768": (0x11EB, 1249, 1153),
    "SecP384r1MLKEM1024": (0x11ED, 1665, 1665),
    "MLKEM512": (0x0200, 800, 768),
    "MLKEM768": (0x0201, 1184, 1088),
    "MLKEM1024": (0x0202, 1568, 1568),
}
GO_GROUPS = ["X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"]

def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(args, env, timeout=TIMEOUT, stdin=subprocess.DEVNULL):
    try:
        return subprocess.run(args, env=env, stdin=stdin, capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(
            args, -1, (e.stdout or b"").decode(errors="replace")
            if isinstance(e.stdout, bytes) else (e.stdout or ""),
            f"timed out after {timeout} s")


class Server:
    """A server process with its output in a file; stopped on exit."""

    def __init__(self, args, env, log, stop_signal=signal.SIGTERM):
        self.log = log
        self.stop_signal = stop_signal
        self.out = open(log, "w")
        self.proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL,
                                     stdout=self.out,
                                     stderr=subprocess.STDOUT)

    def output(self):
        with open(self.log) as f:
            return f.read()

    def wait_for(self, pattern, timeout=TIMEOUT):
        """Waits until the output matches pattern; returns the match."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            m = re.search(pattern, self.output())
            if m:
                return m
            if self.proc.poll() is not None:
                return None
            time.sleep(0.05)
        return None

    def wait_port(self, port, timeout=TIMEOUT):
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.proc.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", port), 1):
                    return True
            except OSError:
                time.sleep(0.05)
        return False

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(self.stop_signal)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.out.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def make_cert(work, env):
    key, cert = os.path.join(work, "key.pem"), os.path.join(work, "cert.pem")
    r = run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
             "ec_paramgen_curve:P-256", "-keyout", key, "-out", cert,
             "-days", "2", "-nodes", "-subj", "/CN=localhost", "-addext",
             "subjectAltName=DNS:localhost,IP:127.0.0.1"], env)
    if r.returncode != 0:
        print(r.stderr)
        sys.exit(f"{NAME}: cannot make the test certificate")
    return cert, key


def s_server(work, env, cert, key, groups, tag, naccept=1):
    port = free_port()
    srv = Server(["openssl", "s_server", "-accept", f"127.0.0.1:{port}",
                  "-cert", cert, "-key", key, "-groups", groups,
                  "-naccept", str(naccept), "-tls1_3", "-www"], env,
                 os.path.join(work, f"s_server-{tag}.log"))
    if not srv.wait_for(r"ACCEPT"):
        check(False, f"s_server -groups {groups} starts", srv.output())
    return srv, port


def s_client(env, cert, port, groups, trace=True):
    args = ["openssl", "s_client", "-connect", f"127.0.0.1:{port}",
            "-servername", "localhost", "-CAfile", cert,
            "-verify_return_error", "-groups", groups, "-brief"]
    if trace:
        args.append("-trace")
    return run(args, env)


def key_shares(trace):
    """The key_share extensions of the hellos in s_client -trace output, in
    order: (message, group id, extension length). A HelloRetryRequest shows
    as a ServerHello whose key_share is the 2-byte group alone."""
    shares, hello = [], None
    lines = trace.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"\s+(ClientHello|ServerHello), Length=", line)
        if m:
            hello = m.group(1)
        m = re.search(r"key_share\(51\), length=(\d+)", line)
        if m and hello:
            for nxt in lines[i + 1:i + 4]:
                g = re.search(r"NamedGroup: .*\((\d+)\)", nxt)
                if g:
                    shares.append((hello, int(g.group(1)), int(m.group(1))))
                    break
    return shares


# --- openssl s_server / s_client ------------------------------------------

def part_openssl(work, env, cert, key):
    for name, (gid, client_len, server_len) in GROUPS.items():
        srv, port = s_server(work, env, cert, key, name, name)
        with srv:
            r = s_client(env, cert, port, name)
        out = r.stdout + r.stderr
        check(r.returncode == 0 and "CONNECTION ESTABLISHED" in out and
              "Protocol version: TLSv1.3" in out,
              f"s_client and s_server complete a TLS 1.3 handshake over "
              f"{name}", out[-3000:])
        # key_share in ClientHello: list length (2) + group (2) + length (2)
        # + share; in ServerHello: group (2) + length (2) + share.
        want = [("ClientHello", gid, 6 + client_len),
                ("ServerHello", gid, 4 + server_len)]
        check(key_shares(out) == want,
              f"{name}: key shares of group {gid:#06x}, {client_len} and "
              f"{server_len} bytes", f"{key_shares(out)} != {want}")
    print(f"{NAME}: openssl s_server / s_client: the six groups", flush=True)

    # A client whose first share is X25519, a server that takes only the
    # hybrid: HelloRetryRequest, then the client's share of the hybrid.
    srv, port = s_server(work, env, cert, key, "X25519MLKEM768", "hrr")
    with srv:
        r = s_client(env, cert, port, "X25519:X25519MLKEM768")
    out = r.stdout + r.stderr
    check(r.returncode == 0 and "CONNECTION ESTABLISHED" in out,
          "HelloRetryRequest from X25519 to X25519MLKEM768", out[-3000:])
    gid, client_len, server_len = GROUPS["X25519MLKEM768"]
    want = [("ClientHello", 29, 6 + 32), ("ServerHello", gid, 2),
            ("ClientHello", gid, 6 + client_len),
            ("ServerHello", gid, 4 + server_len)]
    check(key_shares(out) == want,
          "X25519 share, HelloRetryRequest for X25519MLKEM768, its share",
          f"{key_shares(out)} != {want}")
    # No group in common: no handshake (the groups above were really the
    # ones used).
    srv, port = s_server(work, env, cert, key, "X25519MLKEM768", "none")
    with srv:
        r = s_client(env, cert, port, "MLKEM768", trace=False)
    check(r.returncode != 0 and
          "CONNECTION ESTABLISHED" not in r.stdout + r.stderr,
          "no handshake without a common group")
    print(f"{NAME}: openssl: HelloRetryRequest, no common group", flush=True)


# --- Go crypto/tls ----------------------------------------------------------

def go_field(out, key):
    m = re.search(rf"^{key}=(.*)$", out, re.M)
    return m.group(1).strip() if m else None


def part_go(work, env, cert, key, go_dir):
    peer, why = go_build.build(NAME, go_dir, os.path.join(work, "tlspeer"),
                               "SecP256r1MLKEM768")
    if peer is None:
        skip(why)
    # Go's defaults (X25519MLKEM768 and X25519 shares) against a server
    # that, as nginx below, prefers the hybrid and also takes X25519.
    cases = [(None, "X25519MLKEM768:X25519", "X25519MLKEM768")]
    cases += [(g, ":".join(GO_GROUPS + ["X25519"]), g) for g in GO_GROUPS]
    for group, server_groups, want in cases:
        srv, port = s_server(work, env, cert, key, server_groups,
                             f"go-{group}")
        args = [peer, "client", "-addr", f"127.0.0.1:{port}", "-ca", cert]
        if group:
            args += ["-group", group]
        with srv:
            r = run(args, env)
        got = go_field(r.stdout, "group")
        check(r.returncode == 0 and got == want,
              f"Go client ({group or 'default groups'}) against s_server: "
              f"CurveID {got}, want {want}", r.stdout + r.stderr)
    print(f"{NAME}: Go client against openssl s_server: default, "
          f"{', '.join(GO_GROUPS)}", flush=True)
    for group in GO_GROUPS:
        srv = Server([peer, "server", "-cert", cert, "-key", key, "-group",
                      group, "-n", "1"], env,
                     os.path.join(work, f"go-server-{group}.log"))
        with srv:
            m = srv.wait_for(r"port=(\d+)")
            if not check(m is not None, "the Go server starts",
                         srv.output()):
                continue
            r = s_client(env, cert, int(m.group(1)), group, trace=False)
            srv.wait_for(r"group=|error=", 10)
            got = go_field(srv.output(), "group")
        check(r.returncode == 0 and
              "CONNECTION ESTABLISHED" in r.stdout + r.stderr,
              f"s_client completes a handshake with the Go server over "
              f"{group}", r.stdout[-2000:] + r.stderr[-2000:])
        check(got == group, f"the Go server reports {got}, want {group}",
              srv.output())
    print(f"{NAME}: openssl s_client against a Go server: "
          f"{', '.join(GO_GROUPS)}", flush=True)


# --- nginx and curl -----------------------------------------------------------

# What an nginx run by a test needs besides its server: its pid, error
# log and temporary files in the test's work directory (also
# nginx_recipe.py's). The http block is left open.
NGINX_SCRATCH = """\
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/error.log info;
events {{ worker_connections 64; }}
http {{
    client_body_temp_path {work}/tmp/body;
    proxy_temp_path {work}/tmp/proxy;
    fastcgi_temp_path {work}/tmp/fastcgi;
    uwsgi_temp_path {work}/tmp/uwsgi;
    scgi_temp_path {work}/tmp/scgi;
"""
NGINX_TEMP_DIRS = ("body", "proxy", "fastcgi", "uwsgi", "scgi")

NGINX_CONF = NGINX_SCRATCH + """\
    log_format pq '$ssl_protocol $ssl_curve "$http_user_agent"';
    access_log {work}/access.log pq;
    server {{
        listen 127.0.0.1:{port} ssl;
        server_name localhost;
        ssl_certificate {cert};
        ssl_certificate_key {key};
        ssl_protocols TLSv1.3;
        ssl_ecdh_curve X25519MLKEM768:X25519;
        location / {{ return 200 "hello from nginx\\n"; }}
    }}
}}
"""


def find_nginx():
    for p in (shutil.which("nginx"), "/usr/sbin/nginx"):
        if p and os.access(p, os.X_OK):
            return p
    return None


def part_nginx(work, env, cert, key, go_dir):
    nginx, curl = find_nginx(), shutil.which("curl")
    if nginx is None:
        skip("nginx not found (Debian: apt-get install nginx)")
    if curl is None:
        skip("curl not found (Debian: apt-get install curl)")
    peer, why = go_build.build(NAME, go_dir, os.path.join(work, "tlspeer"),
                               "SecP256r1MLKEM768")
    if peer is None:
        skip(why)
    port = free_port()
    for d in NGINX_TEMP_DIRS:
        os.makedirs(os.path.join(work, "tmp", d), exist_ok=True)
    conf = os.path.join(work, "nginx.conf")
    with open(conf, "w") as f:
        f.write(NGINX_CONF.format(work=work, port=port, cert=cert, key=key))
    access = os.path.join(work, "access.log")
    if os.path.exists(access):
        os.remove(access)
    srv = Server([nginx, "-p", work, "-c", conf, "-e",
                  os.path.join(work, "error.log"), "-g", "daemon off;"], env,
                 os.path.join(work, "nginx.out"), signal.SIGQUIT)
    with srv:
        if not check(srv.wait_port(port), "nginx starts and listens",
                     srv.output()):
            return
        r = run([peer, "client", "-addr", f"127.0.0.1:{port}", "-ca", cert,
                 "-get", "/"], env)
        check(r.returncode == 0 and go_field(r.stdout, "group") ==
              "X25519MLKEM768" and go_field(r.stdout, "body") ==
              "hello from nginx",
              "the Go client fetches the page from nginx over "
              "X25519MLKEM768", r.stdout + r.stderr)
        base = [curl, "-sS", "--max-time", "20", "--cacert", cert,
                "--resolve", f"localhost:{port}:127.0.0.1",
                f"https://localhost:{port}/"]
        for agent, extra in (("curl-curves", ["--curves", "X25519MLKEM768"]),
                             ("curl-default", []),
                             ("curl-x25519", ["--curves", "X25519"])):
            r = run(base + ["-A", agent] + extra, env)
            check(r.returncode == 0 and r.stdout == "hello from nginx\n",
                  f"curl ({agent}) fetches the page from nginx",
                  r.stdout + r.stderr)
    with open(access) as f:
        log = f.read()
    # nginx names a group OpenSSL 3.0 has no NID for by its code point.
    for agent, want in (("tlspeer", "0x11ec"), ("curl-curves", "0x11ec"),
                        ("curl-default", "0x11ec"),
                        ("curl-x25519", "X25519")):
        check(f'TLSv1.3 {want} "{agent}"' in log,
              f"nginx's log: {agent} over {want}", log)
    print(f"{NAME}: nginx: Go and curl over X25519MLKEM768", flush=True)


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in ("openssl", "go", "nginx"):
        sys.exit(__doc__)
    part, cnf, go_dir, work = sys.argv[1:]
    global NAME
    NAME = provider_test.NAME = f"provider_tls_{part}"
    provider_test.require_openssl3()
    work = os.path.abspath(work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = dict(os.environ, OPENSSL_CONF=os.path.abspath(cnf))
    cert, key = make_cert(work, env)
    if part == "openssl":
        part_openssl(work, env, cert, key)
    elif part == "go":
        part_go(work, env, cert, key, go_dir)
    else:
        part_nginx(work, env, cert, key, go_dir)
    provider_test.finish()


if __name__ == "__main__":
    main()
