// `link-check-external` never asks this machine or its private network (the review's SSRF finding):
// each host as `new URL()` writes it, the many spellings of one address included.
import { describe, expect, it } from 'vitest';
import { addressKey, isPrivateAddress, isPrivateHost } from '../src/util/private-host.ts';

const hostOf = (url: string) => new URL(url).hostname;

describe('isPrivateHost', () => {
  const blocked = [
    'http://localhost:8080/',
    'http://LOCALHOST./',
    'http://docs.localhost/',
    'http://127.0.0.1:9/',
    'http://127.255.1.2/',
    'http://2130706433/', // 127.0.0.1 as one number
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://0.0.0.0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[64:ff9b::169.254.169.254]/',
  ];
  it.each(blocked)('%s is private', (url) => expect(isPrivateHost(hostOf(url))).toBe(true));

  it('judges an IP literal as an address, a half-bracketed one as none (never asked), any other name as a name', () => {
    expect(isPrivateHost('[::1')).toBe(true);
    expect(isPrivateHost('[2001:db8::1]')).toBe(false);
    expect(isPrivateHost('8.8.8.8')).toBe(false);
    expect(isPrivateHost('10.0.0.1')).toBe(true);
    expect(isPrivateHost('intranet')).toBe(false);
  });

  const open = [
    'https://example.org/',
    'https://docs.readthedocs.io/',
    'http://8.8.8.8/',
    'http://172.32.0.1/',
    'http://169.255.0.1/',
    'http://[2001:db8::1]/',
    'http://[::ffff:8.8.8.8]/',
    'https://localhost.example.org/',
  ];
  it.each(open)('%s is not', (url) => expect(isPrivateHost(hostOf(url))).toBe(false));
});

// Issue 50's 2: the addresses a name resolves to, judged as the connection is made.
describe('isPrivateAddress', () => {
  const refused = [
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.255.255.255',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.168.0.1',
    '198.18.0.1',
    '198.19.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::127.0.0.1',
    '::10.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::8.8.8.8',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    'fc00::1',
    'fd00::5',
    'fdff:ffff::1',
    'fe80::1',
    'fe80::1%eth0',
    '[fe80::fc:ff:fe00:1%4]',
    'febf::1',
    'fec0::1',
    'ff02::1',
    'not an address',
    '1:2:3:4:5:6:7',
    '1::2::3',
    '::ffff:300.1.1.1',
    '12345::',
    '1:2:3:4:5:6:7::8:9',
    // Global unicast spelled wrong: seven groups, two `::`.
    '2001:2:3:4:5:6:7',
    '2001::2::3',
    // Not an IPv4 address: each part 1 to 3 digits, nothing else.
    '8.8.8.',
    '8.8.8.8 ',
    ' 8.8.8.8',
    '8.8.8.0008',
    '8.8.8.1e1',
    '8.8.8.0x8',
    // Outside global unicast (2000::/3): nothing public lives there.
    '::8.8.8.8',
    '::1:127.0.0.1',
    '0:0:0:0:1:ffff:808:808',
    '::fffe:808:808',
    '1:2:3:4:5:6:1.2.3.4',
    '64:1::8.8.8.8',
    '65:ff9b::808:808',
    '64:ff9a::808:808',
    '64:ff9b:0:0:0:1:808:808',
    '100::1',
    '1fff:ffff::1',
    '4000::1',
    'fbff::1',
    'fe7f::1',
  ];
  it.each(refused)('%s is not public', (address) => expect(isPrivateAddress(address)).toBe(true));

  const open = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.0.1.1',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:2800:220:1:248:1893:25c8:1946',
    '2001:db8::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '::ffff:8.8.0.1',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2000::1',
    '3fff:ffff::1',
    '2001:2:3:4:5:6:1.2.3.4',
    // A global address whose last groups read as 127.0.0.1 is no NAT64 or mapped one.
    '2001:ff9b::7f00:1',
    '2606:4700::6810:85e5',
  ];
  it.each(open)('%s is public', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('addressKey', () => {
  it('one spelling per address: IPv4 dotted, an IPv4-mapped one as its IPv4, IPv6 as eight groups', () => {
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(addressKey('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(addressKey('[::ffff:7f00:1]')).toBe('127.0.0.1');
    expect(addressKey('fe80::fc:ff:fe00:1%eth0')).toBe('fe80:0:0:0:fc:ff:fe00:1');
    expect(addressKey('FD00::2')).toBe('fd00:0:0:0:0:0:0:2');
    expect(addressKey('::127.0.0.1')).toBe('0:0:0:0:0:0:7f00:1');
    expect(addressKey('0:0:0:0:1:ffff:7f00:1')).toBe('0:0:0:0:1:ffff:7f00:1');
    expect(addressKey('example.org')).toBeUndefined();
    expect(addressKey('1.2.3')).toBeUndefined();
    expect(addressKey('1.2.3.256')).toBeUndefined();
    expect(addressKey('1.2.3.')).toBeUndefined();
    expect(addressKey('[::1')).toBeUndefined();
    expect(addressKey('1::1]')).toBeUndefined();
  });
});
