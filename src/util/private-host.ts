/**
 * Whether a link's host is this machine or its private network, as far as its text tells (no
 * name is looked up): `localhost` and names below it, and IP literals of loopback, private,
 * link-local (cloud metadata: 169.254.169.254), shared, unspecified and multicast ranges, in
 * the form URL parsing writes them (`0x7f.1` becomes `127.0.0.1`, IPv6 in brackets, compressed).
 * A pull request's page must never make a self-hosted runner probe them (`link-check-external`). Pure.
 */

/** IPv4 ranges as [first octets..., prefix length]. */
const PRIVATE_V4: readonly [number, number, number, number, number][] = [
  [0, 0, 0, 0, 8],
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10],
  [127, 0, 0, 0, 8],
  [169, 254, 0, 0, 16],
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24],
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15],
  [224, 0, 0, 0, 3], // multicast, reserved and broadcast (224/4, 240/4)
];

/** `hostname` as `URL.hostname` gives it. */
export function isPrivateHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name.startsWith('[') && name.endsWith(']')) return isPrivateV6(name.slice(1, -1));
  const v4 = ipv4Of(name);
  return v4 !== undefined && isPrivateV4(v4);
}

function ipv4Of(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function isPrivateV4(octets: readonly number[]): boolean {
  const value = ((octets[0]! << 24) >>> 0) + (octets[1]! << 16) + (octets[2]! << 8) + octets[3]!;
  return PRIVATE_V4.some(([a, b, c, d, bits]) => {
    const start = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
    const size = 2 ** (32 - bits);
    return value >= start && value < start + size;
  });
}

/** Loopback, unspecified, unique local (fc00::/7), link-local (fe80::/10), multicast, and IPv4 inside IPv6. */
function isPrivateV6(text: string): boolean {
  const groups = ipv6Groups(text);
  if (groups === undefined) return true; // not one URL parsing writes: never asked
  const [first] = groups as [number];
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00) return true;
  const embedded = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  // ::, ::1 and ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), 64:ff9b::a.b.c.d (NAT64).
  if (zeroTo(6) || (zeroTo(5) && groups[5] === 0xffff)) return zeroTo(8) || (groups[7] === 1 && zeroTo(7)) || isPrivateV4(embedded);
  if (first === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return isPrivateV4(embedded);
  return false;
}

function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (half: string) =>
    half === '' ? [] : half.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? Number.parseInt(group, 16) : Number.NaN));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.some(Number.isNaN) ? undefined : groups;
}
