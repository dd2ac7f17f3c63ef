import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema';
import { fileTestDatabase } from '../../../../test/test-db';
import { recordAudit, SYSTEM_ACTOR } from './record';

const t = fileTestDatabase();

describe('audit log', () => {
  it('writes the changed fields only, and nothing for an update that changed nothing', async () => {
    const actor = { type: 'staff' as const, id: 1, name: 'Admin', ip: '127.0.0.1' };
    expect(await recordAudit(t.db, actor, { action: 'update', entity: 'siteOption', entityId: 'probe', before: { a: 1, b: 'x' }, after: { a: 2, b: 'x' } })).toBe(true);
    expect(await recordAudit(t.db, actor, { action: 'update', entity: 'siteOption', entityId: 'probe', before: { a: 2 }, after: { a: 2 } })).toBe(false);
    // Compared states that did not change write nothing, even with a note of context; a note alone is written.
    expect(await recordAudit(t.db, actor, { action: 'update', entity: 'siteOption', entityId: 'probe', before: { a: 2 }, after: { a: 2 }, note: { productId: 1 } })).toBe(false);
    expect(await recordAudit(t.db, actor, { action: 'update', entity: 'siteOption', entityId: 'probe-note', note: { fileAdded: 'a.pdf' } })).toBe(true);
    const rows = await t.db.select().from(auditLog).where(sql`${auditLog.entityId} = 'probe'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: 'staff', actorId: 1, actorName: 'Admin', ip: '127.0.0.1', data: { changes: { a: { from: 1, to: 2 } } } });
  });

  it('is append-only: updates and deletes are refused', async () => {
    await recordAudit(t.db, SYSTEM_ACTOR, { action: 'create', entity: 'siteOption', entityId: 'probe2', after: { a: 1 } });
    await expect(t.db.execute(sql`update audit_log set action = 'x' where entity_id = 'probe2'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log where entity_id = 'probe2'`)).rejects.toThrow();
  });

  it('leaves no row when the change it belongs to fails', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, SYSTEM_ACTOR, { action: 'create', entity: 'siteOption', entityId: 'probe3', after: { a: 1 } });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const rows = await t.db.select().from(auditLog).where(sql`${auditLog.entityId} = 'probe3'`);
    expect(rows).toHaveLength(0);
  });
});
