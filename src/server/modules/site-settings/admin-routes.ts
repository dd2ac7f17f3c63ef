import 'server-only';
import {
  adminSiteSettingsSchema, footerInputSchema, licenceKindParamSchema, footerSchema, visitorCountInputSchema, visitorCountSchema, webSettingInputSchema, webSettingTypeParamSchema,
} from '@/contracts/site-settings';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { LICENCE_SCAN_MAX_BYTES, removeLicenceScan, storeLicenceScan } from './licences';
import { clearWebSetting, getSiteSettings, setFooter, setVisitorCountShown, setWebSetting } from './settings';

export const siteSettingsAdminRouter = createRouter('/api/admin');

const tags = ['admin: site settings'];
const permissions = ['SETTINGS.EDIT'] as const;

// GET /api/admin/web-settings — every web-setting type with its content, the footer content, the visitor-count display
siteSettingsAdminRouter.endpoint(
  { method: 'get', path: '/web-settings', tags, summary: 'Site settings: web settings by type, footer, visitor count', output: adminSiteSettingsSchema, audience: 'staff', permissions: [...permissions] },
  async (_input, c) => getSiteSettings(c.get('db')),
);

// PUT /api/admin/web-settings/types/:type — set a type's content, checked against its format (400 naming `content`)
siteSettingsAdminRouter.endpoint(
  { method: 'put', path: '/web-settings/types/:type', tags, summary: 'Set one web setting', input: webSettingInputSchema, output: adminSiteSettingsSchema, audience: 'staff', permissions: [...permissions] },
  async (input, c) => {
    await setWebSetting(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), type: input.type, content: input.content });
    revalidateStorefront('shell');
    return getSiteSettings(c.get('db'));
  },
);

// DELETE /api/admin/web-settings/types/:type — remove a type's content (the storefront leaves the item out)
siteSettingsAdminRouter.endpoint(
  { method: 'delete', path: '/web-settings/types/:type', tags, summary: 'Clear one web setting', input: webSettingTypeParamSchema, output: adminSiteSettingsSchema, audience: 'staff', permissions: [...permissions] },
  async (input, c) => {
    await clearWebSetting(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), type: input.type });
    revalidateStorefront('shell');
    return getSiteSettings(c.get('db'));
  },
);

// PUT /api/admin/web-settings/footer — the footer content in both languages (rich text, sanitised before it is stored)
siteSettingsAdminRouter.endpoint(
  { method: 'put', path: '/web-settings/footer', tags, summary: 'Set the footer content', input: footerInputSchema, output: footerSchema, audience: 'staff', permissions: [...permissions] },
  async (input, c) => {
    const saved = await setFooter(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), footer: input });
    revalidateStorefront('shell');
    return saved;
  },
);

// PUT /api/admin/web-settings/visitor-count — show or hide the footer's visitor count
siteSettingsAdminRouter.endpoint(
  { method: 'put', path: '/web-settings/visitor-count', tags, summary: 'Show or hide the visitor count', input: visitorCountInputSchema, output: visitorCountSchema, audience: 'staff', permissions: [...permissions] },
  async (input, c) => {
    const show = await setVisitorCountShown(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), show: input.show });
    revalidateStorefront('shell');
    return { show };
  },
);

// POST /api/admin/web-settings/licence-scans/:kind — multipart `file`: the scan of the business or hazardous-chemicals licence
siteSettingsAdminRouter.endpoint(
  {
    method: 'post', path: '/web-settings/licence-scans/:kind', tags, summary: 'Set a licence\'s scan image', audience: 'staff', permissions: [...permissions],
    description: `multipart/form-data with one part, \`file\`: PNG, JPEG or WebP as the file's bytes say (other types: 415 \`licenceScanTypeRefused\`), `
      + `at most ${LICENCE_SCAN_MAX_BYTES / 1024} KiB (413 \`licenceScanTooLarge\`); re-encoded, scaled to fit 2,000 pixels. \`kind\` is \`businessLicence\` or \`hazardousLicence\`.`,
    input: licenceKindParamSchema, upload: { maxBytes: LICENCE_SCAN_MAX_BYTES, typeRefused: 'licenceScanTypeRefused', tooLarge: 'licenceScanTooLarge' }, output: adminSiteSettingsSchema,
  },
  async ({ kind, file }, c) => {
    await storeLicenceScan(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), kind, bytes: new Uint8Array(await file.arrayBuffer()) });
    revalidateStorefront('shell');
    return getSiteSettings(c.get('db'));
  },
);

// DELETE /api/admin/web-settings/licence-scans/:kind — take a licence's scan away (the storefront shows the number alone)
siteSettingsAdminRouter.endpoint(
  { method: 'delete', path: '/web-settings/licence-scans/:kind', tags, summary: 'Remove a licence\'s scan image', input: licenceKindParamSchema, output: adminSiteSettingsSchema, audience: 'staff', permissions: [...permissions] },
  async (input, c) => {
    await removeLicenceScan(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), kind: input.kind });
    revalidateStorefront('shell');
    return getSiteSettings(c.get('db'));
  },
);
