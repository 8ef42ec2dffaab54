/** At least `chars` characters (default 20,000) of Markdown as models write it about an API, the same every time. */
export function longMarkdownAnswer(chars?: number): string;
