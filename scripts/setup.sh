#!/usr/bin/env bash
# Installs what tandem needs on a Debian machine, idempotently: every tool is
# looked for first, and apt-get runs only when something is missing.
set -euo pipefail

# command-to-package pairs; the command is what we look for on PATH (or a
# file path), the package is what provides it.
need=(
  "z3:z3"
  "cvc5:cvc5"
  "cvc4:cvc4"
  "boolector:boolector"
  "g++:g++"
  "cadical:cadical"
  "/usr/include/cadical.hpp:libcadical-dev"
  "minisat:minisat"
  "/usr/share/java/org.sat4j.core.jar:sat4j"
  "javac:default-jdk-headless"
  "clang:clang"
  "wasm-ld:lld"
  "/usr/lib/postgresql:postgresql"
)

missing=()
for pair in "${need[@]}"; do
  what=${pair%%:*}
  pkg=${pair#*:}
  if [[ $what == /* ]]; then
    [[ -e $what ]] || missing+=("$pkg")
  else
    command -v "$what" >/dev/null 2>&1 || missing+=("$pkg")
  fi
done

# clang's sanitizer runtime: the tests build the closed boxes' C sources
# natively with -fsanitize=undefined, which links libclang_rt.ubsan_standalone.
# Without recommends, apt-get does not bring it with clang.
if ! command -v clang >/dev/null 2>&1 ||
  ! compgen -G "$(clang -print-resource-dir)/lib/linux/libclang_rt.ubsan_standalone-*.a" >/dev/null; then
  missing+=("libclang-rt-dev")
fi

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  if [[ $(id -u) != 0 ]]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

go mod download
