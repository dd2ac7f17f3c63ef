import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { OrderCompanyDto } from '@/contracts/orders';
import type { Db } from '@/server/db/client';
import { addresses, companies } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { hasValidPermit } from './submit';

/** What checkout needs of the company: invoice title and tax number, the address book, a permit on file. */
export async function getOrderCompany(db: Db, companyId: number): Promise<OrderCompanyDto> {
  const [company] = await db.select({ name: companies.name, taxNo: companies.taxNo }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError(404);
  const book = await db
    .select({ id: addresses.id, receiver: addresses.receiver, phone: addresses.phone, region: addresses.region, detail: addresses.detail, isDefault: addresses.isDefault })
    .from(addresses)
    .where(and(eq(addresses.companyId, companyId)))
    .orderBy(desc(addresses.isDefault), addresses.id);
  return { companyName: company.name, invoiceTitle: company.name, taxNo: company.taxNo, addresses: book, permitOnFile: await hasValidPermit(db, companyId) };
}
