/**
 * The dashboard's colours in each theme, as CSS custom properties (`--text` …). Every foreground
 * keeps a contrast of 4.5:1 or more (WCAG AA for text) on every background it is drawn on
 * (test/dashboard/pages/theme-colours.test.ts measures it); severities and outcomes are also named
 * in words, never told by colour alone.
 */
export interface ThemeColours {
  text: string;
  muted: string;
  accent: string;
  pass: string;
  fail: string;
  critical: string;
  high: string;
  medium: string;
  low: string;
  info: string;
  /** The page. */
  back: string;
  /** Cards: transcript entries, findings, failures. */
  surface: string;
  /** Code blocks: requests, responses, curl lines, tool output. */
  code: string;
  note: string;
  line: string;
  focus: string;
}

export const FOREGROUNDS = ['text', 'muted', 'accent', 'pass', 'fail', 'critical', 'high', 'medium', 'low', 'info'] as const satisfies ReadonlyArray<
  keyof ThemeColours
>;
export const BACKGROUNDS = ['back', 'surface', 'code', 'note'] as const satisfies ReadonlyArray<keyof ThemeColours>;

export const LIGHT_COLOURS: ThemeColours = {
  text: '#1b1b1b',
  muted: '#474747',
  accent: '#1f5fa8',
  pass: '#1b6b2a',
  fail: '#a3221b',
  critical: '#7a1712',
  high: '#9c2118',
  medium: '#7d4000',
  low: '#1a5192',
  info: '#474747',
  back: '#ffffff',
  surface: '#f7f7f8',
  code: '#eef0f2',
  note: '#fff4d6',
  line: '#c4c4c4',
  focus: '#1f5fa8',
};

export const DARK_COLOURS: ThemeColours = {
  text: '#ececec',
  muted: '#b8b8b8',
  accent: '#82b4ff',
  pass: '#86dd96',
  fail: '#ff9b91',
  critical: '#ffb4ab',
  high: '#ff9b91',
  medium: '#f0b15a',
  low: '#82b4ff',
  info: '#b8b8b8',
  back: '#121417',
  surface: '#191c20',
  code: '#1f2328',
  note: '#3a3116',
  line: '#3d434a',
  focus: '#82b4ff',
};

/** `--text: #1b1b1b; --muted: …` */
export function customProperties(colours: ThemeColours): string {
  return Object.entries(colours)
    .map(([name, value]) => `--${name}: ${value};`)
    .join(' ');
}
