// The server's token store (Redis on the real server): a well-signed token is only good while the
// store knows it, which is where 1506 (kicked) and 1507 (not in the store) come from.
// S@v3.8.3-patch.16:internal/rpc/auth/auth.go parseToken, pkg/common/storage/controller/auth.go CreateToken.

/**
 * How admin tokens are kept, which changed across versions:
 * - 'unstored' (v3.8.1 to v3.8.3-patch.16): never stored; any well-signed admin token is good until exp.
 * - 'stored' (v3.8.0): stored like a user's, so they can be kicked (1506) too.
 * - 'demoted' (main): stored; each new admin token for a user ID turns that ID's older ones into
 *   temporaries that live 5 minutes, then answer 1507.
 */
export type AdminTokenPolicy = 'unstored' | 'stored' | 'demoted';

export type StoreVerdict = 'ok' | 'kicked' | 'missing';

/** multiLogin.maxNumOneEnd of the default policy (S:config/share.yml): older tokens beyond it are kicked. */
export const MAX_TOKENS_PER_PLATFORM = 30;
/** Life of a demoted admin token on main (S@main:pkg/common/storage/cache/redis/token.go DeleteAndSetTemporary). */
export const TEMPORARY_TOKEN_MS = 5 * 60_000;

type State = 'normal' | 'kicked';

export class TokenStore {
  /** userID → platformID → token → state, in issue order (a Map keeps insertion order). */
  private readonly byUser = new Map<string, Map<number, Map<string, State>>>();
  /** Demoted admin tokens and when they stop working. */
  private readonly temporary = new Map<string, number>();

  constructor(
    private readonly policy: AdminTokenPolicy,
    private readonly isAdmin: (userID: string) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  private stored(userID: string): boolean {
    return !this.isAdmin(userID) || this.policy !== 'unstored';
  }

  private slot(userID: string, platformID: number): Map<string, State> {
    let platforms = this.byUser.get(userID);
    if (!platforms) this.byUser.set(userID, (platforms = new Map()));
    let tokens = platforms.get(platformID);
    if (!tokens) platforms.set(platformID, (tokens = new Map()));
    return tokens;
  }

  /** Records a token just issued, with what CreateToken does to the older ones. */
  issued(userID: string, platformID: number, token: string): void {
    if (!this.stored(userID)) return;
    this.pruneTemporaries();
    const tokens = this.slot(userID, platformID);
    // CreateToken deletes what is no longer normal: a kicked token then answers 1507, not 1506.
    for (const [old, state] of tokens) if (state !== 'normal') tokens.delete(old);
    if (this.isAdmin(userID) && this.policy === 'demoted') {
      for (const old of tokens.keys()) this.temporary.set(old, this.now() + TEMPORARY_TOKEN_MS);
      tokens.clear();
    } else {
      const excess = tokens.size + 1 - MAX_TOKENS_PER_PLATFORM;
      let kicked = 0;
      for (const old of tokens.keys()) if (kicked++ < excess) tokens.set(old, 'kicked');
    }
    tokens.set(token, 'normal');
  }

  check(userID: string, platformID: number, token: string): StoreVerdict {
    if (!this.stored(userID)) return 'ok';
    const state = this.byUser.get(userID)?.get(platformID)?.get(token);
    if (state === 'normal') return 'ok';
    if (state === 'kicked') return 'kicked';
    const until = this.temporary.get(token);
    if (until !== undefined && this.isAdmin(userID) && this.now() <= until) return 'ok';
    return 'missing';
  }

  /** As force_logout does: every stored token of the user answers 1506 from now on. */
  kick(userID: string): number {
    let count = 0;
    for (const tokens of this.byUser.get(userID)?.values() ?? []) {
      for (const token of tokens.keys()) {
        tokens.set(token, 'kicked');
        count++;
      }
    }
    return count;
  }

  /** As if the store lost them (deleted by a later login, or Redis flushed): they answer 1507. */
  forget(userID: string): number {
    let count = 0;
    for (const tokens of this.byUser.get(userID)?.values() ?? []) count += tokens.size;
    this.byUser.delete(userID);
    return count;
  }

  /** Jumps past the 5 minutes of every demoted admin token. */
  expireTemporaries(): void {
    this.temporary.clear();
  }

  private pruneTemporaries(): void {
    const now = this.now();
    for (const [token, until] of this.temporary) if (until < now) this.temporary.delete(token);
  }
}
