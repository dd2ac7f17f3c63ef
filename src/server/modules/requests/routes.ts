import 'server-only';
import {
  enquiryInputSchema, enquiryOutputSchema, requestDetailSchema, requestKeySchema, requestListInputSchema, requestListSchema,
  requestReplyInputSchema, requestReplyResultSchema, requestStatusInputSchema,
} from '@/contracts/requests';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { addEnquiry } from './enquiries';
import { getRequest, listRequests, replyToRequest, setRequestStatus } from './requests';

/** The contact page's enquiry form (public). */
export const enquiryWebRouter = createRouter('/api/web/contact');

// POST /api/web/contact/enquiry — an enquiry: name, company?, email and/or phone, message, itemNo?; rate-limited per address
enquiryWebRouter.endpoint(
  { method: 'post', path: '/enquiry', tags: ['contact'], input: enquiryInputSchema, output: enquiryOutputSchema, summary: 'Contact page: send an enquiry to sales' },
  async (input, c) => {
    const actor = c.get('actor');
    return addEnquiry(c.get('db'), { ...input, lang: c.get('lang'), userId: actor.kind === 'user' ? actor.userId : null, address: clientInfo(c).ip });
  },
);

/** Staff: "could not find it" requests and enquiries, one list (CUSTOMER.EDIT, ADR 0031). */
export const requestsAdminRouter = createRouter('/api/admin');

const tags = ['admin: requests'];

// GET /api/admin/requests — kind and status filters, search, sort (-createdAt | createdAt), keyset pages (cursor, limit)
requestsAdminRouter.endpoint(
  { method: 'get', path: '/requests', tags, summary: 'List requests and enquiries', input: requestListInputSchema, output: requestListSchema, audience: 'staff', permissions: ['CUSTOMER.EDIT'] },
  async (input, c) => listRequests(c.get('db'), input),
);

// GET /api/admin/requests/:kind/:id — one request with its replies and the statuses it may move to
requestsAdminRouter.endpoint(
  { method: 'get', path: '/requests/:kind/:id', tags, summary: 'One request or enquiry', input: requestKeySchema, output: requestDetailSchema, audience: 'staff', permissions: ['CUSTOMER.EDIT'] },
  async (input, c) => getRequest(c.get('db'), input),
);

// PUT /api/admin/requests/:kind/:id/status — move to another status (409 when the transition is not allowed)
requestsAdminRouter.endpoint(
  { method: 'put', path: '/requests/:kind/:id/status', tags, summary: 'Change the status of a request', input: requestStatusInputSchema, output: requestDetailSchema, audience: 'staff', permissions: ['CUSTOMER.EDIT'] },
  async (input, c) => setRequestStatus(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input }),
);

// POST /api/admin/requests/:kind/:id/reply — record a reply, mail it when the contact is an e-mail address; status answered
requestsAdminRouter.endpoint(
  { method: 'post', path: '/requests/:kind/:id/reply', tags, summary: 'Reply to a request (mailed to an e-mail contact)', input: requestReplyInputSchema, output: requestReplyResultSchema, audience: 'staff', permissions: ['CUSTOMER.EDIT'] },
  async (input, c) => replyToRequest(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input }),
);
