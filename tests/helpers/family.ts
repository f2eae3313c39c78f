import { randomUUID } from 'node:crypto';
import type { TestApp } from './api.js';

/**
 * A family of the public booking site (issue 40), signed up through its call: its session's token, for the tests that
 * walk every call of the table (a family's calls take no staff token).
 */
export async function signUpFamily(t: TestApp, email = `gezin-${randomUUID()}@thuis.be`): Promise<string> {
  const answer = await t.api.signUp(
    {
      email,
      password: 'zomerkamp aan zee 2027',
      SUBSCRIBER_PARENT_FIRSTNAME: 'Sofie',
      SUBSCRIBER_PARENT_LASTNAME: 'Claes',
      SUBSCRIBER_PARENT_STREET: 'Stationsstraat',
      SUBSCRIBER_PARENT_HOUSENR: '8',
      SUBSCRIBER_PARENT_POSTALCODE: '2800',
      SUBSCRIBER_PARENT_CITY: 'Mechelen',
      SUBSCRIBER_PARENT_COUNTRY: 'België',
      SUBSCRIBER_PARENT_PHONE: '0478 12 34 56',
    },
    { token: null },
  );
  if (answer.status !== 200) throw new Error(`signUp answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}
