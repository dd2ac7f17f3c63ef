import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands, companies, crmActivities, crmContacts, staff, supplierBrands, supplierContacts, suppliers } from '@/server/db/schema';
import { daysBefore } from './random';

/**
 * Demo CRM data (ADR 0038): the two registered companies owned in different teams (上海 by 周洁 of
 * 华东销售部, 北京 by 王磊 of 华北销售部), four prospects (one of each sales member, one of the manager
 * 李明, one in the pool nobody owns), levels, credit terms, tags, contacts (two of them registered
 * accounts) and calls, visits and notes on the timelines.
 */
export async function seedCustomers(tx: Db): Promise<{ crmProspects: number; crmContacts: number; crmActivities: number; suppliers: number }> {
  const members = await tx.select({ id: staff.id, login: staff.loginName, name: staff.name }).from(staff).where(inArray(staff.loginName, ['sales', 'sales2', 'manager']));
  const member = (login: string) => {
    const m = members.find((x) => x.login === login);
    if (!m) throw new Error(`Demo staff ${login} is missing`);
    return m;
  };
  const sales = member('sales');
  const sales2 = member('sales2');
  const manager = member('manager');
  const registered = await tx.select({ id: companies.id, name: companies.name }).from(companies).orderBy(companies.id).limit(2);
  const [shanghai, beijing] = registered;
  if (!shanghai || !beijing) throw new Error('Demo companies are missing');
  await tx.update(companies).set({ ownerStaffId: sales.id, level: 'A', creditDays: 30, creditLimit: '200000.00', tags: ['重点客户', '生物医药'], updatedAt: daysBefore(20) }).where(eq(companies.id, shanghai.id));
  await tx.update(companies).set({ ownerStaffId: sales2.id, level: 'B', creditDays: 60, creditLimit: '100000.00', tags: ['高校', '有机合成'], updatedAt: daysBefore(35) }).where(eq(companies.id, beijing.id));

  const prospects = await tx.insert(companies).values([
    { name: '杭州示例医药科技有限公司', crmKind: 'prospect', ownerStaffId: manager.id, level: 'B', creditDays: 0, creditLimit: '0', tags: ['医药', '展会线索'], phone: '0571-8802-6612', address: '杭州市滨江区江南大道 3888 号', createdAt: daysBefore(40), updatedAt: daysBefore(40) },
    { name: '苏州示例生物材料有限公司', crmKind: 'prospect', ownerStaffId: sales.id, level: 'C', tags: ['生物材料'], phone: '0512-6295-3301', address: '苏州工业园区星湖街 218 号', createdAt: daysBefore(25), updatedAt: daysBefore(25) },
    { name: '天津示例化工研究院', crmKind: 'prospect', ownerStaffId: sales2.id, level: 'C', tags: ['化工'], phone: '022-2378-4410', address: '天津市南开区鞍山西道 110 号', createdAt: daysBefore(18), updatedAt: daysBefore(18) },
    { name: '南京示例检测技术有限公司', crmKind: 'prospect', ownerStaffId: null, level: 'D', tags: ['官网留言'], phone: '025-8456-2290', address: '', createdAt: daysBefore(3), updatedAt: daysBefore(3) },
  ]).returning({ id: companies.id });
  const [hangzhou, suzhou, tianjin, nanjing] = prospects;
  if (!hangzhou || !suzhou || !tianjin || !nanjing) throw new Error('Prospects were not inserted');

  const contacts = await tx.insert(crmContacts).values([
    { companyId: shanghai.id, name: '王敏', phone: '13800138001', email: 'admin@demo.example.com', position: '实验室主任', createdAt: daysBefore(300) },
    { companyId: shanghai.id, name: '李娜', phone: '13800138002', email: '', position: '采购专员', createdAt: daysBefore(280) },
    { companyId: shanghai.id, name: '周倩', phone: '13800138777', email: 'qian.zhou@demo.example.com', position: '财务经理', createdAt: daysBefore(120) },
    { companyId: beijing.id, name: '刘洋', phone: '', email: 'buyer@univ.example.com', position: '课题组秘书', createdAt: daysBefore(200) },
    { companyId: hangzhou.id, name: '孙浩', phone: '13957100123', email: 'sun.hao@hz-pharma.example.com', position: '采购总监', createdAt: daysBefore(40) },
    { companyId: suzhou.id, name: 'Emily Chen', phone: '', email: 'emily.chen@sz-bio.example.com', position: 'Lab manager', createdAt: daysBefore(25) },
    { companyId: tianjin.id, name: '马骏', phone: '13602011456', email: '', position: '研究员', createdAt: daysBefore(18) },
    { companyId: nanjing.id, name: '郑丽', phone: '13770912345', email: '', position: '', createdAt: daysBefore(3) },
  ]).returning({ id: crmContacts.id });

  const activities = await tx.insert(crmActivities).values([
    { companyId: shanghai.id, kind: 'visit', happenedAt: daysBefore(30, 600), body: '拜访研发中心，了解下季度合成试剂需求，约定月底前报价。', staffId: sales.id, staffName: sales.name, createdAt: daysBefore(30, 500) },
    { companyId: shanghai.id, kind: 'call', happenedAt: daysBefore(12, 200), body: '电话确认 30 天账期与 20 万信用额度，客户财务已同意。', staffId: sales.id, staffName: sales.name, createdAt: daysBefore(12, 190) },
    { companyId: shanghai.id, kind: 'note', happenedAt: daysBefore(5, 60), body: '客户希望危化品单独开票，下单前需提醒。', staffId: manager.id, staffName: manager.name, createdAt: daysBefore(5, 60) },
    { companyId: beijing.id, kind: 'call', happenedAt: daysBefore(9, 300), body: '刘老师咨询无水溶剂的批量价格，已发送价目表。', staffId: sales2.id, staffName: sales2.name, createdAt: daysBefore(9, 290) },
    { companyId: hangzhou.id, kind: 'visit', happenedAt: daysBefore(38, 100), body: '展会上交换名片，对方在建新实验室，需要整套常规试剂。', staffId: manager.id, staffName: manager.name, createdAt: daysBefore(38, 90) },
    { companyId: suzhou.id, kind: 'call', happenedAt: daysBefore(20, 400), body: 'Emily 询问细胞培养耗材，安排下周寄样。', staffId: sales.id, staffName: sales.name, createdAt: daysBefore(20, 390) },
    { companyId: tianjin.id, kind: 'note', happenedAt: daysBefore(15, 50), body: '研究院采购走招标流程，需提前准备资质文件。', staffId: sales2.id, staffName: sales2.name, createdAt: daysBefore(15, 50) },
  ]).returning({ id: crmActivities.id });
  const brandIds = (await tx.select({ id: brands.id }).from(brands).orderBy(brands.id).limit(5)).map((b) => b.id);
  const made = await tx.insert(suppliers).values([
    { name: '上海示例化学品进出口有限公司', paymentDays: 30, paymentTerms: '月结 30 天，人民币结算，满 5000 元免运费', createdAt: daysBefore(600), updatedAt: daysBefore(60) },
    { name: 'Example Life Science Distribution GmbH', paymentDays: 60, paymentTerms: 'Net 60, EUR, FCA Hamburg', createdAt: daysBefore(420), updatedAt: daysBefore(90) },
  ]).returning({ id: suppliers.id });
  const [domestic, foreign] = made;
  if (!domestic || !foreign) throw new Error('Suppliers were not inserted');
  const links = [
    ...brandIds.slice(0, 3).map((brandId) => ({ supplierId: domestic.id, brandId })),
    ...brandIds.slice(3, 5).map((brandId) => ({ supplierId: foreign.id, brandId })),
  ];
  if (links.length) await tx.insert(supplierBrands).values(links);
  await tx.insert(supplierContacts).values([
    { supplierId: domestic.id, name: '黄建国', phone: '021-5888-1200', email: 'huang.jg@sh-chem.example.com', position: '销售经理' },
    { supplierId: foreign.id, name: 'Jonas Becker', phone: '+49 40 1234 5678', email: 'j.becker@example-ls.example.de', position: 'Key account manager' },
  ]);
  return { crmProspects: prospects.length, crmContacts: contacts.length, crmActivities: activities.length, suppliers: made.length };
}
