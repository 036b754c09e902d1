#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Checks nginx set up by examples/nginx/setup.sh (docs/PROVIDER.md): a
# client that offers X25519MLKEM768 alone gets the page, and nginx's log
# shows the group. Same variables as setup.sh; PORT: nginx's port.
set -eu
SSL_DIR=${SSL_DIR:-/etc/ssl/mlkem}
LOG_DIR=${LOG_DIR:-/var/log/nginx}
HOST=${HOST:-$(hostname -f)}
PORT=${PORT:-443}
export OPENSSL_CONF="$SSL_DIR/openssl-mlkem.cnf"

# curl, offering only the hybrid (it fails if the server does not take it).
curl -sS --max-time 20 --cacert "$SSL_DIR/cert.pem" --curves X25519MLKEM768 \
  "https://$HOST:$PORT/"
# openssl s_client, the same, with the certificate verified.
printf 'GET / HTTP/1.0\r\nHost: %s\r\n\r\n' "$HOST" |
  openssl s_client -connect "$HOST:$PORT" -servername "$HOST" \
    -groups X25519MLKEM768 -CAfile "$SSL_DIR/cert.pem" -verify_return_error \
    -brief -ign_eof 2>&1 | grep -E '^(Protocol version|Verification|hello)'
# Neither prints the group with OpenSSL 3.0: nginx's log of each does.
tail -n 2 "$LOG_DIR/mlkem-access.log"
if [ "$(tail -n 2 "$LOG_DIR/mlkem-access.log" |
        grep -Ec ' (0x11ec|X25519MLKEM768) ')" = 2 ]; then
  echo "X25519MLKEM768: yes"
else
  echo "X25519MLKEM768: NOT negotiated" >&2
  exit 1
fi
