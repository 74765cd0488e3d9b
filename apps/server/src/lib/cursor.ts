/**
 * Cursor pagination of the lists a partner syncs (decision 068): rows in the order they were
 * created (`created_at`, then `id`), and an opaque cursor that is the position after the last row
 * answered. A row created while a client walks the list comes after every position it has passed
 * (a later `created_at`), so the walk meets it on a later page: no row is answered twice and none
 * committed before the walk ends is missed, whatever pages were inserted into meanwhile.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './app-error';

/** A row's place in the order: its creation time (UTC, to the microsecond, as text) and its id. */
export interface Position {
  at: string;
  id: string;
}

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\|[0-9a-f-]{36}$/;

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

/** The position a cursor holds; null for the start (`start` or empty); 400 for anything else. */
export function decodeCursor(cursor: string): Position | null {
  if (cursor === '' || cursor === 'start') return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!POSITION.test(text))
    throw new AppError('VALIDATION_FAILED', {
      details: [{ field: 'cursor', message: 'validation.invalidFormat' }],
    });
  const [at, id] = text.split('|') as [string, string];
  return { at, id };
}

/** A row's position as the database writes it (microseconds kept: a JS Date would lose them). */
export const positionAt = (createdAt: AnyPgColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** Rows after `position` in the order (created_at, id). */
export const afterPosition = (createdAt: AnyPgColumn, id: AnyPgColumn, position: Position): SQL =>
  sql`(${createdAt}, ${id}) > ((${position.at}::timestamp at time zone 'UTC'), ${position.id}::uuid)`;
