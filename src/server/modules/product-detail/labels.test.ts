import { describe, expect, it } from 'vitest';
import { buildSubstances } from '@/server/seed/substances';
import { ghsDto, shippingLabel, statementText, storageLabel } from './labels';

const substances = buildSubstances();

describe('hazard and storage texts', () => {
  it('has a Chinese and an English text for every H and P statement, storage and shipping code of the seed', () => {
    const codes = new Set(substances.flatMap((s) => [...(s.ghs?.hazardStatements ?? []), ...(s.ghs?.precautionaryStatements ?? [])]));
    expect(codes.size).toBeGreaterThan(50);
    for (const code of codes) {
      expect(statementText(code, 'zh'), code).toMatch(/[\u4e00-\u9fff]/);
      expect(statementText(code, 'en'), code).toMatch(/^[A-Z]/);
    }
    for (const s of substances) {
      for (const lang of ['zh', 'en'] as const) {
        expect(storageLabel(s.storage, lang)).not.toBe(s.storage);
        expect(shippingLabel(s.shipping, lang)).not.toBe(s.shipping);
      }
    }
  });

  it('uses the GHS wording of a combined statement, else joins its parts, else gives nothing', () => {
    expect(statementText('H301+H311+H331', 'en')).toBe('Toxic if swallowed, in contact with skin or if inhaled');
    expect(statementText('H225+H319', 'en')).toBe('Highly flammable liquid and vapour; Causes serious eye irritation');
    expect(statementText('H225+H319', 'zh')).toBe('高度易燃液体和蒸气；造成严重眼刺激');
    expect(statementText('H999', 'en')).toBe('');
    expect(statementText('H225+H999', 'en')).toBe('');
    expect(storageLabel('unknown', 'en')).toBe('unknown');
  });

  it('keeps known pictograms only, and gives null for an empty block', () => {
    const dto = ghsDto({ pictograms: ['GHS02', 'GHS99', '<img>'], signalWord: 'danger', hazardStatements: ['H225'], precautionaryStatements: [] }, 'zh');
    expect(dto?.pictograms).toEqual([{ code: 'GHS02', label: '火焰：易燃' }]);
    expect(dto?.signalWordLabel).toBe('危险');
    expect(ghsDto({ pictograms: [], signalWord: null, hazardStatements: [], precautionaryStatements: [] }, 'en')).toBeNull();
    expect(ghsDto(null, 'en')).toBeNull();
  });
});
