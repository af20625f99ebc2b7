/**
 * How many pages with old content a run names in its report (the rest are counted): apart
 * from the repurger, so that the summary, which shows them, loads only this number.
 */
export const MAX_REPORTED_PAGES = 1000
