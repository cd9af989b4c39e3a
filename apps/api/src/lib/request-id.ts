import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** What an incoming id may look like: short, printable, nothing a log line could be split on. */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// The names proxy-addr (Fastify's trustProxy) accepts besides addresses and CIDRs.
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Whether the peer that opened the socket is a proxy we trust, under the same TRUST_PROXY
 * rules Fastify applies to X-Forwarded-For: `true` or a hop count trusts the peer (there is a
 * proxy in front); a list trusts the addresses and CIDRs it names.
 */
export function trustedPeer(trustProxy: boolean | number | string): (address?: string) => boolean {
  if (trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0)) return () => true;
  if (typeof trustProxy !== 'string') return () => false;
  const list = new BlockList();
  for (const raw of trustProxy
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    for (const entry of NAMED[raw] ?? [raw]) {
      const [ip = '', bits] = entry.split('/');
      const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
      if (!isIP(ip)) continue;
      if (bits === undefined) list.addAddress(ip, family);
      else list.addSubnet(ip, Number(bits), family);
    }
  }
  return (address) => {
    if (!address) return false;
    const ip = unmapped(address);
    return list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's genReqId: the `x-request-id` a trusted proxy sent (so one id follows a request
 * through proxy and API logs), otherwise a fresh UUID. A client's own header is ignored unless
 * it came through a trusted proxy, and a malformed one always is.
 */
export function requestIdGenerator(
  trustProxy: boolean | number | string,
): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (
      typeof incoming === 'string' &&
      VALID_ID.test(incoming) &&
      trusted(req.socket.remoteAddress)
    ) {
      return incoming;
    }
    return randomUUID();
  };
}
