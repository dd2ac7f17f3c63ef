import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiQuery, apiQueryKey } from './query';

describe('query keys', () => {
  it('start with the path, then what the call sends', () => {
    expect(apiQueryKey('/api/admin/roles', { params: { query: { limit: 10 } } })).toEqual(['/api/admin/roles', { params: { query: { limit: 10 } }, body: null }]);
    expect(apiQueryKey('/api/app/api/user/s', { body: { status: 'all' } })).toEqual(['/api/app/api/user/s', { params: null, body: { status: 'all' } }]);
    expect(apiQuery('get', '/api/admin/roles', { params: { query: { limit: 10 } } }).queryKey).toEqual(apiQueryKey('/api/admin/roles', { params: { query: { limit: 10 } } }));
  });

  it('let a write invalidate exactly the queries of the paths it names, whatever their parameters', async () => {
    const client = new QueryClient();
    const first = apiQueryKey('/api/admin/roles', { params: { query: { offset: 0 } } });
    const second = apiQueryKey('/api/admin/roles', { params: { query: { offset: 20 } } });
    const other = apiQueryKey('/api/admin/staff', { params: { query: { offset: 0 } } });
    for (const key of [first, second, other]) client.setQueryData(key, { total: 0 });
    await client.invalidateQueries({ queryKey: ['/api/admin/roles'] });
    expect([first, second, other].map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, false]);
  });
});
