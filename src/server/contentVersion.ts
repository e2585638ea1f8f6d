/**
 * What the page cache knows of the newsroom's changes: public.content_version(), a token the
 * database moves in the same transaction as any change readers could see, and when a scheduled
 * article goes out (see the migration 20261207100000_public_content_version.sql), read by every
 * server instance every POLL_MS. A kept page is served only while the token read within the last
 * PROOF_MS is the one it was rendered under: when the database is too slow to answer, nothing kept
 * can be proven current.
 */

/** How often each server instance reads the version. */
export const POLL_MS = 1000;
/** How long a read of the version vouches for the pages kept under it. */
export const PROOF_MS = 5000;
/** A read slower than this counts as failed (the next one starts at once). */
export const READ_TIMEOUT_MS = 2000;

export class ContentVersion {
  private version: string | null = null;
  /** When the last successful read started: what it returned was true at least from then. */
  private readStartedAt = Number.NEGATIVE_INFINITY;
  private listeners = new Set<(version: string) => void>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Whether the last read failed (said once per outage). */
  private failing = false;

  constructor(
    private readonly read: (signal: AbortSignal) => Promise<string>,
    private readonly now: () => number = Date.now,
    private readonly proofMs = PROOF_MS,
  ) {}

  /** The version, when a read within the last PROOF_MS returned it; null when it cannot be vouched for. */
  current(): string | null {
    return this.version !== null && this.now() - this.readStartedAt <= this.proofMs ? this.version : null;
  }

  /** Called with the new version whenever it moves (the kept pages of the old one are dropped there). */
  onChange(listener: (version: string) => void): void {
    this.listeners.add(listener);
  }

  /** One read; a failure leaves the last version in place until it is too old to vouch for anything. */
  async poll(): Promise<void> {
    const startedAt = this.now();
    let version: string;
    try {
      version = await this.read(AbortSignal.timeout(READ_TIMEOUT_MS));
    } catch (error) {
      if (!this.failing)
        console.error('La version du contenu n’a pas pu être lue (les pages gardées ne partent que tant qu’elle est prouvée)', error);
      this.failing = true;
      return;
    }
    if (this.failing) console.error('La version du contenu est de nouveau lue');
    this.failing = false;
    const moved = version !== this.version;
    this.version = version;
    this.readStartedAt = Math.max(this.readStartedAt, startedAt);
    if (moved) for (const listener of this.listeners) listener(version);
  }

  /** Reads now, then every POLL_MS after each read ends, until stop(). The timer never keeps the process alive. */
  start(intervalMs = POLL_MS): Promise<void> {
    const loop = async () => {
      await this.poll();
      // poll() catches the read's own failures: nothing is left for the timer to wait on.
      if (!this.stopped) (this.timer = setTimeout(() => void loop(), intervalMs)).unref();
    };
    return loop();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
