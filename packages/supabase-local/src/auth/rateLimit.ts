import type { IncomingMessage } from 'node:http';
import type { AuthSettings } from '../supabaseConfig.ts';
import { socketAddress } from '../requestLimits.ts';
import { AuthError } from './errors.ts';

/** GoTrue gives every 5-minute limiter a burst of 30, whatever the configured rate. */
const BURST = 30;
/** Like tollbooth's expirable buckets in GoTrue: an address idle this long is forgotten. */
const IDLE_MS = 3600_000;
/** Beyond this many tracked addresses, idle ones are swept so a flood of addresses cannot grow memory. */
const SWEEP_AT = 10_000;

export type LimitedRoute = 'token' | 'signup' | 'recover' | 'user' | 'verify';

export const overRequestRateLimit = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

/**
 * The client's address as the gateway's socket sees it. Auth runs inside the gateway's process,
 * so this is the TCP peer itself; X-Forwarded-For is never read, because any client could send
 * one and so rotate through as many "addresses" as it likes.
 */
export function clientIp(req: IncomingMessage): string {
  return socketAddress(req) || 'unknown';
}

/** One token bucket per route and client IP: BURST at once, then `perFiveMinutes` refilled evenly. */
class Limiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(perFiveMinutes: number) {
    this.perMs = perFiveMinutes / 300_000;
  }

  take(key: string, now = Date.now()): boolean {
    if (this.buckets.size > SWEEP_AT) for (const [k, b] of this.buckets) if (now - b.at > IDLE_MS) this.buckets.delete(k);
    const b = this.buckets.get(key);
    const tokens = b ? Math.min(BURST, b.tokens + (now - b.at) * this.perMs) : BURST;
    const allowed = tokens >= 1;
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }
}

/** GoTrue's per-IP limits with config.toml's [auth.rate_limit] values; each route has its own buckets. */
export function createRateLimits(limits: AuthSettings['rateLimits']) {
  const limiters: Record<LimitedRoute, Limiter> = {
    token: new Limiter(limits.tokenRefresh),
    signup: new Limiter(limits.signInSignUps),
    recover: new Limiter(limits.signInSignUps),
    user: new Limiter(limits.signInSignUps),
    verify: new Limiter(limits.tokenVerifications),
  };
  return (route: LimitedRoute, req: IncomingMessage): void => {
    if (!limiters[route].take(clientIp(req))) throw overRequestRateLimit();
  };
}
