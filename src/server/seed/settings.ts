import 'server-only';
import { count } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products, webSettings, type NewWebSetting } from '@/server/db/schema';
import { BASE_DATE } from './random';

/**
 * Web settings by their numeric type (docs/requirements/storefront.md#web-settings); the storefront header and footer read these. The demo's
 * English-site address is this site's own /en, as a path so that it follows whatever host and port serve
 * the site (a bare host there would serve that host in English);
 * no chat provider is configured (type 6), so the chat links lead to the contact page's service numbers. The phone
 * numbers and the licence numbers (types 10–12) are clearly fictional.
 */
const webSettingRows = (): Omit<NewWebSetting, 'sort' | 'updatedAt'>[] => [
  { type: 1, content: '/en', labelZh: '英文站地址', labelEn: 'English site' },
  { type: 2, content: '400-000-0000', labelZh: '全国服务热线', labelEn: 'Hotline' },
  { type: 3, content: '021-0000-0000', labelZh: '技术支持热线', labelEn: 'Technical support line' },
  { type: 4, content: '800 000 000', labelZh: '在线客服 QQ', labelEn: 'Customer-service chat number' },
  { type: 5, content: 'sales@reagent.example.com', labelZh: '销售邮箱', labelEn: 'Sales e-mail' },
  {
    type: 7,
    content: '上海市徐汇区漕河泾开发区宜山路 1388 号 A 座 6 楼',
    labelZh: '公司地址',
    labelEn: 'Company address',
  },
  { type: 8, content: 'https://weixin.qq.com/r/reagent-demo', labelZh: '微信公众号二维码', labelEn: 'WeChat QR code' },
  {
    type: 9,
    content: '周一至周五 8:30–17:30（法定节假日除外）',
    labelZh: '工作时间',
    labelEn: 'Working hours',
  },
  // What a Chinese shop must show (电子商务法 §15), clearly fictional: zeros and 示例. No scans are seeded.
  { type: 10, content: '沪ICP备00000000号-1', labelZh: 'ICP备案号', labelEn: 'ICP filing number' },
  { type: 11, content: '913100000000000000（示例）', labelZh: '营业执照', labelEn: 'Business licence' },
  { type: 12, content: '沪（示例）应急管危经许〔2026〕000000号', labelZh: '危险化学品经营许可证', labelEn: 'Hazardous chemicals trading licence' },
  // The seller on the letterhead of quotations and credit notes, as fictional as the licences.
  { type: 13, content: '优试剂（上海）生物科技有限公司（示例）', labelZh: '公司名称', labelEn: 'Company name' },
  { type: 14, content: '913100000000000000（示例）', labelZh: '纳税人识别号', labelEn: 'Tax number' },
  { type: 15, content: '中国工商银行上海漕河泾支行（示例）', labelZh: '开户银行', labelEn: 'Bank' },
  { type: 16, content: '1001 0000 0000 0000 000', labelZh: '银行账号', labelEn: 'Bank account' },
];

export async function seedWebSettings(db: Db): Promise<number> {
  const rows: NewWebSetting[] = webSettingRows().map((s, i) => ({ ...s, sort: (i + 1) * 10, updatedAt: BASE_DATE }));
  await db.insert(webSettings).values(rows);
  return rows.length;
}

/**
 * The demo's catalogue claim states what it really lists (a real shop keeps the spec's "about 13 million"
 * until it sets its own): written once the catalogue is in, from its count of products.
 */
export async function seedCatalogueClaim(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(products);
  const n = (row?.n ?? 0).toLocaleString('en-US');
  await db.insert(webSettings).values([
    { type: 17, content: `已收录 ${n} 种产品`, labelZh: '产品数量说明（中文）', labelEn: 'Catalogue claim (Chinese)', sort: 170, updatedAt: BASE_DATE },
    { type: 18, content: `${n} products listed`, labelZh: '产品数量说明（英文）', labelEn: 'Catalogue claim (English)', sort: 180, updatedAt: BASE_DATE },
  ]);
}
