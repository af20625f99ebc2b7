#!/usr/bin/env bash
# Builds pcre2/pcre2.wasm: PCRE2 10.42, the regular expression library the service's PHP runs,
# compiled to WebAssembly from Debian's source package with Debian's own toolchain, so that the
# same packages give the same bytes on every machine.
#
#   npm run build:pcre2             build, run PCRE2's own test data through the module, and
#                                   write pcre2.wasm, manifest.json and LICENCE here
#   npm run build:pcre2 -- --check  the same, but compare with the committed files instead of
#                                   writing them; fails when anything differs (CI runs this)
#
# Needs Debian 12 (bookworm): the packages below (installed when missing and running as root),
# and Debian's archive for `apt-get source`. The deb-src entry lives in a private apt
# configuration under the work directory: the machine's own apt sources are left alone.
set -euo pipefail

PCRE2_VERSION=10.42
DEBIAN_VERSION=10.42-1
SOURCE_FILE=pcre2_${PCRE2_VERSION}.orig.tar.gz
SOURCE_SHA256=c33b418e3b936ee3153de2c61cc638e7e4fe3156022a5c77d0711bcbb9d64f1f
SOURCE_ARCHIVE='deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main'
PACKAGES=(clang lld wasi-libc libclang-rt-dev-wasm32)
# The packages that do the work (the ones above are Debian's meta packages pointing to them).
TOOLCHAIN=(clang-14 lld-14 wasi-libc libclang-rt-14-dev-wasm32)

here=$(cd "$(dirname "$0")" && pwd)
work=${PCRE2_WORK_DIR:-$here/../.tmp/pcre2}
check=false
[[ ${1:-} == --check ]] && check=true

say() { echo "pcre2: $*"; }
fail() {
  echo "pcre2: $*" >&2
  exit 1
}

# ---- The toolchain ------------------------------------------------------------------------
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
if ((${#missing[@]} > 0)); then
  if [[ $(id -u) != 0 ]]; then
    fail "missing Debian packages: ${missing[*]}; install them with: sudo apt-get install --no-install-recommends ${missing[*]}"
  fi
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    { apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }
fi

# ---- The source, from Debian's archive ------------------------------------------------------
mkdir -p "$work/source"
tarball=$work/source/$SOURCE_FILE
sha256_of() { sha256sum "$1" | cut -d' ' -f1; }
if [[ ! -f $tarball || $(sha256_of "$tarball") != "$SOURCE_SHA256" ]]; then
  say "downloading pcre2 $DEBIAN_VERSION from Debian's source archive"
  apt=$work/apt
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
  echo "$SOURCE_ARCHIVE" >"$apt/sources.list"
  apt_options=(
    -o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root
  )
  [[ $(id -u) == 0 ]] || apt_options+=(-o Debug::NoLocking=1)
  apt-get -qq "${apt_options[@]}" update >/dev/null
  rm -f "$work/source/"*
  (cd "$work/source" && apt-get -qq "${apt_options[@]}" source --download-only "pcre2=$DEBIAN_VERSION" >/dev/null)
  [[ -f $tarball ]] || fail "apt-get source did not deliver $SOURCE_FILE"
fi
actual=$(sha256_of "$tarball")
[[ $actual == "$SOURCE_SHA256" ]] ||
  fail "$SOURCE_FILE has SHA-256 $actual, expected $SOURCE_SHA256; refusing to build from it"

# ---- Compile ---------------------------------------------------------------------------------
build=$work/build
rm -rf "$build" && mkdir -p "$build"
tar -xzf "$tarball" -C "$build"
src=$build/pcre2-$PCRE2_VERSION/src
cp "$src/pcre2.h.generic" "$src/pcre2.h"
cp "$src/pcre2_chartables.c.dist" "$src/pcre2_chartables.c"
cp "$here/glue.c" "$src/pp_glue.c"

# Debian's configure defaults (what its libpcre2-8-0 is built with), 8-bit, Unicode, no JIT.
DEFINES=(
  -DPCRE2_CODE_UNIT_WIDTH=8 -DSUPPORT_UNICODE -DHAVE_MEMMOVE -DHAVE_STDINT_H -DHAVE_INTTYPES_H
  -DLINK_SIZE=2 -DNEWLINE_DEFAULT=2 -DPARENS_NEST_LIMIT=250 -DMATCH_LIMIT=10000000
  -DMATCH_LIMIT_DEPTH=10000000 -DHEAP_LIMIT=20000000 -DMAX_NAME_SIZE=32 -DMAX_NAME_COUNT=10000
  -DPCRE2_STATIC -DNDEBUG
)
CFLAGS=(--target=wasm32-wasi -O2 -ffunction-sections -fdata-sections -fno-ident)
# Sources relative to $src, so that no path of this machine can reach the module.
SOURCES=(
  pcre2_auto_possess.c pcre2_chartables.c pcre2_compile.c pcre2_context.c pcre2_error.c
  pcre2_extuni.c pcre2_find_bracket.c pcre2_match.c pcre2_match_data.c pcre2_newline.c
  pcre2_ord2utf.c pcre2_pattern_info.c pcre2_script_run.c pcre2_string_utils.c pcre2_study.c
  pcre2_tables.c pcre2_ucd.c pcre2_valid_utf.c pcre2_xclass.c pp_glue.c
)
say "compiling PCRE2 $PCRE2_VERSION for wasm32-wasi"
(
  cd "$src"
  printf '%s\n' "${SOURCES[@]}" |
    xargs -P "$(nproc)" -I{} clang "${CFLAGS[@]}" "${DEFINES[@]}" -I. -c {} -o {}.o
  # No entry point, no WASI imports: the module only computes. 1 MiB of stack for the compiler's
  # recursion over nested groups (at most 250 deep); memory grows as PCRE2 asks, up to 1 GiB.
  clang --target=wasm32-wasi -O2 -nostartfiles -Wl,--no-entry -Wl,--strip-all \
    -Wl,-z,stack-size=1048576 -Wl,--max-memory=1073741824 \
    -o "$build/pcre2.wasm" "${SOURCES[@]/%/.o}"
)

# ---- Conformance: PCRE2's own test data through the new module -----------------------------
node "$here/conformance.mjs" --module "$build/pcre2.wasm" \
  --testdata "$build/pcre2-$PCRE2_VERSION/testdata" --out "$build/conformance.json"

# ---- Manifest ----------------------------------------------------------------------------------
versions=$(dpkg-query -W -f='${Package}=${Version}\n' "${TOOLCHAIN[@]}")
node - "$build" "$versions" <<NODE
const fs = require('node:fs')
const crypto = require('node:crypto')
const [build, versions] = process.argv.slice(2)
const module = fs.readFileSync(build + '/pcre2.wasm')
const manifest = {
  pcre2: '$PCRE2_VERSION',
  source: {
    archive: 'Debian bookworm, apt-get source pcre2=$DEBIAN_VERSION',
    file: '$SOURCE_FILE',
    sha256: '$SOURCE_SHA256'
  },
  toolchain: Object.fromEntries(versions.trim().split('\n').map(line => line.split('='))),
  defines: '${DEFINES[*]}'.split(' '),
  module: {
    file: 'pcre2.wasm',
    bytes: module.length,
    sha256: crypto.createHash('sha256').update(module).digest('hex')
  },
  conformance: JSON.parse(fs.readFileSync(build + '/conformance.json', 'utf8'))
}
fs.writeFileSync(build + '/manifest.json', JSON.stringify(manifest, null, 2) + '\n')
NODE
cp "$build/pcre2-$PCRE2_VERSION/LICENCE" "$build/LICENCE"

if $check; then
  differ=()
  for file in pcre2.wasm LICENCE; do
    cmp -s "$build/$file" "$here/$file" || differ+=("$file")
  done
  # The manifest must agree too, except the toolchain's package versions: a Debian point release
  # that builds the same bytes is worth a warning, not a failure.
  same_manifest=$(node -e '
    const fs = require("node:fs")
    const [a, b] = process.argv.slice(1).map(f => JSON.parse(fs.readFileSync(f, "utf8")))
    const rest = m => JSON.stringify({ ...m, toolchain: undefined })
    console.log(rest(a) === rest(b) ? (JSON.stringify(a.toolchain) === JSON.stringify(b.toolchain) ? "same" : "toolchain") : "differs")
  ' "$here/manifest.json" "$build/manifest.json")
  [[ $same_manifest == differs ]] && differ+=(manifest.json)
  if ((${#differ[@]} > 0)); then
    diff "$here/manifest.json" "$build/manifest.json" >&2 || true
    fail "the rebuilt ${differ[*]} differ from the committed ones; run \`npm run build:pcre2\` and commit the result, or find what changed in the toolchain (see the manifest above)"
  fi
  if [[ $same_manifest == toolchain ]]; then
    diff "$here/manifest.json" "$build/manifest.json" || true
    say "warning: this machine's toolchain packages differ from the manifest's, yet build the same bytes"
  fi
  say "the committed module is what this machine builds ($(wc -c <"$here/pcre2.wasm") bytes)"
else
  install -m 644 "$build/pcre2.wasm" "$build/manifest.json" "$build/LICENCE" "$here/"
  say "wrote pcre2/pcre2.wasm ($(wc -c <"$here/pcre2.wasm") bytes), manifest.json and LICENCE"
fi
