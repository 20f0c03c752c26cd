import { Injectable, Logger } from '@nestjs/common';
import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { EnvironmentVariables } from '../config/environment-variables';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Only globally routable unicast addresses: no loopback, private, link-local, CGNAT, multicast or
 * reserved IPv4 ranges, and for IPv6 only 2000::/3 (IPv4-mapped addresses are judged as IPv4; the
 * deprecated IPv4-compatible ::a.b.c.d forms, ULA and the rest are refused).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_IPV6);
}

/**
 * One answer for every refused target, whatever the reason: telling "resolves to a private address"
 * from "does not resolve" would let a tenant probe which internal host names exist, and echoing the
 * address what they resolve to. The precise reason goes to the debug log only.
 */
export const refusedTarget = (host: string) =>
  `${host} is not an allowed webhook target: it must resolve to public addresses only (WEBHOOK_ALLOW_PRIVATE_TARGETS is off)`;

/**
 * The SSRF guard of DECISIONS §11: unless WEBHOOK_ALLOW_PRIVATE_TARGETS is on, a webhook may only
 * reach public addresses. It is checked when subscribing (every DNS answer), and on every connection
 * a delivery opens, inside the connection's own DNS lookup, so the address connected to is the one
 * checked and a name re-pointed at an internal address later is caught.
 */
@Injectable()
export class WebhookTargetPolicy {
  private readonly logger = new Logger(WebhookTargetPolicy.name);
  readonly allowsPrivateTargets: boolean;

  constructor(config: EnvironmentVariables) {
    this.allowsPrivateTargets = config.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  }

  /** At subscribe time: why the URL may not be a webhook target, or null when it may. */
  async refusal(url: string): Promise<string | null> {
    if (this.allowsPrivateTargets) return null;
    const host = hostOf(url);
    const reason = isIP(host) ? literalAddressProblem(host) : await resolvedAddressProblem(host);
    return reason === null ? null : this.refuse(host, reason);
  }

  /** At delivery, before connecting: a literal IP host never reaches `connectionLookup`. */
  literalRefusal(url: string): string | null {
    if (this.allowsPrivateTargets) return null;
    const host = hostOf(url);
    const reason = isIP(host) ? literalAddressProblem(host) : null;
    return reason === null ? null : this.refuse(host, reason);
  }

  /** A `dns.lookup` for the delivery's sockets that fails on any non-public answer; undefined when private targets are allowed. */
  connectionLookup(): typeof dnsLookup | undefined {
    if (this.allowsPrivateTargets) return undefined;
    const guarded = (host: string, options: LookupOptions, callback: LookupCallback) =>
      dnsLookup(host, { ...options, all: true }, (error, addresses) => {
        // A failed lookup is refused like a private answer: a dead letter's error must not tell them apart either.
        const reason = error ? `does not resolve (${error.code ?? error.message})` : privateAnswer(addresses);
        if (reason !== null) return callback(Object.assign(new Error(this.refuse(host, reason)), { code: 'EREFUSEDTARGET' }), []);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      });
    return guarded as unknown as typeof dnsLookup;
  }

  private refuse(host: string, reason: string): string {
    this.logger.debug(`Refused webhook target ${host}: ${reason}`);
    return refusedTarget(host);
  }
}

function literalAddressProblem(address: string): string | null {
  return isPublicAddress(address) ? null : 'not a public address';
}

/** Why a name may not be a target: it does not resolve, or one of its addresses is not public. */
async function resolvedAddressProblem(host: string): Promise<string | null> {
  try {
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );
    return privateAnswer(addresses);
  } catch (error) {
    return `does not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

function privateAnswer(addresses: LookupAddress[]): string | null {
  const refused = addresses.find(({ address }) => !isPublicAddress(address));
  return refused ? `resolves to ${refused.address}, not a public address` : null;
}

function hostOf(url: string): string {
  const { hostname } = new URL(url);
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}
