import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { inventoryContainers, type ContainerUnit } from '@/server/db/schema';

/** The demo users' ids and companies, for tests of the shelf. */
export async function demoPeople(db: Db): Promise<Record<'buyerA' | 'adminA' | 'approverA' | 'employeeA' | 'buyerB', { id: number; companyId: number }>> {
  const rows = rowsOf<{ id: number; company_id: number; login_name: string }>(await db.execute(sql`
    select id, company_id, login_name from users where login_name in
      ('buyer@demo.example.com', 'admin@demo.example.com', 'approver@demo.example.com', 'employee@demo.example.com', 'buyer@univ.example.com')`));
  const of = (login: string) => {
    const r = rows.find((x) => x.login_name === login)!;
    return { id: Number(r.id), companyId: Number(r.company_id) };
  };
  return {
    buyerA: of('buyer@demo.example.com'), adminA: of('admin@demo.example.com'), approverA: of('approver@demo.example.com'),
    employeeA: of('employee@demo.example.com'), buyerB: of('buyer@univ.example.com'),
  };
}

/** Grants the shelf's permissions to the roles that place orders, as migration 0027 does for existing roles. */
export async function grantShelf(db: Db): Promise<void> {
  await db.execute(sql`insert into role_permissions (role_id, permission)
    select distinct rp.role_id, p.code from role_permissions rp cross join (values ('INVENTORY.VIEW'), ('INVENTORY.EDIT')) as p(code)
    where rp.permission = 'SALE.CREATE' on conflict do nothing`);
}

/** A substance the catalogue sells in packs of mass, made to have two products, with its products' packs. */
export async function substanceWithPacks(db: Db): Promise<{ substanceId: number; packs: { packId: number; productId: number; size: string; price: string }[] }> {
  const [row] = rowsOf<{ substance_id: number }>(await db.execute(sql`
    select p.substance_id from products p join product_packs k on k.product_id = p.id
    where p.active and p.substance_id is not null and k.size ~ '^[0-9.]+ ?(g|kg|mg)$'
    group by p.substance_id having count(*) >= 3 order by p.substance_id limit 1`));
  // A second product of the substance (another product relabelled): a withdrawn product leaves another to reorder.
  await db.execute(sql`update products set substance_id = ${row!.substance_id} where id = (
    select p.id from products p join product_packs k on k.product_id = p.id
    where p.active and p.substance_id is distinct from ${row!.substance_id} and k.size ~ '^[0-9.]+ ?(g|kg|mg)$'
    group by p.id having count(*) >= 2 order by p.id limit 1)`);
  const packs = rowsOf<{ pack_id: number; product_id: number; size: string; price: string }>(await db.execute(sql`
    select k.id as pack_id, p.id as product_id, k.size, k.price::text as price from products p join product_packs k on k.product_id = p.id
    where p.active and p.substance_id = ${row!.substance_id} order by k.id`));
  return { substanceId: Number(row!.substance_id), packs: packs.map((p) => ({ packId: Number(p.pack_id), productId: Number(p.product_id), size: p.size, price: p.price })) };
}

let serial = 0;

/** A container on a company's shelf, inserted as a test needs it. */
export async function putContainer(db: Db, c: {
  companyId: number; productId?: number | null; packId?: number | null; substanceId?: number | null; remaining?: string; unit?: ContainerUnit;
  expiresOn?: string | null; retestOn?: string | null; ownerId?: number | null; departmentId?: number | null; state?: 'in_use' | 'empty' | 'disposed'; name?: string;
}): Promise<{ id: number; code: string }> {
  serial += 1;
  const code = `T${String(Date.now()).slice(-6)}${String(serial).padStart(4, '0')}`;
  const [row] = await db.insert(inventoryContainers).values({
    companyId: c.companyId, code, productId: c.productId ?? null, packId: c.packId ?? null, substanceId: c.substanceId ?? null,
    nameZh: c.name ?? '测试试剂', nameEn: c.name ?? 'Test reagent', amount: '1000', remaining: c.remaining ?? '100', unit: c.unit ?? 'g',
    expiresOn: c.expiresOn ?? null, retestOn: c.retestOn ?? null, ownerId: c.ownerId ?? null, departmentId: c.departmentId ?? null,
    state: c.state ?? 'in_use', source: 'manual', receivedOn: '2026-01-05',
  }).returning({ id: inventoryContainers.id });
  return { id: row!.id, code };
}
