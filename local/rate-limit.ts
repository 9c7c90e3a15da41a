/**
 * A token bucket per client address, like the throttling of the HTTP API stage and of Cognito:
 * pre-login calls cannot be used to enumerate accounts at speed.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updated: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the caller may proceed; consumes one token. */
  take(key: string): boolean {
    const t = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updated: t };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((t - bucket.updated) / 1000) * this.perSecond);
    bucket.updated = t;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.buckets.clear();
    return allowed;
  }
}
