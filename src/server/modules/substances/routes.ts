import 'server-only';
import { cheapestAnswerSchema, cheapestInputSchema } from '@/contracts/substances';
import { createRouter } from '@/server/http/router';
import { findCheapestMix } from './cheapest';

export const substanceWebRouter = createRouter('/api/web/substance');

// POST /api/web/substance/cheapest — the cheapest mix of a substance's packs in stock for an amount, at the caller's prices
substanceWebRouter.endpoint(
  {
    method: 'post', path: '/cheapest', tags: ['storefront'], input: cheapestInputSchema, output: cheapestAnswerSchema,
    summary: 'The cheapest mix of a substance\'s packs for an amount (key, amount, grade, minPurity)',
    description: 'An exact optimisation over the packs in stock (ADR 0086): least cost, then fewest packs. Mass and volume convert through each product\'s density. A signed-in buyer is priced at their company\'s prices, a guest at the catalogue\'s.',
  },
  async (input, c) => {
    const actor = c.get('actor');
    return findCheapestMix(c.get('db'), { ...input, companyId: actor.kind === 'user' ? actor.companyId : null, lang: c.get('lang') });
  },
);
