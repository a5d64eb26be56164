// A loopback UDP DNS server whose answers a test scripts per question: addresses, NXDOMAIN,
// SERVFAIL, an empty answer, or silence (the query's timeout then runs out). It speaks just enough
// DNS for c-ares' `resolve4`/`resolve6`: one question per query, answered with A or AAAA records
// (no compression but the pointer to the question, no EDNS), and records every question it is asked.
import { createSocket } from 'node:dgram';
import { isIPv4 } from 'node:net';

interface DnsQuestion {
  /** Lower case, without the final dot. */
  name: string;
  type: 'A' | 'AAAA' | number;
}

/** `addresses` of the question's family (an empty list: NOERROR with no answer); a failure's rcode; no reply at all. */
export type DnsReply = { addresses: string[] } | { rcode: 'NXDOMAIN' | 'SERVFAIL' } | 'silence';

/** Answers one question, at once or later (a test holds a reply by returning a promise it settles). */
export type DnsScript = (question: DnsQuestion) => DnsReply | Promise<DnsReply>;

export interface DnsResponder {
  /** For `Resolver#setServers`: `127.0.0.1:PORT`. */
  server: string;
  /** Every question asked, in order (retries too). */
  questions: DnsQuestion[];
  close(): Promise<void>;
}

const TYPES: Record<number, 'A' | 'AAAA'> = { 1: 'A', 28: 'AAAA' };
const RCODES = { NXDOMAIN: 3, SERVFAIL: 2 } as const;

export async function dnsResponder(script: DnsScript): Promise<DnsResponder> {
  const questions: DnsQuestion[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const parsed = parseQuery(query);
    if (parsed === undefined) return;
    questions.push(parsed.question);
    void Promise.resolve(script(parsed.question)).then((reply) => {
      if (reply === 'silence') return;
      socket.send(answer(query, parsed.end, parsed.question, reply), peer.port, peer.address);
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    server: `127.0.0.1:${socket.address().port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** The question of a query and where it ends (the type and class included). */
function parseQuery(query: Buffer): { question: DnsQuestion; end: number } | undefined {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let at = 12;
  while (at < query.length && query[at] !== 0) {
    const length = query[at]!;
    labels.push(query.toString('latin1', at + 1, at + 1 + length));
    at += 1 + length;
  }
  if (at + 5 > query.length) return undefined;
  const code = query.readUInt16BE(at + 1);
  return { question: { name: labels.join('.').toLowerCase(), type: TYPES[code] ?? code }, end: at + 5 };
}

function answer(query: Buffer, end: number, question: DnsQuestion, reply: Exclude<DnsReply, 'silence'>): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  const rd = query[2]! & 0x01;
  header[2] = 0x84 | rd; // a response, authoritative, recursion desired as asked
  header[3] = 0x80 | ('rcode' in reply ? RCODES[reply.rcode] : 0); // recursion available, rcode
  header.writeUInt16BE(1, 4);
  const records = 'addresses' in reply ? reply.addresses.map((address) => record(question, address)) : [];
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.subarray(12, end), ...records]);
}

function record(question: DnsQuestion, address: string): Buffer {
  const data = question.type === 'A' ? Buffer.from(address.split('.').map(Number)) : v6Bytes(address);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0); // the question's name
  fixed.writeUInt16BE(question.type === 'A' ? 1 : 28, 2);
  fixed.writeUInt16BE(1, 4); // IN
  fixed.writeUInt32BE(60, 6);
  fixed.writeUInt16BE(data.length, 10);
  return Buffer.concat([fixed, data]);
}

/** An IPv6 address's 16 bytes (`::` and a dotted IPv4 tail understood). */
function v6Bytes(address: string): Buffer {
  const [head = '', tail] = address.split('::');
  const groups = (text: string | undefined) =>
    text === undefined || text === ''
      ? []
      : text.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const front = groups(head);
  const back = groups(tail);
  const all = tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = Buffer.alloc(16);
  for (const [index, group] of all.entries()) bytes.writeUInt16BE(group, index * 2);
  return bytes;
}
