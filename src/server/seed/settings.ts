import 'server-only';
import type { Db } from '@/server/db/client';
import { webSettings, type NewWebSetting } from '@/server/db/schema';
import { BASE_DATE } from './random';

/**
 * Web settings by their numeric type (docs/requirements/storefront.md#web-settings); the storefront header and footer read these. The demo's
 * English-site address is this site's own /en, as a path so that it follows whatever host and port serve
 * the site (a bare host there would serve that host in English);
 * no chat provider is configured (type 6), so the chat links lead to the contact page's service numbers.
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
];

export async function seedWebSettings(db: Db): Promise<number> {
  const rows: NewWebSetting[] = webSettingRows().map((s, i) => ({ ...s, sort: (i + 1) * 10, updatedAt: BASE_DATE }));
  await db.insert(webSettings).values(rows);
  return rows.length;
}
