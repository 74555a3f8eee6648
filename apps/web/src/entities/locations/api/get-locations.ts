import { useQuery } from '@tanstack/react-query';
import { locationSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client.ts';

/** Query keys of the locations. */
export const locationKeys = {
  all: ['locations'] as const,
};

const locationListSchema = z.array(locationSchema);

/** GET /api/locations: every location, inactive ones included, the default first, then by name. */
export async function getLocations() {
  return (await apiRequest('/locations', locationListSchema)).data;
}

export function useLocations() {
  return useQuery({ queryKey: locationKeys.all, queryFn: getLocations });
}
