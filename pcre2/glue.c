/*
 * The few functions the JavaScript wrapper (pcre2.mjs) calls: compile a pattern with the options
 * PHP sets, match subjects under PHP's limits, and tell from the compiled code whether the
 * pattern is anchored. Built together with PCRE2's own sources by build.sh; everything else
 * PCRE2 offers stays out of the module.
 *
 * One match context and one match data block serve every match, so matching a path allocates
 * nothing once the first match has sized PCRE2's backtracking frames.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "pcre2_internal.h"

#define EXPORT(name) __attribute__((export_name(#name)))

static pcre2_compile_context *compile_context;
static pcre2_match_context *match_context;
static pcre2_match_data *match_data;
static int last_error_code;
static PCRE2_SIZE last_error_offset;

/* Creates the shared contexts; the wrapper calls it once, before anything else. */
EXPORT(pp_init) int pp_init(uint32_t match_limit, uint32_t depth_limit)
{
  compile_context = pcre2_compile_context_create(NULL);
  match_context = pcre2_match_context_create(NULL);
  match_data = pcre2_match_data_create(1, NULL);
  if (compile_context == NULL || match_context == NULL || match_data == NULL) return 0;
  pcre2_set_match_limit(match_context, match_limit);
  pcre2_set_depth_limit(match_context, depth_limit);
  return 1;
}

EXPORT(pp_malloc) void *pp_malloc(size_t size) { return malloc(size); }
EXPORT(pp_free) void pp_free(void *block) { free(block); }

/* NULL on failure; then pp_error_code and pp_error_offset say why and where. */
EXPORT(pp_compile)
pcre2_code *pp_compile(const uint8_t *pattern, size_t length, uint32_t options,
  uint32_t extra_options)
{
  pcre2_set_compile_extra_options(compile_context, extra_options);
  return pcre2_compile(pattern, length, options, &last_error_code, &last_error_offset,
    compile_context);
}

EXPORT(pp_error_code) int pp_error_code(void) { return last_error_code; }
EXPORT(pp_error_offset) size_t pp_error_offset(void) { return last_error_offset; }

/* PCRE2's text for an error code, written to buffer; its length, or a negative error. */
EXPORT(pp_error_message) int pp_error_message(int code, uint8_t *buffer, size_t size)
{
  return pcre2_get_error_message(code, buffer, size);
}

EXPORT(pp_code_free) void pp_code_free(pcre2_code *code) { pcre2_code_free(code); }

/* pcre2_match's return code: > 0 matched, PCRE2_ERROR_NOMATCH, or another error (a limit, bad
   UTF-8, no memory). `options` is 0 or PCRE2_NO_UTF_CHECK, as PHP passes them. */
EXPORT(pp_match)
int pp_match(const pcre2_code *code, const uint8_t *subject, size_t length, uint32_t options)
{
  return pcre2_match(code, subject, length, 0, options, match_data, match_context);
}

/* Where the last successful match started and ended (code unit offsets). */
EXPORT(pp_match_start) size_t pp_match_start(void)
{
  return pcre2_get_ovector_pointer(match_data)[0];
}
EXPORT(pp_match_end) size_t pp_match_end(void)
{
  return pcre2_get_ovector_pointer(match_data)[1];
}

/* ---- Anchoring, read from the compiled code ----
 *
 * A pattern is anchored at the start when every way through it begins with ^, \A or \G, and at
 * the end when every way through it ends with $, \z or \Z. Items that match no characters
 * (lookarounds, \b, \K, callouts, backtracking verbs) are passed over. Anything this reading
 * does not know (recursion, an optional group, (*ACCEPT)) counts as not anchored: the answer
 * feeds a warning, and a needless warning is the safe side. ^ and $ in multiline mode count,
 * since a path holds no line break. */

static BOOL is_group(PCRE2_UCHAR op) { return op >= OP_ASSERT && op <= OP_SCOND; }
static BOOL is_lookaround(PCRE2_UCHAR op) { return op >= OP_ASSERT && op <= OP_ASSERTBACK_NA; }
static BOOL is_optional_prefix(PCRE2_UCHAR op)
{
  return op == OP_BRAZERO || op == OP_BRAMINZERO || op == OP_BRAPOSZERO || op == OP_SKIPZERO;
}

/* Items that match no characters and say nothing about where a match starts or ends. */
static BOOL is_zero_width(PCRE2_SPTR code)
{
  switch (*code)
    {
    case OP_CALLOUT: case OP_CALLOUT_STR: case OP_SET_SOM:
    case OP_WORD_BOUNDARY: case OP_NOT_WORD_BOUNDARY:
    case OP_MARK: case OP_PRUNE: case OP_PRUNE_ARG: case OP_SKIP: case OP_SKIP_ARG:
    case OP_THEN: case OP_THEN_ARG: case OP_COMMIT: case OP_COMMIT_ARG:
    case OP_CREF: case OP_DNCREF: case OP_RREF: case OP_DNRREF: case OP_FALSE: case OP_TRUE:
      return TRUE;
    case OP_COND:  /* (?(DEFINE)...) defines groups and matches nothing */
      return code[1 + LINK_SIZE] == OP_FALSE && code[GET(code, 1)] != OP_ALT;
    default:
      return is_lookaround(*code);
    }
}

/* The item after the one at `code`, as PCRE2's own find_bracket() steps through code. */
static PCRE2_SPTR next_item(PCRE2_SPTR code, BOOL utf)
{
  PCRE2_UCHAR op = *code;
  if (is_group(op))
    {
    do code += GET(code, 1); while (*code == OP_ALT);
    return code + PRIV(OP_lengths)[*code];  /* past the closing KET */
    }
  if (op == OP_XCLASS) return code + GET(code, 1);
  if (op == OP_CALLOUT_STR) return code + GET(code, 1 + 2*LINK_SIZE);
  switch (op)
    {
    case OP_TYPESTAR: case OP_TYPEMINSTAR: case OP_TYPEPLUS: case OP_TYPEMINPLUS:
    case OP_TYPEQUERY: case OP_TYPEMINQUERY: case OP_TYPEPOSSTAR: case OP_TYPEPOSPLUS:
    case OP_TYPEPOSQUERY:
      if (code[1] == OP_PROP || code[1] == OP_NOTPROP) code += 2;
      break;
    case OP_TYPEUPTO: case OP_TYPEMINUPTO: case OP_TYPEEXACT: case OP_TYPEPOSUPTO:
      if (code[1 + IMM2_SIZE] == OP_PROP || code[1 + IMM2_SIZE] == OP_NOTPROP) code += 2;
      break;
    case OP_MARK: case OP_COMMIT_ARG: case OP_PRUNE_ARG: case OP_SKIP_ARG: case OP_THEN_ARG:
      code += code[1];
      break;
    }
  code += PRIV(OP_lengths)[op];
  if (utf && op >= OP_CHAR && op <= OP_NOTPOSUPTOI && HAS_EXTRALEN(code[-1]))
    code += GET_EXTRALEN(code[-1]);
  return code;
}

enum side { START, END };

static BOOL group_anchored(PCRE2_SPTR group, enum side side, BOOL utf);

/* Whether the branch from `item` to `end` (its OP_ALT or OP_KET) is anchored at `side`. */
static BOOL branch_anchored(PCRE2_SPTR item, PCRE2_SPTR end, enum side side, BOOL utf)
{
  PCRE2_SPTR significant = NULL;
  BOOL optional = FALSE, pending_optional = FALSE;
  while (item < end)
    {
    if (is_optional_prefix(*item))
      {
      pending_optional = TRUE;
      item += PRIV(OP_lengths)[*item];
      continue;
      }
    if (!is_zero_width(item))
      {
      if (side == START && significant != NULL) break;
      significant = item;
      optional = pending_optional;
      }
    pending_optional = FALSE;
    item = next_item(item, utf);
    }
  if (significant == NULL || optional) return FALSE;
  switch (*significant)
    {
    case OP_SOD: case OP_SOM: case OP_CIRC: case OP_CIRCM:
      return side == START;
    case OP_EOD: case OP_EODN: case OP_DOLL: case OP_DOLLM:
      return side == END;
    case OP_BRA: case OP_BRAPOS: case OP_CBRA: case OP_CBRAPOS: case OP_ONCE:
    case OP_SCRIPT_RUN: case OP_COND:
      return group_anchored(significant, side, utf);
    default:
      return FALSE;  /* characters, classes, possibly-empty groups (OP_SBRA...), recursion */
    }
}

static BOOL group_anchored(PCRE2_SPTR group, enum side side, BOOL utf)
{
  /* A condition without a second branch may match nothing. */
  if (*group == OP_COND && group[GET(group, 1)] != OP_ALT) return FALSE;
  PCRE2_SPTR branch = group;
  do
    {
    PCRE2_SPTR end = branch + GET(branch, 1);
    if (!branch_anchored(branch + PRIV(OP_lengths)[*branch], end, side, utf)) return FALSE;
    branch = end;
    }
  while (*branch == OP_ALT);
  return TRUE;
}

/* (*ACCEPT) ends a match wherever it is, so a pattern using it is not anchored at the end. */
static BOOL uses_accept(PCRE2_SPTR code, BOOL utf)
{
  for (; *code != OP_END; code = is_group(*code) ? code + PRIV(OP_lengths)[*code]
                                                 : next_item(code, utf))
    if (*code == OP_ACCEPT) return TRUE;
  return FALSE;
}

/* The branch's one significant item when it is a group that must match; NULL otherwise. */
static PCRE2_SPTR only_group(PCRE2_SPTR item, PCRE2_SPTR end, BOOL utf)
{
  PCRE2_SPTR found = NULL;
  for (; item < end; item = next_item(item, utf))
    {
    if (is_optional_prefix(*item)) return NULL;
    if (is_zero_width(item)) continue;
    if (found != NULL) return NULL;
    found = item;
    }
  if (found == NULL) return NULL;
  switch (*found)
    {
    case OP_BRA: case OP_BRAPOS: case OP_CBRA: case OP_CBRAPOS: case OP_ONCE:
    case OP_SCRIPT_RUN: case OP_COND:
      return found;
    default:
      return NULL;
    }
}

/* Whether every way through the group is anchored at one end or the other (`^/a|/b$` is: a
   prefix or a suffix): each branch is anchored at the start or at the end, or is one group of
   which this holds. */
static BOOL group_anchored_somewhere(PCRE2_SPTR group, BOOL end_counts, BOOL utf)
{
  if (*group == OP_COND && group[GET(group, 1)] != OP_ALT) return FALSE;
  PCRE2_SPTR branch = group;
  do
    {
    PCRE2_SPTR first = branch + PRIV(OP_lengths)[*branch];
    PCRE2_SPTR end = branch + GET(branch, 1);
    if (!branch_anchored(first, end, START, utf) &&
        !(end_counts && branch_anchored(first, end, END, utf)))
      {
      PCRE2_SPTR only = only_group(first, end, utf);
      if (only == NULL || !group_anchored_somewhere(only, end_counts, utf)) return FALSE;
      }
    branch = end;
    }
  while (*branch == OP_ALT);
  return TRUE;
}

/* Bit 1: anchored at the start; bit 2: anchored at the end; bit 4: every way through it is
   anchored at one end or the other (set whenever bit 1 or 2 is). */
EXPORT(pp_anchoring) int pp_anchoring(const pcre2_code *compiled)
{
  const pcre2_real_code *re = (const pcre2_real_code *)compiled;
  BOOL utf = (re->overall_options & PCRE2_UTF) != 0;
  PCRE2_SPTR code = (PCRE2_SPTR)((const uint8_t *)re + sizeof(pcre2_real_code)) +
    re->name_entry_size * re->name_count;
  BOOL end_counts = !uses_accept(code, utf);
  BOOL start = (re->compile_options & PCRE2_ANCHORED) != 0 || group_anchored(code, START, utf);
  BOOL end = (re->overall_options & PCRE2_ENDANCHORED) != 0 ||
    (end_counts && group_anchored(code, END, utf));
  BOOL somewhere = start || end || group_anchored_somewhere(code, end_counts, utf);
  return (start ? 1 : 0) | (end ? 2 : 0) | (somewhere ? 4 : 0);
}
