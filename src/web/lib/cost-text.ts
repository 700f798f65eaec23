/** A cost as every cost is written (the unit users see is messages): '1 message', '3 messages'. */
export const costText = (credits: number) => `${credits} message${credits === 1 ? '' : 's'}`;
