import { useQuery } from '@tanstack/react-query';
import { availabilityOf, toolAvailabilityQuery } from '../lib/tool-availability';

/** The availability answer as a lookup, with whether it is known yet. */
export const useToolAvailability = () => {
  const query = useQuery(toolAvailabilityQuery());
  return {
    available: availabilityOf(query.data),
    known: query.data !== undefined,
    failed: query.isError,
    list: query.data,
  };
};
