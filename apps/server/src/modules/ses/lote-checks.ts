/**
 * Asking SES.HOSPEDAJES about queued lotes (decision 035): a lote's state written to its request
 * with each traveler's result, and the next look, at growing intervals, until the service has
 * processed it or three days have passed (then the request is uncertain: the portal tells).
 */
import type { FastifyBaseLogger } from 'fastify';
import { SES_MAX_LOTES_PER_QUERY, type SesClient, type SesTarget } from '../../lib/ses/client';
import { LOTE_STATE, type SesLoteResult } from '../../lib/ses/soap';
import type { ConnectionRow, SesRepository, SubmissionRow } from './ses.repository';

/** First look at a lote this long after it was queued (the service takes seconds to minutes). */
export const FIRST_CHECK_MS = 10_000;
/** Then at growing intervals, up to this. */
const MAX_CHECK_INTERVAL_MS = 15 * 60_000;
/** A lote still unprocessed after this is no longer asked about by itself (asking by hand still works). */
const GIVE_UP_MS = 72 * 3_600_000;

/** A text as a request keeps it: one line, at most `max` characters. */
export function cut(text: string | null | undefined, max: number): string | null {
  if (!text) return null;
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The interval before the n-th look (n from 1): 10 s, 20 s, 40 s… up to 15 minutes. */
export function nextCheckDelay(checks: number): number {
  return Math.min(FIRST_CHECK_MS * 2 ** Math.max(0, checks - 1), MAX_CHECK_INTERVAL_MS);
}

export function createLoteChecks(deps: {
  ses: SesRepository;
  client: SesClient;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now: () => Date;
  /** The establishment's connection (its credentials), or 404. */
  connectionOf: (establishmentId: string) => Promise<ConnectionRow>;
  /** The service to call with the connection's credentials; null when any is missing. */
  targetOf: (row: ConnectionRow, environment?: ConnectionRow['environment']) => SesTarget | null;
  /**
   * A cancellation's request was looked at (its lote processed, refused, or given up on): a
   * correction's new alta goes, or the correction fails (corrections.ts, decision 048).
   */
  cancellationSettled?: (id: string) => Promise<void>;
}) {
  const { ses, client, log, now, connectionOf, targetOf } = deps;

  /** What a lote's state means for its request, written with the travelers' results. */
  async function applyLote(submission: SubmissionRow, result: SesLoteResult) {
    const at = now();
    const base = {
      loteState: result.state,
      loteStateText: cut(result.stateText, 300),
      checkedAt: at,
      checks: submission.checks + 1,
    };
    const stored = result.communications.some((c) => c.communicationCode);
    if (
      result.state === LOTE_STATE.processed ||
      result.state === LOTE_STATE.someErrors ||
      // An unexpected error that still stored some: their codes are kept.
      (result.state === LOTE_STATE.unexpectedError && stored)
    ) {
      await ses.recordResults(
        submission.id,
        { ...base, state: 'processed', processedAt: at, nextCheckAt: null },
        result.communications.map((c) => ({
          orden: c.order,
          communicationCode: c.communicationCode,
          errorType: cut(c.errorType, 100),
          error: cut(c.error ?? (c.communicationCode ? null : c.errorType), 300),
        })),
      );
      return;
    }
    if (result.state === LOTE_STATE.formatErrors || result.state === LOTE_STATE.unexpectedError) {
      // Errors in the header or format, or an unexpected error that stored nothing.
      await ses.updateQueued(submission.id, {
        ...base,
        state: 'refused',
        responseCode: null,
        responseText: cut(result.stateText, 300),
        processedAt: at,
        nextCheckAt: null,
      });
      return;
    }
    // In process (4), pending (5), or a state the manual does not list: asked again later.
    await later(submission, base);
  }

  /** Asks the service about these queued requests of one establishment (≤10 a call). */
  async function checkLotes(establishmentId: string, submissions: SubmissionRow[]) {
    const connection = await connectionOf(establishmentId);
    // Each request is asked about where it went (test or production).
    for (const environment of ['production', 'test'] as const) {
      const here = submissions.filter((s) => s.environment === environment);
      if (here.length === 0) continue;
      let target: SesTarget | null;
      try {
        target = targetOf(connection, environment);
      } catch (err) {
        log.warn({ err, establishmentId }, 'SES: the stored password cannot be read');
        target = null;
      }
      // Without credentials (removed, or unreadable) nothing can be asked now: later, in case
      // they come back.
      if (!target) {
        for (const submission of here) await later(submission);
        continue;
      }
      for (let i = 0; i < here.length; i += SES_MAX_LOTES_PER_QUERY) {
        const chunk = here.slice(i, i + SES_MAX_LOTES_PER_QUERY);
        try {
          const answer = await client.consultaLote(
            target,
            chunk.map((s) => s.lote!),
          );
          const byLote = new Map(answer.lotes.map((l) => [l.lote, l]));
          for (const submission of chunk) {
            const result = byLote.get(submission.lote!);
            if (result) {
              await applyLote(submission, result);
              if (submission.operation === 'B') await settleCancellation(submission.id);
            } else
              await later(
                submission,
                answer.code === 0 ? {} : { loteStateText: cut(answer.description, 300) },
              );
          }
        } catch (err) {
          log.warn(
            { err, establishmentId },
            'SES: a look at queued lotes failed; it is tried again',
          );
          for (const submission of chunk) await later(submission);
        }
      }
    }
  }

  /**
   * A cancellation (operation B) whose lote was refused, or processed with errors (its codes were
   * not all cancelled): the communication it asked to cancel counts as stored again (decision 045).
   */
  async function settleCancellation(id: string) {
    const row = await ses.submission(id);
    if (
      row &&
      (row.state === 'refused' ||
        (row.state === 'processed' && row.loteState !== LOTE_STATE.processed))
    )
      await ses.clearCancellation(id);
    await deps.cancellationSettled?.(id);
  }

  /**
   * No result for a lote this time: another look later; once the request is 3 days old, no more
   * looks, and it is uncertain (it may have been stored: the portal tells).
   */
  async function later(
    submission: SubmissionRow,
    values: Partial<Pick<SubmissionRow, 'loteState' | 'loteStateText' | 'checks'>> = {},
  ) {
    const at = now();
    const checks = values.checks ?? submission.checks + 1;
    const givenUp = at.getTime() - submission.createdAt.getTime() > GIVE_UP_MS;
    await ses.updateQueued(submission.id, {
      ...values,
      checkedAt: at,
      checks,
      nextCheckAt: givenUp ? null : new Date(at.getTime() + nextCheckDelay(checks)),
      ...(givenUp ? { state: 'uncertain' as const } : {}),
    });
    if (givenUp && submission.operation === 'B') await deps.cancellationSettled?.(submission.id);
  }

  return { checkLotes };
}
