/** A simple JSONPath (`$.a.b[0].c`) as the path k6's `response.json()` takes (`a.b.0.c`); undefined for filters, wildcards or `..`. */
export function k6JsonPath(jsonPath: string): string | undefined {
  if (!/^\$(\.[A-Za-z_$][\w$-]*|\[\d+\]|\[(['"])[^'"]+\2\])+$/.test(jsonPath)) return undefined;
  const parts = [...jsonPath.slice(1).matchAll(/\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[(['"])([^'"]+)\3\]/g)].map((match) => match[1] ?? match[2] ?? match[4]!);
  return parts.map((part) => part.replace(/[.*?\\]/g, '\\$&')).join('.');
}
