#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# nginx with X25519MLKEM768, from a checkout of this repository
# (docs/PROVIDER.md, "nginx on Debian 12"). Run as root from the checkout:
#   sh examples/nginx/setup.sh
# Every path below can be changed from the environment (the test
# tests/provider/nginx_recipe.py runs this script with scratch paths).
set -eu
MLKEM_SRC=${MLKEM_SRC:-.}                          # this checkout
BUILD=${BUILD:-$MLKEM_SRC/build-provider}          # its build directory
JOBS=${JOBS:-$(nproc)}                             # compile jobs
PREFIX=${PREFIX:-/usr/local}                       # share/mlkem/openssl-mlkem.cnf
MODULES_DIR=${MODULES_DIR:-$(openssl version -m | sed 's/^MODULESDIR: "\(.*\)"$/\1/')}
SSL_DIR=${SSL_DIR:-/etc/ssl/mlkem}                 # configuration, certificate
NGINX_CONF_DIR=${NGINX_CONF_DIR:-/etc/nginx/conf.d}  # read inside nginx's http {}
LOG_DIR=${LOG_DIR:-/var/log/nginx}
HOST=${HOST:-$(hostname -f)}                       # the server's name
LISTEN=${LISTEN:-443}                              # nginx's listen address

# 1. The provider module, installed where OpenSSL looks for modules, and
#    the OpenSSL configuration that loads it.
cmake -S "$MLKEM_SRC" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX="$PREFIX" -DMLKEM_OPENSSL_PROVIDER=ON \
  -DMLKEM_PROVIDER_INSTALL_DIR="$MODULES_DIR" \
  -DMLKEM_BUILD_TESTS=OFF -DMLKEM_BUILD_BENCH=OFF -DMLKEM_BUILD_CLI=OFF
cmake --build "$BUILD" -j "$JOBS"
cmake --install "$BUILD"
mkdir -p "$SSL_DIR"
cp "$PREFIX/share/mlkem/openssl-mlkem.cnf" "$SSL_DIR/openssl-mlkem.cnf"

# 2. A certificate. Self-signed here, for trying it out: clients check it
#    with --cacert / -CAfile. In production use your CA's certificate and
#    key instead (ssl_certificate below).
if [ ! -e "$SSL_DIR/cert.pem" ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 \
    -nodes -days 365 -subj "/CN=$HOST" -addext "subjectAltName=DNS:$HOST" \
    -keyout "$SSL_DIR/key.pem" -out "$SSL_DIR/cert.pem"
  chmod 600 "$SSL_DIR/key.pem"
fi

# 3. The TLS server: X25519MLKEM768 first, the classical groups after it
#    for older clients, and a log of the group each connection got.
#    ($ssl_curve: OpenSSL 3.0's curl and s_client do not print the group;
#    nginx 1.22 with OpenSSL 3.0 logs X25519MLKEM768 as its code point,
#    0x11ec, newer ones by name.)
mkdir -p "$NGINX_CONF_DIR" "$LOG_DIR"
cat >"$NGINX_CONF_DIR/mlkem.conf" <<CONF
log_format mlkem '\$remote_addr \$ssl_protocol \$ssl_curve "\$request" \$status';

server {
    listen $LISTEN ssl;
    server_name $HOST;
    ssl_certificate $SSL_DIR/cert.pem;
    ssl_certificate_key $SSL_DIR/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_ecdh_curve X25519MLKEM768:X25519:prime256v1;
    access_log $LOG_DIR/mlkem-access.log mlkem;
    location / {
        return 200 "hello over \$ssl_protocol\n";
    }
}
CONF
echo "nginx: $NGINX_CONF_DIR/mlkem.conf; start it with OPENSSL_CONF=$SSL_DIR/openssl-mlkem.cnf"
