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

/* Compiles a UTF-16 pattern with no flags (an empty pattern matches everything) and a step
   limit for each search (ICU's uregex_setTimeLimit, plus one step per 64 characters of text). NULL on failure, with ICU's error name (e.g.
   "U_REGEX_MISSING_CLOSE_BRACKET") copied into `error_name` and the UTF-16 offset where ICU
   noticed into `error_offset`. */
BridgeICURegex *bridge_icu_regex_open(const uint16_t *pattern, int32_t length, int32_t step_limit,
                                      char *error_name, size_t error_name_size, int32_t *error_offset);

/* Why a search gave up (0 = it did not). */
enum {
    BRIDGE_ICU_REGEX_TIME_OUT = 1,       /* past the step limit (grown with the text's length) */
    BRIDGE_ICU_REGEX_STACK_OVERFLOW = 2, /* the backtracking stack passed 64 MiB */
    BRIDGE_ICU_REGEX_FAILED = 3          /* any other ICU error */
};

/* Searches `text` (UTF-16) unanchored. Returns true on a match; sets `*failure` (above) when
   ICU gave up instead of answering. Not thread-safe for one regex: lock around it. */
bool bridge_icu_regex_find(BridgeICURegex *regex, const uint16_t *text, int32_t length, int32_t *failure);

void bridge_icu_regex_close(BridgeICURegex *regex);

#ifdef __cplusplus
}
#endif

#endif
