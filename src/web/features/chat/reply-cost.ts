import { createContext, useContext } from 'react';
import { costText } from '../../lib/cost-text';

/**
 * What one reply in the conversation on screen costs, in credits: its model's price on the
 * staff console's Models page (1 unless the operator set another). ChatView provides it.
 */
export const ReplyCostContext = createContext(1);

/** '1 message', '3 messages': what a reply, a regenerate, a continue or a choice costs here. */
export const useReplyCost = () => costText(useContext(ReplyCostContext));
