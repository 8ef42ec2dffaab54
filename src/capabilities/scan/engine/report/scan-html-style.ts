import { PERF_HTML_STYLE } from '../../../../engines/perf/report/perf-html-style.js';

/**
 * The load-test report's style sheet and what a scan report adds: the evidence blocks and a colour
 * per severity. Every severity keeps a contrast of 7:1 or more in both schemes, on the page and in a
 * code block, and is named in words as well, never told by colour alone.
 */
export const SCAN_HTML_STYLE = `${PERF_HTML_STYLE}
:root { --code: #f2f3f5; --critical: #7a1712; --high: #9c2118; --medium: #8a4600; --low: #1a5192; --info: #474747; }
@media (prefers-color-scheme: dark) {
  :root { --code: #1c2025; --critical: #ffb4ab; --high: #ff9b91; --medium: #f0b15a; --low: #82b4ff; --info: #b8b8b8; }
}
a { color: var(--accent); }
h3 { margin-top: 2rem; } h4 { margin: 0 0 .5rem; overflow-wrap: anywhere; } h5 { margin: 1rem 0 .3rem; font-size: 1rem; }
.critical { --severity: var(--critical); } .high { --severity: var(--high); } .medium { --severity: var(--medium); } .low { --severity: var(--low); } .info { --severity: var(--info); }
.severity { color: var(--severity); font-weight: 600; }
article.finding { border: 1px solid var(--line); border-left: 6px solid var(--severity); border-radius: .4rem; padding: .8rem 1rem; margin: 1rem 0; }
pre { background: var(--code); padding: .6rem .8rem; border-radius: .3rem; white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0; font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
pre.curl { user-select: all; }
`;
