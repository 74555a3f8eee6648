import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client.ts';
import { locationKeys } from './location-keys.ts';

const locationsSchema = z.array(locationSchema);

/** GET /api/locations: every location, the inactive ones too. */
export async function getLocations() {
  return (await apiRequest('/locations', locationsSchema)).data;
}

export const locationsQuery = () => queryOptions({ queryKey: locationKeys.all, queryFn: getLocations });

/** The locations (asked only when `enabled`). */
export function useLocations(enabled = true) {
  return useQuery({ ...locationsQuery(), enabled });
}
