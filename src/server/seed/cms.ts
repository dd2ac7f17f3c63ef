import 'server-only';
import { asc } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { banners, contentItems, contentItemTags, contentTags, siteBlocks, type NewBanner, type NewSiteBlock } from '@/server/db/schema';
import { BASE_DATE } from './random';

const BLOCKS: Omit<NewSiteBlock, 'updatedAt'>[] = [
  {
    key: 'about',
    titleZh: '关于优试剂',
    titleEn: 'About YouReagent',
    bodyZh:
      '<p>优试剂成立于 2012 年，总部位于上海漕河泾开发区，是一家面向高校、科研院所、医院和企业研发实验室的科研试剂与实验耗材供应商。</p>' +
      '<h3>我们做什么</h3><ul><li>经销 30 余家国内外试剂品牌，约 1300 万种产品可查可订</li><li>上海、北京、广州三地仓库，常用试剂现货当天发货</li><li>持有危险化学品经营许可证，易制毒、易制爆化学品依法备案销售</li><li>每批产品可按货号与批号查询 COA，中英文 SDS 在线下载</li></ul>' +
      '<h3>服务承诺</h3><p>正品保障、批次可追溯、冷链全程温控，为课题组提供审批下单、对公结算与增值税专用发票。</p>',
    bodyEn:
      '<p>Founded in 2012 and based in Shanghai’s Caohejing development zone, YouReagent supplies research reagents and laboratory consumables to universities, institutes, hospitals and company R&amp;D laboratories.</p>' +
      '<h3>What we do</h3><ul><li>Distribution for more than 30 reagent brands, with about 13 million products to search and order</li><li>Warehouses in Shanghai, Beijing and Guangzhou; common reagents ship from stock the same day</li><li>Licensed for hazardous chemicals; precursor and explosive-precursor chemicals are sold with the required filings</li><li>Lot COAs by item and lot number, and SDS downloads in Chinese and English</li></ul>' +
      '<h3>Our promise</h3><p>Genuine products, traceable lots and a temperature-controlled cold chain, with group approvals, bank-transfer payment and special VAT invoices for research groups.</p>',
  },
  {
    key: 'partners',
    titleZh: '合作伙伴',
    titleEn: 'Partners',
    bodyZh: '<p>我们与国内外知名试剂与仪器品牌直接合作，授权品牌产品享受原厂质保与技术支持。</p>',
    bodyEn: '<p>We work directly with leading reagent and instrument brands; products of authorised brands carry the manufacturer’s warranty and technical support.</p>',
  },
  {
    key: 'footer',
    titleZh: '上海优试剂生物科技有限公司',
    titleEn: 'YouReagent Biotech (Shanghai) Co., Ltd.',
    bodyZh: '<p>上海优试剂生物科技有限公司</p><p>地址：上海市徐汇区漕河泾开发区宜山路 1388 号 A 座 6 楼</p><p>服务时间：周一至周五 8:30–17:30</p><p>销售邮箱：<a href="mailto:sales@reagent.example.com">sales@reagent.example.com</a></p>',
    bodyEn: '<p>YouReagent Biotech (Shanghai) Co., Ltd.</p><p>6F, Building A, 1388 Yishan Road, Caohejing Development Zone, Xuhui District, Shanghai</p><p>Service hours: Monday to Friday 8:30–17:30 (China time)</p><p>Sales e-mail: <a href="mailto:sales@reagent.example.com">sales@reagent.example.com</a></p>',
  },
  {
    key: 'privacy',
    titleZh: '隐私政策（示例）',
    titleEn: 'Privacy policy (example)',
    bodyZh:
      '<p>本政策为演示站点的示例文本，不是真实商家的隐私政策。上线前请在后台“内容管理 → 关于我们 → 隐私政策”中替换为贵司经法务审核的文本。</p>' +
      '<h3>我们收集的信息</h3><ul><li>注册与登录：账号、手机号码或电子邮箱、单位名称</li><li>下单与开票：收货人、收货地址、联系电话、开票信息</li><li>使用本站：访问日志与搜索记录，用于统计和改进服务</li></ul>' +
      '<h3>我们如何使用</h3><p>仅用于处理订单、报价与售后、发送您要求的验证码和通知，以及履行法定义务（如危险化学品销售登记）。未经您同意，我们不会向第三方提供您的个人信息，法律法规另有规定的除外。</p>' +
      '<h3>保存与保护</h3><p>个人信息存储在中华人民共和国境内，保存至实现上述目的所需的期限；我们采取访问控制、加密传输等措施保护其安全。</p>' +
      '<h3>您的权利</h3><p>您可以查阅、更正、删除您的个人信息或注销账号，也可以撤回此前的同意。请通过联系页面或销售邮箱与我们联系，我们将在十五个工作日内答复。</p>',
    bodyEn:
      '<p>This is the example text of a demo site, not a real shop’s privacy policy. Before going live, replace it in the back-office (Content → About page → Privacy policy) with a text your legal advisers have checked.</p>' +
      '<h3>What we collect</h3><ul><li>Registration and sign-in: login, mobile number or e-mail address, organisation</li><li>Orders and invoices: recipient, delivery address, phone number, invoice details</li><li>Use of the site: access logs and searches, to count and improve the service</li></ul>' +
      '<h3>How we use it</h3><p>Only to handle orders, quotations and after-sales service, to send the codes and notices you ask for, and to meet legal duties (such as the records kept for hazardous chemicals). We give your personal information to no third party without your consent, unless the law requires it.</p>' +
      '<h3>Storage and protection</h3><p>Personal information is stored in the People’s Republic of China for as long as these purposes need; access control and encrypted connections protect it.</p>' +
      '<h3>Your rights</h3><p>You may see, correct or delete your personal information, close your account, or withdraw consent given before. Write to us through the contact page or the sales e-mail; we answer within fifteen working days.</p>',
  },
  {
    key: 'home-intro',
    titleZh: '为科研采购而生',
    titleEn: 'Built for research purchasing',
    bodyZh: '<p>从一瓶溶剂到一整套分子生物学试剂，按货号、CAS 号或名称即可找到；批次 COA、SDS 与实验方案随时下载，课题组审批与对公结算一个账户完成。</p>',
    bodyEn: '<p>From a bottle of solvent to a full molecular biology kit, find it by item number, CAS number or name; download lot COAs, SDS and protocols at any time, and run group approvals and bank-transfer payment from one account.</p>',
  },
  {
    key: 'contact',
    titleZh: '联系我们',
    titleEn: 'Contact us',
    bodyZh: '<p>欢迎通过电话、邮件或在线客服联系我们。询价、技术问题与售后服务将在一个工作日内答复。</p><p>地址：上海市徐汇区漕河泾开发区宜山路 1388 号 A 座 6 楼（邮编 200233）</p><p>服务时间：周一至周五 8:30–17:30（法定节假日除外）</p><p>来访请提前预约，园区停车场入口在宜山路。</p>',
    bodyEn: '<p>Call, e-mail or chat with us. Quotations, technical questions and after-sales requests are answered within one working day.</p><p>Address: 6F, Building A, 1388 Yishan Road, Caohejing Development Zone, Xuhui District, Shanghai 200233</p><p>Service hours: Monday to Friday 8:30–17:30 China time, except public holidays</p><p>Please book visits in advance; the car park entrance is on Yishan Road.</p>',
  },
];

const NEWS_BANNERS: Omit<NewBanner, 'sort'>[] = [
  { position: 'news-slideshow', titleZh: '2026 秋季科研采购季', titleEn: 'Autumn 2026 research purchasing season', subtitleZh: '千余种常用试剂限时优惠，课题组账户额外享受月结', subtitleEn: 'Offers on over a thousand common reagents, with monthly billing for group accounts', link: '/news/list' },
  { position: 'news-slideshow', titleZh: '新版网站上线', titleEn: 'Our new website is live', subtitleZh: 'CAS 号检索、批号查 COA、批量下单全面升级', subtitleEn: 'Better CAS search, COA lookup by lot and bulk ordering', link: '/news/index' },
  { position: 'news-poster', titleZh: '订阅新品通知', titleEn: 'Get new-product news', subtitleZh: '每月一封邮件，了解新品与促销', subtitleEn: 'One e-mail a month on new products and offers', link: '/contact/contact' },
  { position: 'news-poster', titleZh: '按批号查询 COA', titleEn: 'Find a COA by lot', subtitleZh: '输入货号和批号，即可下载分析证书', subtitleEn: 'Enter the item and lot number to download the certificate', link: '/resources/index/coa' },
];

/** Topics matched against the English title, so each item gets its tags deterministically. */
const TAGS: { slug: string; zh: string; en: string; match: RegExp }[] = [
  { slug: 'hplc', zh: '色谱', en: 'Chromatography', match: /chromatograph|hplc|lc-ms|column|solvent|gc\b/i },
  { slug: 'pcr', zh: 'PCR 与核酸', en: 'PCR and nucleic acids', match: /pcr|dna|rna|clon|nucleic|sequenc|primer/i },
  { slug: 'cell', zh: '细胞培养', en: 'Cell culture', match: /cell|serum|culture|organoid|transfect/i },
  { slug: 'protein', zh: '蛋白与抗体', en: 'Proteins and antibodies', match: /protein|antibod|western|elisa|immuno/i },
  { slug: 'synthesis', zh: '有机合成', en: 'Organic synthesis', match: /synthes|coupling|catal|building block|reaction|grignard/i },
  { slug: 'safety', zh: '安全与合规', en: 'Safety and compliance', match: /safety|hazard|sds|msds|ghs|controlled|toxic|precursor|licen/i },
  { slug: 'logistics', zh: '物流配送', en: 'Logistics', match: /ship|deliver|cold|dry ice|warehouse|logistic/i },
  { slug: 'offers', zh: '优惠活动', en: 'Offers', match: /offer|discount|save|promotion|% off|spend/i },
  { slug: 'quality', zh: '质量与 COA', en: 'Quality and COA', match: /coa|quality|lot|certificate|purity|iso/i },
];

export interface CmsCounts {
  siteBlocks: number;
  contentTags: number;
}

export async function seedCms(db: Db): Promise<CmsCounts> {
  await db.insert(siteBlocks).values(BLOCKS.map((b) => ({ ...b, updatedAt: BASE_DATE })));
  await db.insert(banners).values(NEWS_BANNERS.map((b, i) => ({ ...b, sort: (i + 1) * 10, imagePath: '' })));
  const tags = await db
    .insert(contentTags)
    .values(TAGS.map((t, i) => ({ slug: t.slug, nameZh: t.zh, nameEn: t.en, sort: (i + 1) * 10 })))
    .returning({ id: contentTags.id, slug: contentTags.slug });
  const tagId = new Map(tags.map((t) => [t.slug, t.id]));
  const items = await db.select({ id: contentItems.id, titleEn: contentItems.titleEn, summaryEn: contentItems.summaryEn }).from(contentItems).orderBy(asc(contentItems.id));
  const links = items.flatMap((item) =>
    TAGS.filter((t) => t.match.test(`${item.titleEn} ${item.summaryEn}`))
      .slice(0, 3)
      .map((t) => ({ contentId: item.id, tagId: tagId.get(t.slug) as number })),
  );
  if (links.length > 0) await db.insert(contentItemTags).values(links);
  return { siteBlocks: BLOCKS.length, contentTags: TAGS.length };
}
