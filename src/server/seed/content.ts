import 'server-only';
import type { Db } from '@/server/db/client';
import { banners, contentCategories, contentItems, type ContentKind, type NewBanner, type NewContentItem } from '@/server/db/schema';
import { APPLICATIONS } from './content-applications';
import { CITATIONS } from './content-citations';
import { NEWS } from './content-news';
import { RESOURCES } from './content-resources';
import { SUPPORT } from './content-support';
import type { ContentSeed } from './content-types';
import { createRng, daysBefore, SEED } from './random';

const BANNERS: Omit<NewBanner, 'sort'>[] = [
  { position: 'home-slideshow', titleZh: '正品试剂 · 现货速发', titleEn: 'Genuine reagents, shipped from stock', subtitleZh: '5,000 余种常用试剂上海仓现货，工作日 16:00 前付款当天发货', subtitleEn: 'Over 5,000 common reagents in our Shanghai warehouse; paid by 16:00 on a working day, shipped the same day', link: '/product/index/hot' },
  { position: 'home-slideshow', titleZh: '授权品牌专区', titleEn: 'Authorised brands', subtitleZh: '与 30 余家国内外品牌直接合作，批次 COA 在线可查', subtitleEn: 'Direct partnerships with more than 30 brands, with lot COAs online', link: '/brand?type=1' },
  { position: 'home-slideshow', titleZh: '新品上架', titleEn: 'New arrivals', subtitleZh: '本月新增有机砌块、色谱耗材与分子生物学试剂', subtitleEn: 'New building blocks, chromatography consumables and molecular biology reagents this month', link: '/product/index/new' },
  { position: 'home-slideshow', titleZh: '科研采购一站式服务', titleEn: 'One-stop research purchasing', subtitleZh: '课题组审批、对公结算、增值税专用发票，一个账户全部搞定', subtitleEn: 'Group approvals, bank transfer and special VAT invoices from one account', link: '/support' },
  { position: 'home-why', titleZh: '品质保证', titleEn: 'Assured quality', subtitleZh: '每批产品附 COA，可按货号和批号在线查询', subtitleEn: 'Every lot has a COA you can look up by item and lot number', link: '/resources/index' },
  { position: 'home-why', titleZh: '快速配送', titleEn: 'Fast delivery', subtitleZh: '华东地区次日达，冷链产品全程温控', subtitleEn: 'Next-day delivery in East China, temperature-controlled cold chain', link: '/support' },
  { position: 'home-why', titleZh: '危化品合规', titleEn: 'Compliant hazardous goods', subtitleZh: '持危险化学品经营许可证，管制类化学品依规备案销售', subtitleEn: 'Licensed for hazardous chemicals; controlled chemicals sold with the required filings', link: '/support' },
  { position: 'home-why', titleZh: '专业技术支持', titleEn: 'Expert technical support', subtitleZh: '博士团队解答实验方案与产品选型问题', subtitleEn: 'PhD scientists answer questions on methods and product choice', link: '/applications' },
  { position: 'promotion', titleZh: '色谱耗材季末特惠', titleEn: 'End-of-season chromatography offer', subtitleZh: '指定色谱柱与样品瓶 8.5 折，满 2,000 元包邮', subtitleEn: '15% off selected columns and vials, free shipping over ¥2,000', link: '/product/index/special' },
  { position: 'promotion', titleZh: '新用户首单礼', titleEn: 'Welcome offer for new accounts', subtitleZh: '注册企业账户，首单满 500 元立减 50 元', subtitleEn: 'Register a company account and save ¥50 on a first order over ¥500', link: '/?login' },
];

const CATEGORIES: Record<ContentKind, [string, string][]> = {
  news: [['公司新闻', 'Company news'], ['行业资讯', 'Industry news'], ['促销活动', 'Promotions']],
  application: [['有机合成', 'Organic synthesis'], ['分析检测', 'Analytical testing'], ['细胞生物学', 'Cell biology'], ['分子生物学', 'Molecular biology'], ['蛋白质研究', 'Protein research']],
  citation: [['化学', 'Chemistry'], ['生命科学', 'Life sciences'], ['材料科学', 'Materials science']],
  support: [['订购指南', 'Ordering guide'], ['支付与发票', 'Payment and invoices'], ['物流配送', 'Shipping and delivery'], ['退换货', 'Returns and exchanges'], ['技术支持', 'Technical support'], ['危化品与合规', 'Hazardous goods and compliance']],
  resource: [['产品手册', 'Handbooks'], ['COA', 'COA'], ['MSDS', 'MSDS'], ['实验方案', 'Protocols']],
};

const ITEMS: Record<ContentKind, ContentSeed[]> = {
  news: NEWS, application: APPLICATIONS, citation: CITATIONS, support: SUPPORT, resource: RESOURCES,
};

const HEADINGS: Record<ContentKind, [string, string]> = {
  news: ['要点', 'Highlights'],
  application: ['操作要点', 'Key points'],
  citation: ['研究中使用的产品', 'Products used in this work'],
  support: ['详细说明', 'Details'],
  resource: ['内容概览', 'Contents'],
};

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function body(summary: string, heading: string, points: string[]): string {
  const items = points.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  return `<p>${escapeHtml(summary)}</p><h3>${escapeHtml(heading)}</h3><ul>${items}</ul>`;
}

export interface ContentCounts {
  banners: number;
  contentCategories: number;
  contentItems: number;
}

export async function seedContent(db: Db, brandIdByCode: ReadonlyMap<string, number>): Promise<ContentCounts> {
  await db.insert(banners).values(BANNERS.map((b, i) => ({ ...b, sort: (i + 1) * 10, imagePath: '' })));

  const categoryRows = (Object.keys(CATEGORIES) as ContentKind[]).flatMap((kind) =>
    CATEGORIES[kind].map(([nameZh, nameEn], i) => ({ kind, nameZh, nameEn, sort: (i + 1) * 10 })),
  );
  const inserted = await db.insert(contentCategories).values(categoryRows).returning({ id: contentCategories.id, kind: contentCategories.kind, sort: contentCategories.sort });
  const categoryId = (kind: ContentKind, index: number): number | null => {
    const row = inserted.find((r) => r.kind === kind && r.sort === (index + 1) * 10);
    return row?.id ?? null;
  };

  const rng = createRng(SEED).fork('content');
  const items: NewContentItem[] = [];
  for (const kind of Object.keys(ITEMS) as ContentKind[]) {
    const list = ITEMS[kind];
    const [headingZh, headingEn] = HEADINGS[kind];
    list.forEach((seed, i) => {
      // Newest first in list order, roughly a week apart, so "latest" lists look like a real feed.
      const publishedAt = daysBefore(i * 7 + rng.int(0, 6), rng.int(480, 1080));
      items.push({
        kind,
        categoryId: seed.category === null ? null : categoryId(kind, seed.category),
        brandId: seed.brand ? (brandIdByCode.get(seed.brand) ?? null) : null,
        titleZh: seed.zh.title,
        titleEn: seed.en.title,
        summaryZh: seed.zh.summary,
        summaryEn: seed.en.summary,
        bodyZh: body(seed.zh.summary, headingZh, seed.zh.points),
        bodyEn: body(seed.en.summary, headingEn, seed.en.points),
        source: seed.source?.[0] ?? '',
        sourceEn: seed.source?.[1] ?? '',
        filePath: seed.file ?? null,
        featured: seed.featured ?? false,
        // The seeded citations name real journals: they are shown as examples (ADR 0035).
        example: kind === 'citation',
        views: rng.int(40, 4800),
        publishedAt,
        sort: (i + 1) * 10,
      });
    });
  }
  await db.insert(contentItems).values(items);
  // A draft waiting for publication (ADR 0033): staff see and preview it, the storefront does not.
  await db.insert(contentItems).values({
    kind: 'news',
    categoryId: categoryId('news', 0),
    titleZh: '2027 年春节假期发货安排',
    titleEn: 'Shipping over the 2027 Spring Festival',
    summaryZh: '春节假期期间危险品暂停发货，普通试剂与冷链产品的发货日期将在节前公布。',
    summaryEn: 'Hazardous goods will not ship over the Spring Festival; shipping days for general reagents and cold-chain items follow before the holiday.',
    bodyZh: body('春节假期期间危险品暂停发货，普通试剂与冷链产品的发货日期将在节前公布。', HEADINGS.news[0], ['节前最后发货日待仓库确认', '假期期间在线客服正常值班']),
    bodyEn: body('Hazardous goods will not ship over the Spring Festival; shipping days for general reagents and cold-chain items follow before the holiday.', HEADINGS.news[1], ['The last shipping day before the holiday is being confirmed with the warehouse', 'Online customer service stays open during the holiday']),
    status: 'draft',
    publishedAt: daysBefore(0, 60),
    sort: (ITEMS.news.length + 1) * 10,
  });
  return { banners: BANNERS.length, contentCategories: categoryRows.length, contentItems: items.length + 1 };
}
