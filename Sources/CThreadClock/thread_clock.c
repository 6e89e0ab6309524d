// See include/thread_clock.h for what this does and why.
#define _GNU_SOURCE
#include "thread_clock.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_function)(clockid_t, struct timespec *);

/// The C library's clock_gettime (the vDSO-backed one), found on first use: other libraries'
/// constructors may read a clock before ours would run.
static _Atomic(clock_gettime_function) next_clock_gettime;

static int clock_gettime_by_syscall(clockid_t id, struct timespec *ts) {
    return (int)syscall(SYS_clock_gettime, id, ts);
}

static clock_gettime_function resolve_next(void) {
    clock_gettime_function f = (clock_gettime_function)dlvsym(RTLD_NEXT, "clock_gettime", "GLIBC_2.17");
    if (!f) f = (clock_gettime_function)dlsym(RTLD_NEXT, "clock_gettime");
    if (!f) f = clock_gettime_by_syscall;
    atomic_store_explicit(&next_clock_gettime, f, memory_order_release);
    return f;
}

/// Found early, so that the lookup (the loader's lock, perhaps malloc) never runs inside a
/// signal handler's first clock read; the lazy path below covers reads by constructors that run
/// before this one.
__attribute__((constructor(101))) static void find_next_clock_gettime(void) {
    if (!atomic_load_explicit(&next_clock_gettime, memory_order_acquire)) resolve_next();
}

static clock_gettime_function next_function(void) {
    clock_gettime_function f = atomic_load_explicit(&next_clock_gettime, memory_order_acquire);
    return f ? f : resolve_next();
}

/// Per thread: whether it opted in, the last real reading (CPU and the wall clock just before
/// it), the last answer, and the counters.
static __thread struct {
    int enabled;
    int has_reading;
    int64_t cpu_ns;
    int64_t wall_ns;
    int64_t served_ns;
    uint64_t served_count;
    uint64_t exact_count;
} state;

static int64_t nanoseconds(const struct timespec *ts) {
    return (int64_t)ts->tv_sec * 1000000000 + ts->tv_nsec;
}

// Defined under another name (glibc declares clock_gettime's `ts` nonnull, which would let the
// compiler drop the NULL check below) and exported as clock_gettime by the alias after it.
int bridge_clock_gettime(clockid_t id, struct timespec *ts) {
    clock_gettime_function next = next_function();
    if (id != CLOCK_THREAD_CPUTIME_ID || !state.enabled || !ts) return next(id, ts);
    // The raw monotonic clock: not slewed by NTP, so it never runs slower than CPU time does.
    struct timespec wall;
    if (next(CLOCK_MONOTONIC_RAW, &wall) != 0) return next(id, ts);
    int64_t now = nanoseconds(&wall);
    int64_t value;
    if (state.has_reading && now >= state.wall_ns && now - state.wall_ns <= BRIDGE_THREAD_CLOCK_WINDOW_NS) {
        // The thread ran at most the wall time since the reading: an upper bound of its CPU time.
        value = state.cpu_ns + (now - state.wall_ns);
    } else {
        struct timespec cpu;
        int result = next(CLOCK_THREAD_CPUTIME_ID, &cpu);
        if (result != 0) return result;
        value = nanoseconds(&cpu);
        state.cpu_ns = value;
        state.wall_ns = now;
        state.has_reading = 1;
        state.exact_count += 1;
    }
    if (value < state.served_ns) value = state.served_ns;
    state.served_ns = value;
    state.served_count += 1;
    ts->tv_sec = (time_t)(value / 1000000000);
    ts->tv_nsec = (long)(value % 1000000000);
    return 0;
}

int clock_gettime(clockid_t id, struct timespec *ts) __attribute__((alias("bridge_clock_gettime"), visibility("default")));

/// BRIDGE_EXACT_THREAD_CLOCK, read once: -1 not yet, 0 unset, 1 set.
static _Atomic int exact_requested = -1;

int bridge_thread_clock_serve_cached(int enabled) {
    int exact = atomic_load_explicit(&exact_requested, memory_order_relaxed);
    if (exact < 0) {
        const char *value = getenv("BRIDGE_EXACT_THREAD_CLOCK");
        exact = value && value[0] != '\0' && strcmp(value, "0") != 0;
        atomic_store_explicit(&exact_requested, exact, memory_order_relaxed);
    }
    if (enabled && exact) enabled = 0;
    if (enabled && !state.enabled) {
        state.has_reading = 0;
        state.served_count = 0;
        state.exact_count = 0;
    }
    state.enabled = enabled != 0;
    return state.enabled;
}

void bridge_thread_clock_ensure_cached(void) {
    if (state.enabled || atomic_load_explicit(&exact_requested, memory_order_relaxed) == 1) return;
    bridge_thread_clock_serve_cached(1);
}

void bridge_thread_clock_counts(uint64_t *served, uint64_t *exact) {
    if (served) *served = state.served_count;
    if (exact) *exact = state.exact_count;
}
