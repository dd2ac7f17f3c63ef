import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffMemberDto, StaffTeamDto } from '@/contracts/admin';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { expectWritesNothing, writeProbe, type WriteProbe } from '../../../../test/db-writes';

const h = fileApiHarness();
let admin = '';
let ops = '';
let sales = '';
let probe: WriteProbe;

beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
  ops = await h.loginStaff('ops', 'Ops#2026');
  sales = await h.loginStaff('sales', 'Sales#2026');
  probe = await writeProbe(h.db.db);
});

async function writesNothing(run: () => Promise<unknown>): Promise<void> {
  await expectWritesNothing(probe, run);
}

const teams = async (token = admin) => (await h.call('GET', '/api/admin/teams', { token })).body.data as StaffTeamDto[];

describe('teams', () => {
  it('lists the teams with manager and members, to STAFF.VIEW', async () => {
    const list = await teams(ops);
    expect(list.find((t) => t.nameZh === '华东销售部')).toMatchObject({ nameEn: 'East China Sales', managerName: '李明', members: 2 });
    expect(list.find((t) => t.nameZh === '华北销售部')).toMatchObject({ managerName: null, members: 1 });
    expect((await h.call('GET', '/api/admin/teams', { token: sales })).status).toBe(403);
    expect((await h.call('GET', '/api/admin/teams')).status).toBe(401);
  });

  it('adds, renames and names the manager of a team, audited; deletes it once empty', async () => {
    const [sales2] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from staff where login_name = 'sales2'`));
    const created = await h.call('POST', '/api/admin/teams', { token: admin, json: { nameZh: '华南销售部', nameEn: 'South China Sales', managerId: null, sort: 5 } });
    expect(created.status).toBe(200);
    const team = created.body.data as StaffTeamDto;
    const renamed = await h.call('PUT', `/api/admin/teams/${team.id}`, { token: admin, json: { nameZh: '华南大区', nameEn: 'South China', managerId: sales2!.id, sort: 5 } });
    expect(renamed.body.data).toMatchObject({ nameZh: '华南大区', managerName: '王磊', members: 0 });
    const audit = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = 'staffTeam' and entity_id = ${String(team.id)} order by id`));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    // A member moved in keeps the team from being deleted.
    const moved = await h.call('PUT', `/api/admin/staff/${sales2!.id}`, { token: admin, json: { name: '王磊', email: 'wang.lei@reagent.example.com', phone: '13900139236', roleIds: [], teamId: team.id } });
    expect(moved.status).toBe(200);
    expect((moved.body.data as StaffMemberDto).teamZh).toBe('华南大区');
    await writesNothing(async () => expect((await h.call('DELETE', `/api/admin/teams/${team.id}`, { token: admin })).status).toBe(409));
    const north = (await teams()).find((t) => t.nameZh === '华北销售部')!;
    const roles = rowsOf<{ id: number }>(await h.db.db.execute(sql`select role_id as id from staff_role_assignments where staff_id = ${sales2!.id}`));
    expect(roles).toEqual([]);
    const back = await h.call('PUT', `/api/admin/staff/${sales2!.id}`, { token: admin, json: { name: '王磊', email: 'wang.lei@reagent.example.com', phone: '13900139236', roleIds: [], teamId: north.id } });
    expect(back.status).toBe(200);
    expect((await h.call('DELETE', `/api/admin/teams/${team.id}`, { token: admin })).status).toBe(200);
    expect((await teams()).some((t) => t.id === team.id)).toBe(false);
  });

  it('refuses bad input and duplicate names, writing nothing; needs STAFF.EDIT', async () => {
    const east = (await teams()).find((t) => t.nameZh === '华东销售部')!;
    for (const json of [
      { nameZh: '', nameEn: 'x', managerId: null, sort: 0 },
      { nameZh: 'x'.repeat(51), nameEn: 'x', managerId: null, sort: 0 },
      { nameZh: '新团队', nameEn: 'New', managerId: 999999, sort: 0 },
      { nameZh: '新团队', nameEn: 'New', managerId: null, sort: -1 },
      { nameZh: '新团队', nameEn: 'New', managerId: null, sort: 0, extra: 1 },
    ]) {
      await writesNothing(async () => expect((await h.call('POST', '/api/admin/teams', { token: admin, json })).status, JSON.stringify(json)).toBe(400));
    }
    await writesNothing(async () => {
      expect((await h.call('POST', '/api/admin/teams', { token: admin, json: { nameZh: '华东销售部', nameEn: 'Dup', managerId: null, sort: 0 } })).status).toBe(409);
      expect((await h.call('POST', '/api/admin/teams', { token: ops, json: { nameZh: '新团队', nameEn: 'New', managerId: null, sort: 0 } })).status).toBe(403);
      expect((await h.call('PUT', `/api/admin/teams/${east.id}`, { token: ops, json: { nameZh: '改名', nameEn: 'x', managerId: null, sort: 0 } })).status).toBe(403);
      expect((await h.call('DELETE', `/api/admin/teams/${east.id}`, { token: ops })).status).toBe(403);
      expect((await h.call('DELETE', '/api/admin/teams/999999', { token: admin })).status).toBe(404);
      expect((await h.call('PUT', `/api/admin/staff/1`, { token: admin, json: { name: '系统管理员', roleIds: [1], teamId: 999999 } })).status).toBe(400);
    });
  });

  it('shows each member\'s team in the staff list', async () => {
    const list = (await h.call('GET', '/api/admin/staff?limit=50', { token: admin })).body.data as { items: StaffMemberDto[] };
    expect(list.items.find((s) => s.loginName === 'sales')).toMatchObject({ teamZh: '华东销售部', teamEn: 'East China Sales' });
    expect(list.items.find((s) => s.loginName === 'admin')).toMatchObject({ teamId: null });
  });
});
