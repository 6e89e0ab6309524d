# Sourced by scripts that build the library with swiftc directly (fuzz, leaks): compiles every
# layer (Package.swift's targets, in dependency order) from a snapshot of Sources/ into one
# folder of modules and objects, the way SwiftPM would, with extra swiftc flags (a sanitizer,
# coverage, DWARF 4). Programs built on it `@testable import` the layers they need.
#
#   library_build DIR [SWIFTC_FLAGS...]
#
# Leaves DIR/modules/*.swiftmodule and DIR/objects/*.o (link them all), builds the C targets (see
# c-targets.sh) and the JS embedding (EmbeddedJS.swift per layer, as the EmbedJS plugin writes
# it). Sets LIBRARY_LINK: the objects and libraries to link.
# shellcheck source=c-targets.sh
. "$(dirname "${BASH_SOURCE[0]}")/c-targets.sh"

# Package.swift's layers in the order declared (dependencies first); the testing kit is not needed.
mapfile -t LIBRARY_LAYERS < <(grep -o '^ *layer("[A-Za-z]*"' "$(dirname "${BASH_SOURCE[0]}")/../../Package.swift" | sed 's/.*layer("//; s/"$//' | grep -vx BridgeRuntimeTesting)

library_build() {
  local dir
  dir=$(mkdir -p "$1" && cd "$1" && pwd)
  shift
  local swiftc=${SWIFTC:-swiftc}
  rm -rf "$dir/src" "$dir/modules" "$dir/objects"
  mkdir -p "$dir/src" "$dir/modules" "$dir/objects"
  # A snapshot: other builds and editors may touch Sources/ meanwhile, and swiftc refuses files
  # modified during a build.
  cp -R Sources/. "$dir/src/"
  local cflags=() f
  for f in $(pkg-config --cflags javascriptcoregtk-4.1); do cflags+=(-Xcc "$f"); done
  local clangflags=()
  for f in "$@"; do
    case "$f" in -sanitize=*) clangflags+=("-fsanitize=${f#-sanitize=}") ;; -gdwarf-types | -g) ;; esac
  done
  [[ " $* " == *" -debug-info-format=dwarf "* || " $* " == *"dwarf-version=4"* ]] && clangflags+=(-gdwarf-4)
  c_targets_build "$dir" "${clangflags[@]}" || return 1
  # The JS embedding: the plugin's tool, run on each layer's JS/ folder.
  "$swiftc" -O "$dir/src/embed-js/main.swift" -o "$dir/embed-js" || return 1
  local layer
  for layer in "${LIBRARY_LAYERS[@]}"; do
    local js=()
    [[ -d "$dir/src/$layer/JS" ]] && mapfile -t js < <(find "$dir/src/$layer/JS" \( -name '*.js' -o -name '*.d.ts' \) | sort)
    ((${#js[@]} == 0)) || "$dir/embed-js" "$dir/src/$layer/EmbeddedJS.swift" "${js[@]}" || return 1
  done
  local flags=(-parse-as-library -swift-version 6 -enable-testing -package-name BridgeRuntime
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
    -I "$dir/modules" -I "$dir/src/CJSC" -I "$dir/CICURegex/include" -I "$dir/CThreadClock/include" "${cflags[@]}" "$@")
  for layer in "${LIBRARY_LAYERS[@]}"; do
    local sources=()
    mapfile -t sources < <(find "$dir/src/$layer" -name '*.swift' | sort)
    (cd "$dir/objects" && "$swiftc" "${flags[@]}" -module-name "$layer" -emit-module -emit-module-path "$dir/modules/$layer.swiftmodule" \
      -c -wmo "${sources[@]}" -o "$dir/objects/$layer.o") || { echo "library_build: $layer failed" >&2; return 1; }
  done
  LIBRARY_LINK=("$dir"/objects/*.o "$dir/CICURegex/icu_regex.o" "$dir/CThreadClock/thread_clock.o" $(pkg-config --libs javascriptcoregtk-4.1) -licui18n -licuuc -ldl)
  LIBRARY_FLAGS=("${flags[@]}")
}

# LIBRARY_FLAGS and LIBRARY_LINK for a folder library_build made earlier with the same flags.
library_build_flags() {
  local dir
  dir=$(mkdir -p "$1" && cd "$1" && pwd)
  shift
  local cflags=() f
  for f in $(pkg-config --cflags javascriptcoregtk-4.1); do cflags+=(-Xcc "$f"); done
  LIBRARY_FLAGS=(-parse-as-library -swift-version 6 -enable-testing -package-name BridgeRuntime
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
    -I "$dir/modules" -I "$dir/src/CJSC" -I "$dir/CICURegex/include" -I "$dir/CThreadClock/include" "${cflags[@]}" "$@")
  LIBRARY_LINK=("$dir"/objects/*.o "$dir/CICURegex/icu_regex.o" "$dir/CThreadClock/thread_clock.o" $(pkg-config --libs javascriptcoregtk-4.1) -licui18n -licuuc -ldl)
}
