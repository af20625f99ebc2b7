/**
 * The parsed pattern: the flags the modifiers set and the tree the PCRE scanner builds, which
 * the match-all check and the anchoring warning both read.
 */
export interface PatternFlags {
  caseless: boolean
  multiline: boolean
  dotAll: boolean
  extended: boolean
  readonly dollarEndOnly: boolean
  readonly anchored: boolean
  readonly utf: boolean
}

export function flagsFromModifiers(modifiers: string): PatternFlags {
  return {
    caseless: modifiers.includes('i'),
    multiline: modifiers.includes('m'),
    dotAll: modifiers.includes('s'),
    extended: modifiers.includes('x'),
    dollarEndOnly: modifiers.includes('D'),
    anchored: modifiers.includes('A'),
    utf: modifiers.includes('u')
  }
}

/** `js` is undefined when JavaScript has no exact equivalent (the pattern is then not judged). */
export type ClassItem =
  | { readonly kind: 'char'; readonly codePoint: number }
  | { readonly kind: 'range'; readonly from: number; readonly to: number }
  | {
      readonly kind: 'set'
      readonly js: string | undefined
      /** \p{Lu}, [:lower:]: the set changes under the i flag, so it cannot be widened by hand. */
      readonly caseSensitive?: boolean
    }

export type Sequence = PcreNode[]
export type GroupRole = 'plain' | 'atomic' | 'lookahead' | 'lookbehind' | 'untranslatable'

export type PcreNode =
  | { readonly kind: 'char'; readonly codePoint: number; readonly caseless: boolean }
  | { readonly kind: 'set'; readonly js: string | undefined }
  | {
      readonly kind: 'class'
      readonly negated: boolean
      readonly items: ClassItem[]
      readonly caseless: boolean
    }
  | { readonly kind: 'assertion'; readonly anchor: 'start' | 'end' | 'none'; readonly js: string }
  | {
      readonly kind: 'group'
      readonly role: GroupRole
      readonly jsOpen: string
      readonly alternatives: Sequence[]
    }
  | {
      readonly kind: 'quantified'
      readonly node: PcreNode
      readonly min: number
      readonly max: number | undefined
      readonly lazy: boolean
      readonly possessive: boolean
      /** False for {,n}: a literal before PHP 8.4, a quantifier since. */
      readonly unambiguous: boolean
    }
  | { readonly kind: 'untranslatable' }
