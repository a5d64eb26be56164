// `link-check-external` never asks this machine or its private network (the review's SSRF finding):
// each host as `new URL()` writes it, the many spellings of one address included.
import { describe, expect, it } from 'vitest';
import { isPrivateHost } from '../src/util/private-host.ts';

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
