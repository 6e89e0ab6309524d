# Sourced by scripts that compile the library with swiftc directly (fuzz, leaks): builds the C
# targets the way SwiftPM would: CICURegex (ICU's regex API behind plain C types) and
# CThreadClock (the process's clock_gettime, see Sources/ScriptEngine/ThreadCPUClock.swift).
#
#   c_targets_build DIR [CLANG_FLAGS...]
#
# Leaves DIR/<target>/include (header + module map, for swiftc -I) and DIR/<target>/*.o; link
# the objects with -licui18n -licuuc -ldl. Uses the Swift toolchain's clang.
c_targets_build() {
  local dir=$1
  shift
  local clang
  clang="$(dirname "$(command -v swiftc)")/clang"
  [[ -x "$clang" ]] || clang=clang
  local target header source
  for target in CICURegex:icu_regex CThreadClock:thread_clock; do
    header=${target#*:}
    target=${target%%:*}
    source=Sources/$target/$header.c
    mkdir -p "$dir/$target/include"
    cp "Sources/$target/include/$header.h" "$dir/$target/include/"
    printf 'module %s {\n  header "%s.h"\n  export *\n}\n' "$target" "$header" >"$dir/$target/include/module.modulemap"
    "$clang" -c -O2 -g "$@" -I "Sources/$target/include" "$source" -o "$dir/$target/$header.o" || return 1
  done
}
