import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

/** No API body nests deeper than a few levels; this leaves a wide margin. */
export const MAX_JSON_DEPTH = 32;

/** What is wrong with an input: its code and where. */
export interface InputProblem {
  code: 'TEXT_HAS_NUL' | 'TEXT_NOT_UNICODE' | 'BODY_TOO_DEEP';
  params: Record<string, string | number>;
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

function textProblem(text: string, where: string): InputProblem | undefined {
  if (text.includes('\u0000')) return { code: 'TEXT_HAS_NUL', params: { where } };
  if (!text.isWellFormed()) return { code: 'TEXT_NOT_UNICODE', params: { where } };
  return undefined;
}

/**
 * The first problem of a parsed input (body, query string or route parameters), walked without
 * recursion so that no nesting depth can exhaust the stack.
 */
export function inputProblem(input: unknown, root: string): InputProblem | undefined {
  const pending: Pending[] = [{ value: input, path: root, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      const problem = textProblem(value, path);
      if (problem) return problem;
      continue;
    }
    // A file's bytes (an imported CSV) are checked by the route that reads them.
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_JSON_DEPTH) return { code: 'BODY_TOO_DEEP', params: { max: MAX_JSON_DEPTH } };
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}.${key}`;
      const problem = textProblem(key, childPath);
      if (problem) return problem;
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Refuses, with a 400 that says why, input that no route can store or pass on faithfully: text
 * with NUL characters (PostgreSQL text cannot hold them; SQLite's full-text search chokes on them),
 * unpaired UTF-16 surrogates (UTF-8 storage would silently replace them), and JSON nested so deep
 * that re-serialising it (as the Better Auth bridge does) would exhaust the stack. Runs before the
 * schemas validate, for every route, Better Auth's included.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problem =
      inputProblem(request.params, 'params') ??
      inputProblem(request.query, 'querystring') ??
      inputProblem(request.body, 'body');
    done(problem ? new HttpError(400, problem.code, { params: problem.params }) : undefined);
  });
}
