import { countText } from '@common/format.js';

/**
 * The question before an action that mails many families at once (issue 39: 'Herinnering versturen' to N families
 * asked nothing): the count in the title, so staff see how many parents get a mail before any leaves.
 */
export const mailsToSendTitle = (count: number) => `${countText(count, 'mail', 'mails')} versturen?`;
