import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { issueMessageKey } from '@hospes/shared/zod';
import type { z } from '@hospes/shared/zod';
import { encodeMessage } from './messages';

/**
 * react-hook-form resolver for a shared zod schema. Messages stay i18n keys (shared zod config);
 * this adds the limits (`minimum`, `maximum`) so the texts can say them.
 */
export function schemaResolver<TSchema extends z.ZodType<unknown, FieldValues>>(
  schema: TSchema,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  return zodResolver(schema as never, {
    error: (issue) => {
      const key = issueMessageKey(issue as never);
      const limits = issue as { minimum?: unknown; maximum?: unknown };
      if (key === 'validation.tooShort' || key === 'validation.tooSmall') {
        return encodeMessage(key, { minimum: limits.minimum });
      }
      if (key === 'validation.tooLong' || key === 'validation.tooBig') {
        return encodeMessage(key, { maximum: limits.maximum });
      }
      return key;
    },
  }) as unknown as Resolver<z.input<TSchema>, unknown, z.output<TSchema>>;
}
