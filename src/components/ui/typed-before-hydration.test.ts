import { describe, expect, it } from 'vitest';
import { typedBeforeHydration } from './typed-before-hydration';

describe('typedBeforeHydration', () => {
  it('answers the text typed into an empty field', () => {
    expect(typedBeforeHydration('上海示例', '')).toBe('上海示例');
  });

  it('answers the text typed over a value the server rendered', () => {
    expect(typedBeforeHydration('ethanol 99', 'ethanol')).toBe('ethanol 99');
  });

  it('answers an emptied field, so that clearing it before the scripts ran counts too', () => {
    expect(typedBeforeHydration('', 'ethanol')).toBe('');
  });

  it('keeps spaces as they were typed', () => {
    expect(typedBeforeHydration(' a ', '')).toBe(' a ');
  });

  it('answers null when the field holds what was rendered', () => {
    expect(typedBeforeHydration('', '')).toBeNull();
    expect(typedBeforeHydration('ethanol', 'ethanol')).toBeNull();
  });

  it('answers null without an element to read', () => {
    expect(typedBeforeHydration(undefined, '')).toBeNull();
    expect(typedBeforeHydration(null, 'ethanol')).toBeNull();
  });
});
