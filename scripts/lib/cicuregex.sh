# Sourced by scripts that compile the library with swiftc directly (fuzz, leaks): builds the
# CICURegex C target (ICU's regex API behind plain C types) the way SwiftPM would.
#
#   cicuregex_build DIR [CLANG_FLAGS...]
#
# Leaves DIR/CICURegex/include (header + module map, for swiftc -I) and DIR/CICURegex/icu_regex.o;
# link the object with -licui18n -licuuc. Uses the Swift toolchain's clang.
cicuregex_build() {
  local dir=$1
  shift
  local clang
  clang="$(dirname "$(command -v swiftc)")/clang"
  [[ -x "$clang" ]] || clang=clang
  mkdir -p "$dir/CICURegex/include"
  cp Sources/CICURegex/include/icu_regex.h "$dir/CICURegex/include/"
  printf 'module CICURegex {\n  header "icu_regex.h"\n  export *\n}\n' >"$dir/CICURegex/include/module.modulemap"
  "$clang" -c -O2 -g "$@" -I Sources/CICURegex/include Sources/CICURegex/icu_regex.c -o "$dir/CICURegex/icu_regex.o"
}
