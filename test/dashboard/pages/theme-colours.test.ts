import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, DARK_COLOURS, FOREGROUNDS, LIGHT_COLOURS, type ThemeColours } from '../../../src/dashboard/pages/theme-colours.js';
import { DASHBOARD_STYLE } from '../../../src/dashboard/pages/dashboard-style.js';

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe.each([
  ['light', LIGHT_COLOURS],
  ['dark', DARK_COLOURS],
] as Array<[string, ThemeColours]>)('the %s theme', (_name, colours) => {
  it('gives every text colour a contrast of at least 4.5:1 (WCAG AA) on every background', () => {
    const weak = FOREGROUNDS.flatMap((foreground) =>
      BACKGROUNDS.map((background) => ({ pair: `${foreground} on ${background}`, ratio: contrast(colours[foreground], colours[background]) })).filter(
        ({ ratio }) => ratio < 4.5,
      ),
    );
    expect(weak).toEqual([]);
  });

  it('gives the focus ring a contrast of at least 3:1 against the page (WCAG non-text contrast)', () => {
    expect(contrast(colours.focus, colours.back)).toBeGreaterThanOrEqual(3);
  });
});

describe('the style sheet', () => {
  it('sets both themes, auto by the browser’s preference', () => {
    expect(DASHBOARD_STYLE).toContain(`:root { color-scheme: light; --text: ${LIGHT_COLOURS.text};`);
    expect(DASHBOARD_STYLE).toContain(`:root[data-theme="dark"] { color-scheme: dark; --text: ${DARK_COLOURS.text};`);
    expect(DASHBOARD_STYLE).toContain(`@media (prefers-color-scheme: dark) { :root[data-theme="auto"] { color-scheme: dark; --text: ${DARK_COLOURS.text};`);
  });
});
