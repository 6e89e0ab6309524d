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

static clock_gettime_function next_function(void) {
    clock_gettime_function f = atomic_load_explicit(&next_clock_gettime, memory_order_acquire);
    if (f) return f;
    f = (clock_gettime_function)dlvsym(RTLD_NEXT, "clock_gettime", "GLIBC_2.17");
    if (!f) f = (clock_gettime_function)dlsym(RTLD_NEXT, "clock_gettime");
    if (!f) f = clock_gettime_by_syscall;
    atomic_store_explicit(&next_clock_gettime, f, memory_order_release);
    return f;
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

int clock_gettime(clockid_t id, struct timespec *ts) {
    clock_gettime_function next = next_function();
    if (id != CLOCK_THREAD_CPUTIME_ID || !state.enabled) return next(id, ts);
    struct timespec wall;
    if (next(CLOCK_MONOTONIC, &wall) != 0) return next(id, ts);
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

int bridge_thread_clock_serve_cached(int enabled) {
    const char *exact = getenv("BRIDGE_EXACT_THREAD_CLOCK");
    if (enabled && exact && exact[0] != '\0' && strcmp(exact, "0") != 0) enabled = 0;
    if (enabled && !state.enabled) {
        state.has_reading = 0;
        state.served_count = 0;
        state.exact_count = 0;
    }
    state.enabled = enabled != 0;
    return state.enabled;
}

void bridge_thread_clock_counts(uint64_t *served, uint64_t *exact) {
    if (served) *served = state.served_count;
    if (exact) *exact = state.exact_count;
}
