/** A one-line view of a tool call for progress output: `http_request GET http://…`. */
export function describeCall(name: string, args: unknown, width = 100): string {
  const summary = args && typeof args === 'object' ? summarizeArgs(args as Record<string, unknown>) : '';
  const line = summary ? `${name} ${summary}` : name;
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

function summarizeArgs(args: Record<string, unknown>): string {
  return Object.values(args)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map((value) => String(value).replace(/\s+/g, ' '))
    .join(' ');
}
