import type { DbOrTx } from "../../db/index.js";

/**
 * oidc-provider storage in the application database (table `oidc_payloads`), so
 * sign-in sessions survive restarts and several processes can share them.
 * Rows past `expires_at` are ignored and purged from time to time.
 */
type Payload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

const PURGE_EVERY_MS = 10 * 60_000;

export function createAdapterFactory(db: DbOrTx) {
  let lastPurge = 0;

  function purgeSometimes() {
    const now = Date.now();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    db.deleteFrom("oidc_payloads")
      .where("expires_at", "<", new Date(now).toISOString())
      .execute()
      .catch(() => undefined);
  }

  return class KyselyAdapter {
    constructor(private readonly name: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: typeof payload.grantId === "string" ? payload.grantId : null,
        user_code: typeof payload.userCode === "string" ? payload.userCode : null,
        uid: typeof payload.uid === "string" ? payload.uid : null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      };
      await db
        .insertInto("oidc_payloads")
        .values({ kind: this.name, id, consumed_at: null, ...row })
        .onConflict((oc) => oc.columns(["kind", "id"]).doUpdateSet(row))
        .execute();
      purgeSometimes();
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string): Promise<Payload | undefined> {
      const row = await db
        .selectFrom("oidc_payloads")
        .select(["payload", "expires_at", "consumed_at"])
        .where("kind", "=", this.name)
        .where(column, "=", value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at && row.expires_at < new Date().toISOString()) return undefined;
      const payload = JSON.parse(row.payload) as Payload;
      if (row.consumed_at) payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
      return payload;
    }

    find(id: string) {
      return this.findWhere("id", id);
    }

    findByUid(uid: string) {
      return this.findWhere("uid", uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere("user_code", userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable("oidc_payloads")
        .set({ consumed_at: new Date().toISOString() })
        .where("kind", "=", this.name)
        .where("id", "=", id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom("oidc_payloads").where("kind", "=", this.name).where("id", "=", id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom("oidc_payloads").where("kind", "=", this.name).where("grant_id", "=", grantId).execute();
    }
  };
}
