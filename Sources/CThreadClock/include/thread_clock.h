#ifndef BRIDGE_THREAD_CLOCK_H
#define BRIDGE_THREAD_CLOCK_H

#include <stdint.h>
#include <time.h>

/// JavaScriptCore's execution time limit reads the calling thread's CPU clock
/// (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, a system call on Linux) on every entry into the VM,
/// and it enters the VM once per promise continuation. This target defines `clock_gettime` for
/// the process: calls for other clocks, and for the thread CPU clock of threads that did not opt
/// in, go straight to the C library's function. On a thread that opted in, the thread CPU clock
/// is read for real at most once per `BRIDGE_THREAD_CLOCK_WINDOW_NS` of wall time; reads in
/// between answer the last real reading plus the wall time since (the fast monotonic clock), so
/// the answer is never below the true CPU time and at most one window above it, and it never
/// goes backwards. Not async-signal-safe in the way glibc's is: a signal handler that reads the
/// thread CPU clock of an opted-in thread may see a value up to one window high.
#define BRIDGE_THREAD_CLOCK_WINDOW_NS 1000000

/// Serves the calling thread's CPU clock as described above (`enabled` 1) or exactly (0).
/// Returns whether it is now served from the cache: 0 when the environment variable
/// `BRIDGE_EXACT_THREAD_CLOCK` is set to a non-empty value other than "0".
int bridge_thread_clock_serve_cached(int enabled);

/// Opts the calling thread in (as `bridge_thread_clock_serve_cached(1)`) unless it already is or
/// the environment asked for the exact clock: a thread-local check, for every entry into a VM.
void bridge_thread_clock_ensure_cached(void);

/// The process's clock_gettime (also exported under that name).
int bridge_clock_gettime(clockid_t id, struct timespec *ts);

/// Thread CPU clock reads on the calling thread since it opted in: `served` all of them,
/// `exact` those that read the real clock.
void bridge_thread_clock_counts(uint64_t *served, uint64_t *exact);

#endif
