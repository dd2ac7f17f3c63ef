import { describe, expect, it } from 'vitest';
import { extractToken } from './token';

describe('extractToken', () => {
  it('reads Authorization bare or Bearer, then x-token, then the cookie', () => {
    expect(extractToken({ authorization: 'abc' })).toEqual({ token: 'abc', via: 'header' });
    expect(extractToken({ authorization: 'Bearer abc' })).toEqual({ token: 'abc', via: 'header' });
    expect(extractToken({ authorization: 'bearer  abc ' })).toEqual({ token: 'abc', via: 'header' });
    expect(extractToken({ xToken: 'x1', cookie: 'c1' })).toEqual({ token: 'x1', via: 'header' });
    expect(extractToken({ cookie: 'c1' })).toEqual({ token: 'c1', via: 'cookie' });
    expect(extractToken({ authorization: 'a1', xToken: 'x1', cookie: 'c1' })).toEqual({ token: 'a1', via: 'header' });
  });

  it('gives null when nothing usable is present', () => {
    expect(extractToken({})).toBeNull();
    expect(extractToken({ authorization: '   ', xToken: '', cookie: '' })).toBeNull();
    expect(extractToken({ authorization: 'Bearer ' })).toBeNull();
  });
});
