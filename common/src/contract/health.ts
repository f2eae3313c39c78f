import { z } from 'zod';
import { reads } from '../policies.js';
import { call, feature } from './define.js';

export const healthCalls = feature('health', {
  health: call({
    method: 'GET',
    path: '/api/health',
    access: reads('health'),
    provides: [],
    summary: 'For a load balancer: 200 while the database answers, 503 when it does not',
    public: true,
    response: z.object({ status: z.literal('ok') }),
    example: {},
  }),
});
