#!/usr/bin/env bash
# Debian's postgresql-15-rdkit (202209.3) declares the `@=` operators of mol and reaction with `=` as
# their commutator and `<>` as their negator, which `=` and `<>` already are of each other; PostgreSQL
# 15.6 and later refuse that, so `CREATE EXTENSION rdkit` fails with
#   ERROR:  commutator operator = is already the commutator of operator =
# This gives `@=` itself as its commutator and no negator (as later RDKit releases do). Idempotent;
# keeps the original beside it (.orig). Run as root on the database server after installing the package.
set -euo pipefail
dir="$(pg_config --sharedir 2>/dev/null || echo /usr/share/postgresql/15)/extension"
[ -d "$dir" ] || dir=/usr/share/postgresql/15/extension
for file in "$dir"/rdkit--*.sql; do
  [ -f "$file" ] || continue
  if awk '/CREATE OPERATOR @= \(/{op=1} op&&/COMMUTATOR = .=./{found=1} /\);/{op=0} END{exit !found}' "$file"; then
    [ -f "$file.orig" ] || cp "$file" "$file.orig"
    awk '/CREATE OPERATOR @= \(/{op=1}
         op && /COMMUTATOR = .=.,/ { sub(/COMMUTATOR = .=.,/, "COMMUTATOR = '"'"'@='"'"',") }
         op && /NEGATOR = .<>.,/ { next }
         /\);/{op=0}
         { print }' "$file.orig" > "$file.tmp"
    mv "$file.tmp" "$file"
    echo "patched $file"
  fi
done
