// Whether a base URL points at a server on this machine or this network, where LM Studio and
// llama.cpp servers run: only those are asked at their own endpoints (`/api/v0/models`, `/props`).

const LOCAL_SUFFIXES = ['.local', '.lan', '.internal', '.home.arpa', '.localhost'];

export function isLocalUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  if (!host.includes('.') && !host.includes(':')) return true; // a machine or container name: `gpu-box`, `vllm`
  return isPrivateIpv4(host) || isPrivateIpv6(host);
}

function isPrivateIpv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || a === 0;
}

function isPrivateIpv6(host: string): boolean {
  return host === '::1' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host);
}
