import { Injectable } from '@nestjs/common';
import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { EnvironmentVariables } from '../config/environment-variables';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Only globally routable unicast addresses: no loopback, private, link-local, CGNAT, multicast or reserved ranges. */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

const refusedAddress = (host: string, address: string) =>
  `${host} resolves to ${address}, which is not a public address (WEBHOOK_ALLOW_PRIVATE_TARGETS is off)`;

/**
 * The SSRF guard of DECISIONS §11: unless WEBHOOK_ALLOW_PRIVATE_TARGETS is on, a webhook may only
 * reach public addresses. It is checked when subscribing, and again on every connection the
 * delivery opens, after DNS resolution, so a name re-pointed at an internal address later is caught.
 */
@Injectable()
export class WebhookTargetPolicy {
  readonly allowsPrivateTargets: boolean;

  constructor(config: EnvironmentVariables) {
    this.allowsPrivateTargets = config.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  }

  /** Why the URL may not be a webhook target, or null when it may. */
  async refusal(url: string): Promise<string | null> {
    if (this.allowsPrivateTargets) return null;
    const host = hostOf(url);
    if (isIP(host)) return isPublicAddress(host) ? null : refusedAddress(host, host);
    try {
      const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
        dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
      );
      const refused = addresses.find(({ address }) => !isPublicAddress(address));
      return refused ? refusedAddress(host, refused.address) : null;
    } catch {
      return `${host} does not resolve`;
    }
  }

  /**
   * A `dns.lookup` for the delivery's sockets that fails on a non-public answer; undefined when
   * private targets are allowed. Literal IP hosts never reach a lookup, so the sender checks those
   * with `refusal` first.
   */
  connectionLookup(): typeof dnsLookup | undefined {
    if (this.allowsPrivateTargets) return undefined;
    const guarded = (host: string, options: LookupOptions, callback: LookupCallback) =>
      dnsLookup(host, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const refused = addresses.find(({ address }) => !isPublicAddress(address));
        if (refused) return callback(Object.assign(new Error(refusedAddress(host, refused.address)), { code: 'EREFUSEDTARGET' }), []);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      });
    return guarded as unknown as typeof dnsLookup;
  }
}

function hostOf(url: string): string {
  const { hostname } = new URL(url);
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}
