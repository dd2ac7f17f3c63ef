import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import { auditCallVocabulary } from '../../test/audit-calls';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_STATES, isInternalAuditField } from './audit-vocabulary';

type Labels = Record<string, Record<string, string>>;
const languages = { zh: zh.adminAudit as unknown as Labels, en: en.adminAudit as unknown as Labels };
const written = auditCallVocabulary(path.resolve(__dirname, '../..'));

/** The names of `names` without a non-empty label under `group` in `lang`. */
function unlabelled(lang: keyof typeof languages, group: string, names: Iterable<string>): string[] {
  const labels = languages[lang][group] ?? {};
  return [...names].filter((name) => typeof labels[name] !== 'string' || labels[name].trim() === '');
}

describe('the audit log vocabulary', () => {
  it('finds the audit calls of the server (the scan reads them)', () => {
    // A scan that found nothing would pass every check below.
    expect(written.entities.size).toBeGreaterThan(20);
    expect(written.actions.size).toBeGreaterThan(20);
    expect(written.fields.size).toBeGreaterThan(100);
    expect(written.entities).toContain('quotation');
    expect(written.actions).toContain('setCoa');
    expect(written.fields).toContain('appliedRefund');
  });

  it('lists every entity and action an audit call of the server writes', () => {
    expect([...written.entities].filter((e) => !(AUDIT_ENTITIES as readonly string[]).includes(e))).toEqual([]);
    expect([...written.actions].filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`labels every entity, action, state and shown field in ${lang}`, () => {
      expect(unlabelled(lang, 'entities', AUDIT_ENTITIES)).toEqual([]);
      expect(unlabelled(lang, 'actions', AUDIT_ACTIONS)).toEqual([]);
      expect(unlabelled(lang, 'states', AUDIT_STATES)).toEqual([]);
      expect(unlabelled(lang, 'fields', [...written.fields].filter((f) => !isInternalAuditField(f)))).toEqual([]);
    });
  }

  it('keeps lock tokens, storage keys and the ids a row links by out of sight', () => {
    for (const field of ['owner', 'filePath', 'logoPath', 'entityType', 'entityId', 'productId', 'stepId']) expect(isInternalAuditField(field), field).toBe(true);
    for (const field of ['status', 'appliedRefund', 'price']) expect(isInternalAuditField(field), field).toBe(false);
  });
});
