import { describe, expect, it } from 'vitest';
import { dashboardSections, renderPage } from '../../../src/dashboard/pages/page-layout.js';
import { reportFaces } from '../../../src/dashboard/read/report-faces.js';

const frame = { sections: dashboardSections(await reportFaces()), theme: 'light' as const, projectRoot: '/home/ada/<shop>', nonce: 'n0nce' };

describe('renderPage', () => {
  it('has a skip link, header, navigation, main and footer landmarks, and marks the current section', () => {
    const html = renderPage({ title: 'Load runs', section: 'load', main: ['<p>x</p>'] }, frame);
    expect(html).toMatch(/<body>\n<a class="skip" href="#main">Skip to the content<\/a>\n<header class="site">/);
    expect(html).toContain('<nav aria-label="Dashboard sections">');
    expect(html).toContain('<li><a href="/load" aria-current="page">Load runs</a></li>');
    expect(html.match(/ aria-current="page">/g)).toHaveLength(1);
    expect(html).toContain('<main id="main" tabindex="-1">\n<h1>Load runs</h1>\n<p>x</p>\n</main>\n<footer>');
    expect(html).toContain('<html lang="en" data-theme="light">');
    expect(html).toContain('&lt;shop&gt;');
  });

  it('allows its style and its one script by the nonce, and fetches nothing', () => {
    const html = renderPage({ title: 'Session', section: 'sessions', main: [], script: 'go()' }, frame);
    expect(html).toContain('<style nonce="n0nce">');
    expect(html).toContain('<script nonce="n0nce">go()</script>');
    expect(html).not.toMatch(/<(?:link|script|img)[^>]+(?:href|src)="(?!data:|#|\/)/);
    expect(renderPage({ title: 'x', section: 'overview', main: [] }, frame)).not.toContain('<script');
  });
});
