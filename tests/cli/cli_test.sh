#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# End-to-end tests of the `mlkem` command-line tool: every command and
# option, every encoding and private key form for every set (ML-KEM's,
# X-Wing, the six round-3 Kyber variants), and every
# error the tool names (each a single line on standard error, a non-zero
# exit status, and no output file created or changed).
# With FS_SHIM (tests/cli/fs_shim.c, an LD_PRELOAD library; Linux, not
# under emulation) also: a signal between staging and renaming leaves no
# temporary file behind, and every output's directory is synced after the
# rename.
# Usage: cli_test.sh MLKEM_BINARY WORK_DIR [FS_SHIM]
set -u
mlkem=$1
work=$2
shim=${3:-}
vectors=$(cd "$(dirname "$0")/../vectors" && pwd)
rm -rf "$work"
mkdir -p "$work" || exit 1
cd "$work" || exit 1
umask 022

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { # check DESCRIPTION COMMAND...: the command must succeed
  what=$1
  shift
  if "$@" >check.out 2>check.err; then ok; else
    bad "$what: $* (exit $?)"; sed 's/^/  /' check.err
  fi
}
size() { wc -c <"$1" | tr -d ' '; }
mode() { ls -l "$1" | cut -c1-10; }
byte_at() { od -An -tu1 -j "$2" -N1 "$1" | tr -d ' \n'; }
set_byte() { # set_byte FILE OFFSET VALUE
  # shellcheck disable=SC2059
  printf "\\$(printf %o "$3")" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
flip_byte() { set_byte "$1" "$2" $(( $(byte_at "$1" "$2") ^ 1 )); }

# fails EXIT PHRASE COMMAND...: the command exits with status EXIT, prints
# exactly one line on standard error containing PHRASE, nothing on
# standard output, and leaves no file out.* behind and none of the
# outputs named keep.* changed. The line starts "mlkem CMD: " (CMD the
# command run; "mlkem: " for a command that does not exist), and a usage
# error (EXIT 2) ends with "(see 'mlkem CMD --help')".
commands="keygen pubkey encaps decaps check convert demo bench acvp"
fails() {
  want_rc=$1
  phrase=$2
  shift 2
  prefix="mlkem: "; hint="(see 'mlkem --help')"
  run=$2
  # sh -c "\"$mlkem\" CMD ...": the command is the script's second word.
  if [ "$1" = sh ] && [ "$2" = -c ]; then run=$(echo "$3" | awk '{print $2}'); fi
  if [ "$1" = "$mlkem" ] || [ "$1" = sh ]; then
    for c in $commands; do
      if [ "$run" = "$c" ]; then prefix="mlkem $c: "; hint="(see 'mlkem $c --help')"; fi
    done
  fi
  rm -f out.* ./*.tmp-*
  printf 'old contents\n' >keep.out
  "$@" >fail.out 2>fail.err
  rc=$?
  lines=$(wc -l <fail.err | tr -d ' ')
  if [ "$rc" -ne "$want_rc" ]; then
    bad "'$*' exit $rc, want $want_rc"; sed 's/^/  /' fail.err
  elif [ "$lines" -ne 1 ]; then
    bad "'$*' printed $lines lines on stderr, want 1"; sed 's/^/  /' fail.err
  elif ! grep -q -- "$phrase" fail.err; then
    bad "'$*' message lacks '$phrase':"; sed 's/^/  /' fail.err
  elif [ "$(head -c ${#prefix} fail.err)" != "$prefix" ]; then
    bad "'$*' message does not start with '$prefix':"; sed 's/^/  /' fail.err
  elif [ "$want_rc" -eq 2 ] && [ "$(tail -c $((${#hint} + 1)) fail.err)" != "$hint" ]; then
    bad "'$*' usage error does not end with \"$hint\":"; sed 's/^/  /' fail.err
  elif [ -s fail.out ]; then
    bad "'$*' wrote to standard output"
  elif ls out.* >/dev/null 2>&1 || ls ./*.tmp-* >/dev/null 2>&1; then
    bad "'$*' left an output file behind: $(ls out.* ./*.tmp-* 2>/dev/null)"
  elif [ "$(cat keep.out)" != "old contents" ]; then
    bad "'$*' changed an existing output file"
  else
    ok
  fi
}

sets="ML-KEM-512 ML-KEM-768 ML-KEM-1024"
ek_size() { case $1 in ML-KEM-512) echo 800 ;; ML-KEM-768) echo 1184 ;; *) echo 1568 ;; esac; }
dk_size() { case $1 in ML-KEM-512) echo 1632 ;; ML-KEM-768) echo 2400 ;; *) echo 3168 ;; esac; }
ct_size() { case $1 in ML-KEM-512) echo 768 ;; ML-KEM-768) echo 1088 ;; *) echo 1568 ;; esac; }
rank() { case $1 in ML-KEM-512) echo 2 ;; ML-KEM-768) echo 3 ;; *) echo 4 ;; esac; }

# ---- general -------------------------------------------------------------
check "--version" "$mlkem" --version
grep -q "^mlkem 0\.[0-9]*\.[0-9]* (library .*, backend .*)$" check.out && ok || bad "--version output: $(cat check.out)"
check "--help" "$mlkem" --help
grep -q "^usage: mlkem COMMAND" check.out && ok || bad "--help output"
check "help" "$mlkem" help
for c in keygen pubkey encaps decaps check convert demo bench; do
  check "$c --help" "$mlkem" $c --help
  grep -q "^usage: mlkem $c" check.out && ok || bad "$c --help output"
  check "help $c" "$mlkem" help $c
  grep -q "^usage: mlkem $c" check.out && ok || bad "help $c output"
  check "$c -h" "$mlkem" $c -h
done
"$mlkem" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "no arguments: exit 2"
fails 2 "unknown command 'frobnicate'" "$mlkem" frobnicate
fails 2 "unknown command 'nope'" "$mlkem" help nope
fails 2 "unknown option '--bogus'" "$mlkem" keygen --bogus -o out.key
fails 2 "unexpected argument 'extra'" "$mlkem" keygen -o out.key extra
fails 2 "option '-o' needs a value" "$mlkem" keygen -o
fails 2 "option '-o' given twice" "$mlkem" keygen -o out.a -o out.b
fails 2 "option '--hex' takes no value" "$mlkem" encaps --hex=1 -i x --ct out.c --secret out.s
fails 2 "no output" "$mlkem" keygen
fails 2 "give -i KEYFILE and -o FILE" "$mlkem" pubkey -o out.pub
fails 2 "give -i PUBFILE, --ct FILE and --secret FILE" "$mlkem" encaps -i x --ct out.ct
fails 2 "give -i KEYFILE, --ct FILE and --secret FILE" "$mlkem" decaps -i x --secret out.ss
fails 2 "give -i FILE" "$mlkem" check
fails 2 "-o and --pubout name the same file" "$mlkem" keygen -o out.k --pubout out.k
fails 2 "--ct and --secret name the same file" "$mlkem" encaps -i x --ct out.x --secret out.x

# ---- every set, form and encoding ---------------------------------------
for set in $sets; do
  eks=$(ek_size $set); dks=$(dk_size $set); cts=$(ct_size $set)
  # A private key is never replaced without --force (tested below): the
  # names each set reuses are removed first.
  rm -f base.pem conv-*.der conv-*.pem both.der dk.raw exp.der seed.der
  for form in seed expanded both; do
    for enc in pem der raw; do
      [ $form = both ] && [ $enc = raw ] && continue
      k=k-$set-$form.$enc
      check "keygen $set $form $enc" "$mlkem" keygen -a $set --format $form --outform $enc -o $k
      [ "$(mode $k)" = "-rw-------" ] && ok || bad "$k mode $(mode $k)"
      if [ $enc = pem ]; then
        head -n 1 $k | grep -q "^-----BEGIN PRIVATE KEY-----$" && ok || bad "$k PEM label"
      fi
      a=""
      [ $form = seed ] && [ $enc = raw ] && a="-a $set"
      # shellcheck disable=SC2086
      check "check $k" "$mlkem" check -i $k $a
      case $enc in pem) e=PEM ;; der) e=DER ;; raw) e=raw ;; esac
      if [ $enc = raw ]; then
        [ $form = seed ] && want="$set private key, raw 64-byte seed" || want="$set private key, raw FIPS 203 dk ($dks bytes)"
      else
        want="$set private key, PKCS#8 $e, $form form"
      fi
      grep -q "^$k: $want: OK" check.out && ok || bad "check $k says: $(cat check.out) (want $want)"
      for penc in pem der raw; do
        p=p-$set-$form-$enc.$penc
        # shellcheck disable=SC2086
        check "pubkey $k $penc" "$mlkem" pubkey -i $k -o $p --outform $penc $a
        [ "$(mode $p)" = "-rw-r--r--" ] && ok || bad "$p mode $(mode $p)"
        check "check $p" "$mlkem" check -i $p
        # shellcheck disable=SC2086
        check "encaps $p" "$mlkem" encaps -i $p --ct ct --secret ss1
        [ "$(size ct)" = "$cts" ] && [ "$(size ss1)" = 32 ] && ok || bad "encaps sizes"
        [ "$(mode ss1)" = "-rw-------" ] && [ "$(mode ct)" = "-rw-r--r--" ] && ok || bad "encaps modes"
        # shellcheck disable=SC2086
        check "decaps $k" "$mlkem" decaps -i $k --ct ct --secret ss2 $a
        [ "$(mode ss2)" = "-rw-------" ] && ok || bad "decaps mode"
        cmp -s ss1 ss2 && ok || bad "$set $form $enc/$penc: secrets differ"
      done
      [ "$(size p-$set-$form-$enc.raw)" = "$eks" ] && ok || bad "raw ek size"
    done
  done
  # The same key in every form: its public keys agree.
  check "keygen $set" "$mlkem" keygen -a $set -o base.pem --pubout base.pub
  head -n 1 base.pub | grep -q "^-----BEGIN PUBLIC KEY-----$" && ok || bad "--pubout PEM label"
  for form in seed expanded both; do
    check "convert $form" "$mlkem" convert -i base.pem --format $form -o conv-$form.der --outform der
    check "pubkey of $form" "$mlkem" pubkey -i conv-$form.der -o conv-$form.pub
    cmp -s conv-$form.pub base.pub && ok || bad "$set: public key of the $form form differs"
  done
  check "convert expanded back" "$mlkem" convert -i conv-expanded.der -o conv-expanded.pem
  grep -q "BEGIN PRIVATE KEY" conv-expanded.pem && ok || bad "convert to PEM"
  check "convert both to seed" "$mlkem" convert -i conv-both.der --format seed -o conv-seed.pem
  cmp -s conv-seed.pem base.pem && ok || bad "$set: both -> seed gives the original seed key"
  fails 1 "the key has no seed" "$mlkem" convert -i conv-expanded.der --format seed -o out.key
  fails 2 "raw output holds a seed or an expanded key, not both" "$mlkem" convert -i base.pem --format both --outform raw -o out.key
  check "convert public" "$mlkem" convert -i base.pub --outform der -o conv.pubder
  fails 1 "a public key has no --format" "$mlkem" convert -i base.pub --format seed -o out.key
  # A private key is accepted where a public key is expected.
  check "encaps with a private key" "$mlkem" encaps -i base.pem --ct ct --secret ss1
  check "decaps" "$mlkem" decaps -i conv-both.der --ct ct --secret ss2
  cmp -s ss1 ss2 && ok || bad "encaps with a private key"
  # Hex output, and hex ciphertexts read back.
  check "encaps --hex" "$mlkem" encaps -i base.pub --ct ct.hex --secret ss.hex --hex
  [ "$(size ct.hex)" = $((2 * cts + 1)) ] && [ "$(size ss.hex)" = 65 ] && ok || bad "hex sizes"
  grep -q '^[0-9a-f]*$' ct.hex && grep -q '^[0-9a-f]*$' ss.hex && ok || bad "hex digits"
  check "decaps hex ct" "$mlkem" decaps -i base.pem --ct ct.hex --secret ss2.hex --hex
  cmp -s ss.hex ss2.hex && ok || bad "$set: hex secrets differ"
  # Standard input and output.
  check "pubkey stdout" sh -c "\"$mlkem\" pubkey -i base.pem -o - > stdout.pub"
  cmp -s stdout.pub base.pub && ok || bad "pubkey -o -"
  check "pubkey stdin" sh -c "\"$mlkem\" pubkey -i - -o stdin.pub < base.pem"
  cmp -s stdin.pub base.pub && ok || bad "pubkey -i -"
  check "keygen stdout" sh -c "\"$mlkem\" keygen -a $set -o - --outform der > stdout.der"
  [ "$(size stdout.der)" = 86 ] && ok || bad "keygen -o - DER size $(size stdout.der)"
  check "encaps stdout" sh -c "\"$mlkem\" encaps -i base.pub --ct - --secret - --hex > both.hex"
  [ "$(wc -l <both.hex | tr -d ' ')" = 2 ] && ok || bad "encaps --hex to stdout: two lines"
  head -n 1 both.hex >ct1.hex
  tail -n 1 both.hex >ss1.hex
  check "decaps stdin ct" sh -c "\"$mlkem\" decaps -i base.pem --ct - --secret - --hex < ct1.hex > ss2.hex"
  cmp -s ss1.hex ss2.hex && ok || bad "$set: stdin/stdout secrets differ"
  # -a must match the key.
  other=ML-KEM-512; [ $set = ML-KEM-512 ] && other=ML-KEM-768
  fails 1 "the key is $set, not $other" "$mlkem" check -i base.pem -a $other
  fails 1 "the key is $set, not $other" "$mlkem" encaps -i base.pub -a $other --ct out.ct --secret out.ss
  check "check -a" "$mlkem" check -i base.pem -a $set
  # Implicit rejection: a changed ciphertext decapsulates, to another secret.
  check "encaps" "$mlkem" encaps -i base.pub --ct ct --secret ss1
  flip_byte ct 5
  check "decaps changed ct" "$mlkem" decaps -i base.pem --ct ct --secret ss2
  cmp -s ss1 ss2 && bad "changed ciphertext gave the same secret" || ok

  # ---- every error, for this set ----------------------------------------
  rk=$(rank $set)
  "$mlkem" convert -i base.pem --format both --outform der -o both.der
  "$mlkem" convert -i base.pem --format expanded --outform raw -o dk.raw
  "$mlkem" convert -i base.pem --format expanded --outform der -o exp.der
  "$mlkem" pubkey -i base.pem --outform raw -o ek.raw
  "$mlkem" pubkey -i base.pem --outform der -o pub.der
  "$mlkem" convert -i base.pem --outform der -o seed.der
  "$mlkem" encaps -i base.pub --ct good.ct --secret good.ss
  # truncated PEM
  head -c 120 base.pem >trunc.pem
  fails 1 "truncated PEM" "$mlkem" check -i trunc.pem
  fails 1 "truncated PEM" "$mlkem" decaps -i trunc.pem --ct good.ct --secret out.ss
  fails 1 "truncated PEM" "$mlkem" decaps -i trunc.pem --ct good.ct --secret keep.out
  head -n 3 base.pub >trunc.pub
  fails 1 "truncated PEM" "$mlkem" encaps -i trunc.pub --ct out.ct --secret out.ss
  # bad base64
  sed '2s/^./*/' base.pem >b64.pem
  fails 1 "bad base64" "$mlkem" pubkey -i b64.pem -o out.pub
  sed '3s/^./=/' base.pub >b64.pub
  fails 1 "bad base64" "$mlkem" encaps -i b64.pub --ct out.ct --secret keep.out
  # wrong PEM label
  sed 's/PRIVATE KEY/CERTIFICATE/' base.pem >label.pem
  fails 1 "wrong PEM label \"CERTIFICATE\"" "$mlkem" check -i label.pem
  sed 's/PUBLIC KEY/PRIVATE KEY/' base.pub >label.pub
  fails 1 "wrong PEM label: PRIVATE KEY holds a public key" "$mlkem" encaps -i label.pub --ct out.ct --secret out.ss
  # wrong OID (last arc 7 in the private key, 0 in the public key)
  cp seed.der oid.der; set_byte oid.der 17 7
  fails 1 "wrong OID: algorithm 2.16.840.1.101.3.4.4.7 is not ML-KEM" "$mlkem" pubkey -i oid.der -o out.pub
  cp pub.der oid.pub; set_byte oid.pub 16 0
  fails 1 "wrong OID" "$mlkem" encaps -i oid.pub --ct out.ct --secret out.ss
  # wrong length: raw files, a DER seed of 63 bytes
  head -c $((eks - 1)) ek.raw >short.raw
  fails 1 "wrong length" "$mlkem" encaps -i short.raw --ct out.ct --secret out.ss
  cp dk.raw long.raw; printf 'x' >>long.raw
  fails 1 "wrong length" "$mlkem" decaps -i long.raw --ct good.ct --secret out.ss
  # ... also when the raw bytes happen to start with 0x30 (a DER SEQUENCE
  # tag; 1 in 256 random keys): both readings are reported
  printf '\060' >long30.raw; tail -c +2 long.raw >>long30.raw
  fails 1 "wrong length: $((dks + 1)) bytes" "$mlkem" decaps -i long30.raw --ct good.ct --secret out.ss
  fails 1 "malformed DER" "$mlkem" decaps -i long30.raw --ct good.ct --secret out.ss
  head -c 85 seed.der >seed63.der
  set_byte seed63.der 1 83; set_byte seed63.der 19 65; set_byte seed63.der 21 63
  fails 1 "wrong length: the seed has 63 bytes (want 64)" "$mlkem" check -i seed63.der
  # wrong length of a ciphertext, and bad hex
  head -c 100 good.ct >short.ct
  fails 1 "wrong length for the $set ciphertext" "$mlkem" decaps -i base.pem --ct short.ct --secret out.ss
  printf '%s\n' "$(head -c $((2 * cts)) /dev/zero | tr '\0' 'g')" >bad.hex
  fails 1 "bad hex in the $set ciphertext" "$mlkem" decaps -i base.pem --ct bad.hex --secret out.ss
  # non-reduced ek: first coefficient 4095, raw and in SPKI
  cp ek.raw nr.raw; set_byte nr.raw 0 255; set_byte nr.raw 1 255
  fails 1 "non-reduced ek" "$mlkem" encaps -i nr.raw --ct out.ct --secret out.ss
  fails 1 "non-reduced ek" "$mlkem" check -i nr.raw
  cp pub.der nr.der; set_byte nr.der 22 255; set_byte nr.der 23 255
  fails 1 "non-reduced ek" "$mlkem" encaps -i nr.der --ct out.ct --secret keep.out
  # hash check failed: a byte of H(ek) in the raw and the DER expanded key
  hoff=$((384 * rk + eks))
  cp dk.raw h.raw; flip_byte h.raw $hoff
  fails 1 "hash check failed" "$mlkem" decaps -i h.raw --ct good.ct --secret out.ss
  cp exp.der h.der; flip_byte h.der $(( $(size exp.der) - dks + hoff ))
  fails 1 "hash check failed" "$mlkem" pubkey -i h.der -o out.pub
  # seed and expanded key disagree: the last byte of dk (z) in both
  cp both.der mm.der; flip_byte mm.der $(( $(size both.der) - 1 ))
  fails 1 "seed and expanded key disagree" "$mlkem" decaps -i mm.der --ct good.ct --secret out.ss
  fails 1 "seed and expanded key disagree" "$mlkem" check -i mm.der
  # a public key cannot decapsulate
  fails 1 "a public key cannot decapsulate" "$mlkem" decaps -i base.pub --ct good.ct --secret out.ss
done

# ---- X-Wing (draft-connolly-cfrg-xwing-kem) -------------------------------
# Its key files: PKCS#8 holding the 32-byte seed (54 bytes of DER), SPKI
# holding the 1216-byte pk (1240 bytes), PEM, and raw seed and pk.
"$mlkem" keygen -a ML-KEM-768 -o m768.pem --pubout m768.pub
xsize() { case $1 in der) echo 54 ;; raw) echo 32 ;; esac; }
xpsize() { case $1 in der) echo 1240 ;; raw) echo 1216 ;; esac; }
for enc in pem der raw; do
  k=x-$enc.key; p=x-$enc.pub
  check "keygen X-Wing $enc" "$mlkem" keygen -a X-Wing --outform $enc -o $k --pubout $p
  [ "$(mode $k)" = "-rw-------" ] && [ "$(mode $p)" = "-rw-r--r--" ] && ok || bad "X-Wing $enc modes"
  if [ $enc = pem ]; then
    head -n 1 $k | grep -q "^-----BEGIN PRIVATE KEY-----$" && ok || bad "X-Wing PEM label"
    head -n 1 $p | grep -q "^-----BEGIN PUBLIC KEY-----$" && ok || bad "X-Wing public PEM label"
  else
    [ "$(size $k)" = "$(xsize $enc)" ] && [ "$(size $p)" = "$(xpsize $enc)" ] && ok || bad "X-Wing $enc sizes $(size $k) $(size $p)"
  fi
  a=""; [ $enc = raw ] && a="-a X-Wing"
  case $enc in pem) e=PEM ;; der) e=DER ;; raw) e=raw ;; esac
  # shellcheck disable=SC2086
  check "check $k" "$mlkem" check -i $k $a
  if [ $enc = raw ]; then want="X-Wing private key, raw 32-byte seed: OK (the seed expands to the key pair; the pairwise consistency test passed)"
  else want="X-Wing private key, PKCS#8 $e, seed form: OK (the seed expands to the key pair; the pairwise consistency test passed)"; fi
  grep -q "^$k: $want$" check.out && ok || bad "check $k says: $(cat check.out)"
  check "check $p" "$mlkem" check -i $p
  if [ $enc = raw ]; then want="X-Wing public key, raw pk (1216 bytes)"
  else want="X-Wing public key, SubjectPublicKeyInfo $e"; fi
  grep -q "^$p: $want: OK (the ML-KEM-768 part of pk passes the FIPS 203 7.2 modulus check)$" check.out && ok || bad "check $p says: $(cat check.out)"
  for penc in pem der raw; do
    # shellcheck disable=SC2086
    check "X-Wing pubkey $k $penc" "$mlkem" pubkey -i $k -o xp.$penc --outform $penc $a
    check "X-Wing encaps xp.$penc" "$mlkem" encaps -i xp.$penc --ct xct --secret xss1
    [ "$(size xct)" = 1120 ] && [ "$(size xss1)" = 32 ] && ok || bad "X-Wing encaps sizes"
    # shellcheck disable=SC2086
    check "X-Wing decaps $k" "$mlkem" decaps -i $k --ct xct --secret xss2 $a
    cmp -s xss1 xss2 && ok || bad "X-Wing $enc/$penc: secrets differ"
  done
  cmp -s xp.$enc $p && ok || bad "X-Wing $enc: pubkey differs from keygen --pubout"
done
# One key through every encoding and back, byte for byte.
check "X-Wing convert to DER" "$mlkem" convert -i x-pem.key --outform der -o xc.der
check "X-Wing convert to raw" "$mlkem" convert -i xc.der --outform raw -o xc.raw
check "X-Wing convert raw to PEM" "$mlkem" convert -a x-wing -i xc.raw -o xc.pem
cmp -s xc.pem x-pem.key && ok || bad "X-Wing PEM -> DER -> raw -> PEM changed the key"
check "X-Wing public convert" "$mlkem" convert -i x-pem.pub --outform der -o xpc.der
check "X-Wing public convert back" "$mlkem" convert -i xpc.der -o xpc.pem
cmp -s xpc.pem x-pem.pub && ok || bad "X-Wing public PEM -> DER -> PEM changed the key"
# Hex, standard input and output, implicit rejection.
check "X-Wing encaps --hex" "$mlkem" encaps -i x-pem.pub --ct xct.hex --secret xss.hex --hex
[ "$(size xct.hex)" = 2241 ] && ok || bad "X-Wing hex ciphertext size"
check "X-Wing decaps hex" sh -c "\"$mlkem\" decaps -i - --ct xct.hex --secret - --hex < x-pem.key > xss2.hex"
cmp -s xss.hex xss2.hex && ok || bad "X-Wing: hex secrets differ"
check "X-Wing encaps" "$mlkem" encaps -i x-der.pub --ct xct --secret xss1
flip_byte xct 1100
check "X-Wing decaps changed ct" "$mlkem" decaps -i x-der.key --ct xct --secret xss2
cmp -s xss1 xss2 && bad "X-Wing: changed ciphertext gave the same secret" || ok
# Refusals.
fails 2 "X-Wing private keys have only the seed form" "$mlkem" keygen -a X-Wing --format expanded -o out.key
fails 2 "X-Wing private keys have only the seed form" "$mlkem" convert -a X-Wing -i x-pem.key --format both -o out.key
# Without -a the key file says X-Wing: a bad input, not a bad command line.
fails 1 "X-Wing private keys have only the seed form" "$mlkem" convert -i x-pem.key --format both -o out.key
fails 1 "a raw 32-byte seed does not say its parameter set: name it with -a" "$mlkem" decaps -i x-raw.key --ct xct --secret out.ss
fails 1 "the key is X-Wing, not ML-KEM-768" "$mlkem" check -i x-pem.key -a ML-KEM-768
fails 1 "the key is ML-KEM-768, not X-Wing" "$mlkem" encaps -i m768.pub -a X-Wing --ct out.ct --secret out.ss
fails 1 "a public key cannot decapsulate" "$mlkem" decaps -i x-pem.pub --ct xct --secret out.ss
head -c 1000 xct >xshort.ct
fails 1 "wrong length for the X-Wing ciphertext (1000 bytes; want 1120 raw bytes" "$mlkem" decaps -i x-pem.key --ct xshort.ct --secret out.ss
cp x-raw.pub xnr.raw; set_byte xnr.raw 0 255; set_byte xnr.raw 1 255
fails 1 "non-reduced ek: a coefficient of the ML-KEM-768 part of the raw X-Wing public key" "$mlkem" encaps -i xnr.raw --ct out.ct --secret out.ss
cp x-der.pub xnr.der; set_byte xnr.der 24 255; set_byte xnr.der 25 255
fails 1 "non-reduced ek: a coefficient of the ML-KEM-768 part of the X-Wing public key" "$mlkem" check -i xnr.der
# The OID's last arc 25722 -> 25723 (its last byte, offset 19 of the DER).
cp x-der.key xoid.der; set_byte xoid.der 19 123
fails 1 "wrong OID: algorithm 1.3.6.1.4.1.62253.25723 is not ML-KEM or X-Wing (2.16.840.1.101.3.4.4.1, .2, .3 or 1.3.6.1.4.1.62253.25722)" "$mlkem" check -i xoid.der
# A 31-byte seed: the outer length 0x34 -> 0x33, the privateKey's 0x20 -> 0x1f.
head -c 53 x-der.key >x31.der; set_byte x31.der 1 51; set_byte x31.der 21 31
fails 1 "wrong length: the seed has 31 bytes (want 32)" "$mlkem" check -i x31.der
head -c 1215 x-raw.pub >x1215.raw
fails 1 "1215 bytes is not the size of a raw ML-KEM or X-Wing key" "$mlkem" encaps -i x1215.raw --ct out.ct --secret out.ss

# ---- round-3 Kyber (raw keys only) ---------------------------------------
kyber="Kyber512 Kyber768 Kyber1024 Kyber512-90s Kyber768-90s Kyber1024-90s"
kyber_ml() { case $1 in Kyber512*) echo ML-KEM-512 ;; Kyber768*) echo ML-KEM-768 ;; *) echo ML-KEM-1024 ;; esac; }
for v in $kyber; do
  ml=$(kyber_ml $v); eks=$(ek_size $ml); dks=$(dk_size $ml); cts=$(ct_size $ml)
  rm -f ky.sk ky.seed ky3.sk
  # Raw by default: the round-3 sk and pk.
  check "keygen $v" "$mlkem" keygen -a $v -o ky.sk --pubout ky.pk
  [ "$(size ky.sk)" = "$dks" ] && [ "$(size ky.pk)" = "$eks" ] && ok || bad "$v: raw sizes $(size ky.sk) $(size ky.pk)"
  [ "$(mode ky.sk)" = "-rw-------" ] && [ "$(mode ky.pk)" = "-rw-r--r--" ] && ok || bad "$v modes"
  check "check $v sk" "$mlkem" check -a $v -i ky.sk
  grep -q "^ky.sk: $v private key, raw round-3 sk ($dks bytes): OK (sk passes the FIPS 203 7.3 hash check and its pk the 7.2 modulus check; the pairwise consistency test passed)$" check.out && ok || bad "check $v sk says: $(cat check.out)"
  check "check $v pk" "$mlkem" check -a $v -i ky.pk
  grep -q "^ky.pk: $v public key, raw round-3 pk ($eks bytes): OK (pk passes the FIPS 203 7.2 modulus check)$" check.out && ok || bad "check $v pk says: $(cat check.out)"
  check "encaps $v" "$mlkem" encaps -a $v -i ky.pk --ct kct --secret kss1
  [ "$(size kct)" = "$cts" ] && [ "$(size kss1)" = 32 ] && ok || bad "$v encaps sizes"
  check "decaps $v" "$mlkem" decaps -a $v -i ky.sk --ct kct --secret kss2
  cmp -s kss1 kss2 && ok || bad "$v: secrets differ"
  check "encaps $v with the sk" "$mlkem" encaps -a $v -i ky.sk --ct kct --secret kss1 --hex
  check "decaps $v hex" "$mlkem" decaps -a $v -i ky.sk --ct kct --secret kss2 --hex
  cmp -s kss1 kss2 && ok || bad "$v: hex secrets differ"
  check "pubkey $v" "$mlkem" pubkey -a $v -i ky.sk -o ky2.pk
  cmp -s ky.pk ky2.pk && ok || bad "$v: pubkey of sk differs from keygen's"
  # The seed form: the 64 coins of round-3 key generation.
  check "keygen $v seed" "$mlkem" keygen -a $v --format seed -o ky.seed
  [ "$(size ky.seed)" = 64 ] && ok || bad "$v seed size"
  check "convert $v seed to sk" "$mlkem" convert -a $v -i ky.seed --format expanded -o ky3.sk
  check "pubkey $v seed" "$mlkem" pubkey -a $v -i ky.seed -o ky3.pk
  check "encaps $v" "$mlkem" encaps -a $v -i ky3.pk --ct kct --secret kss1
  check "decaps $v seed" "$mlkem" decaps -a $v -i ky.seed --ct kct --secret kss2
  cmp -s kss1 kss2 && ok || bad "$v seed: secrets differ"
  check "decaps $v sk of seed" "$mlkem" decaps -a $v -i ky3.sk --ct kct --secret kss2
  cmp -s kss1 kss2 && ok || bad "$v sk of seed: secrets differ"
  # No PKCS#8 or SPKI: refused before anything is read or written.
  for o in pem der; do
    e=$(echo $o | tr a-z A-Z)
    fails 2 "$v keys have no $e form: round-3 Kyber has no standard OID for PKCS#8 or SubjectPublicKeyInfo (use --outform raw)" "$mlkem" keygen -a $v --outform $o -o out.key
    fails 2 "$v keys have no $e form" "$mlkem" pubkey -a $v -i ky.sk --outform $o -o out.pub
    fails 2 "$v keys have no $e form" "$mlkem" convert -a $v -i ky.seed --outform $o -o out.key
  done
  fails 2 "raw output holds a seed or an expanded key, not both" "$mlkem" keygen -a $v --format both -o out.key
  fails 1 "the key has no seed" "$mlkem" convert -a $v -i ky.sk --format seed -o out.key
  fails 1 "the key is ML-KEM-768, not $v" "$mlkem" check -a $v -i m768.pem
  head -c 100 kct >kshort.ct
  fails 1 "wrong length for the $v ciphertext" "$mlkem" decaps -a $v -i ky.sk --ct kshort.ct --secret out.ss
  cp ky.pk knr.pk; set_byte knr.pk 0 255; set_byte knr.pk 1 255
  fails 1 "non-reduced ek" "$mlkem" encaps -a $v -i knr.pk --ct out.ct --secret out.ss
  # Unnamed, raw bytes of ML-KEM's sizes are ML-KEM's (docs/CLI.md): a
  # round-3 pk reads as an ML-KEM ek; an sk of the other hash variant
  # fails the hash check.
  case $v in
    *-90s)
      fails 1 "hash check failed: the H(ek) stored in the $ml expanded key" "$mlkem" check -i ky.sk
      fails 1 "hash check failed: the H(ek) stored in the ${v%-90s} expanded key" "$mlkem" decaps -a ${v%-90s} -i ky.sk --ct kct --secret out.ss ;;
    *)
      check "check $v pk unnamed" "$mlkem" check -i ky.pk
      grep -q "^ky.pk: $ml public key, raw FIPS 203 ek" check.out && ok || bad "unnamed $v pk: $(cat check.out)"
      fails 1 "hash check failed: the H(ek) stored in the $v-90s expanded key" "$mlkem" decaps -a $v-90s -i ky.sk --ct kct --secret out.ss ;;
  esac
done

# ---- errors that do not depend on the set --------------------------------
fails 2 "unknown algorithm name 'ML-KEM-999' (use ML-KEM-512, ML-KEM-768, ML-KEM-1024, X-Wing, Kyber512, Kyber768, Kyber1024, Kyber512-90s, Kyber768-90s or Kyber1024-90s)" "$mlkem" keygen -a ML-KEM-999 -o out.key
fails 2 "unknown algorithm name 'RSA'" "$mlkem" pubkey -a RSA -i base.pem -o out.pub
fails 2 "unknown algorithm name 'x'" "$mlkem" bench -a x
fails 2 "unknown value 'compact' for --format (use seed, expanded or both)" "$mlkem" keygen --format compact -o out.key
fails 2 "unknown value 'txt' for --outform (use pem, der or raw)" "$mlkem" keygen --outform txt -o out.key
fails 1 "unreadable file does-not-exist.pem: No such file or directory" "$mlkem" check -i does-not-exist.pem
fails 1 "unreadable file does-not-exist.pem" "$mlkem" encaps -i does-not-exist.pem --ct out.ct --secret out.ss
fails 1 "unreadable file no-such.ct" "$mlkem" decaps -i base.pem --ct no-such.ct --secret out.ss
mkdir -p adir
fails 1 "unreadable file adir: Is a directory" "$mlkem" check -i adir
fails 1 "cannot write adir: Is a directory" "$mlkem" keygen -o adir
fails 1 "cannot write adir: Is a directory" "$mlkem" keygen --force -o adir
fails 1 "cannot write no/such/dir/key" "$mlkem" keygen -o no/such/dir/key
# Two outputs: the second cannot be written, so neither is.
fails 1 "cannot write no/such/dir/ss" "$mlkem" encaps -i base.pub --ct out.ct --secret no/such/dir/ss
fails 1 "cannot write no/such/dir/pub" "$mlkem" keygen -o out.key --pubout no/such/dir/pub
fails 1 "a raw 64-byte seed does not say its parameter set" "$mlkem" check -i k-ML-KEM-768-seed.raw
printf 'hello world\n' >text.txt
fails 1 "wrong length: not PEM or DER" "$mlkem" check -i text.txt
: >empty.key
fails 1 "empty key file" "$mlkem" check -i empty.key
fails 2 "cannot both come from standard input" "$mlkem" decaps -i - --ct - --secret out.ss
# One destination under two spellings (issue 23): ./x and x, a path
# through a subdirectory and .., a symbolic link to x (dangling, or to an
# existing file) and a hard link: refused before anything is written,
# for every command with two outputs. keep.out exists (fails writes it).
mkdir -p sub
rm -f sym.lnk hard.lnk dangling.lnk
printf 'x\n' >keep.out
ln -s keep.out sym.lnk
ln keep.out hard.lnk
ln -s out.k dangling.lnk
for pair in "./out.k out.k" "out.k sub/../out.k" "out.k dangling.lnk" \
            "keep.out ./keep.out" "sym.lnk keep.out" "keep.out hard.lnk"; do
  set -- $pair
  fails 2 "-o and --pubout name the same file" "$mlkem" keygen -o "$1" --pubout "$2"
  fails 2 "--ct and --secret name the same file" "$mlkem" encaps -i base.pub --ct "$2" --secret "$1"
done
[ -L sym.lnk ] && [ -L dangling.lnk ] && ok || bad "a symbolic link was replaced"
rm -f sym.lnk hard.lnk dangling.lnk
# Two different files are still two outputs, also beside a link.
check "keygen beside a symbolic link" "$mlkem" keygen -o out.k1 --pubout ./out.k2
[ -s out.k1 ] && [ -s out.k2 ] && ok || bad "keygen -o out.k1 --pubout ./out.k2"

# Atomic writes: an existing output is replaced whole, with the new mode
# (a private key only with --force, below).
printf 'old\n' >replace.key
chmod 644 replace.key
check "keygen over a file" "$mlkem" keygen --force -o replace.key
[ "$(mode replace.key)" = "-rw-------" ] && grep -q "BEGIN PRIVATE KEY" replace.key && ok || bad "replaced output"
ls ./*.tmp-* >/dev/null 2>&1 && bad "temporary files left behind" || ok

# ---- an output that is an input ------------------------------------------
# Every command refuses, as a usage error before reading anything, an
# output that is one of its inputs under any spelling (the same name, ./x,
# sub/../x, a symbolic or a hard link, a file redirected to standard
# input): writing it would destroy the input. The input is left as it was.
"$mlkem" keygen -o io.key --pubout io.pub
"$mlkem" encaps -i io.pub --ct io.ct --secret io.ss
cp io.key io.key.orig; cp io.pub io.pub.orig; cp io.ct io.ct.orig
printf '{}\n' >io.json
cp io.json io.json.orig
rm -f io.sym io.hard
ln -s io.key io.sym
ln io.key io.hard
same_io() { # same_io PHRASE COMMAND...: refused, and no input changed
  io_phrase=$1
  shift
  fails 2 "$io_phrase" "$@"
  cmp -s io.key io.key.orig && cmp -s io.pub io.pub.orig && cmp -s io.ct io.ct.orig &&
    cmp -s io.json io.json.orig && [ -L io.sym ] && ok ||
    bad "'$*' changed an input"
}
io_msg="-i and -o name the same file: the output would replace the input"
for spelling in io.key ./io.key sub/../io.key io.sym io.hard; do
  same_io "$io_msg" "$mlkem" pubkey -i io.key -o $spelling
  same_io "$io_msg" "$mlkem" convert -i io.key --outform der -o $spelling
  same_io "$io_msg" "$mlkem" convert -i $spelling --force -o io.key
  same_io "-i and --secret name the same file" "$mlkem" decaps -i io.key --ct io.ct --secret $spelling
done
same_io "-i and -o name the same file" sh -c "\"$mlkem\" pubkey -i - -o io.key < io.key"
same_io "-i and --ct name the same file" "$mlkem" encaps -i io.pub --ct ./io.pub --secret out.ss
same_io "-i and --secret name the same file" "$mlkem" encaps -i io.pub --ct out.ct --secret sub/../io.pub
same_io "--ct and --secret name the same file" "$mlkem" decaps -i io.key --ct io.ct --secret ./io.ct
same_io "-i and -o name the same file" "$mlkem" acvp -i io.json -o ./io.json
fails 2 "--json and --csv name the same file" "$mlkem" bench --json out.b --csv ./out.b
# Standard input and standard output are not files of each other; a
# file read on standard input may be written elsewhere.
check "pubkey - to -" sh -c "\"$mlkem\" pubkey -i - -o - < io.key > out.io.pub"
cmp -s out.io.pub io.pub && ok || bad "pubkey -i - -o -"
check "pubkey - to a file" sh -c "\"$mlkem\" pubkey -i - -o out.io2.pub < io.key"
rm -f io.sym io.hard out.io.pub out.io2.pub

# ---- a private key is never replaced without --force ----------------------
# keygen, and convert when it writes a private key: an existing file
# (or a symbolic link, dangling or not) is refused before anything is
# made, and kept; --force replaces it. Public outputs are replaced.
for cmd in "keygen" "convert -i io.key"; do
  for target in io.old dangling.old link.old; do
    rm -f io.old dangling.old link.old
    printf 'precious\n' >io.old
    ln -s nothing-here dangling.old
    ln -s io.old link.old
    # shellcheck disable=SC2086
    fails 1 "$target exists: give --force to replace it" "$mlkem" $cmd -o $target
    [ "$(cat io.old)" = precious ] && [ -L dangling.old ] && [ -L link.old ] && ok ||
      bad "$cmd -o $target changed it"
    # shellcheck disable=SC2086
    check "$cmd --force -o $target" "$mlkem" $cmd --force -o $target
    grep -q "BEGIN PRIVATE KEY" $target && [ "$(mode $target)" = "-rw-------" ] && ok ||
      bad "$cmd --force -o $target did not write the key"
  done
done
rm -f io.old dangling.old link.old
check "keygen -o - (standard output is never refused)" sh -c "\"$mlkem\" keygen -o - > io.stdout"
check "convert a public key over a file" "$mlkem" convert -i io.pub --outform der -o io.pub.der
check "convert a public key over it again" "$mlkem" convert -i io.pub --outform der -o io.pub.der
check "pubkey over a file" "$mlkem" pubkey -i io.key -o io.pub.der
# keygen --pubout over an existing public key: only the private key is
# kept from being replaced.
check "keygen --pubout over a public key" "$mlkem" keygen -o io.new.key --pubout io.pub.der
rm -f io.new.key io.stdout io.pub.der

# ---- a raw key read without -a -------------------------------------------
# Raw bytes name no algorithm, and round-3 Kyber's keys have ML-KEM's
# sizes: a raw ek or dk read without -a is taken for ML-KEM, and the
# command says so on standard error (and how to choose). With -a, or for
# a size only one algorithm has (X-Wing's pk), nothing is said.
"$mlkem" keygen -a ML-KEM-512 --format expanded --outform raw -o raw512.dk --pubout raw512.ek
check "check a raw dk without -a" "$mlkem" check -i raw512.dk
grep -q "^raw512.dk: ML-KEM-512 private key, raw FIPS 203 dk" check.out && ok || bad "raw dk: $(cat check.out)"
[ "$(cat check.err)" = "mlkem check: raw512.dk: a raw key does not name its algorithm: read as ML-KEM-512 (a Kyber512 or Kyber512-90s key has this size too: name it with -a)" ] &&
  ok || bad "raw dk without -a: stderr: $(cat check.err)"
check "encaps with a raw ek without -a" "$mlkem" encaps -i raw512.ek --ct out.rct --secret out.rss
grep -q "^mlkem encaps: raw512.ek: a raw key does not name its algorithm: read as ML-KEM-512 (a Kyber512 or Kyber512-90s key" check.err &&
  ok || bad "raw ek without -a: stderr: $(cat check.err)"
check "decaps with a raw dk without -a" "$mlkem" decaps -i raw512.dk --ct out.rct --secret out.rss2
grep -q "^mlkem decaps: raw512.dk: a raw key does not name its algorithm: read as ML-KEM-512" check.err &&
  ok || bad "raw dk without -a (decaps): stderr: $(cat check.err)"
check "pubkey with a raw dk without -a" "$mlkem" pubkey -i raw512.dk -o out.rpub
grep -q "^mlkem pubkey: raw512.dk: a raw key does not name" check.err && ok || bad "pubkey: $(cat check.err)"
for named in "check -a ML-KEM-512 -i raw512.dk" "encaps -a ML-KEM-512 -i raw512.ek --ct out.rct --secret out.rss" \
             "check -a Kyber512 -i raw512.dk" "check -i x-raw.pub" "check -i raw512.ek.pem"; do
  [ "$named" = "check -i raw512.ek.pem" ] && "$mlkem" pubkey -i raw512.dk -o raw512.ek.pem 2>/dev/null
  # shellcheck disable=SC2086
  check "$named" "$mlkem" $named
  [ -s check.err ] && bad "'$named' wrote to standard error: $(cat check.err)" || ok
done
rm -f out.r* raw512.*

# ---- check: the pairwise consistency test --------------------------------
# RFC 9935's bad-ML-KEM-512-2 passes FIPS 203's 7.2 and 7.3 checks (its
# s_0 changed, H(ek) valid); only the pairwise consistency test finds it.
fails 1 "bad-ML-KEM-512-2.priv: pairwise consistency test failed: a secret encapsulated to the public key decapsulates to another one with the private key" \
  "$mlkem" check -i "$vectors/rfc9935-examples/bad-ML-KEM-512-2.priv"
for f in ML-KEM-512-seed ML-KEM-768-expanded ML-KEM-1024-both; do
  check "check RFC 9935 $f" "$mlkem" check -i "$vectors/rfc9935-examples/$f.priv"
  grep -q "; the pairwise consistency test passed)$" check.out && ok || bad "check $f: $(cat check.out)"
done
check "check RFC 9935 public key" "$mlkem" check -i "$vectors/rfc9935-examples/ML-KEM-512.pub"
grep -q "pairwise" check.out && bad "a public key has no pairwise test: $(cat check.out)" || ok

# ---- usage errors: exit 2 and the pointer to --help ----------------------
# (fails checks the prefix and the hint of every message.)
fails 2 "option '-o' given twice" "$mlkem" pubkey -i x -o out.a -o out.b
fails 2 "option '--force' takes no value" "$mlkem" keygen --force=yes -o out.key
fails 2 "unknown value 'x' for --format" "$mlkem" convert -i base.pem --format x -o out.key
fails 2 "unknown algorithm name 'x'" "$mlkem" check -a x -i base.pem
fails 2 "give -i REQUEST.json and -o RESPONSE.json" "$mlkem" acvp -i x
fails 2 "raw output holds a seed or an expanded key, not both" "$mlkem" keygen --format both --outform raw -o out.key
fails 2 "at least 1000 iterations, in passes of at least 50 that divide them" "$mlkem" bench --iterations 1000 --passes 3
fails 2 "at least 1000 iterations" "$mlkem" bench --iterations 999 --passes 1
fails 2 "--iterations: not a number: 1e3" "$mlkem" bench --iterations 1e3
fails 2 "--threads: not a number: two" "$mlkem" bench --threads two
fails 2 "--seconds: above 0, at most 60 (not 0)" "$mlkem" bench --threads 1 --seconds 0
fails 2 "unknown option '--components'" "$mlkem" bench --components
fails 1 "cannot write no/such/dir/b.json" "$mlkem" bench -a 512 --iterations 1000 --passes 10 --json no/such/dir/b.json
check "bench --help" "$mlkem" bench --help
grep -q "a multiple of P" check.out && grep -q "(N/P at least 50)" check.out && ok ||
  bad "bench --help does not state the iterations/passes rule"

# ---- interrupted writes, durable renames (issue 23) ----------------------
if [ -n "$shim" ]; then
  # Under a gcc AddressSanitizer build the preloaded library comes before
  # the sanitizer's runtime; that is harmless here.
  shim_asan="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
  # interrupted SIG [WRAPPER...]: keygen stops in its first rename (both
  # outputs staged), then gets SIG: it must die of SIG and leave neither a
  # temporary file (the private key is in one) nor an output.
  interrupted() {
    sig=$1
    shift
    rm -f out.* ./*.tmp-* shim.log
    # The library is preloaded into the tool only (not into the wrapper:
    # built with a sanitizer, it needs the tool's runtime).
    "$@" env ASAN_OPTIONS="$shim_asan" MLKEM_SHIM_LOG="$PWD/shim.log" \
      MLKEM_SHIM_PAUSE_RENAME=1 LD_PRELOAD="$shim" \
      "$mlkem" keygen -o out.key --pubout out.pub >/dev/null 2>&1 &
    pid=$!
    n=0
    until grep -q '^paused$' shim.log 2>/dev/null; do
      n=$((n + 1))
      if [ $n -gt 400 ]; then
        bad "SIG$sig: keygen did not reach its first rename"
        kill -KILL $pid
        wait $pid
        return
      fi
      sleep 0.05 2>/dev/null || sleep 1
    done
    staged=$(ls out.key.tmp-* out.pub.tmp-* 2>/dev/null | wc -l | tr -d ' ')
    kill -$sig $pid
    n=0
    while kill -0 $pid 2>/dev/null && [ $n -lt 400 ]; do
      n=$((n + 1))
      sleep 0.05 2>/dev/null || sleep 1
    done
    kill -0 $pid 2>/dev/null && kill -KILL $pid # did not die: fails below
    wait $pid
    rc=$?
    if [ "$staged" -ne 2 ]; then
      bad "SIG$sig: $staged temporary files while paused, want 2"
    elif [ $rc -le 128 ] || [ "$(kill -l $((rc - 128)))" != "$sig" ]; then
      bad "SIG$sig: keygen exit $rc, want death by SIG$sig"
    elif ls ./*.tmp-* >/dev/null 2>&1; then
      bad "SIG$sig left temporary files behind: $(echo ./*.tmp-*)"
    elif ls out.* >/dev/null 2>&1; then
      bad "SIG$sig left an output behind: $(ls out.*)"
    else
      ok
    fi
  }
  interrupted TERM
  interrupted HUP
  # A background job of a non-interactive shell starts with SIGINT
  # ignored (and the tool then leaves it so); env restores the default.
  if env --default-signal=INT true 2>/dev/null; then
    interrupted INT env --default-signal=INT
  else
    echo "SKIPPED: SIGINT case (env --default-signal missing)"
  fi

  # synced "OUTPUT..." CMD...: the command succeeds, and each OUTPUT was
  # renamed (or, a private key, linked) into place and then its directory
  # synced.
  synced() {
    outputs=$1
    shift
    rm -f shim.log
    if ! ASAN_OPTIONS=$shim_asan MLKEM_SHIM_LOG=$PWD/shim.log \
         LD_PRELOAD=$shim "$@" >/dev/null 2>synced.err; then
      bad "$*: failed"; sed 's/^/  /' synced.err
      return
    fi
    for o in $outputs; do
      id=$(stat -c '%d:%i' "$(dirname "$o")")
      if awk -v p="$o" -v id="$id" '
           ($1 == "rename" || $1 == "link") && $2 == p { r = NR }
           $1 == "fsync-dir" && $2 == id && r && NR > r { s = 1 }
           END { exit !s }' shim.log; then ok; else
        bad "$*: $o renamed, its directory not synced after it"
        sed 's/^/  /' shim.log
      fi
    done
  }
  mkdir -p syncdir
  synced "syncdir/out.key out.pub" \
    "$mlkem" keygen -o syncdir/out.key --pubout out.pub
  synced "syncdir/out.ct out.ss" \
    "$mlkem" encaps -i out.pub --ct syncdir/out.ct --secret out.ss
  synced "syncdir/out.ss2" \
    "$mlkem" decaps -i syncdir/out.key --ct syncdir/out.ct --secret syncdir/out.ss2
  rm -f out.* syncdir/out.*
else
  echo "SKIPPED: interrupted writes and directory sync (no LD_PRELOAD library: not Linux, or under emulation)"
fi

# ---- demo and bench ------------------------------------------------------
check "demo" "$mlkem" demo
grep -c "the shared secrets match" check.out | grep -q '^3$' && ok || bad "demo: three matching exchanges"
check "bench one set" "$mlkem" bench -a ML-KEM-512 --iterations 1000 --passes 10 --json bench.json
grep -q "| ML-KEM-512 |" check.out && ok || bad "bench table"
grep -q '"set": "ML-KEM-512"' bench.json && ok || bad "bench JSON"
grep -q '"op": "decaps_expanded"' bench.json && ok || bad "bench JSON: expanded keys"
check "bench one thread" "$mlkem" bench -a 512 --threads 1 --seconds 0.02
grep -q "| 1 thread | 1 thread, per thread | 1 thread, total |" check.out && ! grep -q "1 threads" check.out &&
  ok || bad "bench --threads 1: $(grep '^| set' check.out)"
check "bench throughput" "$mlkem" bench -a 512 --threads 2 --seconds 0.02
grep -q "| ML-KEM-512 | decaps_expanded |" check.out && ok || bad "throughput table"
grep -q "| median batch, 2 / 1 |" check.out && ok || bad "throughput table: the median batch column"
check "bench X-Wing" "$mlkem" bench -a x-wing --iterations 1000 --passes 10
grep -q "^X-Wing (mlkem_hybrid.h" check.out && ok || bad "bench X-Wing table"
check "bench Kyber768-90s" "$mlkem" bench -a kyber768-90s --iterations 1000 --passes 10
grep -q "| Kyber768-90s |" check.out && ok || bad "bench Kyber768-90s table"

echo "cli_commands: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
