import { CHART_STYLE } from '../../engines/perf/report/perf-html-style.js';
import { pageColumnRule } from '../../engines/testing/report/report-page-width.js';
import { customProperties, DARK_COLOURS, LIGHT_COLOURS } from './theme-colours.js';

/**
 * The whole style sheet, inline (nothing is fetched). `<html data-theme>` carries the `theme:` of the
 * global config: `light`, `dark`, or `auto`, which follows the browser's preference. The classes of
 * the load and scan reports' sections (engines/perf/report/, engines/security/report/) are styled
 * here too, since the dashboard shows those sections as they are.
 */
export const DASHBOARD_STYLE = `
:root { color-scheme: light; ${customProperties(LIGHT_COLOURS)} }
:root[data-theme="dark"] { color-scheme: dark; ${customProperties(DARK_COLOURS)} }
@media (prefers-color-scheme: dark) { :root[data-theme="auto"] { color-scheme: dark; ${customProperties(DARK_COLOURS)} } }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--text); background: var(--back); margin: 0; }
a { color: var(--accent); text-underline-offset: .15em; }
a:focus-visible, summary:focus-visible, main:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 2px; }
.skip { position: absolute; left: 1rem; top: -3rem; background: var(--back); padding: .4rem .8rem; z-index: 1; }
.skip:focus { top: .5rem; }
header.site { border-bottom: 1px solid var(--line); padding: .6rem 1rem; display: flex; flex-wrap: wrap; gap: .3rem 2rem; align-items: baseline; }
header.site .brand { margin: 0; font-weight: 700; } header.site .brand span { font-weight: 400; color: var(--muted); overflow-wrap: anywhere; }
nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .2rem 1.2rem; }
nav a[aria-current="page"] { color: var(--text); font-weight: 700; text-decoration-thickness: 3px; }
main { padding-top: 1rem; padding-bottom: 3rem; }
${pageColumnRule('main')}
footer { border-top: 1px solid var(--line); color: var(--muted); padding: .6rem 1rem; font-size: .9rem; }
h1 { margin: .8rem 0 .3rem; overflow-wrap: anywhere; } h2 { margin-top: 2.2rem; border-bottom: 1px solid var(--line); } h3 { margin-top: 1.6rem; overflow-wrap: anywhere; }
h4 { margin: 0 0 .5rem; overflow-wrap: anywhere; } h5 { margin: 1rem 0 .3rem; font-size: 1rem; }
.meta, .muted { color: var(--muted); }
.note { background: var(--note); border-left: 4px solid var(--fail); padding: .6rem .9rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; } dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .5rem 0 1rem; min-width: 20rem; } caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { padding: .25rem .7rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; } .number { text-align: right; font-variant-numeric: tabular-nums; }
.table-scroll { overflow-x: auto; }
.pass { color: var(--pass); } .fail { color: var(--fail); font-weight: 600; } .skipped, .untested { color: var(--muted); }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
pre { background: var(--code); padding: .6rem .8rem; border-radius: .3rem; white-space: pre-wrap; margin: .3rem 0; max-height: 40rem; overflow: auto; }
pre.curl { user-select: all; }
figure { margin: 1rem 0 2rem; } figcaption { color: var(--muted); margin-top: .3rem; }
${CHART_STYLE}summary { cursor: pointer; color: var(--muted); }
.critical { --severity: var(--critical); } .high { --severity: var(--high); } .medium { --severity: var(--medium); } .low { --severity: var(--low); } .info { --severity: var(--info); }
.severity { color: var(--severity); font-weight: 600; }
article.finding, article.failure, .card { background: var(--surface); border: 1px solid var(--line); border-radius: .4rem; padding: .8rem 1rem; margin: 1rem 0; }
article.finding { border-left: 6px solid var(--severity); } article.failure { border-left: 6px solid var(--fail); }
.cards { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .8rem; }
.cards li { background: var(--surface); border: 1px solid var(--line); border-radius: .4rem; padding: .7rem .9rem; }
.cards h2 { margin: 0 0 .3rem; font-size: 1.1rem; border: 0; }
.transcript { list-style: none; padding: 0; margin: 1rem 0; }
.entry { background: var(--surface); border: 1px solid var(--line); border-left: 6px solid var(--line); border-radius: .4rem; padding: .5rem .9rem; margin: .6rem 0; }
.entry h3 { margin: 0 0 .3rem; font-size: 1rem; }
article.failure > h3, .card > h3 { margin-top: 0; }
.entry p { margin: .2rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.entry-user { border-left-color: var(--accent); } .entry-answer { border-left-color: var(--pass); } .entry-error, .entry-failed { border-left-color: var(--fail); }
.entry-thought { color: var(--muted); } .entry-thought h3 { font-style: italic; }
.entry .result-facts { font-weight: 600; font-variant-numeric: tabular-nums; }
.entry-run-end, .entry-note, .entry-session { background: transparent; border: 0; color: var(--muted); padding: .1rem .9rem; }
.diff .added { color: var(--pass); } .diff .removed { color: var(--fail); } .diff .hunk { color: var(--accent); }
.live { font-weight: 600; }
.session-columns { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1.2rem; align-items: start; }
@media (max-width: 60rem) { .session-columns { grid-template-columns: minmax(0, 1fr); } }
.server-log { position: sticky; top: .5rem; max-height: 95vh; overflow: auto; background: var(--surface); border: 1px solid var(--line); border-radius: .4rem; padding: .5rem .9rem; }
.server-log h2 { margin-top: .2rem; font-size: 1.1rem; }
.server-log-lines { font-size: .85rem; padding-left: 3.5rem; } .server-log-lines li { white-space: pre-wrap; overflow-wrap: anywhere; }
.server-log-lines .excerpt { background: var(--line); border-left: 4px solid var(--fail); } .server-log-lines .gap { list-style: none; color: var(--muted); }
.server-log-lines li:target { outline: 2px solid var(--accent); }
.markdown p { white-space: normal; margin: .4rem 0; } .markdown table { display: block; overflow-x: auto; min-width: 0; } .markdown h4, .markdown h5, .markdown h6 { margin: .8rem 0 .3rem; }
.legend { color: var(--muted); }
.matrix th.check { vertical-align: bottom; text-align: center; padding: .4rem .35rem; }
.matrix th.check span { display: inline-block; writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
.matrix th code { overflow-wrap: normal; white-space: nowrap; }
.matrix .matrix-mark { text-align: center; white-space: nowrap; }
`;
