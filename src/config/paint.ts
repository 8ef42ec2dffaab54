/** Colours text for the terminal, or not (NO_COLOR, pipes); the CLI decides which. */
export type Paint = (style: 'bold' | 'dim' | 'green' | 'red' | 'yellow', text: string) => string;

export const plainText: Paint = (_style, text) => text;
