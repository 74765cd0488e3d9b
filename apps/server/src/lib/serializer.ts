/**
 * Response serialisation from the zod contract, compiled once per route with fast-json-stringify.
 *
 * fastify-type-provider-zod's serializer runs `safeEncode` over the whole response and then
 * `JSON.stringify`: for a page of ten full travelers that is the largest CPU cost of the request.
 * Here each response schema becomes a JSON Schema (zod's own `toJSONSchema`, the one the API docs
 * show) and a compiled stringifier, which writes the declared properties only: a field that is not
 * in the contract never leaves the server. Outside production every response is also checked
 * against the zod schema, so a test that returns data off the contract fails loudly.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from '@hospes/shared/zod';

type SerializerInput = { schema: unknown; method: string; url: string };

/**
 * An answer that is JSON text already: a list page whose travelers the database wrote (see
 * apiTraveler in modules/travelers/traveler-json.ts). The serializer sends the text as it is.
 * Outside production it checks it as it checks every answer, against the route's zod schema, and
 * also that the text holds no property the contract does not declare (which the compiled
 * stringifier would have left out).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** `{"success":true,"data":[…],"pagination":…}` around items that are JSON texts already. */
export function jsonListPage(items: string[], pagination: object): JsonText {
  return new JsonText(
    `{"success":true,"data":[${items.join(',')}],"pagination":${JSON.stringify(pagination)}}`,
  );
}

/** Sends JSON text as the answer (see JsonText); typed apart from the route's declared answer. */
export function sendJsonText(reply: FastifyReply, body: JsonText) {
  return reply.send(body);
}

/** Why `text` is not an answer of `schema` (see JsonText), or null when it is one. */
export function jsonTextProblem(schema: z.ZodType, text: string): z.ZodError | null {
  const problem = (message: string) =>
    new z.ZodError([{ code: 'custom', path: [], message, input: text }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return problem(`not JSON: ${(err as Error).message}`);
  }
  const result = z.safeEncode(schema, parsed);
  if (result.error) return result.error;
  // The encoded answer lacks what the schema does not declare: the two differ exactly then.
  if (!isDeepStrictEqual(result.data, parsed))
    return problem('the JSON text holds properties the response schema does not declare');
  return null;
}

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`Not a zod response schema: ${JSON.stringify(schema)}`);
}

/** A fast-json-stringify function for the schema's output, or null when it cannot be compiled. */
export function compileStringifier(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

export function createSerializerCompiler(options: { checkResponses: boolean }) {
  return ({ schema: maybeSchema, method, url }: SerializerInput) => {
    const schema = zodSchemaOf(maybeSchema);
    const compiled = compileStringifier(schema);
    // A schema JSON Schema cannot express is encoded by zod on every response, as before.
    const stringify = compiled ?? ((data: unknown) => JSON.stringify(data));
    const strict = options.checkResponses || compiled === null;
    return (data: unknown): string => {
      if (data instanceof JsonText) {
        const problem = options.checkResponses ? jsonTextProblem(schema, data.text) : null;
        if (problem) throw new ResponseSerializationError(method, url, { cause: problem });
        return data.text;
      }
      if (!strict) return stringify(data);
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
