import { describe, expect, it } from 'vitest';
import { labelColon } from './label-colon';

describe('labelColon', () => {
  it('is an English colon and a space on English pages', () => {
    expect(`Sales${labelColon('en')}x`).toBe('Sales: x');
  });
  it('is the full-width colon in Chinese, whatever the Chinese variant', () => {
    for (const lang of ['zh', 'zh-CN', 'cn']) expect(labelColon(lang)).toBe('：');
  });
});
