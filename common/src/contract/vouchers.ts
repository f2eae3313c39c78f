import { z } from 'zod';
import { voucherQuery } from '../schemas/camps.js';
import { changes } from '../policies.js';
import { call, feature } from './define.js';

export const voucherCalls = feature('vouchers', {
  generateVoucher: call({
    method: 'GET',
    path: '/api/generateVoucher',
    access: changes('voucher'),
    provides: [],
    summary: 'A one-day voucher token of a camp for the public booking site',
    query: voucherQuery,
    response: z.string(),
    refusals: ['NOT_FOUND'],
    example: { query: { campId: 1, type: 'extraSubscription' } },
  }),
});
