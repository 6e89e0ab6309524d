#include "icu_regex.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uregex.h>
#include <unicode/utypes.h>

struct BridgeICURegex {
    URegularExpression *re;
    int32_t step_limit;
};

static void copy_error_name(UErrorCode status, char *out, size_t size) {
    if (out == NULL || size == 0) return;
    const char *name = u_errorName(status);
    strncpy(out, name ? name : "U_UNKNOWN_ERROR", size - 1);
    out[size - 1] = '\0';
}

BridgeICURegex *bridge_icu_regex_open(const uint16_t *pattern, int32_t length, int32_t step_limit,
                                      char *error_name, size_t error_name_size, int32_t *error_offset) {
    UParseError parse_error;
    memset(&parse_error, 0, sizeof parse_error);
    UErrorCode status = U_ZERO_ERROR;
    /* ICU refuses an empty pattern; JSON Schema's "" matches everything, as does (?:). */
    static const UChar match_all[4] = { '(', '?', ':', ')' };
    URegularExpression *re = length > 0 ? uregex_open((const UChar *)pattern, length, 0, &parse_error, &status)
                                        : uregex_open(match_all, 4, 0, &parse_error, &status);
    if (U_FAILURE(status) || re == NULL) {
        if (re != NULL) uregex_close(re);
        copy_error_name(U_FAILURE(status) ? status : U_ILLEGAL_ARGUMENT_ERROR, error_name, error_name_size);
        if (error_offset != NULL) *error_offset = parse_error.offset;
        return NULL;
    }
    BridgeICURegex *regex = (BridgeICURegex *)malloc(sizeof *regex);
    if (regex == NULL) {
        uregex_close(re);
        copy_error_name(U_MEMORY_ALLOCATION_ERROR, error_name, error_name_size);
        return NULL;
    }
    regex->re = re;
    regex->step_limit = step_limit;
    return regex;
}

bool bridge_icu_regex_find(BridgeICURegex *regex, const uint16_t *text, int32_t length, int32_t *failure) {
    static const UChar empty[1] = { 0 };
    UErrorCode status = U_ZERO_ERROR;
    *failure = 0;
    if (regex->step_limit > 0) {
        /* ICU's steps are roughly proportional to the text a search walks: the limit grows with
           the text, so that only a search far beyond linear work gives up. */
        int32_t limit = regex->step_limit + length / 64;
        UErrorCode limit_status = U_ZERO_ERROR;
        uregex_setTimeLimit(regex->re, limit, &limit_status);
    }
    /* The backtracking stack grows with the text too (about 20 bytes a character for nested
       quantifiers such as ^(a+)+$, more for nested groups): 64 MiB, or 96 bytes a character, up to 1 GiB. */
    int64_t stack = (int64_t)length * 96;
    if (stack < 64 * 1024 * 1024) stack = 64 * 1024 * 1024;
    if (stack > 1024 * 1024 * 1024) stack = 1024 * 1024 * 1024;
    UErrorCode stack_status = U_ZERO_ERROR;
    uregex_setStackLimit(regex->re, (int32_t)stack, &stack_status);
    uregex_setText(regex->re, length > 0 ? (const UChar *)text : empty, length, &status);
    if (U_FAILURE(status)) {
        *failure = BRIDGE_ICU_REGEX_FAILED;
        return false;
    }
    UBool found = uregex_find(regex->re, 0, &status);
    /* Forget the caller's buffer before it goes away. */
    UErrorCode reset = U_ZERO_ERROR;
    uregex_setText(regex->re, empty, 0, &reset);
    if (U_FAILURE(status)) {
        *failure = status == U_REGEX_TIME_OUT ? BRIDGE_ICU_REGEX_TIME_OUT
                 : status == U_REGEX_STACK_OVERFLOW ? BRIDGE_ICU_REGEX_STACK_OVERFLOW : BRIDGE_ICU_REGEX_FAILED;
        return false;
    }
    return found != 0;
}

void bridge_icu_regex_close(BridgeICURegex *regex) {
    if (regex == NULL) return;
    uregex_close(regex->re);
    free(regex);
}
