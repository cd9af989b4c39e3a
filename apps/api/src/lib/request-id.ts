import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';

/** What an incoming id may look like: short, printable, nothing a log line could be split on. */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** TRUST_PROXY as parsed by plugins/config.ts: off, on, a hop count, or an address list. */
export type TrustProxy = boolean | number | string;

/**
 * TRUST_PROXY for Fastify's `trustProxy`: an address list (addresses, CIDRs, `loopback`,
 * `linklocal`, `uniquelocal`) compiled once by proxy-addr, the matcher Fastify itself uses;
 * anything else passed through as is.
 */
export function trustProxyOption(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy === 'string') return compileTrust(trustProxy);
  // A number means "trust that many hops"; Fastify accepts it though its types omit it.
  return trustProxy as boolean;
}

type TrustFunction = (address: string, hop: number) => boolean;

function compileTrust(list: string): TrustFunction {
  return proxyAddr.compile(
    list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/**
 * Whether the peer that opened the socket is a proxy we trust: `true` or a hop count trusts
 * the peer (there is a proxy in front); a list trusts the addresses and CIDRs it names
 * (IPv4-mapped IPv6 peers included).
 */
export function trustedPeer(trustProxy: TrustProxy): (address?: string) => boolean {
  if (trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0)) return () => true;
  if (typeof trustProxy !== 'string') return () => false;
  const trust = compileTrust(trustProxy);
  return (address) => address !== undefined && trust(address, 0);
}

/**
 * Fastify's genReqId: the `x-request-id` a trusted proxy sent (so one id follows a request
 * through proxy and API logs), otherwise a fresh UUID. A client's own header is ignored unless
 * it came through a trusted proxy, and a malformed one always is.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (req: IncomingMessage) => string {
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
