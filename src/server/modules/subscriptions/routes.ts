import 'server-only';
import { subscriptionInputSchema, subscriptionSchema } from '@/contracts/content';
import { apiText } from '@/server/http/locale';
import { createRouter, Reply } from '@/server/http/router';
import { addSubscription } from './service';

export const subscriptionWebRouter = createRouter('/api/web/subscription');

// POST /api/web/subscription/add — subscribe an e-mail address to the newsletter (idempotent)
subscriptionWebRouter.endpoint(
  { method: 'post', path: '/add', tags: ['subscriptions'], input: subscriptionInputSchema, output: subscriptionSchema, summary: 'Subscribe an e-mail address; again: nothing changes and the answer says so' },
  async (input, c) => {
    const lang = c.get('lang');
    const result = await addSubscription(c.get('db'), { email: input.email, lang });
    return new Reply(result, apiText(lang, 'messages', result.created ? 'subscribed' : 'alreadySubscribed'));
  },
);
