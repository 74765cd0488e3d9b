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
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from '@hospes/shared/zod';

type SerializerInput = { schema: unknown; method: string; url: string };

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
      if (!strict) return stringify(data);
      const result = z.safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
