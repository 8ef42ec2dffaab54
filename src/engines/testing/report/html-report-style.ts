import { pageColumnRule } from './report-page-width.js';

/** The HTML report's whole style sheet: the file is read offline, so nothing is fetched. */
export const HTML_REPORT_STYLE = `
:root { color-scheme: light dark; --fail: #c62828; --pass: #2e7d32; --skip: #8a6d00; --line: #8884; --code: #8881; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin-top: 2rem; margin-bottom: 2rem; }
${pageColumnRule('body')}
h1 { margin-bottom: .25rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--line); } h3 { margin: 0 0 .5rem; }
.meta { color: #888; margin: 0 0 1rem; }
.tally { display: flex; flex-wrap: wrap; gap: .5rem; }
.tally span { border: 1px solid var(--line); border-radius: .4rem; padding: .3rem .8rem; }
.tally .failed { color: var(--fail); border-color: var(--fail); } .tally .passed { color: var(--pass); border-color: var(--pass); }
.tally .skipped { color: var(--skip); border-color: var(--skip); }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .25rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.number, th.number { text-align: right; }
article { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: .4rem; padding: 1rem; margin: 1rem 0; }
article.warning { border-left-color: var(--skip); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: 0 0 .5rem; } dt { color: #888; } dd { margin: 0; }
.findings li { margin: .2rem 0; } .findings code { color: var(--fail); }
h4 { margin: 1rem 0 .3rem; }
pre { background: var(--code); padding: .6rem .8rem; border-radius: .3rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; margin: .3rem 0; }
code { background: var(--code); padding: 0 .2rem; border-radius: .2rem; }
pre.curl { user-select: all; border-left: 3px solid var(--line); }
summary { cursor: pointer; color: #888; }
`;
