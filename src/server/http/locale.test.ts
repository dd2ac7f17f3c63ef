import { describe, expect, it } from 'vitest';
import { apiLang, apiText } from './locale';

describe('apiLang', () => {
  it('prefers the site locale cookie', () => {
    expect(apiLang('en', 'zh-CN')).toBe('en');
    expect(apiLang('zh-CN', 'en-US')).toBe('zh');
    expect(apiLang('zh', undefined)).toBe('zh');
  });

  it('falls back to Accept-Language, then Chinese', () => {
    expect(apiLang(undefined, 'en-GB,en;q=0.8')).toBe('en');
    expect(apiLang(undefined, 'zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(apiLang(undefined, undefined)).toBe('zh');
  });
});

describe('apiText', () => {
  it('reads messages in both languages and shows an unknown key as itself', () => {
    expect(apiText('zh', 'errors', 'notFound')).toBe('未找到');
    expect(apiText('en', 'errors', 'notFound')).toBe('Not found');
    expect(apiText('en', 'errors', 'noSuchKey')).toBe('noSuchKey');
  });
});
