import { describe, expect, it } from 'vitest';
import { closeViews, nextPathAfterClose, touchCache, type VisitedView } from './visited-views';

const view = (path: string, affix = false): VisitedView => ({
  path, fullPath: path, name: path, title: path, query: {},
  meta: { title: path, icon: '', noCache: false, breadcrumb: true, activeMenu: null, affix },
});
const views = [view('/a', true), view('/b'), view('/c'), view('/d')];
const paths = (list: VisitedView[]) => list.map((v) => v.path);

describe('visited views', () => {
  it('closes one, others, left, right and all, keeping affix views', () => {
    expect(paths(closeViews(views, 'close', '/c'))).toEqual(['/a', '/b', '/d']);
    expect(paths(closeViews(views, 'close', '/a'))).toEqual(['/a', '/b', '/c', '/d']);
    expect(paths(closeViews(views, 'closeOthers', '/c'))).toEqual(['/a', '/c']);
    expect(paths(closeViews(views, 'closeLeft', '/c'))).toEqual(['/a', '/c', '/d']);
    expect(paths(closeViews(views, 'closeRight', '/b'))).toEqual(['/a', '/b']);
    expect(paths(closeViews(views, 'closeAll', '/b'))).toEqual(['/a']);
  });

  it('goes to the last remaining view, else home', () => {
    expect(nextPathAfterClose([view('/a'), view('/b')])).toBe('/b');
    expect(nextPathAfterClose([])).toBe('/admin/dashboard');
  });

  it('keeps at most the given number of pages, least recently used dropped', () => {
    let cache: string[] = [];
    for (let i = 0; i < 20; i++) cache = touchCache(cache, `/p${i}`, 15);
    expect(cache).toHaveLength(15);
    expect(cache[0]).toBe('/p5');
    cache = touchCache(cache, '/p5', 15);
    expect(cache.at(-1)).toBe('/p5');
    expect(cache[0]).toBe('/p6');
  });
});
