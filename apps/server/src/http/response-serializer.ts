import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import {
  $ZodArray,
  $ZodBoolean,
  $ZodEnum,
  $ZodLiteral,
  $ZodNull,
  $ZodNullable,
  $ZodNumber,
  $ZodObject,
  $ZodOptional,
  $ZodString,
  $ZodType,
  safeEncode,
} from 'zod/v4/core';

type Serialize = (data: unknown) => string;

/** A route's response schema, in the forms the type provider's serializer takes. */
type ResponseSchema = Parameters<typeof serializerCompiler>[0]['schema'];

/** Turns valid data into what zod's encode gives for it (the same keys, in the schema's order). */
type Project = (value: unknown) => unknown;

/** Values zod gives back as they are. */
const asIs: Project = (value) => value;

/**
 * The projection of `schema`: plain values as they are, objects rebuilt with their schema's keys in
 * its order (unknown keys left out, as zod strips them), through arrays, optionals and nullables.
 * Undefined for a schema with any other part (a union, a transform, a record, an object that keeps
 * unknown keys): those stay with zod.
 */
function projectionOf(schema: $ZodType): Project | undefined {
  if (
    schema instanceof $ZodString ||
    schema instanceof $ZodNumber ||
    schema instanceof $ZodBoolean ||
    schema instanceof $ZodNull ||
    schema instanceof $ZodLiteral ||
    schema instanceof $ZodEnum
  ) {
    return asIs;
  }
  if (schema instanceof $ZodOptional || schema instanceof $ZodNullable) {
    const inner = projectionOf(schema._zod.def.innerType);
    if (inner === asIs || inner === undefined) return inner;
    return (value) => (value === undefined || value === null ? value : inner(value));
  }
  if (schema instanceof $ZodArray) {
    const element = projectionOf(schema._zod.def.element);
    if (element === asIs || element === undefined) return element;
    return (value) => (Array.isArray(value) ? value.map(element) : value);
  }
  if (schema instanceof $ZodObject && schema._zod.def.catchall === undefined) {
    const fields: Array<[string, Project]> = [];
    for (const [key, field] of Object.entries(schema._zod.def.shape)) {
      const project = projectionOf(field);
      if (!project) return undefined;
      fields.push([key, project]);
    }
    return (value) => {
      if (typeof value !== 'object' || value === null) return value;
      const source = value as Record<string, unknown>;
      const projected: Record<string, unknown> = {};
      for (const [key, project] of fields) {
        const field = source[key];
        if (field !== undefined) projected[key] = project(field);
      }
      return projected;
    };
  }
  return undefined;
}

export interface ResponseSerializerOptions {
  /**
   * Whether every response is also checked against its zod schema and serialized the type
   * provider's way, and the two texts compared (outside production: every test's responses).
   */
  checkEachResponse: boolean;
}

/** The type provider's serialization: zod checks (and encodes) the data, JSON.stringify writes it. */
function checkedSerializer(schema: $ZodType, method: string, url: string): Serialize {
  return (data) => {
    const result = safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/**
 * Response serialization from the routes' zod schemas. The type provider's own serializer checks
 * every response with zod before JSON.stringify writes it; for a 50-item list page that check costs
 * more than reading the page. Here a response schema made only of objects, arrays, optionals,
 * nullables and plain values is turned, once per route, into a projection (projectionOf) that
 * JSON.stringify writes: the same text zod's way gives for valid data, without checking it again.
 * Any other schema keeps the type provider's way.
 *
 * With `checkEachResponse` (everywhere but production), every response is serialized both ways and
 * must pass the zod schema and come out byte for byte the same: a route whose answer drifts from its
 * schema fails its tests as before, and so would any difference between the two ways.
 */
export function responseSerializerCompiler({
  checkEachResponse,
}: ResponseSerializerOptions): FastifySerializerCompiler<ResponseSchema> {
  return (route) => {
    const { schema, method, url } = route;
    // Any other form of schema stays the type provider's to resolve.
    if (!(schema instanceof $ZodType)) return serializerCompiler(route);
    const checked = checkedSerializer(schema, method, url);
    const project = projectionOf(schema);
    if (!project) return checked;
    const fast: Serialize = (data) => JSON.stringify(project(data));
    if (!checkEachResponse) return fast;
    return (data) => {
      const expected = checked(data);
      const written = fast(data);
      if (written !== expected) {
        throw new Error(`${method} ${url}: the projection wrote ${written}, zod's serializer ${expected}`);
      }
      return written;
    };
  };
}
