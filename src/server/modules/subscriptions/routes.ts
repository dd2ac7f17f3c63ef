import 'server-only';
import { subscriptionConfirmInputSchema, subscriptionInputSchema, subscriptionSchema } from '@/contracts/content';
import { clientInfo } from '@/server/http/cookies';
import { apiText } from '@/server/http/locale';
import { createRouter, Reply } from '@/server/http/router';
import { confirmSubscription, requestSubscription } from './service';

export const subscriptionWebRouter = createRouter('/api/web/subscription');

// POST /api/web/subscription/add — subscribe an e-mail address (double opt-in; one answer for every address)
subscriptionWebRouter.endpoint(
  {
    method: 'post', path: '/add', tags: ['subscriptions'], input: subscriptionInputSchema, output: subscriptionSchema,
    summary: 'Subscribe an e-mail address: a confirmation link, or an "already subscribed" note, goes to the address',
    description: 'The answer is the same for new, pending and subscribed addresses. 10 requests an hour per client address (429); at most 3 mails a day per address.',
  },
  async (input, c) => {
    const lang = c.get('lang');
    const result = await requestSubscription(c.get('db'), { email: input.email, lang, address: clientInfo(c).ip });
    return new Reply(result, apiText(lang, 'messages', 'subscriptionRequested'));
  },
);

// POST /api/web/subscription/confirm — confirm a subscription with the token of its link
subscriptionWebRouter.endpoint(
  {
    method: 'post', path: '/confirm', tags: ['subscriptions'], input: subscriptionConfirmInputSchema, output: subscriptionSchema,
    summary: 'Confirm a subscription (the token of the mailed link)',
    description: '400 subscriptionLinkInvalid for an unknown, replaced or expired link (7 days); a confirmed link answers again.',
  },
  async (input, c) => {
    const result = await confirmSubscription(c.get('db'), { token: input.token });
    return new Reply(result, apiText(c.get('lang'), 'messages', 'subscribed'));
  },
);
