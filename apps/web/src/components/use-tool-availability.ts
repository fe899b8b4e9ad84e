import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { availabilityOf, toolAvailabilityQuery } from '../lib/tool-availability';

/**
 * The availability answer as a lookup, with whether it is known yet. Pages redraw every tool card
 * when it lands, so it is taken as a deferred value: that redraw is a background render that
 * yields to the page, not one long synchronous task.
 */
export const useToolAvailability = () => {
  const query = useQuery(toolAvailabilityQuery());
  const data = useDeferredValue(query.data);
  return {
    available: availabilityOf(data),
    known: data !== undefined,
    failed: query.isError,
    list: data,
  };
};
