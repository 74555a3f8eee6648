import { useQueryClient } from '@tanstack/react-query';
import {
  type ImportProgressLine,
  type ImportResult,
  type ImportRowError,
  importProgressLineSchema,
} from '@walton/contract';
import { useCallback } from 'react';
import { apiLines } from '../../../lib/api-client.ts';
import { productKeys } from './product-keys.ts';

export type ImportProgress = Extract<ImportProgressLine, { type: 'progress' }>;

/** How an import (or its dry run) ended: done, or refused with every problem found. */
export type ImportOutcome =
  | { kind: 'done'; result: ImportResult }
  | { kind: 'refused'; message: string; errors: ImportRowError[] };

const NO_RESULT = 'The server stopped before it finished. Nothing was imported; please try again.';

/**
 * POST /api/import/products with the file as a text/csv body, following the server's progress
 * (NDJSON lines) until its result or refusal.
 */
export async function importProducts(
  file: Blob,
  options: { dryRun: boolean; onProgress: (progress: ImportProgress) => void },
): Promise<ImportOutcome> {
  let outcome: ImportOutcome | undefined;
  await apiLines(
    `/import/products?dryRun=${options.dryRun}`,
    importProgressLineSchema,
    { method: 'POST', body: file, headers: { 'content-type': 'text/csv' } },
    (line) => {
      if (line.type === 'progress') options.onProgress(line);
      else if (line.type === 'result') {
        const { type: _type, ...result } = line;
        outcome = { kind: 'done', result };
      } else outcome = { kind: 'refused', message: line.message, errors: line.errors };
    },
  );
  return outcome ?? { kind: 'refused', message: NO_RESULT, errors: [] };
}

/** importProducts, refreshing every inventory list after anything was written. */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useCallback(
    async (file: Blob, options: Parameters<typeof importProducts>[1]) => {
      const outcome = await importProducts(file, options);
      if (outcome.kind === 'done' && !outcome.result.dryRun) {
        await queryClient.invalidateQueries({ queryKey: productKeys.all });
      }
      return outcome;
    },
    [queryClient],
  );
}
