#ifndef BRIDGERUNTIME_CJSC_SHIM_H
#define BRIDGERUNTIME_CJSC_SHIM_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exported by libjavascriptcoregtk but declared only in private headers
   (JSContextRefPrivate.h). Signatures match WebKitGTK 2.4x/2.5x. */
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                   JSShouldTerminateCallback callback,
                                                   void *context);
JS_EXPORT void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);
/* Returns void (JSContextRefPrivate.h); the callback is kept as a GC root by the global object. */
JS_EXPORT void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx,
                                                            JSObjectRef function,
                                                            JSValueRef *exception);

/* Exported debugging hooks (JSContextRefPrivate.h / JSBasePrivate.h): a synchronous full
   collection and heap statistics, for leak checks. */
JS_EXPORT void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);
JS_EXPORT JSObjectRef JSGetMemoryUsageStatistics(JSContextRef ctx);

/* Draining microtasks from inside a native function, with JSC's own exported (JS_EXPORT_PRIVATE)
   C++ entry points: JSC::JSLockHolder(JSC::VM*), ~JSLockHolder() and JSC::VM::drainMicrotasks().
   A JSContextGroupRef is the VM pointer. Why: WebKitGTK 2.4x/2.50 drains the microtasks left at
   the end of an API call one VM entry per job, and with an execution time limit every entry
   reads the thread's CPU time (a system call). A native function runs with the API lock dropped
   but inside the caller's VM entry, so taking the lock and draining there runs every job within
   that one entry (newer JavaScriptCore opens a single entry for the drain itself).
   All weak: NULL where the library does not export them, and then nothing is drained here. */
extern void _ZN3JSC12JSLockHolderC1EPNS_2VME(void *holder, void *vm) __attribute__((weak));
extern void _ZN3JSC12JSLockHolderD1Ev(void *holder) __attribute__((weak));
extern void _ZN3JSC2VM15drainMicrotasksEv(void *vm) __attribute__((weak));

static inline bool bridge_can_drain_microtasks(void) {
    return _ZN3JSC12JSLockHolderC1EPNS_2VME != 0 && _ZN3JSC12JSLockHolderD1Ev != 0
        && _ZN3JSC2VM15drainMicrotasksEv != 0;
}
/* Call only from a native function of a context in `group`, on the thread running it. */
static inline void bridge_drain_microtasks(JSContextGroupRef group) {
    /* A JSLockHolder is one RefPtr<VM>; the buffer leaves room to spare. */
    void *holder[4] = { 0, 0, 0, 0 };
    if (!bridge_can_drain_microtasks()) return;
    _ZN3JSC12JSLockHolderC1EPNS_2VME(holder, (void *)group);
    _ZN3JSC2VM15drainMicrotasksEv((void *)group);
    _ZN3JSC12JSLockHolderD1Ev(holder);
}

/* Linker-section discovery for self-registering components. The linker defines
   __start_/__stop_ for every section whose name is a C identifier; weak so that an
   image with no record links and sees NULL. */
extern const char __start_bridge_components[] __attribute__((weak));
extern const char __stop_bridge_components[] __attribute__((weak));

static inline const void *bridge_components_start(void) { return __start_bridge_components; }
static inline const void *bridge_components_stop(void) { return __stop_bridge_components; }

#ifdef __cplusplus
}
#endif

#endif
