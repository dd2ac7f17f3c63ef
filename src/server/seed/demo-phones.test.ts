import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PHONE_NUMBERS, isDemoPhoneNumber } from './demo-phones';

/** The mainland mobile numbers written in the seed's sources (quoted, as its rows hold them). */
function numbersInTheSeed(): string[] {
  const dir = path.join(__dirname);
  const found = new Set<string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'demo-phones.ts') continue;
    for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(/['"`](1[3-9]\d{9})['"`]/g)) found.add(match[1]!);
  }
  return [...found].sort();
}

describe('isDemoPhoneNumber', () => {
  it('answers true for the demo accounts\' numbers and false for any other', () => {
    expect(isDemoPhoneNumber('13800138001')).toBe(true);
    expect(isDemoPhoneNumber('13900139001')).toBe(true);
    expect(isDemoPhoneNumber('13800138999')).toBe(false);
    expect(isDemoPhoneNumber('13700137000')).toBe(false);
    expect(isDemoPhoneNumber('+8613800138001')).toBe(false);
  });

  it('lists every mobile number the seed writes', () => {
    const seeded = numbersInTheSeed();
    expect(seeded.length).toBeGreaterThan(10);
    expect(seeded.filter((n) => !isDemoPhoneNumber(n))).toEqual([]);
    expect([...DEMO_PHONE_NUMBERS].filter((n) => !seeded.includes(n))).toEqual([]);
  });
});
