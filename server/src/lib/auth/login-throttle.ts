/**
 * Throttles failed sign-ins in memory, per account and client address together, and per address.
 * An account is held back from one address for a short, growing pause after repeated failures
 * there (1 min after 5, doubling, at most 15 min), so a guesser is slowed while the real user, at
 * another address, is not locked out at all (OWASP ASVS 6.3); a success there clears it. An
 * address is held back after many failures across accounts within the window.
 */
export interface ThrottlePolicy {
  accountFailures: number;
  accountBaseLockMs: number;
  accountMaxLockMs: number;
  /** Failures across accounts after which the whole address is held back; null: never. */
  addressFailures: number | null;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  accountFailures: 5,
  accountBaseLockMs: 60_000,
  accountMaxLockMs: 15 * 60_000,
  addressFailures: 30,
  windowMs: 15 * 60_000,
};

/**
 * Readers' sign-ins (POST /reader-api/token/) are throttled apart from users', per serial and
 * address only: a site's readers share one address (a NAT, or a balancer without TRUST_PROXY), and
 * neither users' failures there nor a few misconfigured readers may stop the others' ingest. A
 * reader's secret is 24 random bytes, so spraying guesses across serials gains nothing that an
 * address-wide hold would have to stop.
 */
export const READER_THROTTLE: ThrottlePolicy = { ...DEFAULT_THROTTLE, addressFailures: null };

interface Entry {
  failures: number[];
  lockedUntil: number;
}

/** An account at one address (usernames compared without regard to case). */
const accountKey = (username: string, address: string) => `${username.toLowerCase()}\u0000${address}`;

export class LoginThrottle {
  private readonly accounts = new Map<string, Entry>();
  private readonly addresses = new Map<string, Entry>();

  constructor(
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt is allowed, or 0. */
  retryAfter(username: string, address: string): number {
    const t = this.now();
    const until = Math.max(
      this.accounts.get(accountKey(username, address))?.lockedUntil ?? 0,
      this.addresses.get(address)?.lockedUntil ?? 0,
    );
    return until > t ? Math.ceil((until - t) / 1000) : 0;
  }

  recordFailure(username: string, address: string): void {
    const t = this.now();
    const account = this.touch(this.accounts, accountKey(username, address), t);
    if (account.failures.length >= this.policy.accountFailures) {
      const extra = account.failures.length - this.policy.accountFailures;
      const lock = Math.min(this.policy.accountBaseLockMs * 2 ** extra, this.policy.accountMaxLockMs);
      account.lockedUntil = t + lock;
    }
    const limit = this.policy.addressFailures;
    if (limit !== null) {
      const addr = this.touch(this.addresses, address, t);
      if (addr.failures.length >= limit) addr.lockedUntil = (addr.failures[0] ?? t) + this.policy.windowMs;
    }
    this.sweep(t);
  }

  /**
   * A sign-in that succeeded from the address clears the account there; without an address (the
   * owner proved control otherwise, e.g. through a reset link) everywhere.
   */
  recordSuccess(username: string, address?: string): void {
    if (address !== undefined) {
      this.accounts.delete(accountKey(username, address));
      return;
    }
    const prefix = accountKey(username, '');
    for (const key of this.accounts.keys()) if (key.startsWith(prefix)) this.accounts.delete(key);
  }

  private touch(map: Map<string, Entry>, key: string, t: number): Entry {
    const entry = map.get(key) ?? { failures: [], lockedUntil: 0 };
    entry.failures = entry.failures.filter((f) => f > t - this.policy.windowMs);
    entry.failures.push(t);
    map.set(key, entry);
    return entry;
  }

  /** Keeps memory bounded: forget entries with no recent failure and no lock. */
  private sweep(t: number): void {
    if (this.accounts.size + this.addresses.size < 10_000) return;
    for (const map of [this.accounts, this.addresses]) {
      for (const [key, entry] of map) {
        if (entry.lockedUntil < t && entry.failures.every((f) => f <= t - this.policy.windowMs)) map.delete(key);
      }
    }
  }
}
