import { pageColumnRule } from '../../testing/report/report-page-width.js';

/** The SVG charts' rules, over the page's `--text`, `--line` and `--accent` colours; the dashboard shows the same charts. */
export const CHART_STYLE = `
svg.chart { display: block; width: 100%; max-width: 40rem; height: auto; color: var(--text); }
svg.chart text { fill: currentColor; font-size: 12px; } svg.chart .axis-label { font-size: 13px; }
svg.chart .grid { stroke: var(--line); stroke-width: 1; } svg.chart .axis { stroke: currentColor; stroke-width: 1; }
svg.chart .bar { fill: var(--accent); } svg.chart .line { stroke: var(--accent); stroke-width: 2; fill: none; } svg.chart .dot { fill: var(--accent); }
`;

/**
 * The perf report's whole style sheet: the page is read offline, so nothing is fetched. Colours are
 * set for both schemes rather than left to the browser, so every text keeps a contrast of 7:1 or more
 * (4.5:1 for the pass and fail marks, which also differ by symbol).
 */
export const PERF_HTML_STYLE = `
:root { color-scheme: light dark; --text: #1b1b1b; --muted: #474747; --back: #ffffff; --line: #c4c4c4; --accent: #1f5fa8; --pass: #1b6b2a; --fail: #b3261e; --note: #fff4d6; }
@media (prefers-color-scheme: dark) {
  :root { --text: #ececec; --muted: #b8b8b8; --back: #121417; --line: #3d434a; --accent: #82b4ff; --pass: #86dd96; --fail: #ff9b91; --note: #3a3116; }
}
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--text); background: var(--back); margin-top: 2rem; margin-bottom: 2rem; }
${pageColumnRule('body')}
h1 { margin: 0 0 .25rem; overflow-wrap: anywhere; } h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--line); }
.meta { color: var(--muted); margin: 0 0 1rem; }
.note { background: var(--note); border-left: 4px solid var(--fail); padding: .6rem .9rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; } dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .5rem 0 1rem; min-width: 20rem; } caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { padding: .25rem .7rem; border-bottom: 1px solid var(--line); text-align: left; } .number { text-align: right; font-variant-numeric: tabular-nums; }
.pass { color: var(--pass); } .fail { color: var(--fail); font-weight: 600; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
figure { margin: 1rem 0 2rem; } figcaption { color: var(--muted); margin-top: .3rem; }
${CHART_STYLE}summary { cursor: pointer; color: var(--muted); }
`;
