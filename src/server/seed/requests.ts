import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { catalogFeedback, contactEnquiries, products, requestReplies, staff } from '@/server/db/schema';
import { daysBefore } from './random';

/**
 * Demo "could not find it" requests and contact-page enquiries for the staff list (ADR 0031), one of
 * each status, two answered by the sales member 周洁 (one by mail, one by telephone).
 */
export async function seedRequests(tx: Db): Promise<{ requests: number; enquiries: number }> {
  const [sales] = await tx.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.loginName, 'sales'));
  const named = await tx.select({ id: products.id, itemNo: products.itemNo }).from(products).where(inArray(products.cas, ['64-17-5', '67-64-1'])).orderBy(products.id).limit(1);
  const product = named[0];

  const feedback = await tx.insert(catalogFeedback).values([
    { searchKey: '5-溴-2-氟吡啶-3-甲醛', searchType: 3, contact: 'lin.xu@lab.example.edu.cn', note: '需要 5 g，纯度 97% 以上', lang: 'zh', status: 'new', createdAt: daysBefore(1, 95), updatedAt: daysBefore(1, 95) },
    { searchKey: '1186194-46-5', searchType: 2, contact: '13812345678', note: '有现货吗？', lang: 'zh', status: 'in_progress', createdAt: daysBefore(3, 40), updatedAt: daysBefore(2, 600) },
    { searchKey: 'Fmoc-L-Tyr(tBu)-Wang resin', searchType: 3, contact: 'm.weber@biolab.example.org', note: '25 g, loading 0.5–0.8 mmol/g', lang: 'en', status: 'answered', createdAt: daysBefore(6, 300), updatedAt: daysBefore(5, 800) },
    { searchKey: 'ZZ-9999', searchType: 1, contact: null, note: null, lang: 'zh', status: 'closed', createdAt: daysBefore(12, 10), updatedAt: daysBefore(11, 30) },
  ]).returning({ id: catalogFeedback.id, status: catalogFeedback.status });

  const enquiries = await tx.insert(contactEnquiries).values([
    { name: '王磊', company: '华东理工大学化学学院', email: 'wang.lei@ecust.example.edu.cn', phone: null, message: '请报价：无水乙醇 2.5 L × 12 瓶，需要开具增值税专用发票。', itemNo: product?.itemNo ?? null, productId: product?.id ?? null, lang: 'zh', status: 'new', createdAt: daysBefore(0, 180), updatedAt: daysBefore(0, 180) },
    { name: 'Anna Schmidt', company: 'Helix Bio (Suzhou) Ltd.', email: 'anna.schmidt@helixbio.example.com', phone: null, message: 'Do you ship dry-ice items to Suzhou on Fridays? We need a standing order of competent cells every month.', lang: 'en', status: 'answered', createdAt: daysBefore(4, 200), updatedAt: daysBefore(3, 700) },
    { name: '李娜', company: '上海某医药研发中心', email: null, phone: '021-5080-1234', message: '想了解贵司危险化学品的配送范围和资质文件。', lang: 'zh', status: 'answered', createdAt: daysBefore(2, 500), updatedAt: daysBefore(1, 900) },
  ]).returning({ id: contactEnquiries.id, status: contactEnquiries.status });

  const answeredFeedback = feedback.find((f) => f.status === 'answered');
  const [answeredEnquiry, calledEnquiry] = enquiries.filter((e) => e.status === 'answered');
  await tx.insert(requestReplies).values([
    ...(answeredFeedback ? [{ feedbackId: answeredFeedback.id, body: 'Thank you for your request. We can supply Fmoc-L-Tyr(tBu)-Wang resin (0.6 mmol/g) in 25 g packs within 10 working days; a quotation follows by e-mail.', mailedTo: 'm.weber@biolab.example.org', staffId: sales?.id ?? null, staffName: sales?.name ?? '', createdAt: daysBefore(5, 800) }] : []),
    ...(answeredEnquiry ? [{ enquiryId: answeredEnquiry.id, body: 'Yes: dry-ice shipments leave Shanghai Monday to Thursday so that they arrive before the weekend; a standing monthly order is welcome, we will call you to set it up.', mailedTo: 'anna.schmidt@helixbio.example.com', staffId: sales?.id ?? null, staffName: sales?.name ?? '', createdAt: daysBefore(3, 700) }] : []),
    ...(calledEnquiry ? [{ enquiryId: calledEnquiry.id, body: '已电话联系李女士，约定本周内寄送危化品经营许可证和配送范围说明。', mailedTo: null, staffId: sales?.id ?? null, staffName: sales?.name ?? '', createdAt: daysBefore(1, 900) }] : []),
  ]);
  return { requests: feedback.length, enquiries: enquiries.length };
}
