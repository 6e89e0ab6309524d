# Sourced by the scripts that build the shipped binary (bootstrap --release, bench, package,
# order-file): the flags of a release build, so that each builds (and measures) the same one.
#
#   --static-swift-stdlib   the Swift runtime linked in (no Swift libraries to install);
#   -function-sections      every function in a section of its own, so that the link's order
#                           file (scripts/bridge-run.order, Package.swift) places each function a
#                           run executes, not whole modules: a `bridge-run run` faults in ~0.8 MiB
#                           less of the binary (docs/performance.md, thirteenth part). A swiftc
#                           frontend flag: SwiftPM's own driver refuses it as `-Xswiftc
#                           -function-sections`.
# shellcheck disable=SC2034  # used by the scripts that source this file
release_flags=(--static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections)
