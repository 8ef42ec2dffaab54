import { styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

/** Styles text for a stream only when that stream shows colours (honours NO_COLOR and FORCE_COLOR). */
export function styleFor(stream: NodeJS.WriteStream): (style: Style, text: string) => string {
  const colours = stream.isTTY === true && stream.hasColors?.() === true;
  return (style, text) => (colours ? styleText(style, text) : text);
}
