import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateLocation,
  deletedRecordSchema,
  type Location,
  locationSchema,
  type UpdateLocation,
} from '@walton/contract';
import { locationKeys } from '@/entities/locations/api/location-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

const locationPath = (id: string) => `/locations/${encodeURIComponent(id)}`;

/** POST /api/locations (`locations.manage`): the location as added. */
export async function createLocation(input: CreateLocation): Promise<Location> {
  return (await apiRequest('/locations', locationSchema, { method: 'POST', body: JSON.stringify(input) }))
    .data;
}

/** PATCH /api/locations/:id (`locations.manage`): renamed, re-kinded, re-addressed, (de)activated. */
export async function updateLocation({
  id,
  change,
}: {
  id: string;
  change: UpdateLocation;
}): Promise<Location> {
  return (
    await apiRequest(locationPath(id), locationSchema, { method: 'PATCH', body: JSON.stringify(change) })
  ).data;
}

/** DELETE /api/locations/:id (`locations.manage`): refused for a location with stock, in the history or the default. */
export async function deleteLocation(id: string) {
  return (await apiRequest(locationPath(id), deletedRecordSchema, { method: 'DELETE' })).data;
}

/** A change of the locations that reads the list again once it is done, whatever the answer. */
function useLocationMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

export const useCreateLocation = () => useLocationMutation(createLocation);
export const useUpdateLocation = () => useLocationMutation(updateLocation);
export const useDeleteLocation = () => useLocationMutation(deleteLocation);
