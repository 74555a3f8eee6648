import { useQueryClient } from '@tanstack/react-query';
import { type UnitImportResult, unitImportResultSchema } from '@walton/contract';
import { useCallback } from 'react';
import { type ImportRefused, importRefusedOf } from '@/components/import-refusal.tsx';
import { productKeys } from '@/entities/products/api/product-keys.ts';
import { unitKeys } from '@/entities/units/api/unit-keys.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';

/** How a units import (or its dry run) ended: done, or refused with every problem found. */
export type UnitImportOutcome =
  | { kind: 'done'; result: UnitImportResult }
  | ({ kind: 'refused' } & ImportRefused);

/**
 * POST /api/import/units with the file as a text/csv body: what it registered (with `dryRun`, would
 * register), or its refusal with the row problems of its body (422 IMPORT_PROBLEMS, 409 …).
 */
export async function importUnits(file: Blob, dryRun: boolean): Promise<UnitImportOutcome> {
  try {
    const { data } = await apiRequest(
      `/import/units?${new URLSearchParams({ dryRun: String(dryRun) })}`,
      unitImportResultSchema,
      { method: 'POST', body: file, headers: { 'content-type': 'text/csv' } },
    );
    return { kind: 'done', result: data };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { kind: 'refused', ...importRefusedOf(error) };
  }
}

/** importUnits, refreshing the items and units read after units were registered. */
export function useImportUnits() {
  const queryClient = useQueryClient();
  return useCallback(
    async (file: Blob, dryRun: boolean) => {
      const outcome = await importUnits(file, dryRun);
      if (outcome.kind === 'done' && !outcome.result.dryRun) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: productKeys.all }),
          queryClient.invalidateQueries({ queryKey: unitKeys.all }),
        ]);
      }
      return outcome;
    },
    [queryClient],
  );
}
