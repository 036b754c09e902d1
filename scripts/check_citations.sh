#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Part of make format-check: the citations of src/ and include/ are tags,
# @spec{KEY} or @spec{KEY, where}, each on one line, and every KEY is an
# entry of docs/BIBLIOGRAPHY.md ("- `KEY`: ..."), which lists nothing the
# code does not cite. A location cited without a tag (an algorithm,
# section, table, equation or appendix, an RFC, draft or SP number), or an
# issue number, is refused (docs/BIBLIOGRAPHY.md says why).
set -eu
cd "$(dirname "$0")/.."
bib=docs/BIBLIOGRAPHY.md
files=$(git ls-files 'src/*.c' 'src/*.h' 'include/*.h' 'include/*.hpp')
bad=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sed -n 's/^- `\([A-Za-z0-9.-]*\)`: .*/\1/p' "$bib" | sort -u > "$tmp/keys"
# shellcheck disable=SC2086
grep -o -h '@spec{[^}]*}' $files |
  sed 's/^@spec{\([^,}]*\).*/\1/' | sort -u > "$tmp/cited"
for k in $(comm -23 "$tmp/cited" "$tmp/keys"); do
  echo "citations: @spec{$k} names no entry of $bib"
  bad=1
done
for k in $(comm -13 "$tmp/cited" "$tmp/keys"); do
  echo "citations: $bib lists $k, which nothing in src/ or include/ cites"
  bad=1
done

# A tag opened and not closed on its line.
# shellcheck disable=SC2086
if grep -n '@spec{[^}]*$' $files > "$tmp/split"; then
  sed 's/^/citations: a tag split across lines: /' "$tmp/split"
  bad=1
fi

# Locations and documents cited outside a tag, and issue numbers.
untagged='Algorithms? [0-9]|[Ss]ections? [0-9]|Table [0-9]|Appendix [A-Z]|[Ee]quation [0-9]|RFC ?[0-9]{4}|draft-[a-z]|SP ?800-|[Ii]ssue [0-9]'
# (String literals are the program's output, not citations: left out.)
for f in $files; do
  sed 's/@spec{[^}]*}//g; s/"[^"]*"//g' "$f" | grep -n -E "$untagged" |
    sed "s|^|citations: untagged in $f:|" >> "$tmp/untagged" || true
done
if [ -s "$tmp/untagged" ]; then
  cat "$tmp/untagged"
  bad=1
fi

if [ $bad -eq 0 ]; then
  echo "citations: $(wc -l < "$tmp/cited") documents cited, every tag in $bib"
fi
exit $bad
