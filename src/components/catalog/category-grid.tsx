import type { CategoryNode } from '@/contracts/catalog-browse';
import { Link } from '@/i18n/navigation';
import { categoryHref } from '@/lib/category-links';

/**
 * Categories as cards: each card links its category and lists its children (and, when asked,
 * their children). Leaves go to their product list, other categories to their own page.
 */
export function CategoryGrid({ nodes, depth = 2, testId }: { nodes: CategoryNode[]; depth?: 1 | 2; testId?: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {nodes.map((node) => (
        <li key={node.id} className="min-w-0 rounded-lg border border-line bg-white p-4">
          <Link href={categoryHref(node)} className="font-semibold text-brand-700 hover:underline" data-testid="category-link">{node.classify}</Link>
          {depth === 2 && node.secondJson.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
              {node.secondJson.map((child) => (
                <li key={child.id}>
                  <Link href={categoryHref(child)} className="text-ink hover:text-brand-600 hover:underline">{child.classify}</Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
