/** How much of each long list the summary shows (shrunk until the summary fits). */
export interface ListLimits {
  readonly rows: number
  readonly items: number
}
