/** The OWASP API Security Top 10 (2023): each entry's title and the page that explains it. */
const OWASP_API_TOP_TEN: Record<string, { title: string; page: string }> = {
  'API1:2023': { title: 'Broken Object Level Authorization', page: '0xa1-broken-object-level-authorization' },
  'API2:2023': { title: 'Broken Authentication', page: '0xa2-broken-authentication' },
  'API3:2023': { title: 'Broken Object Property Level Authorization', page: '0xa3-broken-object-property-level-authorization' },
  'API4:2023': { title: 'Unrestricted Resource Consumption', page: '0xa4-unrestricted-resource-consumption' },
  'API5:2023': { title: 'Broken Function Level Authorization', page: '0xa5-broken-function-level-authorization' },
  'API6:2023': { title: 'Unrestricted Access to Sensitive Business Flows', page: '0xa6-unrestricted-access-to-sensitive-business-flows' },
  'API7:2023': { title: 'Server Side Request Forgery', page: '0xa7-server-side-request-forgery' },
  'API8:2023': { title: 'Security Misconfiguration', page: '0xa8-security-misconfiguration' },
  'API9:2023': { title: 'Improper Inventory Management', page: '0xa9-improper-inventory-management' },
  'API10:2023': { title: 'Unsafe Consumption of APIs', page: '0xaa-unsafe-consumption-of-apis' },
};

export interface Reference {
  /** `API1:2023 Broken Object Level Authorization`, `CWE-639`. */
  name: string;
  url?: string;
}

/** An OWASP API Top 10 id with its title and page; an id it does not know is kept as it is. */
export function owaspReference(id: string): Reference {
  const entry = Object.hasOwn(OWASP_API_TOP_TEN, id) ? OWASP_API_TOP_TEN[id] : undefined;
  return entry ? { name: `${id} ${entry.title}`, url: `https://owasp.org/API-Security/editions/2023/en/${entry.page}/` } : { name: id };
}

/** `CWE-639` with its MITRE page. */
export function cweReference(id: string): Reference {
  const number = /^CWE-(\d+)$/.exec(id)?.[1];
  return number ? { name: id, url: `https://cwe.mitre.org/data/definitions/${number}.html` } : { name: id };
}
