#!/usr/bin/env bash
# build-solvers.sh: build z3, cvc5 and Bitwuzla from source checkouts, install
# each under a prefix in a directory named after its commit, and write a
# profiles file for tandem's --profiles that names each build
# (z3-<sha12>, cvc5-<sha12>, bitwuzla-<sha12>).
#
# Not part of CI or make test: a z3 build takes an hour of CPU. See the
# README ("Fuzzing today's solvers") for the whole recipe.
#
#   scripts/build-solvers.sh [--prefix DIR] [--jobs N] [--deps DIR]
#                            [--profiles FILE] [--relax-dep-versions] SRC_DIR...
#
# Each SRC_DIR is a source tree of z3, cvc5 or Bitwuzla (detected from its
# files). Its commit is `git rev-parse HEAD` when SRC_DIR is a git checkout,
# else the first line of SRC_DIR/.commit (write it when you export a tree
# with git archive).
#
# Each project is built with its own documented build:
#   z3:       python3 scripts/mk_make.py --prefix=…; make; make install
#   Bitwuzla: ./configure.py --prefix=…; meson compile; meson install
#   cvc5:     ./configure.sh production --assertions --prefix=… --no-auto-download;
#             make cvc5-bin; make install
# Dependencies come from the system (Debian: python3, g++, make; meson, ninja
# and libgmp-dev, libmpfr-dev for Bitwuzla; cmake and libgmp-dev for cvc5).
# Without network, the sources the builds would download are taken from
# --deps DIR: DIR/cadical and DIR/symfpu are source trees of the versions
# Bitwuzla's subprojects/*.wrap name (cvc5 trunk takes CaDiCaL rel-2.1.x);
# for cvc5, DIR/gmp-6.3.0 is GMP's source tree when the system's GMP is
# older than 6.3 (Debian 12: 6.2.1). cvc5's three are built once into
# PREFIX/cvc5-deps (GMP static only). A DIR with lib/ and include/ is taken
# as those three already installed.
#
# Builds run under nice -n 10 with --jobs (default 2) parallel jobs; a
# project whose dependencies are missing is skipped with a message naming the
# dependency, and the others are still built. Exit status: 0 when every
# SRC_DIR was built, 1 otherwise.
set -euo pipefail

prefix=${TANDEM_SOLVERS_PREFIX:-$HOME/.local/tandem-solvers}
jobs=2
deps=""
profiles=""
relax=0
srcs=()

die() {
  echo "build-solvers: $*" >&2
  exit 2
}
usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit "${1:-0}"
}

while (($#)); do
  case $1 in
  --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
  --prefix=*) prefix=${1#*=}; shift ;;
  --jobs | -j) jobs=${2:?--jobs needs a number}; shift 2 ;;
  --jobs=*) jobs=${1#*=}; shift ;;
  --deps) deps=${2:?--deps needs a directory}; shift 2 ;;
  --deps=*) deps=${1#*=}; shift ;;
  --profiles) profiles=${2:?--profiles needs a file}; shift 2 ;;
  --profiles=*) profiles=${1#*=}; shift ;;
  --relax-dep-versions) relax=1; shift ;;
  -h | --help) usage 0 ;;
  -*) die "unknown option $1 (see --help)" ;;
  *) srcs+=("$1"); shift ;;
  esac
done
((${#srcs[@]})) || usage 2
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs must be a positive number, not '$jobs'"
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
[[ -n $profiles ]] || profiles=$prefix/profiles.toml
if [[ -n $deps ]]; then
  [[ -d $deps ]] || die "--deps $deps: no such directory"
  deps=$(cd "$deps" && pwd)
fi

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # scripts/, for compat/
NICE=(nice -n 10)
log() { echo "build-solvers: $*" >&2; }

# commit_of SRC prints the full commit of a source tree.
commit_of() {
  local src=$1 top
  if top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null) && [[ $(cd "$top" && pwd) == "$src" ]]; then
    git -C "$src" rev-parse HEAD
  elif [[ -s $src/.commit ]]; then
    head -n1 "$src/.commit" | tr -d '[:space:]'
  else
    return 1
  fi
}

# kind_of SRC prints z3, cvc5 or bitwuzla.
kind_of() {
  local src=$1
  if [[ -f $src/scripts/mk_make.py && -f $src/src/api/z3.h ]]; then
    echo z3
  elif [[ -f $src/configure.py && -d $src/include/bitwuzla ]]; then
    echo bitwuzla
  elif [[ -f $src/configure.sh && -f $src/include/cvc5/cvc5.h ]]; then
    echo cvc5
  else
    return 1
  fi
}

need() { # need CMD WHY: fail the current build when CMD is missing
  command -v "$1" >/dev/null 2>&1 && return 0
  log "$2"
  return 1
}

# version_ge A B: A >= B for dotted versions.
version_ge() { [[ $(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1) == "$2" ]]; }

build_z3() { # SRC INST
  local src=$1 inst=$2 b=build-tandem
  need python3 "z3: python3 not found (apt-get install python3)" || return 1
  need make "z3: make not found (apt-get install make g++)" || return 1
  if [[ ! -f $src/$b/Makefile || $(cat "$src/$b/.tandem-prefix" 2>/dev/null) != "$inst" ]]; then
    # z3 trunk includes C++20's <format> (std::format with "{}" only);
    # GCC 12's library (Debian 12) has none: use scripts/compat/format.
    local cxxflags=${CXXFLAGS:-}
    if ! echo '#include <format>' | "${CXX:-g++}" -std=c++20 -x c++ -fsyntax-only - 2>/dev/null; then
      log "z3: the C++ library has no <format>; using $here/compat/format"
      cxxflags="-I$here/compat $cxxflags"
    fi
    (cd "$src" && CXXFLAGS=$cxxflags "${NICE[@]}" python3 scripts/mk_make.py --prefix="$inst" -b "$b") || return 1
    echo "$inst" >"$src/$b/.tandem-prefix"
  fi
  "${NICE[@]}" make -C "$src/$b" -j"$jobs" || return 1
  make -C "$src/$b" install >/dev/null || return 1
  [[ -x $inst/bin/z3 ]]
}

# wrap_dir SRC NAME: the directory a meson wrap unpacks into.
wrap_dir() {
  local d
  d=$(sed -n 's/^directory *= *//p' "$1/subprojects/$2.wrap" | head -n1)
  echo "${d:-$2}"
}

# provide_wraps SRC NAME…: put --deps sources where the wraps would unpack them.
provide_wraps() {
  local src=$1 w d
  shift
  for w in "$@"; do
    [[ -f $src/subprojects/$w.wrap ]] || continue
    d=$src/subprojects/$(wrap_dir "$src" "$w")
    [[ -e $d ]] && continue
    if [[ -z $deps || ! -d $deps/$w ]]; then
      log "bitwuzla: subproject $w is not in $d and meson cannot download it offline: give --deps DIR with DIR/$w a source tree of the version $src/subprojects/$w.wrap names"
      return 1
    fi
    cp -a "$deps/$w" "$d"
    if [[ -d $src/subprojects/packagefiles/$w ]]; then
      cp -a "$src/subprojects/packagefiles/$w/." "$d/"
    fi
  done
}

# check_pc SRC NAME: the pkg-config module Bitwuzla's meson.build requires,
# with the minimum version; relaxed to the installed one with --relax-dep-versions.
check_pc() {
  local src=$1 name=$2 want have
  want=$(grep -A1 "dependency('$name'" "$src/src/meson.build" | sed -n "s/.*version: *'>=\([0-9.]*\)'.*/\1/p" | head -n1)
  if ! have=$(pkg-config --modversion "$name" 2>/dev/null); then
    log "bitwuzla: $name not found by pkg-config (apt-get install lib$name-dev, or set PKG_CONFIG_PATH to a $name.pc)"
    return 1
  fi
  [[ -z $want ]] || version_ge "$have" "$want" && return 0
  if ((relax)); then
    log "bitwuzla: $name $have is older than the $want its meson.build asks for; building against $have (--relax-dep-versions)"
    sed -i "/dependency('$name'/,/)/ s/version: *'>=$want'/version: '>=$have'/" "$src/src/meson.build"
    relaxed+=("$name $have < $want")
    return 0
  fi
  log "bitwuzla: $name $have is older than the $want its meson.build asks for (Debian 12 has gmp 6.2.1, mpfr 4.2.0): install a newer one, or pass --relax-dep-versions to try the installed one"
  return 1
}

build_bitwuzla() { # SRC INST
  local src=$1 inst=$2 b=build-tandem
  need python3 "bitwuzla: python3 not found" || return 1
  need meson "bitwuzla: meson not found on PATH (apt-get install meson, or put a 'meson' that runs meson.py from a meson source tree on PATH)" || return 1
  need ninja "bitwuzla: ninja not found on PATH (apt-get install ninja-build)" || return 1
  need pkg-config "bitwuzla: pkg-config not found (apt-get install pkg-config)" || return 1
  check_pc "$src" gmp || return 1
  check_pc "$src" mpfr || return 1
  provide_wraps "$src" cadical symfpu || return 1
  # Bitwuzla links its binary with -static by default, which needs libgmp.a
  # and libmpfr.a; Debian's libmpfr6 has no archive without libmpfr-dev.
  local link=() lib libdir
  for lib in gmp mpfr; do
    libdir=$(pkg-config --variable=libdir "$lib")
    if [[ ! -f $libdir/lib$lib.a ]]; then
      log "bitwuzla: no $libdir/lib$lib.a for a static binary: building shared libraries (configure.py --shared)"
      link=(--shared)
    fi
  done
  if [[ ! -f $src/$b/meson-private/build.dat ]]; then
    # configure.py does not fail when meson does: check its result.
    (cd "$src" && "${NICE[@]}" ./configure.py "${link[@]}" --prefix "$inst" -b "$b") || return 1
    [[ -f $src/$b/meson-private/build.dat ]] || {
      log "bitwuzla: meson setup failed (see above)"
      return 1
    }
  fi
  (cd "$src/$b" && "${NICE[@]}" meson compile -j "$jobs" && meson install --no-rebuild >/dev/null) || return 1
  [[ -x $inst/bin/bitwuzla ]]
}

# cvc5_deps: the --dep-path for cvc5's configure.sh. Trunk wants GMP >= 6.3
# (Debian 12 has 6.2.1), CaDiCaL 2.1.x and SymFPU, which configure.sh
# would download. Offline, --deps DIR gives them: either installed
# (DIR/lib, DIR/include) or as source trees DIR/gmp-* (or DIR/gmp),
# DIR/cadical and DIR/symfpu, which are built here once into
# PREFIX/cvc5-deps. Prints nothing when there is no --deps.
cvc5_deps() {
  local dp=$prefix/cvc5-deps g
  [[ -n $deps ]] || return 0
  if [[ -d $deps/lib || -d $deps/include ]]; then
    echo "$deps"
    return 0
  fi
  mkdir -p "$dp/lib" "$dp/include"
  if [[ ! -f $dp/lib/libgmp.a ]] && ! version_ge "$(gmp_version)" 6.3; then
    g=$(find "$deps" -maxdepth 1 -name 'gmp*' -type d | sort -V | tail -n1)
    if [[ -z $g || ! -x $g/configure ]]; then
      log "cvc5: the system GMP is $(gmp_version) and trunk needs >= 6.3: put a GMP source tree at $deps/gmp-6.3.0 (or install it under $deps/lib)"
      return 1
    fi
    # static only: a shared libgmp here would lose to the system's older one at run time
    log "cvc5: building $(basename "$g") into $dp"
    (cd "$g" && CFLAGS="-O2 -std=gnu17" "${NICE[@]}" ./configure --prefix="$dp" --enable-cxx --with-pic --disable-shared >/dev/null &&
      "${NICE[@]}" make -j"$jobs" MAKEINFO=true >/dev/null && make install MAKEINFO=true >/dev/null) || return 1
  fi
  if [[ ! -f $dp/lib/libcadical.a ]]; then
    [[ -x $deps/cadical/configure ]] || {
      log "cvc5: no CaDiCaL source tree at $deps/cadical (trunk accepts rel-2.1.0 to rel-2.1.3)"
      return 1
    }
    log "cvc5: building CaDiCaL into $dp"
    (cd "$deps/cadical" && CXXFLAGS="-fPIC" "${NICE[@]}" ./configure >/dev/null &&
      "${NICE[@]}" make -j"$jobs" >/dev/null) || return 1
    mkdir -p "$dp/include/cadical"
    cp "$deps"/cadical/src/*.hpp "$deps"/cadical/src/*.h "$dp/include/cadical/"
    cp "$deps/cadical/build/libcadical.a" "$dp/lib/"
  fi
  if [[ ! -d $dp/include/symfpu ]]; then
    [[ -d $deps/symfpu/core ]] || {
      log "cvc5: no SymFPU source tree at $deps/symfpu"
      return 1
    }
    mkdir -p "$dp/include/symfpu"
    cp -r "$deps/symfpu/core" "$deps/symfpu/utils" "$dp/include/symfpu/"
  fi
  echo "$dp"
}

# gmp_version: the system GMP's version (0 when there is none).
gmp_version() {
  local h
  for h in /usr/include/gmp.h /usr/include/*/gmp.h; do
    [[ -f $h ]] || continue
    awk '/define __GNU_MP_VERSION /{a=$3} /define __GNU_MP_VERSION_MINOR /{b=$3} END {print a "." b}' "$h"
    return 0
  done
  echo 0
}

build_cvc5() { # SRC INST
  local src=$1 inst=$2 b=build-tandem dp
  need cmake "cvc5: cmake not found (apt-get install cmake): cvc5's configure.sh is a CMake front end" || return 1
  need make "cvc5: make not found" || return 1
  dp=$(cvc5_deps) || return 1
  if [[ ! -f $src/$b/Makefile ]]; then
    # --assertions: cvc5's internal checks turn silent wrong states into
    # crashes a fuzzer sees (what cvc5's own fuzzing builds do).
    (cd "$src" && "${NICE[@]}" ./configure.sh production --assertions --prefix="$inst" --name="$b" \
      --no-auto-download --no-pyvenv --no-poly --no-mpfr ${dp:+--dep-path="$dp"}) || {
      log "cvc5: configure.sh failed; offline it needs GMP >= 6.3 (Debian 12 has 6.2.1), CaDiCaL 2.1.x and SymFPU: give their source trees with --deps DIR (see cvc5's INSTALL.md)"
      return 1
    }
  fi
  "${NICE[@]}" make -C "$src/$b" -j"$jobs" cvc5-bin || return 1
  make -C "$src/$b" install >/dev/null || return 1
  [[ -x $inst/bin/cvc5 ]]
}

# profile_entry NAME KIND BINARY COMMIT: a [solver.NAME] table based on the
# built-in profile of KIND.
profile_entry() {
  printf '\n# %s at commit %s, built %s by scripts/build-solvers.sh\n' "$2" "$4" "$(date -u +%Y-%m-%d)"
  printf '[solver.%s]\nbase = "%s"\nbinary = "%s"\n' "$1" "$2" "$3"
}

relaxed=()
failed=0
entries=""
for src in "${srcs[@]}"; do
  [[ -d $src ]] || { log "$src: no such directory"; failed=1; continue; }
  src=$(cd "$src" && pwd)
  if ! kind=$(kind_of "$src"); then
    log "$src: not a z3, cvc5 or Bitwuzla source tree"
    failed=1
    continue
  fi
  if ! commit=$(commit_of "$src"); then
    log "$src: cannot tell its commit: give a git checkout, or write the commit to $src/.commit"
    failed=1
    continue
  fi
  name=$kind-${commit:0:12}
  inst=$prefix/$name
  log "building $kind at ${commit:0:12} into $inst"
  relaxed=()
  if "build_$kind" "$src" "$inst"; then
    entries+=$(profile_entry "$name" "$kind" "$inst/bin/$kind" "$commit")$'\n'
    for r in "${relaxed[@]}"; do entries+="# built against $r (--relax-dep-versions)"$'\n'; done
    log "$name: $inst/bin/$kind"
  else
    log "$kind at ${commit:0:12}: not built"
    failed=1
  fi
done

if [[ -n $entries ]]; then
  # Keep the entries of earlier runs for solvers not rebuilt now.
  old=""
  if [[ -f $profiles ]]; then
    old=$(awk -v new="$entries" '
      BEGIN { n = split(new, l, "\n"); for (i = 1; i <= n; i++) if (l[i] ~ /^\[solver\./) drop[l[i]] = 1 }
      /^\[solver\./ { skip = ($0 in drop) }
      /^# .* at commit / { pending = $0; next }
      !skip { if (pending != "") { print pending; pending = "" } print }
      skip { pending = "" }' "$profiles" | sed '/^# Profiles of solvers built/d; /^# Use: /d')
  fi
  {
    echo "# Profiles of solvers built from source by scripts/build-solvers.sh."
    echo "# Use: export TANDEM_SOLVERS=$profiles (or tandem solvers --profiles $profiles)"
    printf '%s\n' "$old"
    printf '%s' "$entries"
  } | cat -s >"$profiles.tmp"
  mv "$profiles.tmp" "$profiles"
  log "profiles: $profiles"
fi
exit "$failed"
