/**
 * Whether a host or an address is this machine or a network that is not the public internet:
 * loopback, private (RFC 1918), shared (100.64/10), link-local (cloud metadata: 169.254.169.254),
 * unspecified, multicast and reserved ranges, IPv6 outside global unicast (2000::/3: unique local
 * fc00::/7 among them), and IPv4 inside IPv6 (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::`, 6to4
 * `2002::`; compatible `::a.b.c.d` never public), in every spelling (`0x7f.1` as URL parsing writes it, `::ffff:7f00:1`, zones). `isPrivateHost` reads a
 * URL's host name as written (no name is looked up: `localhost` and names below it, IP literals);
 * `isPrivateAddress` judges an address a name resolved to, at the moment of connecting
 * (src/readthedocs/public-connect.ts). A pull request's page must never make a runner probe them
 * (`link-check-external`). Pure.
 */

/** IPv4 ranges as [first octet, second octet, prefix length] (none has more than two octets of prefix). */
const PRIVATE_V4: readonly [number, number, number][] = [
  [0, 0, 8], // "this network", the unspecified address
  [10, 0, 8],
  [100, 64, 10], // shared (carrier-grade NAT)
  [127, 0, 8],
  [169, 254, 16], // link-local
  [172, 16, 12],
  [192, 0, 24], // IETF protocol assignments (192.0.0.0/24)
  [192, 168, 16],
  [198, 18, 15], // benchmarking
  [224, 0, 3], // multicast, reserved and broadcast (224/4, 240/4)
];

/** `hostname` as `URL.hostname` gives it (IPv6 in brackets). */
export function isPrivateHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  // An IP literal is judged as an address (IPv6 in brackets); any other name is not one.
  return name.startsWith('[') || ipv4Of(name) !== undefined ? isPrivateAddress(name) : false;
}

/**
 * Whether an IP address (dotted IPv4, or IPv6 text with or without brackets and zone) is private in
 * the sense above; what is not an address at all counts as private (never connected to).
 */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4Of(address);
  if (v4 !== undefined) return isPrivateV4(v4);
  return isPrivateV6(bareV6(address));
}

/**
 * One spelling per address, to compare them: IPv4 dotted, IPv6 as its eight groups in hex (an
 * IPv4-mapped one as its IPv4); undefined when it is no address.
 */
export function addressKey(address: string): string | undefined {
  const v4 = ipv4Of(address);
  if (v4 !== undefined) return v4.join('.');
  const groups = ipv6Groups(bareV6(address));
  if (groups === undefined) return undefined;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return embeddedV4(groups).join('.');
  return groups.map((group) => group.toString(16)).join(':');
}

/** IPv6 text without its brackets and zone (`[fe80::1%eth0]` → `fe80::1`), lower case. */
function bareV6(text: string): string {
  const inner = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = inner.indexOf('%');
  return (zone < 0 ? inner : inner.slice(0, zone)).toLowerCase();
}

function ipv4Of(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function isPrivateV4(octets: readonly number[]): boolean {
  const value = ((octets[0]! << 24) >>> 0) + (octets[1]! << 16) + (octets[2]! << 8) + octets[3]!;
  return PRIVATE_V4.some(([a, b, bits]) => {
    const start = ((a << 24) >>> 0) + (b << 16);
    const size = 2 ** (32 - bits);
    return value >= start && value < start + size;
  });
}

/** The IPv4 address in the last 32 bits of an IPv6 one. */
function embeddedV4(groups: readonly number[]): number[] {
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff];
}

/**
 * Public is global unicast (2000::/3, all of IPv6 that is allocated for the internet) and an IPv4
 * reached through IPv6 that is public: mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4
 * `2002:aabb:ccdd::`. The rest is not: loopback `::1`, unspecified `::`, compatible `::a.b.c.d`,
 * NAT64 for local use (64:ff9b:1::/48), unique local (fc00::/7), link-local (fe80::/10),
 * site-local, multicast (ff00::/8), and the unallocated space between.
 */
function isPrivateV6(text: string): boolean {
  const groups = ipv6Groups(text);
  if (groups === undefined) return true; // not an address: never asked
  const [first, second, third] = groups as [number, number, number];
  const zeroFrom = (start: number, end: number) => groups.slice(start, end).every((group) => group === 0);
  if ((zeroFrom(0, 5) && groups[5] === 0xffff) || (first === 0x64 && second === 0xff9b && zeroFrom(2, 6))) {
    return isPrivateV4(embeddedV4(groups));
  }
  // 2002:aabb:ccdd::/48 (6to4) carries a.b.c.d in its second and third groups.
  if (first === 0x2002) return isPrivateV4([second >> 8, second & 0xff, third >> 8, third & 0xff]);
  return (first & 0xe000) !== 0x2000;
}

/** The eight groups of an IPv6 address's text (a dotted IPv4 tail read as two groups); undefined when it is none. */
function ipv6Groups(text: string): number[] | undefined {
  let body = text;
  const tail: number[] = [];
  const lastColon = body.lastIndexOf(':');
  // A dot only in the last group (a dotted IPv4 tail); one anywhere else makes no address.
  if (body.includes('.')) {
    const v4 = ipv4Of(body.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    // `::1.2.3.4` keeps its `::`; `a:b:…:1.2.3.4` loses the colon before the IPv4.
    body = body.endsWith('::', lastColon + 1) ? body.slice(0, lastColon + 1) : body.slice(0, lastColon);
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const parse = (half: string) =>
    half === '' ? [] : half.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? Number.parseInt(group, 16) : Number.NaN));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? [...parse(halves[1]!), ...tail] : [];
  const whole = halves.length === 2 ? head : [...head, ...tail];
  const missing = 8 - whole.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...whole, ...Array<number>(missing).fill(0), ...rest];
  return groups.some(Number.isNaN) ? undefined : groups;
}
