'use client';

import { ThumbsUp } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { apiPost } from '@/lib/api-client';

/** Likes an item once per visitor (the server decides); shows the count it answers. */
export function LikeButton({ id, initial }: { id: number; initial: number }) {
  const t = useTranslations('content');
  const [tips, setTips] = useState(initial);
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'already' | 'error'>('idle');
  async function like() {
    setState('busy');
    try {
      const res = await apiPost('/api/cms/setContentTips', { id });
      setTips(res.tips);
      setState(res.counted ? 'done' : 'already');
    } catch {
      setState('error');
    }
  }
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={like}
        disabled={state === 'busy' || state === 'done' || state === 'already'}
        className="inline-flex items-center gap-2 rounded-full border border-brand-500 px-4 py-1.5 text-sm text-brand-600 hover:bg-brand-50 disabled:cursor-default disabled:opacity-80"
        data-testid="like-button"
      >
        <ThumbsUp aria-hidden size={16} />
        {t('like')}
        <span className="font-semibold" data-testid="like-count">{tips}</span>
      </button>
      <span role="status" className="text-xs text-muted">
        {state === 'done' ? t('liked') : state === 'already' ? t('alreadyLiked') : state === 'error' ? t('failed') : ''}
      </span>
    </div>
  );
}
