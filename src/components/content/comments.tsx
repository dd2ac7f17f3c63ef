'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { CommentDto, CommentPage } from '@/contracts/content';
import { COMMENT_MAX, NICKNAME_MAX } from '@/contracts/content-limits';
import { ApiError, apiPost } from '@/lib/api-client';
import { useVisitor } from '@/lib/visitor-islands';

/**
 * Comments of an item: the approved ones (plain text, rendered as text) with the shop's replies, and a
 * form; a new comment is shown to its writer as awaiting approval. A guest gives a
 * nickname once (addUser); a signed-in customer comments under the account name. Who is signed in comes
 * with the visitor's answer (ADR 0076): until then the nickname field keeps its place, unseen.
 */
export function Comments({ id, initial }: { id: number; initial: CommentPage }) {
  const t = useTranslations('content');
  const format = useFormatter();
  const [list, setList] = useState<CommentDto[]>(initial.list);
  const [total, setTotal] = useState(initial.total);
  const [page, setPage] = useState(1);
  const [body, setBody] = useState('');
  const [nickname, setNickname] = useState('');
  const visitor = useVisitor();
  const [named, setNamed] = useState(false);
  const needsName = !named && !(visitor.status === 'ready' && visitor.user !== null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const text = body.trim();
    if (text.length < 2) {
      setMessage({ kind: 'error', text: t('commentTooShort') });
      return;
    }
    if (needsName && nickname.trim().length < 2) {
      setMessage({ kind: 'error', text: t('nicknameTooShort') });
      return;
    }
    setBusy(true);
    try {
      if (needsName) {
        await apiPost('/api/cms/addUser', { nickname: nickname.trim() });
        setNamed(true);
      }
      const added = await apiPost('/api/cms/addComment', { id, body: text });
      setList((prev) => [added, ...prev]);
      if (added.approved) setTotal((n) => n + 1);
      setBody('');
      setMessage({ kind: 'ok', text: added.approved ? t('commentAdded') : t('commentPending') });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError ? error.message : t('failed') });
    } finally {
      setBusy(false);
    }
  }

  async function more() {
    const next = await apiPost('/api/cms/getComment', { id, limit: initial.limit, offset: page + 1 }).catch(() => null);
    if (!next) return;
    setPage(page + 1);
    setList((prev) => [...prev, ...next.list.filter((c) => !prev.some((p) => p.id === c.id))]);
  }

  return (
    <section aria-labelledby="comments-heading" className="mt-10" data-testid="comments">
      <h2 id="comments-heading" className="mb-4 text-lg font-semibold">{t('comments', { count: total })}</h2>
      <form onSubmit={submit} className="space-y-3 rounded-lg border border-line bg-white p-4" noValidate>
        {needsName && (
          <div className={visitor.status === 'pending' ? 'invisible' : undefined}>
            <label htmlFor="comment-nickname" className="mb-1 block text-sm font-medium">{t('nickname')}</label>
            <input id="comment-nickname" value={nickname} onChange={(e) => setNickname(e.target.value)} maxLength={NICKNAME_MAX} autoComplete="nickname"
              className="h-9 w-full max-w-xs rounded-md border border-line px-3 text-sm outline-none focus:border-brand-500" />
          </div>
        )}
        <div>
          <label htmlFor="comment-body" className="mb-1 block text-sm font-medium">{t('yourComment')}</label>
          <textarea id="comment-body" value={body} onChange={(e) => setBody(e.target.value)} maxLength={COMMENT_MAX} rows={3}
            className="w-full rounded-md border border-line px-3 py-2 text-sm outline-none focus:border-brand-500" />
          <p className="text-right text-xs text-muted">{body.length}/{COMMENT_MAX}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={busy} className="rounded-md bg-brand-500 px-4 py-2 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60" data-testid="comment-submit">
            {t('postComment')}
          </button>
          {message && <p role={message.kind === 'error' ? 'alert' : 'status'} className={`text-sm ${message.kind === 'error' ? 'text-red-600' : 'text-green-700'}`}>{message.text}</p>}
        </div>
      </form>
      {list.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{t('noComments')}</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="comment-list">
          {list.map((c) => (
            <li key={c.id} className="rounded-lg border border-line bg-white p-4">
              <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{c.author}{!c.approved && <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-normal text-amber-700" data-testid="comment-pending">{t('awaitingApproval')}</span>}</span>
                <time className="text-xs text-muted" dateTime={c.createdAt}>{format.dateTime(new Date(c.createdAt), 'stamp')}</time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-700">{c.body}</p>
              {c.reply && (
                <div className="mt-3 border-l-2 border-brand-500 bg-brand-50 px-3 py-2 text-sm" data-testid="comment-reply">
                  <p className="text-xs font-medium text-brand-700">{t('staffReply', { name: c.reply.staffName })}</p>
                  <p className="mt-1 whitespace-pre-line break-words text-gray-700">{c.reply.body}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.length < total && (
        <button type="button" onClick={more} className="mt-3 text-sm text-brand-600 hover:underline">{t('moreComments')}</button>
      )}
    </section>
  );
}
