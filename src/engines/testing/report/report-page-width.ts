/** How wide the content of every HTML report (test, load, scan) and of the dashboard may grow: they read alike side by side. */
export const REPORT_PAGE_WIDTH = '72rem';

/** The rule for the element a page's content sits in: at most REPORT_PAGE_WIDTH wide, its padding included, centred. */
export function pageColumnRule(selector: string): string {
  return `${selector} { box-sizing: border-box; max-width: ${REPORT_PAGE_WIDTH}; margin-left: auto; margin-right: auto; padding-left: 1rem; padding-right: 1rem; }`;
}
