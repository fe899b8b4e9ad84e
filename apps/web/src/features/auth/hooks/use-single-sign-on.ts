import { useEffect } from 'react';
import { useCurrentUser } from '../../../components/use-session';
import { requestTicketGrantingTicket } from '../../../lib/auth-host';
import { storage, storageKeys } from '../../../lib/storage-keys';

let asking = false;

/**
 * Once a person is signed in, the browser holds a ticket-granting ticket of the auth host (this
 * API) under the spec's redirect key, so the sibling sites can sign the same person in and
 * logout can end it everywhere (docs/help-and-sso.md).
 */
export const useSingleSignOn = (): void => {
  const { user } = useCurrentUser();
  useEffect(() => {
    if (!user) return;
    const stored = storage.get(storageKeys.redirect);
    if ((typeof stored === 'string' && stored.includes('/cas/v1/tickets/')) || asking) return;
    asking = true;
    void requestTicketGrantingTicket()
      .then((location) => {
        if (location) storage.set(storageKeys.redirect, location);
      })
      .finally(() => {
        asking = false;
      });
  }, [user]);
};
