/**
 * The order pad's limits (docs/pad.md "Limits"): requests per link and per address (HTTP 429 past them, with
 * `Retry-After`), the body size (413) and the order text (400, the `/order` bounds). Counted in this process's memory
 * (rate-limiter-flexible): several processes each count their own share.
 */
import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface WebLimits {
  /** Requests one link may make per window (every API call and page load counts one). */
  perLink: number;
  /** Requests one address may make per window (several players may share one address). */
  perAddress: number;
  windowSeconds: number;
  /** Largest request body, in bytes. */
  maxBodyBytes: number;
}

export const DEFAULT_WEB_LIMITS: WebLimits = {
  perLink: 120,
  perAddress: 600,
  windowSeconds: 60,
  maxBodyBytes: 16 * 1024,
};

export interface RateLimits {
  /**
   * Takes one request from the link's budget, then (when the link is within it) from the address's: 0 when allowed,
   * else seconds to wait.
   */
  take(link: string | null, address: string): Promise<number>;
}

/** A link is counted by a hash of its token, so the limiter never holds a token. */
export const linkKey = (token: string): string => createHash('sha256').update(token).digest('base64url').slice(0, 22);

export function rateLimits(limits: WebLimits): RateLimits {
  const byLink = new RateLimiterMemory({ points: limits.perLink, duration: limits.windowSeconds });
  const byAddress = new RateLimiterMemory({ points: limits.perAddress, duration: limits.windowSeconds });
  const wait = (e: unknown) => (e instanceof RateLimiterRes ? Math.max(1, Math.ceil(e.msBeforeNext / 1000)) : 1);
  return {
    async take(link, address) {
      try {
        // The link first: a link past its rate is refused without spending its address's budget, so one link's flood
        // never slows the other players behind the same address (a proxy, a home network; docs/pad.md "Limits").
        if (link !== null) await byLink.consume(linkKey(link));
        await byAddress.consume(address);
        return 0;
      } catch (e) {
        return wait(e);
      }
    },
  };
}
