import { describe, expect, it } from 'vitest';
import { fieldsOf, invalidFields } from './login-form';

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
