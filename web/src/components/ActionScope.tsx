import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * The actions of one screen (its forms and buttons) share a scope: when one starts, the failure messages of
 * the others go, so an alert always speaks of the last thing the user did. Without it a refused discount's
 * alert stayed beside a later, unrelated failure, as if that had been refused too.
 */
const ActionScopeContext = createContext<EventTarget | null>(null);

export function ActionScope({ children }: { children: ReactNode }) {
  const [scope] = useState(() => new EventTarget());
  return <ActionScopeContext.Provider value={scope}>{children}</ActionScopeContext.Provider>;
}

/** The scope of the screen, or null outside one. */
export const useActionScope = () => useContext(ActionScopeContext);

/** The event an action of the scope sends as it starts; its detail is the action's own token. */
export const ACTION_STARTED = 'action-started';
