import { describe, expect, it } from 'vitest';
import { fieldsOf, invalidFields, textMessageProblem } from './login-form';

const ok = { loginName: 'buyer@demo.example.com', password: 'Reagent#2026', repeatPwd: 'Reagent#2026', verifyCode: '123456' };

describe('login form checks', () => {
  it('shows the fields of each mode', () => {
    expect(fieldsOf('login', 'password')).toEqual(['loginName', 'password']);
    expect(fieldsOf('login', 'code')).toEqual(['loginName', 'verifyCode']);
    expect(fieldsOf('register', 'password')).toEqual(['loginName', 'verifyCode', 'password', 'repeatPwd']);
  });

  it('accepts good values and e-mail or mobile login names', () => {
    expect(invalidFields('register', 'password', ok)).toEqual([]);
    expect(invalidFields('login', 'code', { ...ok, loginName: '+86 138 0013 8000' })).toEqual([]);
  });

  it('flags each rule', () => {
    expect(invalidFields('login', 'password', { ...ok, loginName: 'buyer@' })).toEqual(['loginName']);
    expect(invalidFields('login', 'password', { ...ok, password: 'short' })).toEqual(['password']);
    expect(invalidFields('login', 'password', { ...ok, password: 'x'.repeat(65) })).toEqual(['password']);
    expect(invalidFields('reset', 'password', { ...ok, repeatPwd: 'Reagent#2027' })).toEqual(['repeatPwd']);
    expect(invalidFields('login', 'code', { ...ok, verifyCode: '12a456' })).toEqual(['verifyCode']);
    expect(invalidFields('register', 'password', { loginName: '', password: '', repeatPwd: '', verifyCode: '' })).toEqual(['loginName', 'verifyCode', 'password']);
  });
});

describe('a code by text message', () => {
  const open = { phoneCodes: true, smsConsent: false };

  it('needs the consent box ticked whenever a code goes to a mobile number', () => {
    expect(textMessageProblem('register', 'password', '+86 138 0013 8000', open)).toBe('smsConsent');
    expect(textMessageProblem('login', 'code', '13800138000', open)).toBe('smsConsent');
    expect(textMessageProblem('reset', 'password', '13800138000', open)).toBe('smsConsent');
    expect(textMessageProblem('register', 'password', '13800138000', { ...open, smsConsent: true })).toBeNull();
  });

  it('is refused for mobile numbers when the shop cannot text, consent or not', () => {
    expect(textMessageProblem('login', 'code', '13800138000', { phoneCodes: false, smsConsent: true })).toBe('phoneUnavailable');
    expect(textMessageProblem('register', 'password', '13800138000', { phoneCodes: false, smsConsent: false })).toBe('phoneUnavailable');
  });

  it('asks nothing of e-mail addresses and of the password sign-in', () => {
    expect(textMessageProblem('register', 'password', 'buyer@demo.example.com', { phoneCodes: false, smsConsent: false })).toBeNull();
    expect(textMessageProblem('login', 'password', '13800138000', { phoneCodes: false, smsConsent: false })).toBeNull();
    expect(textMessageProblem('login', 'code', 'not a name', open)).toBeNull();
  });
});
