import { request } from 'node:http';

/** One real answer of our server, byte for byte (compressed when it was), for the baseline to replay. */
export interface CapturedResponse {
  method: 'GET' | 'PUT' | 'POST';
  /** Path and query, exactly as requested. */
  path: string;
  status: number;
  /** Every response header but the per-connection ones; content-length is set by the replayer. */
  headers: Array<[string, string]>;
  bodyBase64: string;
}

export interface BaselineSetup {
  port: number;
  responses: CapturedResponse[];
}

/** Headers that describe the connection or the moment rather than the answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * Sends one request with node:http (not fetch, which would decompress the body) and keeps the
 * answer exactly as it came.
 */
export function capture(
  origin: string,
  method: CapturedResponse['method'],
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, origin), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const kept: Array<[string, string]> = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] ?? '';
          const value = res.rawHeaders[i + 1] ?? '';
          if (!PER_CONNECTION.has(name.toLowerCase())) kept.push([name, value]);
        }
        resolve({
          method,
          path,
          status: res.statusCode ?? 0,
          headers: kept,
          bodyBase64: Buffer.concat(chunks).toString('base64'),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
