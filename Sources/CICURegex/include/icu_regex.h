#ifndef BRIDGERUNTIME_ICU_REGEX_H
#define BRIDGERUNTIME_ICU_REGEX_H

/* ICU's regular expressions for schema `pattern` facets, behind plain C types.

   Why a C target and not declarations in CJSC's shim.h: ICU renames its C entry points per
   version (uregex_open_72, ...) with macros, and its headers define types (UErrorCode, UChar)
   that clash with the copies Foundation's bundled ICU (_FoundationICU) defines when one Swift
   module sees both. Compiled here, against the system's ICU headers, nothing of ICU reaches
   Swift. libicui18n is the library JavaScriptCore itself links, so this adds no library to a
   process. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct BridgeICURegex BridgeICURegex;

/* Compiles a UTF-16 pattern with no flags and a step limit for each search (ICU's
   uregex_setTimeLimit). NULL on failure, with ICU's error name (e.g.
   "U_REGEX_MISSING_CLOSE_BRACKET") copied into `error_name` and the UTF-16 offset where ICU
   noticed into `error_offset`. */
BridgeICURegex *bridge_icu_regex_open(const uint16_t *pattern, int32_t length, int32_t step_limit,
                                      char *error_name, size_t error_name_size, int32_t *error_offset);

/* Searches `text` (UTF-16) unanchored. Returns true on a match; sets `*failed` when ICU stopped
   with an error (the step limit among them). Not thread-safe for one regex: lock around it. */
bool bridge_icu_regex_find(BridgeICURegex *regex, const uint16_t *text, int32_t length, bool *failed);

void bridge_icu_regex_close(BridgeICURegex *regex);

#ifdef __cplusplus
}
#endif

#endif
