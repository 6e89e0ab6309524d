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

/* Scripts prepared once per context group and evaluated in any context of it
   (JSScriptRefPrivate.h): JSEvaluateScript copies its text and hashes the copy on every call;
   a JSScriptRef is one source provider that every evaluation shares. */
typedef struct OpaqueJSScript *JSScriptRef;
JS_EXPORT JSScriptRef JSScriptCreateFromString(JSContextGroupRef contextGroup, JSStringRef url,
                                               int startingLineNumber, JSStringRef source,
                                               JSStringRef *errorMessage, int *errorLine);
JS_EXPORT void JSScriptRelease(JSScriptRef script);
JS_EXPORT JSValueRef JSScriptEvaluate(JSContextRef ctx, JSScriptRef script, JSValueRef thisValue,
                                      JSValueRef *exception);

/* JavaScriptCore's sampling profiler (JSContextRefPrivate.h): where a VM's JavaScript time goes,
   as JSON stack traces, for the benchmark's profiles. */
JS_EXPORT bool JSContextGroupEnableSamplingProfiler(JSContextGroupRef group);
JS_EXPORT void JSContextGroupDisableSamplingProfiler(JSContextGroupRef group);
JS_EXPORT JSStringRef JSContextGroupTakeSamplesFromSamplingProfiler(JSContextGroupRef group);

/* JavaScriptCore's GLib API for its options (jsc/JSCOptions.h, public), declared here so the
   module needs no GLib headers: gboolean and gint are int. */
JS_EXPORT int jsc_options_set_boolean(const char *option, int value);
JS_EXPORT int jsc_options_get_boolean(const char *option, int *value);
JS_EXPORT int jsc_options_set_int(const char *option, int value);
JS_EXPORT int jsc_options_get_int(const char *option, int *value);

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
